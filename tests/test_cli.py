import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args, timeout=300):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "retrocatan", *args], capture_output=True, text=True,
                          env=env, timeout=timeout, cwd=ROOT)


def last_json(res):
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_simulate_json_summary(tmp_path):
    res = run("simulate", "--games", "6", "--players", "3", "--seed", "4", "--json",
              "--save-replays", str(tmp_path))
    assert res.returncode == 0, res.stderr
    out = last_json(res)
    assert out["games"] == 6 and out["players"] == 3 and out["seed"] == 4
    assert sum(out["wins"]) == 6 and len(out["wins"]) == 3
    assert set(out["dice"]) == {str(n) for n in range(2, 13)}
    assert out["mean_turns"] > 10 and out["games_per_second"] > 0
    files = sorted(os.listdir(tmp_path))
    assert len(files) == 6
    # Each saved replay verifies from the command line.
    res = run("replay", str(tmp_path / files[0]), "--verify", "--json")
    assert res.returncode == 0 and last_json(res)["ok"] is True


def test_simulate_is_reproducible():
    a = last_json(run("simulate", "--games", "3", "--seed", "9", "--json"))
    b = last_json(run("simulate", "--games", "3", "--seed", "9", "--json"))
    assert (a["wins"], a["dice"], a["mean_turns"]) == (b["wins"], b["dice"], b["mean_turns"])


def test_board_json_and_text():
    res = run("board", "--seed", "3", "--json")
    assert res.returncode == 0
    board = last_json(res)
    land = [h for h in board["hexes"] if h["terrain"] != "sea"]
    assert len(land) == 19 and len(board["harbours"]) == 9
    assert all(h["token"] is None or {"letter", "number"} <= set(h["token"]) for h in land)
    text = run("board", "--seed", "3").stdout
    assert "Fo" in text and "robber" in text
    six = last_json(run("board", "--players", "6", "--json"))
    assert len([h for h in six["hexes"] if h["terrain"] != "sea"]) == 30 and len(six["harbours"]) == 11
    beginner = last_json(run("board", "--beginner", "--json"))
    assert beginner["hexes"][0]["terrain"] == "mountains"


@pytest.mark.parametrize("args", [
    ["simulate", "--games", "0"], ["simulate", "--players", "7"], ["simulate", "--seed", "-1"],
    ["board", "--players", "two"], ["frobnicate"], ["replay", "/nonexistent/file.json", "--verify"],
])
def test_bad_arguments_one_line_exit_2(args):
    res = run(*args)
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("content", [b"", b"{", b"\xff\xfe", b'{"format": "retrocatan-replay"}',
                                     b"[]", b'{"format": "retrocatan-replay", "version": 1, "config": {}, '
                                           b'"actions": ["fly"]}'])
def test_bad_replay_files(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    res = run("replay", str(path), "--verify")
    assert res.returncode in (1, 2)
    assert "Traceback" not in res.stderr
    out = (res.stderr + res.stdout).strip().splitlines()
    assert len(out) == 1
    assert path.read_bytes() == content   # never touched


def test_help_for_every_command():
    for cmd in ("simulate", "replay", "board"):
        res = run(cmd, "--help")
        assert res.returncode == 0 and "usage" in res.stdout


def test_replay_verify_accepts_a_save_and_refuses_a_damaged_one(tmp_path):
    from retrocatan.ai import make_player
    from retrocatan.engine import Game, GameConfig
    from retrocatan.saves import dumps, make_save
    game = Game(GameConfig(players=3, seed=4))
    bots = [make_player("normal", 4, s) for s in range(3)]
    for _ in range(120):
        game.apply(bots[game.decider].choose(game))
    seats = [{"kind": "normal", "name": f"P{i}"} for i in range(3)]
    good = tmp_path / "slot1.json"
    good.write_text(dumps(make_save(game, seats, "slot1")))
    res = run("replay", str(good), "--verify", "--json")
    assert res.returncode == 0 and last_json(res)["ok"] is True
    data = json.loads(good.read_text())
    data["replay"]["actions"][50] = "S0"
    bad = tmp_path / "slot2.json"
    bad.write_text(json.dumps(data))
    before = bad.read_bytes()
    res = run("replay", str(bad), "--verify")
    assert res.returncode == 2 and "step 51" in res.stderr and "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and bad.read_bytes() == before


def test_the_command_line_reads_its_commands_without_loading_the_players_or_the_network():
    """Every command starts a Python that builds the whole parser: the computer players, asyncio,
    websockets, the server's tables and the window are loaded only by the commands that use them,
    so that ``--help`` and the commands that need none of them start sooner (docs/results.md)."""
    code = ("import sys, retrocatan.cli as c; c.build_parser(); "
            "print(' '.join(m for m in ('retrocatan.ai', 'asyncio', 'websockets', 'retrocatan.server.table', "
            "'retrocatan.server.pool', 'multiprocessing', 'pyxel', 'retrocatan.ui') if m in sys.modules))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                         env=dict(os.environ, PYTHONPATH=ROOT))
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == []
    # and the commands that do use them still find them
    res = run("create", "--server", "ws://127.0.0.1:9", "--json")
    assert res.returncode == 2 and "cannot reach" in res.stderr, res.stderr
