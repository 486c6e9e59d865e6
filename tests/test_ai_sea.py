"""Computer players on the scenario maps: every level sails (ships toward
other islands and the fog; Normal and Hard win island bonuses and turn fog
over), a ship on a route that leads nowhere is moved to the head of a
better one instead of building a new ship; they move ships, never to and
fro; Easy does not move ships; asking the advisor does not change what a
player does; the strength benchmark's scenario mode refuses bad options."""

from __future__ import annotations

import functools
import os
import subprocess
import sys

import pytest
from sea_positions import path, sea_position

from retrocatan.ai import make_player
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.seafarers import actions as A
from retrocatan.match import Match, play
from retrocatan.scenarios import options as scenario_options

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

import ai_sea  # noqa: E402

SEEDS = (2026, 2027, 2028)


@functools.cache
def _sailing(scenario: str, level: str) -> dict:
    """The sea figures (ai_sea's) of games between four players of ``level``, summed over SEEDS."""
    total = dict.fromkeys(ai_sea.FIGURES, 0)
    for seed in SEEDS:
        row = ai_sea.play_one((scenario, 4, level, seed))
        assert row["end"] == "points"
        for k in ai_sea.FIGURES:
            total[k] += row[k]
    return total


# The events that add to a figure of ai_sea's (each figure only grows in a game).
def _figure(ev: dict) -> str | None:
    if ev["type"] == "build":
        return "ships" if ev["piece"] == "ship" else None
    return {"island_bonus": "bonuses", "explore": "fog"}.get(ev["type"])


def _sailing_until(scenario: str, level: str, need: dict) -> dict:
    """Games between four players of ``level``, seed after seed of SEEDS,
    until the figures summed over them reach ``need``: the sums then (or
    after every seed's whole game). Each game played to its end ended on
    points. The figures only grow, so a sum reached within the seeds' games
    is reached by their whole games."""
    got = {"ships": 0, "bonuses": 0, "fog": 0}

    def reached() -> bool:
        return all(got[k] >= v for k, v in need.items())
    for seed in SEEDS:
        ends: list[str] = []

        def note(game, act, events):
            for ev in events:
                if ev["type"] == "win":
                    ends.append(ev["reason"])
                elif (figure := _figure(ev)) is not None:
                    got[figure] += 1
        cfg = GameConfig(players=4, seed=seed, **scenario_options(scenario, 4))
        match = Match(Game(cfg), [make_player(level, seed, s) for s in range(4)], note)
        while not match.game.over and not reached():
            match.step()
        if match.game.over:
            assert ends == ["points"], (scenario, seed, ends)
        if reached():
            break
    return got


# The games' worth of each figure asked of four players of the level: every seed's for Normal
# and Hard, one for the Expert (its games cost ten times theirs; how it sails against Hard is
# benchmarks/ai_sea.py's to measure).
GAMES_ASKED = {"normal": len(SEEDS), "hard": len(SEEDS), "expert": 1}


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_normal_hard_and_expert_sail_to_other_islands_for_the_bonus(level):
    """New Shores: "The first settlement on each small island earns 2 extra
    points." Four players of the level win several bonuses (before the
    voyage planning, Normal won 0.05 a game, Hard 0.9)."""
    games = GAMES_ASKED[level]
    for scenario in ("new-shores", "four-islands"):
        need = {"ships": 8 * games, "bonuses": 1.5 * games}
        got = _sailing_until(scenario, level, need)
        assert got["ships"] >= need["ships"], (scenario, got)
        assert got["bonuses"] >= need["bonuses"], (scenario, got)


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_normal_hard_and_expert_explore_the_fog(level):
    """Fog Island: ships that reach the fog turn its hexes over; four players
    of the level turn many (before: Normal none, Hard about one a game)."""
    games = GAMES_ASKED[level]
    got = _sailing_until("fog-island", level, {"fog": 6 * games})
    assert got["fog"] >= 6 * games, got


def test_easy_sails_too_badly():
    """Easy builds ships toward other islands and the fog, but wins fewer
    bonuses than Normal and Hard."""
    shores = _sailing("new-shores", "easy")
    fog = _sailing("fog-island", "easy")
    assert shores["ships"] >= 4 * len(SEEDS) and fog["ships"] >= 4 * len(SEEDS)
    assert fog["fog"] >= len(SEEDS)
    assert shores["bonuses"] < _sailing("new-shores", "hard")["bonuses"]


def _ships_to_other_island(game, p: int) -> int:
    """Fewest new ships player ``p`` needs to reach a free corner on an island where it did not found."""
    st = game.state
    board, geo = st.board, st.geo
    home = {board.regions[h] for c, o in enumerate(st.corner_owner) if o == p for h in geo.corner_hexes[c]
            if board.regions[h] >= 0}
    mine = {e for e, o in enumerate(st.edge_owner) if o == p and st.sea.ship[e]}

    def goal(c):
        return (board.corner_land[c] and st.blocked[c] == 0 and st.corner_owner[c] == -1
                and any(board.regions[h] >= 0 and board.regions[h] not in home for h in geo.corner_hexes[c]))
    starts = {c for c, o in enumerate(st.corner_owner) if o == p}
    starts |= {c for e in mine for c in geo.edge_corners[e] if st.corner_owner[c] == -1}
    best = 99
    for c in starts:
        route = path(game, c, goal, avoid={x for x, o in enumerate(st.corner_owner) if o not in (-1, p)})
        # the route's edges that already carry my ships cost nothing
        if route:
            best = min(best, sum(1 for e in route if e not in mine))
    return best


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_ship_on_a_dead_route_sails_to_the_head_of_a_better_one(level):
    """Player 0 founded on the west and the east coast of New Shores' main
    island; its two ships from the west settlement lead out into the empty
    ocean. With the cards for one ship, Normal and Hard move the open-end
    ship to where it brings them a ship nearer another island, instead of
    building a new one (before: Hard built a ship and left the dead route)."""
    probe = sea_position("new-shores", players=4)
    geo = probe.state.geo
    west, east = 72, 77
    assert geo.corner_xy[west][0] < geo.corner_xy[east][0]
    ocean = min(range(len(geo.corner_xy)), key=lambda c: (geo.corner_xy[c][0], abs(geo.corner_xy[c][1] + 7)))
    route = path(probe, west, lambda c: c == ocean)[:2]
    g = sea_position("new-shores", players=4, buildings=[(0, west, 1, True), (0, east, 1, True)],
                     ships=[(0, e) for e in route], hands={0: (1, 0, 1, 0, 0)})
    before = _ships_to_other_island(g, 0)
    act = make_player(level, 1, 0).choose(g)
    assert act.kind == A.MOVE_SHIP and act.a == route[-1], act
    g.apply(act)
    assert _ships_to_other_island(g, 0) == before - 1

# (scenario, seed) of games between four Hard players in which ships are moved.
SAILING = [("new-shores", 4), ("fog-island", 1), ("four-islands", 2)]


def _ship_moves(scenario: str, seed: int, levels: list[str]) -> tuple[Game, list[tuple[int, int, int]]]:
    cfg = GameConfig(players=len(levels), seed=seed, **scenario_options(scenario, len(levels)))
    players = [make_player(level, seed, s) for s, level in enumerate(levels)]
    moves: list[tuple[int, int, int]] = []

    def note(game, act, events):
        if act.kind == A.MOVE_SHIP:
            moves.append((game.state.current, act.a, act.b))     # a move keeps the turn
    res = play(cfg, players, on_events=note)
    return res.game, moves


@pytest.mark.parametrize("scenario,seed", SAILING)
def test_hard_players_move_ships_never_back_and_forth(scenario, seed):
    game, moves = _ship_moves(scenario, seed, ["hard"] * 4)
    assert game.over
    assert moves, "no ship was moved in a game known to need it"
    left: dict[int, set[int]] = {}
    for player, frm, to in moves:
        assert to not in left.get(player, set()), f"player {player} moved a ship back onto edge {to}"
        left.setdefault(player, set()).add(frm)
    pairs = {(p, a, b) for p, a, b in moves}
    assert not any((p, b, a) in pairs for p, a, b in pairs)


def test_ship_moves_are_rare_and_each_gains():
    """A move is made only when nothing is built; a game holds few of them."""
    game, moves = _ship_moves("fog-island", 1, ["hard"] * 4)
    assert len(moves) <= game.state.turn // 4


def test_easy_players_do_not_move_ships():
    for scenario, seed in SAILING:
        _, moves = _ship_moves(scenario, seed, ["easy"] * 4)
        assert moves == []


def test_advice_on_a_sea_map_changes_nothing():
    """Asking a Hard player for advice before each of its decisions gives
    the same game as not asking."""
    scenario, seed = SAILING[0]
    cfg = GameConfig(players=4, seed=seed, **scenario_options(scenario, 4))
    plain = play(cfg, [make_player("hard", seed, s) for s in range(4)]).game
    players = [make_player("hard", seed, s) for s in range(4)]
    game = Game(cfg)
    advised = 0
    while not game.over:
        p = players[game.decider]
        before = set(p.planner.memory.left)
        act, _, _ = p.advise(game)
        assert p.planner.memory.left == before
        chosen = p.choose(game)
        assert chosen == act
        advised += act.kind == A.MOVE_SHIP
        game.apply(chosen)
    assert advised >= 1
    assert game.state.turn == plain.state.turn and game.winner == plain.winner
    assert list(game.history) == list(plain.history)


def _bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "ai_strength.py"), *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args,words", [
    (["--scenario", "no-such-map"], "no scenario"),
    (["--scenario", "new-world-5-6", "--players", "4"], "5 or 6 players"),
    (["--players", "5"], "--players needs --scenario"),
    (["--jobs", "0"], "--jobs"),
])
def test_strength_benchmark_refuses_bad_options(args, words):
    r = _bench(*args)
    assert r.returncode == 2
    assert words in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_strength_benchmark_on_one_scenario_reports_json():
    import json
    r = _bench("--scenario", "new-shores", "--games", "2")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    row = out["scenarios"]["new-shores"]
    assert out["turn_cap"] > row["longest_game_turns"] > 0 and row["games_at_cap"] == 0
    assert 0.0 <= row["hard_vs_normal"]["ci95"][0] <= row["hard_vs_normal"]["win_rate"] <= 1.0
    assert row["players"] == 4 and row["all_hard"]["mean_turns"] > 0


def _sea_bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "ai_sea.py"), *args],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args,words", [
    (["--scenario", "no-such-map"], "no scenario"),
    (["--levels", "hard,pro"], "unknown level"),
    (["--scenario", "new-world-5-6", "--players", "4"], "5 or 6 players"),
    (["--games", "0"], "--games"),
    (["--jobs", "0"], "--jobs"),
])
def test_sea_benchmark_refuses_bad_options(args, words):
    r = _sea_bench(*args)
    assert r.returncode == 2
    assert words in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_sea_benchmark_reports_the_figures_of_each_game():
    """One game of four Hard players on Fog Island: the JSON holds what the game's events say."""
    import json
    r = _sea_bench("--scenario", "fog-island", "--levels", "hard", "--games", "1", "--seed", "2026")
    assert r.returncode == 0, r.stderr
    cell = json.loads(r.stdout.strip().splitlines()[-1])["cells"]["fog-island/4/hard"]
    row = ai_sea.play_one(("fog-island", 4, "hard", 2026))
    assert {k: cell[k] for k in ai_sea.FIGURES} == {k: float(row[k]) for k in ai_sea.FIGURES}
    assert cell["ends"] == {"points": 1, "stalemate": 0, "turn_cap": 0} and cell["longest"] == row["turns"]
