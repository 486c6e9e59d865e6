"""The window's part of the Seafarers layer (``ui/layers.py``): how ships,
the pirate, gold, fog and islands look, sound and are asked for. Each
module registers its parts when imported; this package imports them all."""

from .board_labels import SeaLabels  # noqa: F401
from .board_pieces import SeaPieces  # noqa: F401
from .board_terrain import SeaTerrain  # noqa: F401
