"""The words' part of the Seafarers layer (``words/layers.py``): the lines
of the sea's events and the status lines naming ships and the pirate. Each
module registers its parts when imported; this package imports them all."""

from .events import SeaEventLines  # noqa: F401  (ships, the pirate, gold, fog, island bonuses)
from .prompts import SeaStatusLines  # noqa: F401  (roads or ships, robber or pirate)
