"""The players' lines on a Seafarers map (``ui/table.py``): ships still in
the supply on a map with ships, island bonus points on a map that pays
them; either gives each line a second row in the players box."""

from __future__ import annotations

from ..layers import layer_part
from ..table import PlayerRows


@layer_part("seafarers")
class SeaPlayerRows(PlayerRows):
    @staticmethod
    def fill(lines, view) -> bool:
        if view.has_ships:
            for p, line in enumerate(lines):
                line.ships_left = view.pieces_left[p].get("ships", 0)
        if view.island_bonus_points:
            for p, line in enumerate(lines):
                line.island_bonus = view.island_bonus[p]
        return bool(view.has_ships or view.island_bonus_points)
