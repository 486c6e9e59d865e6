"""Exact positions on scenario maps for the Seafarers tests.

``sea_position`` lays pieces and cards onto a game after its founding phase
by editing the state's JSON and loading it back, so the engine's own loader
(``validate.py``) checks every piece and card. The path helpers find places
from the map's tables, so no test hard-codes an id.
"""

from __future__ import annotations

from collections import deque

from retrocatan.engine import Game, GameConfig
from retrocatan.engine.components import BOARD_KINDS
from retrocatan.scenarios import options as scenario_options


def sea_position(scenario: str = "new-shores", players: int = 3, seed: int = 1, *, buildings=(), roads=(),
                 ships=(), hands=None, bank=None, phase: str = "main", current: int = 0, pirate: int | None = None,
                 robber: int | None = None, new_ships=(), **options) -> Game:
    """``buildings``: (player, corner, level, founding?) -- founding buildings
    make the player's home regions; ``roads``/``ships``: (player, edge);
    ``hands``: {player: 5 counts}; ``bank``: the bank's 5 counts (the rest
    of the cards go to the last player's hand); ``phase``: main, roll or
    robber (after a 7, the robber or pirate to move)."""
    cfg = GameConfig(players=players, seed=seed, **{**scenario_options(scenario, players), **options})
    game = Game(cfg)
    d = game.to_json()
    n = players
    nc, ne = len(d["corner_owner"]), len(d["edge_owner"])
    d["corner_owner"], d["corner_level"], d["edge_owner"] = [-1] * nc, [0] * nc, [-1] * ne
    sea = d["sea"]
    sea["home"] = [[] for _ in range(n)]
    st = game.state
    for p, c, level, founding in buildings:
        d["corner_owner"][c], d["corner_level"][c] = p, level
        if founding:
            sea["home"][p] += [h for h in st.geo.corner_hexes[c] if st.board.regions[h] >= 0]
    for p, e in roads:
        d["edge_owner"][e] = p
    sea["ships"] = sorted(e for _, e in ships)
    for p, e in ships:
        d["edge_owner"][e] = p
    sea["new_ships"] = list(new_ships)
    total = BOARD_KINDS[st.board.kind]["bank"]
    hand_rows = [list((hands or {}).get(p, (0, 0, 0, 0, 0))) for p in range(n)]
    bank_row = list(bank) if bank is not None else [total - sum(h[r] for h in hand_rows) for r in range(5)]
    for r in range(5):
        hand_rows[-1][r] += total - bank_row[r] - sum(h[r] for h in hand_rows)
    d["hands"], d["bank"] = hand_rows, bank_row
    d.update(phase=phase, turn=1, current=current, decider=current, setup_step=2 * n, last_settlement=-1,
             dice=[3, 4] if phase == "robber" else ([1, 2] if phase == "main" else None), resume="main",
             longest=-1, army=-1, built=False)
    if pirate is not None:
        sea["pirate"] = pirate
    if robber is not None:
        d["robber"] = robber
    return Game.from_json(d)


# --- places from the map's tables --------------------------------------------------------------------
def coast_corners(game, founding: bool = True) -> list[int]:
    """Land corners (founding corners by default) with a ship edge and a road edge."""
    st = game.state
    board, geo = st.board, st.geo
    pool = board.founding if founding else range(len(geo.corner_xy))
    return [c for c in pool if board.corner_land[c]
            and any(board.edge_ship[e] for e in geo.corner_edges[c])
            and any(board.edge_road[e] for e in geo.corner_edges[c])]


def edge_between(game, a: int, b: int) -> int:
    return game.state.geo.edge_index[(min(a, b), max(a, b))]


def path(game, start: int, goal, lane: str = "ship", avoid=(), max_len: int = 12, avoid_edges=()) -> list[int]:
    """The shortest list of edges from corner ``start`` to a corner for which
    ``goal(corner)`` holds, over edges that take a ``lane`` (ship or road) piece,
    through no corner of ``avoid`` and no edge of ``avoid_edges``; [] if none."""
    st = game.state
    geo, board = st.geo, st.board
    ok = board.edge_ship if lane == "ship" else board.edge_road
    prev = {start: None}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        if c != start and goal(c):
            out = []
            while prev[c] is not None:
                e, c = prev[c]
                out.append(e)
            return out[::-1]
        for e in geo.corner_edges[c]:
            if not ok[e] or e in avoid_edges:
                continue
            a, b = geo.edge_corners[e]
            x = b if a == c else a
            if x not in prev and x not in avoid:
                prev[x] = (e, c)
                queue.append(x)
    return []


def corners_of(game, edges: list[int], start: int) -> list[int]:
    """The corners a path of edges from ``start`` passes, ``start`` first."""
    geo = game.state.geo
    out = [start]
    for e in edges:
        a, b = geo.edge_corners[e]
        out.append(b if a == out[-1] else a)
    return out


def position(scenario: str = "new-shores", players: int = 3, seed: int = 1, **options):
    """An ``engine.position.Position`` on a shipped scenario's map (the same deal as
    ``sea_position`` with these arguments)."""
    from retrocatan.engine.position import Position
    return Position(players=players, seed=seed, **{**scenario_options(scenario, players), **options})


def cards(cost) -> dict:
    """Resource counts (5 numbers) as keyword arguments of ``Position.hand``."""
    from retrocatan.engine.components import RESOURCES
    return dict(zip(RESOURCES, cost))
