"""The server's list of open games (docs/protocol.md, ``games``) on a real
server with an injected clock: only the open games created ``listed``, the
newest first, with only what a stranger may know; a game leaves the list
when it starts or expires; the request is rate-limited and answered with
its id; ``retrocatan create --listed`` lists a game."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time

import pytest

pytest.importorskip("websockets")

from netplay import ROOT, ServerThread  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from retrocatan.net.client import create_game, one_request  # noqa: E402
from retrocatan.server.clocks import ManualClock  # noqa: E402
from retrocatan.server.hub import Limits  # noqa: E402

SHAPE = {"code", "board", "players", "points", "pace", "free", "created"}


def listed(url: str) -> list[dict]:
    got = asyncio.run(one_request(url, {"type": "games"}))
    assert got["type"] == "games" and got["id"] == 1
    return got["games"]


def test_lobby_lists_the_listed_open_games_newest_first_and_nothing_private(tmp_path):
    clock = ManualClock(time.time())
    with ServerThread(str(tmp_path / "s.sqlite3"), clock) as server:
        first = asyncio.run(create_game(server.url, {"players": 3}, listed=True))
        server.call(clock.advance, 10)
        asyncio.run(create_game(server.url, {"players": 4}))                           # not listed
        islands = asyncio.run(create_game(server.url, {"players": 4, "scenario": "four-islands", "vp_target": 12},
                                          "post", listed=True, seats=[{"kind": "open"}] * 3 +
                                          [{"kind": "computer", "level": "hard"}]))
        server.call(clock.advance, 10)
        full = asyncio.run(create_game(server.url, {"players": 3}, listed=True))
        rows = listed(server.url)
        assert [r["code"] for r in rows] == [full["code"], islands["code"], first["code"]]
        assert all(set(r) == SHAPE for r in rows)
        text = json.dumps(rows)
        for secret in (first["game"], first["owner"], islands["owner"], "seed"):
            assert secret not in text
        isl = rows[1]
        assert (isl["board"], isl["players"], isl["points"], isl["pace"], isl["free"]) == ("four-islands", 4, 12,
                                                                                         "post", 3)
        assert rows[2]["board"] == "base" and rows[2]["pace"] == "live" and rows[2]["points"] == 10
        assert rows[2]["created"] == int(server.call(lambda: server.hub.table(first["game"]).meta.created))
        # Seats taken: fewer free ones; every seat taken: the game starts and leaves the list.
        asyncio.run(one_request(server.url, {"type": "join", "code": first["code"], "name": "Ann"}))
        for name in ("Ann", "Ben", "Cem"):
            asyncio.run(one_request(server.url, {"type": "join", "code": full["code"], "name": name}))
        assert [r["free"] for r in listed(server.url)] == [3, 3, 3]        # as read 2 s ago, at most
        server.call(clock.advance, 2)
        rows = listed(server.url)
        assert [(r["code"], r["free"]) for r in rows] == [(islands["code"], 3), (first["code"], 2)]
        # A day later nobody joined them: they expired and are not listed.
        server.call(clock.advance, 24 * 3600 + 20)
        server.call(server.hub.tick_stored)
        server.call(clock.advance, 2)
        assert listed(server.url) == []


def test_lobby_requests_are_rate_limited_and_answered_with_their_id(tmp_path):
    limits = Limits(rate=20, burst=60)
    with ServerThread(str(tmp_path / "s.sqlite3"), limits=limits) as server:
        asyncio.run(create_game(server.url, {"players": 3}, listed=True))

        async def main() -> list[dict]:
            async with connect(server.url, compression=None) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": 1, "client": "test"}))
                json.loads(await ws.recv())
                for i in range(12):
                    await ws.send(json.dumps({"type": "games", "id": i}))
                return [json.loads(await asyncio.wait_for(ws.recv(), 5)) for _ in range(12)]

        got = asyncio.run(main())
    assert [m["id"] for m in got] == list(range(12))
    kinds = [m["type"] if m["type"] == "games" else m["code"] for m in got]
    assert kinds[:6] == ["games"] * 6 and kinds[-1] == "rate"      # ten messages' worth each: six in a burst
    assert all(len(m["games"]) == 1 for m in got if m["type"] == "games")


def test_lobby_create_listed_from_the_command_line(tmp_path):
    with ServerThread(str(tmp_path / "s.sqlite3")) as server:
        env = {**os.environ, "PYTHONPATH": ROOT}
        done = subprocess.run([sys.executable, "-m", "retrocatan", "create", "--server", server.url, "--players", "3",
                               "--listed", "--json"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
        assert done.returncode == 0, done.stderr
        code = json.loads(done.stdout.strip().splitlines()[-1])["code"]
        assert [r["code"] for r in listed(server.url)] == [code]
