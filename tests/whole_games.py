"""Random whole games on every shipped scenario with every check after every
action and JSON round trips mid-game (tests/test_whole_games.py runs a few,
benchmarks/whole_games.py many).

After each action: the base invariants (``invariants.check_all``: cards,
pieces, distance rule, points, awards; route lengths recounted after a
road, a ship, a settlement or a ship move), and on a scenario map the
Seafarers ones, recounted independently of the engine's bookkeeping: ships
and roads on edges that take them, at most 15 ships, the robber on land and
the pirate on the sea, the fog pool, the island bonus records and points
(one chip per region and player where no fog can join islands), with
``cut_roads=lost`` every road joined to its owner's buildings through roads
(docs/rules.md §14.3: roads and ships join only at an own building).

Every ``round_trip`` actions the state goes through JSON (with its keys
sorted, so nothing may depend on their order) and back: the copy must have
the same JSON, the same legal actions and, played on with the same actions
for ``follow`` more, the same state hashes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from invariants import check_all

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.seafarers import actions as A
from retrocatan.scenarios import available
from retrocatan.scenarios import load as load_scenario
from retrocatan.scenarios import options as scenario_options

ROUTE_CHANGING = (A.ROAD, A.SETTLE, A.SHIP, A.MOVE_SHIP)


@dataclass
class Run:
    """What one or more games did: games, actions, round trips, and the failures (one line each)."""

    games: int = 0
    actions: int = 0
    round_trips: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: Run) -> None:
        self.games += other.games
        self.actions += other.actions
        self.round_trips += other.round_trips
        self.failures += other.failures


def configs(seeds, variants: bool = True):
    """(label, config) for every shipped scenario and player count, per seed; with ``variants``
    each seed also gets one of the rule variants that touch the sea rules."""
    extra = [{}, {"cut_roads": "lost"}, {"cut_roads": "abandoned"}, {"island_bonus": "every_settlement"},
             {"free_phase_order": True, "dev_cards_per_turn": 2}]
    k = 0
    for sid in available():
        for n in load_scenario(sid).players:
            for seed in seeds:
                opts = extra[(k + seed) % len(extra)] if variants else {}
                k += 1
                if opts.get("island_bonus") and not load_scenario(sid).ships:
                    opts = {}
                cfg = GameConfig(players=n, seed=seed, **{**scenario_options(sid, n), **opts})
                yield f"{sid} n={n} seed={seed} {json.dumps(opts, sort_keys=True)}", cfg


def play(cfg: GameConfig, round_trip: int = 250, follow: int = 40, max_actions: int = 200_000) -> Run:
    """One random game with every check; a failure ends it and is reported, never raised."""
    run = Run(games=1)
    try:
        _play(cfg, round_trip, follow, max_actions, run)
    except AssertionError as exc:
        run.failures.append(f"after {run.actions} actions: {exc}")
    except Exception as exc:   # noqa: BLE001 - a crash is a failure to report, with its kind
        run.failures.append(f"after {run.actions} actions: {type(exc).__name__}: {exc}")
    return run


def _play(cfg, round_trip, follow, max_actions, run: Run) -> None:
    game = Game(cfg)
    players = [RandomPlayer(cfg.seed, s) for s in range(cfg.players)]
    copy, copy_left = None, 0
    while not game.over:
        act = players[game.decider].choose(game)
        game.apply(act)
        run.actions += 1
        assert run.actions < max_actions, "the game does not end"
        check(game, routes=act.kind in ROUTE_CHANGING)
        if copy is not None:
            copy.apply(act)
            assert copy.to_json() == game.to_json(), f"the loaded game plays on differently after {act}"
            copy_left -= 1
            if copy_left == 0:
                copy = None
        if round_trip and run.actions % round_trip == 0:
            text = json.dumps(game.to_json(), sort_keys=True)
            copy = Game.from_json(json.loads(text))
            run.round_trips += 1
            assert copy.to_json() == game.to_json(), "the state changed going through JSON"
            assert copy.legal_actions() == game.legal_actions(), "the loaded game lists other legal actions"
            copy_left = follow


def check(game, routes: bool = True) -> None:
    st = game.state
    if st.sea is None:
        check_all(game, check_routes=routes)
        return
    check_all(game, check_routes=False)
    check_sea(game, routes)


def check_sea(game, routes: bool) -> None:
    st = game.state
    sea, board = st.sea, st.board
    n = st.players
    ships_of: list[list[int]] = [[] for _ in range(n)]     # each player's ships on the board, in one pass
    for e, o in enumerate(st.edge_owner):
        if o != -1:
            assert (board.edge_ship if sea.ship[e] else board.edge_road)[e], "a piece on an edge that cannot take it"
            if sea.ship[e]:
                ships_of[o].append(e)
    for p in range(n):
        ships = ships_of[p]
        assert ships == sea.ship_edges[p], "the ship list differs from the board"
        assert len(ships) + st.pieces[p]["ships"] == 15, "ships do not add up"
        assert sum(k for _, k in sea.bonus_corners[p]) == st.bonus[p], "island bonus points differ from the records"
        assert all(st.corner_owner[c] == p and k == sea.bonus_points for c, k in sea.bonus_corners[p]), \
            "an island bonus record without its building"
        if sea.bonus_form == "first_settlement" and not sea.explored:
            regions = [board.regions[h] for h in sea.claimed[p]]
            assert len(regions) == len(set(regions)) == len(sea.bonus_corners[p]), \
                "a region's first-settlement bonus paid twice to one player"
        if routes:
            assert st.route_len[p] == sea_route(st, p), f"route length of player {p + 1} wrong"
    for c, o in enumerate(st.corner_owner):
        if o != -1:
            assert board.corner_land[c], "a building off the land"
    assert board.terrain[st.robber] not in ("sea", "fog"), "the robber at sea"
    assert sea.pirate == -1 or board.is_sea_hex(sea.pirate), "the pirate on land"
    assert len(sea.fog_pool) == board.terrain.count("fog"), "the fog pool differs from the fog on the board"
    if st.config.cut_roads == "lost":
        for p in range(n):
            _roads_joined(st, p)
    top = max(st.route_len)
    if st.longest != -1:
        assert st.route_len[st.longest] == top >= 5, "the Longest Trade Route on a shorter route"


def _roads_joined(st, p: int) -> None:
    """cut_roads=lost: each road of ``p`` joined through ``p``'s roads to a building of ``p``."""
    geo, owner, ship = st.geo, st.corner_owner, st.sea.ship
    roads = {e for e, o in enumerate(st.edge_owner) if o == p and not ship[e]}
    reach = {c for c, o in enumerate(owner) if o == p}
    stack = list(reach)
    joined = set()
    while stack:
        c = stack.pop()
        if owner[c] not in (-1, p):
            continue
        for e in geo.corner_edges[c]:
            if e in roads:
                joined.add(e)
                d = sum(geo.edge_corners[e]) - c
                if d not in reach:
                    reach.add(d)
                    stack.append(d)
    assert joined == roads, f"with cut_roads=lost player {p + 1} kept roads joined to nothing: {sorted(roads - joined)}"


def sea_route(st, p: int) -> int:
    """The longest trade route by walking every trail of own roads and ships: a trail passes no
    opponent's building and switches between road and ship only at an own building."""
    geo, owner, ship = st.geo, st.corner_owner, st.sea.ship
    mine = [e for e, o in enumerate(st.edge_owner) if o == p]
    best = 0
    at: dict[int, list[int]] = {}
    for e in mine:
        for c in geo.edge_corners[e]:
            at.setdefault(c, []).append(e)

    def walk(c: int, last: int, used: set, length: int) -> None:
        nonlocal best
        best = max(best, length)
        if owner[c] not in (-1, p) and last != -1:
            return
        for e in at.get(c, ()):
            if e in used:
                continue
            if last != -1 and owner[c] == -1 and ship[e] != ship[last]:
                continue
            used.add(e)
            walk(sum(geo.edge_corners[e]) - c, e, used, length + 1)
            used.discard(e)

    for c in at:
        walk(c, -1, set(), 0)
        if best == len(mine):
            break
    return best

