import json
import os
import shutil
import subprocess
import sys

import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.replay import ReplayError, parse, record, replay, verify
from retrocatan.match import play

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def random_game(seed=5, players=4, **opts):
    cfg = GameConfig(players=players, seed=seed, **opts)
    return play(cfg, [RandomPlayer(seed, s) for s in range(players)]).game


def test_record_verify_and_replay_to_identical_state():
    g = random_game()
    rec = record(g)
    v = verify(json.loads(json.dumps(rec)))
    assert v.ok and v.steps == len(g.history)
    mid = replay(rec, upto=100)
    assert len(mid.history) == 100


def test_verify_names_the_first_diverging_step():
    g = random_game()
    rec = record(g)
    rec["hashes"][41] = "0" * 16
    v = verify(rec)
    assert not v.ok and v.step == 42 and "step 42" in v.message


def test_verify_names_an_illegal_step():
    g = random_game()
    rec = record(g)
    i = next(i for i, a in enumerate(rec["actions"]) if a == "roll")
    rec["actions"][i] = "end"
    v = verify(rec)
    assert not v.ok and v.step == i + 1 and "refused" in v.message


def test_hash_every_n():
    g = random_game()
    rec = record(g, hash_every=10)
    assert len(rec["hashes"]) == len(g.history) // 10
    rec["hashes"][3] = "f" * 16
    v = verify(rec)
    assert not v.ok and "between steps 31 and 40" in v.message


@pytest.mark.parametrize("mutate,msg", [
    (lambda d: d.pop("format"), "not a RetroCatan replay"),
    (lambda d: d.update(version=99), "newer"),
    (lambda d: d.update(config={"players": 9}), "bad config"),
    (lambda d: d.update(config={"players": 4, "colour": 1}), "unknown option"),
    (lambda d: d.update(actions="roll"), "actions must be a list"),
    (lambda d: d.update(actions=[1, 2]), "actions must be a list"),
    (lambda d: d.update(hash_every=0), "hash_every"),
])
def test_damaged_replays_are_refused(mutate, msg):
    rec = record(random_game())
    mutate(rec)
    with pytest.raises(ReplayError, match=msg):
        parse(json.dumps(rec))


def test_truncated_and_deep_json_are_refused():
    text = json.dumps(record(random_game()))
    with pytest.raises(ReplayError):
        parse(text[: len(text) // 2])
    with pytest.raises(ReplayError):
        parse("[" * 100000 + "]" * 100000)


def test_state_json_round_trip_at_many_points():
    g = Game(GameConfig(players=4, seed=8))
    p = [RandomPlayer(8, s) for s in range(4)]
    n = 0
    while not g.over:
        g.apply(p[g.decider].choose(g))
        n += 1
        if n % 37 == 0:
            data = json.loads(json.dumps(g.to_json()))
            h = Game.from_json(data)
            assert h.to_json() == g.to_json() and h.legal_actions() == g.legal_actions()


def test_state_json_refuses_broken_state():
    g = random_game()
    data = g.to_json()
    data["bank"][0] += 1
    with pytest.raises(ValueError, match="do not add up"):
        Game.from_json(data)


_SCRIPT = """
import sys, json
sys.path.insert(0, {root!r})
from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import GameConfig
from retrocatan.match import play
out = []
for players in (3, 4, 5, 6):
    g = play(GameConfig(players=players, seed=77), [RandomPlayer(77, s) for s in range(players)]).game
    out.append(g.state_hash())
print(json.dumps(out))
"""


def _hashes_in_subprocess(python, hashseed):
    env = dict(os.environ, PYTHONHASHSEED=str(hashseed))
    res = subprocess.run([python, "-c", _SCRIPT.format(root=ROOT)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout.strip().splitlines()[-1])


def _local_hashes():
    out = []
    for players in (3, 4, 5, 6):
        g = play(GameConfig(players=players, seed=77), [RandomPlayer(77, s) for s in range(players)]).game
        out.append(g.state_hash())
    return out


def test_same_game_in_other_processes_with_other_hash_seeds():
    local = _local_hashes()
    assert _hashes_in_subprocess(sys.executable, 1) == local
    assert _hashes_in_subprocess(sys.executable, 12345) == local


def _other_pythons():
    found = []
    for v in ("3.11", "3.12", "3.13", "3.14"):
        exe = shutil.which(f"python{v}")
        if exe and "shims" not in exe and not os.path.samefile(exe, sys.executable):
            found.append(exe)
    root = os.path.expanduser("~/.pyenv/versions")
    if os.path.isdir(root):
        for name in sorted(os.listdir(root)):
            if name.split(".")[:2] in (["3", "11"], ["3", "12"], ["3", "13"], ["3", "14"]):
                exe = os.path.join(root, name, "bin", "python3")
                if os.path.exists(exe) and exe not in found:
                    found.append(exe)
    return found


def test_same_game_on_every_python_version_here():
    pythons = _other_pythons()
    if not pythons:
        pytest.skip("no other Python 3.11-3.14 interpreter on this machine")
    local = _local_hashes()
    for exe in pythons:
        assert _hashes_in_subprocess(exe, 99) == local, exe


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_golden_replays_still_verify(players):
    """Replays recorded when the rules were written: any change of the
    engine's behaviour (rules, generator, board layout) shows up here.
    Regenerate them only for a deliberate rule change, and say so."""
    with open(os.path.join(ROOT, "tests", "data", f"golden-{players}p.json"), encoding="utf-8") as f:
        data = parse(f.read())
    v = verify(data)
    assert v.ok, v.message
    assert v.game.over
