"""The board as text art for the terminal (``retrocatan board``)."""

from __future__ import annotations

from .engine.board import Board

_TERRAIN = {"forest": "Fo", "hills": "Hi", "pasture": "Pa", "fields": "Fi", "mountains": "Mo",
            "desert": "De"}
_HARBOUR = {"3:1": "3:1", "wood": "2Wo", "brick": "2Br", "sheep": "2Sh", "wheat": "2Wh", "coal": "2Co"}


def render(board: Board) -> str:
    """One cell of 10 characters per hex, rows offset by half a cell:
    terrain, token number and letter; ``*`` marks the robber; sea cells show
    a harbour's ratio and resource (``3:1``, ``2Wo``) or ``~~``."""
    geo = board.geo
    cells = {}
    for h, (q, r) in enumerate(geo.land):
        num = board.numbers[h]
        mark = "*" if h == board.robber_start else " "
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
    legend = ("Fo forest/wood  Hi hills/brick  Pa pasture/sheep  Fi fields/wheat  "
              "Mo mountains/coal  De desert  * robber")
    return "\n".join(lines + ["", legend])
