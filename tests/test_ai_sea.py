"""Computer players on the scenario maps: they move ships, never to and fro;
Easy does not move ships; asking the advisor does not change what a player
does; the strength benchmark's scenario mode refuses bad options."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from retrocatan.ai import make_player
from retrocatan.engine import Game, GameConfig
from retrocatan.engine import actions as A
from retrocatan.match import play
from retrocatan.scenarios import options as scenario_options

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (scenario, seed) of games between four Hard players in which ships are moved.
SAILING = [("new-shores", 2), ("fog-island", 1), ("four-islands", 2)]


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
        before = set(p._left)
        act, _, _ = p.advise(game)
        assert p._left == before
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
