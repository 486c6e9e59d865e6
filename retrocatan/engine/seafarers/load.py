"""Loading the Seafarers part of a state from its JSON (``"sea"``), checked
as ``validate`` checks the rest (files may be damaged or hostile): ships,
pirate, gold, fog and island bonuses (``SeaFaces.load_json``)."""

from __future__ import annotations

from ..components import PIECES
from ..scenario import expand_pool as _expand
from ..validate import _ints, _need
from . import phases
from .state import SHIPS


def load_pieces(st, p: int) -> None:
    """The ships left in ``p``'s supply, after loading."""
    st.pieces[p]["ships"] = SHIPS - len(st.layer.ship_edges[p])
    _need(st.pieces[p]["ships"] >= 0, "too many ships on the board")


def load_sea(st, v) -> None:
    """The Seafarers part of a state: ships, pirate, gold, fog and bonus,
    the fog's turned hexes replayed onto the board in their order."""
    _need(isinstance(v, dict), "a scenario game's state needs its sea part")
    sea, board, geo, n = st.layer, st.board, st.geo, st.players
    ne, nc, nh, nl = len(geo.edge_corners), len(geo.corner_xy), len(geo.hexes), len(geo.land)
    keys = ("ships", "pirate", "new_ships", "moved", "gold", "gold_resume", "fog_pool", "fog_tokens",
            "explored", "home", "claimed", "bonus_corners")
    _need(set(v) == set(keys), "bad sea state fields")
    ships = v["ships"]
    _need(isinstance(ships, list) and len(ships) <= ne, "bad ships")
    for e in _ints(ships, len(ships), 0, ne - 1, "ships"):
        _need(st.edge_owner[e] != -1 and not sea.ship[e], "a ship without an owner")
        sea.ship[e] = True
        sea.ship_edges[st.edge_owner[e]].append(e)
    # What the fog turned into, in order, replayed onto the board.
    pool, tokens = _expand(board.scenario.fog_pool), list(board.scenario.fog_tokens)
    explored = v["explored"]
    _need(isinstance(explored, list) and len(explored) <= len(pool), "bad explored hexes")
    for x in explored:
        _need(isinstance(x, list) and len(x) == 4 and x[1] in pool, "bad explored hex")
        h = _ints([x[0]], 1, 0, nl - 1, "explored")[0]
        number = _ints([x[2]], 1, 0, 12, "explored")[0]
        _ints([x[3]], 1, 0, n - 1, "explored")
        _need(board.terrain[h] == "fog", "an explored hex that was not fog")
        pool.remove(x[1])
        want = tokens.pop(0) if x[1] not in ("sea", "desert") and tokens else 0
        _need(number == want, "an explored hex with the wrong number")
        board.reveal(h, x[1], number)
        sea.explored.append(list(x))
    fog_pool = v["fog_pool"]
    _need(isinstance(fog_pool, list) and sorted(map(str, fog_pool)) == sorted(pool), "bad fog pool")
    sea.fog_pool = list(fog_pool)
    _need(v["fog_tokens"] == tokens, "bad fog tokens")
    sea.fog_tokens = tokens
    pirate = v["pirate"]
    if board.pirate_start == -1:
        _need(pirate == -1, "no pirate in this scenario")
    else:
        _need(isinstance(pirate, int) and not isinstance(pirate, bool) and 0 <= pirate < nh
              and board.is_sea_hex(pirate), "the pirate must be on a sea hex")
    sea.pirate = pirate
    _need(board.terrain[st.robber] not in ("fog", "sea"), "the robber must stand on land")
    new = v["new_ships"]
    _need(isinstance(new, list) and all(e in ships for e in new), "bad new ships")
    sea.new_ships = list(new)
    _need(isinstance(v["moved"], bool), "bad moved flag")
    sea.moved = v["moved"]
    gold = v["gold"]
    _need(isinstance(gold, list) and len(gold) <= 4 * n, "bad gold choices")
    sea.gold = [_ints(g, 2, 0, 30, "gold") for g in gold]
    _need(all(g[0] < n and g[1] > 0 for g in sea.gold), "bad gold choices")
    _need((st.phase == phases.GOLD) == bool(sea.gold), "gold choices outside the gold phase")
    resume = v["gold_resume"]
    if sea.gold:
        _need(isinstance(resume, list) and len(resume) == 2 and resume[0] in phases.ALL
              and resume[0] not in (phases.GOLD, phases.OVER), "bad gold resume")
        _ints([resume[1]], 1, 0, n - 1, "gold_resume")
        sea.gold_resume = list(resume)
    else:
        _need(resume is None, "bad gold resume")
    for key in ("home", "claimed"):
        rows = _matrix_any(v[key], n, 0, nl - 1, key)
        setattr(sea, key, rows)
    bonus = v["bonus_corners"]
    _need(isinstance(bonus, list) and len(bonus) == n, "bad island bonus")
    points = sea.bonus_points
    most = 3 * (PIECES["settlements"] + PIECES["cities"])   # a bonus per region of each building's corner
    for p, row in enumerate(bonus):
        _need(isinstance(row, list) and len(row) <= most, "bad island bonus")
        for x in row:
            c, k = _ints(x, 2, 0, nc - 1, "bonus_corners")
            _need(k == points and st.corner_owner[c] == p, "bad island bonus")
            sea.bonus_corners[p].append([c, k])
        sea.bonus[p] = sum(k for _, k in sea.bonus_corners[p])


def _matrix_any(v, rows: int, lo: int, hi: int, what: str) -> list[list[int]]:
    _need(isinstance(v, list) and len(v) == rows, f"state field {what!r} must have {rows} rows")
    return [_ints(row, len(row) if isinstance(row, list) and len(row) <= 64 else -1, lo, hi, what) for row in v]
