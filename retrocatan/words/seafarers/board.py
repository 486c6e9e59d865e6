"""A scenario board as text (``words/board.py``): the map's rows as in a
scenario file, each hex its code (W forest, B hills, S pasture, G fields,
C mountains, D desert, $ gold, = fog, ~ sea) with its number, the robber
as *, the pirate as P."""

from __future__ import annotations

from ...engine.scenario import CODE_FOR_TERRAIN, FOG_CODE, SEA_CODE
from ..board import BoardArt
from ..layers import word_part


@word_part("seafarers")
class SeaBoardArt(BoardArt):
    @staticmethod
    def render(board, robber: int | None = None, pirate: int | None = None) -> str:
        s = board.scenario
        shape = s.shape
        robber = board.robber_start if robber is None else robber
        pirate = board.pirate_start if pirate is None else pirate
        rows = [[" . " for _ in row] for row in s.map]
        for h, qr in enumerate(board.geo.hexes):
            y, x = shape.place[qr]
            if h < board.nland:
                terrain = board.terrain[h]
                code = FOG_CODE if terrain == "fog" else SEA_CODE if terrain == "sea" else CODE_FOR_TERRAIN[terrain]
                if board.numbers[h]:
                    code += str(board.numbers[h])
            else:
                code = SEA_CODE
            if h == robber:
                code += "*"
            if h == pirate:
                code += "P"
            rows[y - 1][x - 1] = f"{code:<3}"
        return "\n".join((("  " if y % 2 else "") + " ".join(row)).rstrip() for y, row in enumerate(rows))
