"""Random whole games on every shipped scenario and player count, with every check after every
action and JSON round trips (keys sorted) mid-game (tests/whole_games.py); a few short games
here, many long ones in benchmarks/whole_games.py."""

import pytest
from whole_games import configs, play

CASES = list(configs([11], variants=True))


@pytest.mark.parametrize("label,cfg", CASES, ids=[label.split(" {")[0] for label, _ in CASES])
def test_random_games_keep_every_check_and_reload_the_same(label, cfg):
    run = play(cfg.replace(turn_limit=200), round_trip=61, follow=30)
    assert not run.failures, f"{label}: {run.failures[0]}"
    assert run.round_trips >= 2
