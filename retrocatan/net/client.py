"""A network client of ``retrocatan serve`` that never gives up a game.

``Seat`` follows one seat (or a spectator's place) of one game: it says
hello, joins or resumes, keeps the number of the last entry it received
(``seq``) and the game as the seat knows it (``game``, a ``Game`` loaded
from the seat's state, so ``game.seat_view(seat)`` is what a window draws
and a computer decides on). When the connection drops it connects again by
itself, with growing waits, and resumes after ``seq``: the server sends
exactly the entries it missed, then the present.

``on_entry(msg)`` is called for every entry in order, ``on_sync()`` when a
new present arrived. What it says and keeps is ``seat_stream.SeatStream``,
shared with the window's seat (``ui/net/``); this adds the asyncio
connection. The protocol is docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

from . import protocol as P
from .seat_stream import BACKOFF, Refused, SeatStream

__all__ = ["BACKOFF", "Refused", "Seat", "create_game", "one_request"]


class Seat(SeatStream):
    """One seat of one game, kept connected. See the module docstring."""

    def __init__(self, url: str, game: str | None = None, token: str | None = None, seq: int = 0,
                 code: str | None = None, name: str | None = None, colour: int | None = None,
                 watch: bool = False, client: str = "retrocatan", notify: dict | None = None) -> None:
        super().__init__(game, token, seq, code, name, colour, watch, client, notify)
        self.url = url
        self.ws = None
        self.connected = asyncio.Event()
        self.synced = asyncio.Event()
        self.on_entry = None
        self.on_sync = None
        self.on_message = None
        self.reconnects = 0
        self.last_connect = 0.0
        self._replies: dict[int, asyncio.Future] = {}
        self._next_id = 1
        self._stop = False

    # --- running ----------------------------------------------------------------------------------------
    async def run(self, reach_first: bool = False) -> None:
        """Stay connected until ``stop``; reconnect with growing waits. ``Refused`` when the
        server refuses the seat itself (a bad code or token, a colour taken); with
        ``reach_first``, ``ConnectionError`` when the first attempt finds no server."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
        attempt = 0
        while not self._stop:
            if reach_first and attempt == 1 and not self.last_connect:
                raise ConnectionError(f"no server answers at {self.url}")
            try:
                async with connect(self.url, max_size=16 * 1024 * 1024, compression=None, open_timeout=5,
                                   ping_interval=20, ping_timeout=20, close_timeout=2) as ws:
                    self.ws = ws
                    await self._open(ws)
                    attempt = 0
                    async for raw in ws:
                        self._receive(raw)
            except InvalidURI:
                raise
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                pass
            finally:
                if self.ws is not None:
                    self.closed(self.ws.close_code, self.ws.close_reason)
                self.ws = None
                self.connected.clear()
                for fut in self._replies.values():
                    if not fut.done():
                        fut.cancel()        # request() turns it into ConnectionError
                self._replies.clear()
            if self._stop:
                break
            wait = self.wait(attempt)
            attempt += 1
            await asyncio.sleep(wait)

        if self.failure is not None:
            raise self.failure

    def stop(self) -> None:
        self._stop = True
        if self.ws is not None:
            asyncio.ensure_future(self.ws.close())

    async def _open(self, ws) -> None:
        for msg in self.opening():
            await ws.send(P.dumps(msg))
        if self.last_connect:
            self.reconnects += 1
        self.last_connect = time.monotonic()

    def _receive(self, raw) -> None:
        msg = json.loads(raw)
        kind = msg.get("type")
        what = self.receive(msg)
        if what == "welcome":
            self.connected.set()
        elif what == "entry":
            if self.on_entry is not None:
                self.on_entry(msg)
            if "state" in msg or "table" in msg:
                self._synced()
        elif what == "sync":
            self._synced()
        elif what == "elsewhere":
            self.url = self.elsewhere       # another server of the same store serves this game: go there
            if self.ws is not None:
                asyncio.ensure_future(self.ws.close())
        elif what == "refused":
            self.stop()                     # no seat to follow: trying again would not help
        if what == "duplicate":
            return
        rid = msg.get("id")
        if rid is not None and rid in self._replies and kind in ("ok", "error", "created", "record", "pong", "stage"):
            fut = self._replies.pop(rid)
            if not fut.done():
                fut.set_result(msg)
        if self.on_message is not None:
            self.on_message(msg)

    def _synced(self) -> None:
        self.synced.set()
        if self.on_sync is not None:
            self.on_sync()

    # --- requests -------------------------------------------------------------------------------------------
    async def request(self, msg: dict, timeout: float = 10.0) -> dict:
        """Send ``msg`` and wait for its answer (``Refused`` for an error)."""
        if self.ws is None:
            raise ConnectionError("not connected")
        rid = self._next_id
        self._next_id += 1
        fut = asyncio.get_running_loop().create_future()
        self._replies[rid] = fut
        try:
            await self.ws.send(P.dumps({**msg, "id": rid}))
        except Exception as exc:           # closed meanwhile: the caller tries again after resuming
            self._replies.pop(rid, None)
            raise ConnectionError("connection lost") from exc
        try:
            # (not ``asyncio.wait_for``: before Python 3.12 it returns an answer that arrives as its
            # task is cancelled and drops the cancellation, and a bot's play(), which cancels its
            # loop and waits for it, would never end)
            async with asyncio.timeout(timeout):
                reply = await fut
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if fut.cancelled() and not self._stop and not (task is not None and task.cancelling()):
                raise ConnectionError("connection lost") from None     # the connection was lost
            raise                                                       # this task was cancelled
        finally:
            self._replies.pop(rid, None)
        if reply.get("type") == "error":
            raise Refused(reply)
        return reply

    async def act(self, action: str, timeout: float = 10.0) -> dict:
        return await self.request({"type": "act", "action": action, "step": self.step}, timeout)

    async def chat(self, text: str) -> None:
        if self.ws is not None:
            await self.ws.send(P.dumps({"type": "chat", "text": text}))


async def create_game(url: str, config: dict, pace: str = "live", clocks: dict | None = None,
                      seats: list | None = None, start: str = "full", listed: bool = False) -> dict:
    """Create a game on the server: {"game", "code", "owner"}; ``listed``: shown in the server's
    list of open games."""
    async with _request_connection(url) as ws:
        await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "retrocatan"}))
        msg = {"type": "create", "config": config, "pace": pace, "start": start}
        if clocks:
            msg["clocks"] = clocks
        if seats:
            msg["seats"] = seats
        if listed:
            msg["listed"] = True
        await ws.send(P.dumps(msg))
        async for raw in ws:
            reply = json.loads(raw)
            if reply.get("type") == "created":
                return reply
            if reply.get("type") == "error":
                raise Refused(reply)
    raise ConnectionError("the server closed the connection")


async def one_request(url: str, msg: dict) -> dict:
    """One request on its own connection (an owner's, or a record or a stage asked for); its answer."""
    async with _request_connection(url) as ws:
        await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "retrocatan"}))
        await ws.send(P.dumps({**msg, "id": 1}))
        async for raw in ws:
            reply = json.loads(raw)
            if reply.get("id") == 1:
                if reply.get("type") == "error":
                    raise Refused(reply)
                return reply
    raise ConnectionError("the server closed the connection")


@contextlib.asynccontextmanager
async def _request_connection(url: str):
    """A connection of its own for one request. Whatever goes wrong on the way, short of the
    server's refusal, is a ``ConnectionError`` saying what: another kind of server at the address
    (a web server: no WebSocket handshake), a connection dropped, an answer that is not JSON."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    try:
        async with connect(url, compression=None, open_timeout=10) as ws:
            yield ws
    except InvalidHandshake as exc:
        raise ConnectionError(f"no game server answers there ({exc})") from None
    except ConnectionClosed:
        raise ConnectionError("the server closed the connection") from None
    except ValueError:
        raise ConnectionError("the server's answer is not the game's protocol") from None
