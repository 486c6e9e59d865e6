"""The words' part of the Seafarers layer (``words/layers.py``): the lines
of the sea's events, the status lines naming ships and the pirate, the
sea's actions in words and a scenario map as text. Each module registers
its parts when imported; this package imports them all."""

from .actions import SeaActionWords  # noqa: F401  (ships, the pirate, gold)
from .board import SeaBoardArt  # noqa: F401  (a scenario map as its file's rows)
from .events import SeaEventLines  # noqa: F401  (ships, the pirate, gold, fog, island bonuses)
from .prompts import SeaStatusLines  # noqa: F401  (roads or ships, robber or pirate)
