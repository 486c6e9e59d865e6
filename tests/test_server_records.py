"""The forum game's "picture of each stage", from a real server: a finished
network game's record is saved with ``retrocatan record`` and passes
``retrocatan replay --verify``; ``retrocatan stage`` draws any step of a game,
running or over, as everyone sees it; a running game's record (with its
seed) is refused."""

from __future__ import annotations

import asyncio
import json
import os
import struct
import subprocess
import sys

from netplay import ServerProcess

from retrocatan.clients.bot import Bot
from retrocatan.net.client import create_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": ROOT, "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "retrocatan", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_a_finished_games_record_verifies_and_any_stage_is_drawn(tmp_path):
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        running = asyncio.run(create_game(server.url, {"players": 3}, seats=[{"kind": "computer"}] * 3,
                                          clocks={"computer_delay": 0.5}, start="owner"))
        got = asyncio.run(create_game(server.url, {"players": 3, "scenario": "new-shores"},
                                      clocks={"computer_delay": 0}, start="full"))

        async def play():
            await asyncio.gather(*(Bot(server.url, got["code"], "easy", colour=s).play(120) for s in range(3)))
        asyncio.run(play())
        out = tmp_path / "game.json"
        done = cli("record", "--server", server.url, "--code", got["code"], "--out", str(out), "--json")
        assert done.returncode == 0, done.stderr
        steps = json.loads(done.stdout.splitlines()[-1])["steps"]
        verify = cli("replay", str(out), "--verify", "--json")
        assert verify.returncode == 0, verify.stdout + verify.stderr
        assert json.loads(verify.stdout.splitlines()[-1])["ok"] is True
        pictures = []
        for step in (10, steps):
            png = tmp_path / f"stage-{step}.png"
            drawn = cli("stage", "--server", server.url, "--code", got["code"], "--step", str(step), "--png", str(png))
            assert drawn.returncode == 0, drawn.stderr
            assert png_size(png) == (640, 480)
            pictures.append(png.read_bytes())
        assert pictures[0] != pictures[1]
        # The same stage from the saved record (replay --png names the seats by colour, the server by name).
        again = tmp_path / "replay-10.png"
        assert cli("replay", str(out), "--png", str(again), "--step", "10").returncode == 0
        assert png_size(again) == (640, 480)
        # A running game: its stage is drawn, its record (with the seed) is refused; a bad step is one line.
        owner = running["owner"]
        from retrocatan.net.client import one_request
        asyncio.run(one_request(server.url, {"type": "start", "game": running["game"], "owner": owner}))
        now = tmp_path / "running.png"
        assert cli("stage", "--server", server.url, "--code", running["code"], "--png", str(now)).returncode == 0
        refused = cli("record", "--server", server.url, "--code", running["code"], "--out", str(tmp_path / "r.json"))
        assert refused.returncode == 2 and "over" in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
        bad = cli("stage", "--server", server.url, "--code", got["code"], "--step", "999999", "--png", str(now))
        assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
