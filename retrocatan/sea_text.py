"""A scenario board as text: the map's rows as in a scenario file, each hex
its code (W forest, B hills, S pasture, G fields, C mountains, D desert,
$ gold, = fog, ~ sea) with its number, the robber as *, the pirate as P."""

from __future__ import annotations

from .engine.scenario import CODE_FOR_TERRAIN, FOG_CODE, SEA_CODE


def render_sea(board, robber: int | None = None, pirate: int | None = None) -> str:
    s = board.scenario
    shape = s.shape
    robber = board.robber_start if robber is None else robber
    pirate = board.pirate_start if pirate is None else pirate
    rows = [[" . " for _ in row] for row in s.map]
    for h, qr in enumerate(board.geo.hexes):
        y, x = shape.place[qr]
        if h < board.nland:
            t = board.terrain[h]
            code = FOG_CODE if t == "fog" else SEA_CODE if t == "sea" else CODE_FOR_TERRAIN[t]
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
