"""A real server (``ServerThread``, tests/netplay.py) against hostile clients:
bad JSON, oversize messages, other seats' tokens, actions out of turn, floods,
too many connections from one address, clients that say nothing; and a quick
run of ``benchmarks/server_fuzz.py`` (a ``retrocatan serve`` process under
every kind of hostile traffic, its store checked afterwards)."""

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
from websockets.exceptions import ConnectionClosed  # noqa: E402

from retrocatan.net.client import create_game  # noqa: E402
from retrocatan.server.hub import Limits  # noqa: E402


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 30))


async def opened(url: str, hello: bool = True, **kw):
    ws = await connect(url, compression=None, open_timeout=5, close_timeout=1, ping_interval=None, proxy=None,
                       max_size=None, **kw)
    if hello:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "client": "test"}))
        assert (await answer(ws))["type"] == "hello"
    return ws


async def answer(ws, kinds=("error", "ok", "pong", "created", "joined", "welcome", "record", "hello"),
                 timeout: float = 5.0) -> dict:
    """The next answer on ``ws`` (stream messages skipped)."""
    end = time.monotonic() + timeout
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        if msg.get("type") in kinds:
            return msg


async def ping_works(ws, rid: int = 1) -> bool:
    await ws.send(json.dumps({"type": "ping", "id": rid}))
    msg = await answer(ws)
    return msg == {"type": "pong", "id": rid}


async def closed_with(ws, timeout: float = 5.0) -> int | None:
    """The close code once the server has closed ``ws`` (reading and dropping what comes first)."""
    try:
        async with asyncio.timeout(timeout):
            while True:
                await ws.recv()
    except ConnectionClosed:
        return ws.close_code
    except TimeoutError:
        return None


async def game_of_people(url: str, players: int = 3):
    """A started game whose every seat a connection of ours holds: (game, [(ws, seat, token)])."""
    got = await create_game(url, {"players": players}, start="full")
    seats = []
    for i in range(players):
        ws = await opened(url)
        await ws.send(json.dumps({"type": "join", "code": got["code"], "name": f"P{i}", "seat": i}))
        joined = await answer(ws)
        assert joined["type"] == "joined", joined
        await answer(ws, ("sync",))                  # the seat's stream so far (welcome, entries, sync)
        seats.append((ws, joined["seat"], joined["token"]))
    return got, seats


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with ServerThread(str(tmp_path_factory.mktemp("hostile") / "s.sqlite3")) as s:
        yield s


def test_bad_json_is_answered_and_the_connection_still_works(server):
    async def main():
        ws = await opened(server.url)
        for text in ('{"type": "ping"', "[1, 2]", "NaN", '{"type":"ping","id":' + "9" * 5000 + "}", "[" * 20000):
            await ws.send(text)
            msg = await answer(ws)
            assert msg["type"] == "error" and msg["code"] == "bad_json" and msg["message"], msg
        await ws.send(b'{"type": "ping"}')
        assert (await answer(ws))["code"] == "bad_message"
        assert await ping_works(ws, 7)
        await ws.close()
    run(main())


def test_an_oversize_message_closes_with_1009_and_others_are_still_served(server):
    async def main():
        bystander = await opened(server.url)
        big = await opened(server.url)
        with pytest.raises(ConnectionClosed):
            await big.send(json.dumps({"type": "chat", "text": "x" * (10 * 1024 * 1024)}))
            await big.recv()
        assert await closed_with(big) == 1009
        assert await ping_works(bystander)
        fresh = await opened(server.url)
        assert await ping_works(fresh, 2)
        await bystander.close()
        await fresh.close()
    run(main())


def test_another_seats_token_is_refused_with_bad_token(server):
    async def main():
        a = await create_game(server.url, {"players": 3}, start="owner")
        b = await create_game(server.url, {"players": 3}, start="owner")
        mine = await opened(server.url)
        await mine.send(json.dumps({"type": "join", "code": b["code"], "name": "B0"}))
        token_b = (await answer(mine))["token"]
        thief = await opened(server.url)
        for game, token in ((a["game"], token_b), (a["game"], a["owner"]), (a["game"], "x" * 32),
                            (b["game"], b["owner"]), (b["game"], token_b[:-1])):
            await thief.send(json.dumps({"type": "resume", "game": game, "token": token, "after": 0, "id": 3}))
            msg = await answer(thief)
            assert msg["type"] == "error" and msg["code"] == "bad_token" and msg["id"] == 3, msg
        await thief.send(json.dumps({"type": "start", "game": a["game"], "owner": b["owner"]}))
        assert (await answer(thief))["code"] == "bad_token"
        await thief.send(json.dumps({"type": "act", "action": "roll"}))
        assert (await answer(thief))["code"] == "no_seat"       # no refused resume left it a seat
        for ws in (mine, thief):
            await ws.close()
    run(main())


def test_an_action_out_of_turn_is_refused_and_the_game_is_unchanged(server):
    async def main():
        got, seats = await game_of_people(server.url)
        table = server.hub.tables[got["game"]]
        step = server.call(lambda: len(table.game.history))
        decider = server.call(lambda: table.game.decider)
        legal = server.call(lambda: [str(a) for a in table.game.legal_actions()])
        count = table.count
        for ws, seat, _ in seats:
            if seat == decider:
                continue
            for action in legal[:3] + ["roll", "end"]:
                await ws.send(json.dumps({"type": "act", "action": action, "id": 5}))
                msg = await answer(ws)
                assert msg["type"] == "error" and msg["code"] == "not_your_turn" and msg["id"] == 5, msg
            await ws.send(json.dumps({"type": "act", "action": legal[0], "step": step + 1}))
            assert (await answer(ws))["code"] == "stale"
        assert server.call(lambda: len(table.game.history)) == step
        assert server.call(lambda: table.game.decider) == decider
        assert table.count == count
        for ws, _, _ in seats:
            await ws.close()
    run(main())


def test_a_flood_gets_rate_errors_then_closed_and_others_are_unaffected(tmp_path):
    limits = Limits(rate=20, burst=60, strikes=50)
    with ServerThread(str(tmp_path / "s.sqlite3"), limits=limits) as s:
        async def good(ws):
            for i in range(20):
                assert await ping_works(ws, i + 1)
                await asyncio.sleep(0.05)

        async def flood(ws):
            # The burst, a second of rate refusals that do not count yet (the client could not have
            # read them), then strikes: a flood that goes on is closed. It reads what it is sent.
            got = []

            async def read():
                try:
                    async for raw in ws:
                        got.append(json.loads(raw))
                except ConnectionClosed:
                    pass

            reader = asyncio.create_task(read())
            end = time.monotonic() + 8
            i = 0
            while time.monotonic() < end and not reader.done():
                try:
                    await ws.send(json.dumps({"type": "ping", "id": i}))
                except ConnectionClosed:
                    break
                i += 1
                if i % 10 == 0:
                    await asyncio.sleep(0.005)
            await asyncio.wait_for(reader, 8)
            return got

        async def main():
            polite, rude = await opened(s.url), await opened(s.url)
            _, got = await asyncio.gather(good(polite), flood(rude))
            codes = [m.get("code") for m in got if m["type"] == "error"]
            assert sum(m["type"] == "pong" for m in got) >= 50
            assert codes.count("rate") > limits.strikes and codes[-1] == "strikes", codes[-3:]
            assert rude.close_code is not None
            assert await ping_works(polite, 99)
            await polite.close()
        run(main())


def test_the_per_address_limit_refuses_one_more_and_keeps_the_others(tmp_path):
    with ServerThread(str(tmp_path / "s.sqlite3"), limits=Limits(per_address=3)) as s:
        async def main():
            first = [await opened(s.url) for _ in range(3)]
            extra = await opened(s.url, hello=False)
            assert await closed_with(extra) == 1013
            for i, ws in enumerate(first):
                assert await ping_works(ws, i + 1)
            await first[0].close()
            await asyncio.sleep(0.2)
            again = await opened(s.url)              # a place is free again
            assert await ping_works(again, 9)
            for ws in first[1:] + [again]:
                await ws.close()
        run(main())


def test_a_client_that_says_nothing_is_closed_after_first_message_s(tmp_path):
    with ServerThread(str(tmp_path / "s.sqlite3"), limits=Limits(first_message_s=0.5)) as s:
        async def main():
            mute = await opened(s.url, hello=False)
            talker = await opened(s.url)
            t0 = time.monotonic()
            assert await closed_with(mute, 5) is not None
            assert 0.4 < time.monotonic() - t0 < 3
            await asyncio.sleep(0.5)
            assert await ping_works(talker)              # a connection that said hello is not timed out
            await talker.close()
        run(main())


def test_a_catch_up_longer_than_the_queue_arrives_whole_with_its_sync(tmp_path):
    limits = Limits(rate=10_000, burst=10_000, queue=20)
    with ServerThread(str(tmp_path / "s.sqlite3"), limits=limits) as s:
        async def main():
            got = await create_game(s.url, {"players": 3}, start="owner")
            talker = await opened(s.url)
            await talker.send(json.dumps({"type": "join", "code": got["code"], "name": "Talker"}))
            await answer(talker, ("sync",))
            for i in range(3 * limits.queue):
                await talker.send(json.dumps({"type": "chat", "text": f"line {i}"}))
                await answer(talker, ("entry",))
            for after in (0, 5, -1):
                ws = await opened(s.url)
                await ws.send(json.dumps({"type": "watch", "code": got["code"], "after": after}))
                seqs, msg = [], {}
                try:
                    while msg.get("type") != "sync":
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
                        if msg["type"] == "entry":
                            seqs.append(msg["seq"])
                except ConnectionClosed:
                    pass
                assert seqs == list(range(max(0, after) + 1, 3 * limits.queue + 2))
                assert msg.get("type") == "sync" and ws.close_code is None, (msg.get("type"), ws.close_code)
                await ws.close()
            await talker.close()
        run(main())


@pytest.mark.timeout(180)
def test_the_fuzz_benchmark_has_no_crash_and_no_illegal_change():
    # A small run (the benchmark's --quick is 5,000 messages; the full one 100,000: docs/results.md), with
    # the server's limits on silent connections short (serve --handshake-timeout, --first-message-timeout,
    # --ping-interval), each kind of silent connection closed within its limit.
    out = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "server_fuzz.py"), "--messages", "2000",
                          "--connections", "200", "--short-limits", "--json"],
                         capture_output=True, text=True, timeout=170, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["crashes"] == 0 and result["illegal_changes"] == 0, result
    assert result["idle_not_closed"] == 0 and sum(k["opened"] for k in result["idle"].values()) > 0, result
    assert all(k["closed_by_server"] == k["opened"] > 0 for k in result["idle"].values()), result["idle"]
    assert not result["memory_over_limit"] and result["server_rss_mb"] <= result["memory_limit_mb"], result
    assert result["messages"] >= 2000 and result["server_rss_mb"] > 0
    assert result["store"]["moves_checked"] > 0
