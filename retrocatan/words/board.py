"""The board as text art (``retrocatan board``, the terminal's ``board``):
``BoardArt.render(board, robber, pirate)``, the base game's island; a rules
layer's part draws its own maps (``words/seafarers/board.py``)."""

from __future__ import annotations

from ..engine.board import Board
from .layers import part
from .text import t

_TERRAIN = {"forest": "Fo", "hills": "Hi", "pasture": "Pa", "fields": "Fi", "mountains": "Mo",
            "desert": "De"}
_HARBOUR = {"3:1": "3:1", "wood": "2Wo", "brick": "2Br", "sheep": "2Sh", "wheat": "2Wh", "coal": "2Co"}


class BoardArt:
    """The base game's island as text: one cell of 10 characters per hex,
    rows offset by half a cell: terrain, token number and letter; ``*``
    marks the robber; sea cells show a harbour's ratio and resource
    (``3:1``, ``2Wo``) or ``~~``; a legend below."""

    @staticmethod
    def render(board: Board, robber: int | None = None, pirate: int | None = None) -> str:
        geo = board.geo
        robber = board.robber_start if robber is None else robber
        cells = {}
        for h, (q, r) in enumerate(geo.land):
            num = board.numbers[h]
            mark = "*" if h == robber else " "
            tok = f"{num:>2}{board.letters[h] or '':<2}" if num else "    "
            cells[(q, r)] = f"{_TERRAIN[board.terrain[h]]}{tok}{mark}"
        harbours = {slot[0]: kind for slot, kind in zip(board.harbour_slots, board.harbours)}
        for q, r in geo.sea:
            kind = harbours.get((q, r))
            cells[(q, r)] = f"  {_HARBOUR[kind]}  " if kind else "   ~~  "
        xs = [2 * q + r for q, r in cells]
        min_x = min(xs)
        rows = sorted({r for _, r in cells})
        lines = []
        for r in rows:
            row = sorted((2 * q + r, text) for (q, rr), text in cells.items() if rr == r)
            line = ""
            for x, text in row:
                col = (x - min_x) * 5
                line = line.ljust(col) + f"[{text:<7}]"
            lines.append(line.rstrip())
        return "\n".join(lines + ["", t("board.legend")])


def render(board: Board, robber: int | None = None, pirate: int | None = None) -> str:
    """``board`` as text art in the way of its layer (the robber and the pirate where given,
    else where they start)."""
    return part(BoardArt, board.layer).render(board, robber, pirate)
