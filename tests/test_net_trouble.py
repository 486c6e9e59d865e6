"""What keeps a window's seat from its server (``NetSeat.trouble()``), told
with real sockets on the loopback address: a port nobody listens on, a name
that does not resolve, a ``retrocatan serve`` process killed, a server that
closes as its hosting window stops, a refused seat."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

from netplay import ServerProcess, ServerThread

from retrocatan.net.client import create_game
from retrocatan.ui.net.link import BY_SERVER, NO_LISTENER, NO_NAME
from retrocatan.ui.net.seat import HOST_CLOSED, NETWORK_GONE, ONLINE, REFUSED_SEAT, SERVER_DOWN, UNREACHABLE, NetSeat
from retrocatan.ui.net.thread_link import ThreadLink

CONFIG = {"players": 3}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Watched(ThreadLink):
    """The desktop's link, keeping every connection's end it reported."""

    def __init__(self) -> None:
        super().__init__()
        self.ends: list = []

    def poll(self):
        got = super().poll()
        self.ends += [text for kind, text in got if kind == "closed"]
        return got


def drive(seat: NetSeat, cond, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        seat.update()
        if cond():
            return
        time.sleep(0.01)
    raise AssertionError(f"waited too long (status {seat.status}, trouble {seat.trouble()})")


def new_seat(url: str, **kw) -> NetSeat:
    seat = NetSeat(Watched(), url, **kw)
    seat.start()
    return seat


def test_net_trouble_unreachable_port_nobody_listens():
    url = f"ws://127.0.0.1:{free_port()}"
    before = time.time()
    seat = new_seat(url, code="ABCDE", name="Anna")
    try:
        assert seat.trouble() is None                   # nothing wrong before the first answer
        drive(seat, lambda: seat.attempt >= 3)
        trouble = seat.trouble()
        assert trouble.kind == UNREACHABLE and trouble.address == url
        assert before <= trouble.since <= time.time()
        assert all(e.cause == NO_LISTENER for e in seat.link.ends)
        first = trouble.since
        drive(seat, lambda: seat.attempt >= 5)
        assert seat.trouble().since == first            # since the first failure, not the last
    finally:
        seat.link.shutdown()


def test_net_trouble_unreachable_name_does_not_resolve():
    seat = new_seat("ws://nowhere.invalid:8765", code="ABCDE", name="Anna")
    try:
        drive(seat, lambda: seat.trouble() is not None)
        assert seat.trouble().kind == UNREACHABLE
        assert seat.link.ends[0].cause == NO_NAME
    finally:
        seat.link.shutdown()


def test_net_trouble_network_gone_for_a_seat_the_server_gave():
    """A seat of My games (the server gave it) whose address no longer resolves: the network."""
    seat = new_seat("ws://nowhere.invalid:8765", game="g1", token="t" * 32, seq=12)
    try:
        drive(seat, lambda: seat.trouble() is not None)
        assert seat.trouble().kind == NETWORK_GONE
    finally:
        seat.link.shutdown()


def test_net_trouble_server_down_when_serve_is_killed_then_none_again(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    server = ServerProcess(db).start()
    try:
        got = asyncio.run(create_game(server.url, CONFIG, clocks={"computer_delay": 0}))
        seat = new_seat(server.url, code=got["code"], name="Anna")
    except BaseException:
        server.kill()
        raise
    try:
        drive(seat, lambda: seat.status == ONLINE)
        assert seat.trouble() is None
        port = server.port
        killed = time.time()
        server.kill()
        drive(seat, lambda: seat.trouble() is not None)
        trouble = seat.trouble()
        assert trouble.kind == SERVER_DOWN and trouble.address == server.url and trouble.since >= killed
        drive(seat, lambda: seat.attempt >= 3)
        assert seat.trouble().kind == SERVER_DOWN       # nobody listens now: still the server, not the address
        server.start(port)
        drive(seat, lambda: seat.status == ONLINE)
        assert seat.trouble() is None
    finally:
        seat.link.shutdown()
        server.kill()


class ClosingServer:
    """A WebSocket server on 127.0.0.1 that closes each connection with ``code`` and ``reason``
    once the client has spoken (as the hub does when its hosting window stops)."""

    def __init__(self, code: int, reason: str) -> None:
        self.code, self.reason = code, reason
        self.port = None
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        from websockets.asyncio.server import serve

        async def handler(ws):
            await ws.recv()
            await ws.close(self.code, self.reason)

        async def main():
            self._stop = asyncio.Event()
            async with serve(handler, "127.0.0.1", 0) as server:
                self.port = server.sockets[0].getsockname()[1]
                self._ready.set()
                await self._stop.wait()

        self.loop.run_until_complete(main())

    def __enter__(self) -> ClosingServer:
        self.thread.start()
        self._ready.wait(10)
        return self

    def stop(self) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
            self.thread.join(10)

    def __exit__(self, *exc) -> None:
        self.stop()


def test_net_trouble_host_closed_by_the_close_code_and_reason_and_it_stays():
    with ClosingServer(1001, "host closed") as server:
        seat = new_seat(f"ws://127.0.0.1:{server.port}", game="g1", token="t" * 32)
        try:
            drive(seat, lambda: seat.trouble() is not None)
            end = seat.link.ends[0]
            assert (end.cause, end.code, end.reason) == (BY_SERVER, 1001, "host closed")
            assert seat.trouble().kind == HOST_CLOSED
            server.stop()                               # then nobody listens: still the host's window
            drive(seat, lambda: any(e.cause == NO_LISTENER for e in seat.link.ends))
            assert seat.trouble().kind == HOST_CLOSED
        finally:
            seat.link.shutdown()


def test_net_trouble_server_down_when_closed_for_another_reason():
    with ClosingServer(1001, "going away") as server:
        seat = new_seat(f"ws://127.0.0.1:{server.port}", code="ABCDE", name="Anna")
        try:
            drive(seat, lambda: seat.trouble() is not None)
            assert seat.link.ends[0].code == 1001
            assert seat.trouble().kind == SERVER_DOWN   # it answered: the address is right
        finally:
            seat.link.shutdown()


def test_net_trouble_refused_seat_with_the_servers_reason(tmp_path):
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        seat = new_seat(server.url, code="NOSUCH", name="Anna")
        try:
            drive(seat, lambda: seat.trouble() is not None)
            assert seat.trouble().kind == REFUSED_SEAT and seat.failure_text()
            assert seat.failure.code
        finally:
            seat.link.shutdown()


def test_net_trouble_host_closed_when_a_hosted_server_stops(tmp_path):
    """The server a window hosts, stopped (the window closes): its friends' seats learn that the
    host's window is gone, and still once nobody listens on its port."""
    from retrocatan.ui.net.host import HostedServer
    server = HostedServer(str(tmp_path / "server.sqlite3"), "127.0.0.1", 0).start()
    try:
        got = asyncio.run(create_game(server.url(), CONFIG, clocks={"computer_delay": 0}))
        seat = new_seat(server.url(), code=got["code"], name="Ben")
    except BaseException:
        server.stop()
        raise
    try:
        drive(seat, lambda: seat.status == ONLINE)
        server.stop()
        drive(seat, lambda: seat.trouble() is not None)
        assert seat.trouble().kind == HOST_CLOSED and seat.link.ends[0].host_closed
        drive(seat, lambda: seat.attempt >= 3)
        assert seat.trouble().kind == HOST_CLOSED
    finally:
        seat.link.shutdown()
        server.stop()
