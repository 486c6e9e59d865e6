"""The Seafarers' animations (``ui/animations.py``): the pirate sails to
his new sea hex; on a map with ships each player's line has a second row
(ships left, island bonus) that the cards fly to."""

from __future__ import annotations

from ..animations import EventAnimations, PirateHop, hop
from ..layers import layer_part


@layer_part("seafarers")
class SeaAnimations(EventAnimations):
    show = {
        **EventAnimations.show,
        "pirate": lambda kinds, ev, view, seen, robber_from, pirate_from:
            hop(PirateHop, "pirate", view, pirate_from, ev["hex"]),
    }

    @staticmethod
    def second_row(board) -> bool:
        return bool(board.ships)
