"""The window's part of the Seafarers layer (``ui/layers.py``): how ships,
the pirate, gold, fog and islands look, sound and are asked for. Each
module registers its parts when imported; this package imports them all."""

from .animations import SeaAnimations  # noqa: F401  (the pirate's hop, the players' second row)
from .board_labels import SeaLabels  # noqa: F401
from .board_pieces import SeaPieces  # noqa: F401
from .board_terrain import SeaTerrain  # noqa: F401
from .decisions import SeaDecisions  # noqa: F401  (roads or ships, gold)
from .help_keys import SeaHelpKeys  # noqa: F401  (the ship and pirate keys on the help pages)
from .menu_items import SeaMenuItems  # noqa: F401  (building and moving ships)
from .player_rows import SeaPlayerRows  # noqa: F401  (ships left and island bonus in the players box)
from .reactions import SeaReactions  # noqa: F401  (the game screen's reactions to the sea's events)
from .sounds import SeaSounds  # noqa: F401  (a ship's sound)
