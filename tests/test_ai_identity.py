"""The computer players decide exactly as they did before they read the
engine's view: the final state hashes of recorded games (made with
``benchmarks/ai_identity.py --record`` before the change) must not move.

After a deliberate change of how a computer player plays, record the new
identity with ``python3 benchmarks/ai_identity.py --record tests/data/ai_identity.json``
and say in the commit why the play changed."""

import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "benchmarks"))

import ai_identity  # noqa: E402

with open(os.path.join(HERE, "data", "ai_identity.json"), encoding="utf-8") as _f:
    RECORDED = json.load(_f)["games"]


@pytest.mark.parametrize("i", [0, 1, 2, 3, 7, 14, 25, 42])
def test_recorded_game_ends_in_the_same_state(i):
    seed, levels = ai_identity.lineup(i)
    assert (seed, levels) == (RECORDED[i]["seed"], RECORDED[i]["levels"])
    assert ai_identity.play_one(i) == RECORDED[i]["hash"], (
        f"game {i} of the recorded computer games ends elsewhere: the computer players decide differently. "
        "If that change of play is deliberate, record the new identity: "
        "python3 benchmarks/ai_identity.py --record tests/data/ai_identity.json (README, 'Computer players')")


def test_the_players_take_a_view_not_the_game():
    from retrocatan.ai import make_player
    from retrocatan.engine import Game, GameConfig
    g = Game(GameConfig(players=3, seed=8))
    bots = [make_player(lv, 8, s) for s, lv in enumerate(("hard", "normal", "random"))]
    other = Game(GameConfig(players=3, seed=8))
    twin = [make_player(lv, 8, s) for s, lv in enumerate(("hard", "normal", "random"))]
    for _ in range(300):
        if g.over:
            break
        a = bots[g.decider].choose(g.seat_view(g.decider))
        b = twin[other.decider].choose(other)
        assert a == b
        g.apply(a)
        other.apply(b)
