"""How the server stops: SIGTERM (or Ctrl-C) of a real ``retrocatan serve``
closes every connection with 1012 "restart" after what was committed for it,
takes no request any more, and the command line's clients come back at once
when it is started again; a server hosted by a window closes with 1001 "host
closed"."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import threading
import time

import pytest
from netplay import ServerProcess

from retrocatan.clients.bot import Bot
from retrocatan.net import protocol as P
from retrocatan.net.client import Seat, create_game
from retrocatan.server.hub import HOST_CLOSED, Hub, Limits, serve
from retrocatan.server.store import open_store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _hello(url: str):
    from websockets.asyncio.client import connect
    ws = await connect(url, compression=None)
    await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "test"}))
    assert json.loads(await ws.recv())["type"] == "hello"
    return ws


async def _closed(ws, timeout: float = 10.0) -> tuple[int | None, str]:
    from websockets.exceptions import ConnectionClosed
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), timeout)
    return ws.close_code, ws.close_reason


@pytest.mark.timeout(120)
def test_sigterm_closes_with_restart_and_the_clients_reconnect_at_once(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    port = free_port()
    server = ServerProcess(db).start(port)

    async def main():
        url = f"ws://127.0.0.1:{port}"
        got = await create_game(url, {"players": 3}, start="owner")
        seat = Seat(url, code=got["code"], name="Anna")
        runner = asyncio.create_task(seat.run())
        await asyncio.wait_for(seat.synced.wait(), 10)
        raw = await _hello(url)

        server.proc.send_signal(signal.SIGTERM)
        assert await _closed(raw) == (1012, "restart")
        assert await asyncio.to_thread(server.proc.wait, 20) == 0       # a graceful stop ends well
        for _ in range(100):
            if seat.close_code is not None:
                break
            await asyncio.sleep(0.05)
        assert (seat.close_code, seat.close_reason) == (1012, "restart")
        assert seat.wait(0) == 0.0                 # no wait before the first attempt after a restart

        again = await asyncio.to_thread(ServerProcess(db).start, port)
        back_at = time.monotonic()
        try:
            while seat.reconnects < 1 or not seat.connected.is_set():
                assert time.monotonic() - back_at < 3, "the client did not come back within 3 s of the restart"
                await asyncio.sleep(0.02)
            assert seat.seat == 0 and seat.game_id == got["game"]
            seat.stop()
            await asyncio.wait_for(runner, 10)
        finally:
            again.kill()

    asyncio.run(main())


@pytest.mark.timeout(200)
def test_sigterm_in_the_middle_of_a_game_loses_no_decision(tmp_path):
    """Bots play as fast as they can; the server gets SIGTERM twice and is started again
    each time: every decision a bot was told ``ok`` is in the record, each bot's stream has
    no gap and no repeat, and the game ends with a record that replays."""
    db = str(tmp_path / "games.sqlite3")
    port = free_port()
    url = f"ws://127.0.0.1:{port}"
    server = [ServerProcess(db).start(port)]

    async def main():
        got = await create_game(url, {"players": 3}, clocks={"computer_delay": 0}, start="full")
        bots = [Bot(url, got["code"], "easy", name=f"Bot {i}", colour=i) for i in range(3)]
        acked: list[int] = []
        for b in bots:
            b.seat.on_message = lambda m: acked.append(m["seq"]) if m.get("type") == "ok" and "seq" in m else None
        play = asyncio.gather(*(b.play(150) for b in bots))
        for _ in range(2):
            target = len(acked) + 40
            while len(acked) < target:
                assert not play.done(), "the game ended before the server could be stopped in its middle"
                await asyncio.sleep(0.01)
            server[0].proc.send_signal(signal.SIGTERM)
            assert await asyncio.to_thread(server[0].proc.wait, 20) == 0
            server[0] = await asyncio.to_thread(ServerProcess(db).start, port)
        results = await play
        return results, acked, bots[0].seat.record

    try:
        results, acked, record = asyncio.run(main())
    finally:
        server[0].kill()
    assert all(r["over"] and r["gaps"] == 0 and r["duplicates"] == 0 for r in results), results
    assert sum(r["reconnects"] for r in results) >= 6, results
    assert record is not None
    with open_store(db) as store:
        count = store.entry_count(results[0]["game"])
    # A decision lost after its ``ok`` would leave its number to another decision: told twice.
    assert acked and len(set(acked)) == len(acked) and max(acked) <= count, (len(acked), count)


def test_a_hosted_server_stopping_closes_with_host_closed(tmp_path):
    """The window's hosted server stops with ``farewell=HOST_CLOSED``: its clients are told 1001
    "host closed", and a connection that comes while it stops is refused the same way."""
    store = open_store(str(tmp_path / "games.sqlite3"))
    hub = Hub(store, limits=Limits(rate=1000, burst=1000))
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    box = {}

    def run():
        asyncio.set_event_loop(loop)
        box["stop"] = asyncio.Event()

        def up(port):
            box["port"] = port
            ready.set()

        loop.run_until_complete(serve(hub, "127.0.0.1", 0, ready=up, stop=box["stop"], farewell=HOST_CLOSED))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(20)

    async def main():
        url = f"ws://127.0.0.1:{box['port']}"
        got = await create_game(url, {"players": 3})
        seat = Seat(url, code=got["code"], name="Anna")
        runner = asyncio.create_task(seat.run())
        await asyncio.wait_for(seat.synced.wait(), 10)
        raw = await _hello(url)
        loop.call_soon_threadsafe(box["stop"].set)
        assert await _closed(raw) == HOST_CLOSED
        for _ in range(100):
            if seat.close_code is not None:
                break
            await asyncio.sleep(0.05)
        assert (seat.close_code, seat.close_reason) == HOST_CLOSED
        assert seat.wait(0) > 0                # a closed host is not coming back at once
        seat.stop()
        runner.cancel()

    try:
        asyncio.run(main())
    finally:
        thread.join(20)
        store.close()
    assert not thread.is_alive()
