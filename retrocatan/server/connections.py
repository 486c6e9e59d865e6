"""The life of the server's connections: taking one (the limits, the
client's address behind a trusted proxy), reading its messages and handing
each to the hub, writing its queue, and closing every one with a code that
says why when the server stops (``stop``). ``Hub`` is a ``Connections``.

Each connection has a bounded queue and one writer task, so a slow reader
is dropped (it reconnects and resumes) instead of filling memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from ..net import messages as M
from ..net import protocol as P
from .proxy import HEADER

log = logging.getLogger("retrocatan.server")
# Refusals that are no sign of a bad client: the game moved on, it is another's decision, the
# server itself failed. ``rate`` refusals count only once they go on for ``RATE_GRACE_S`` with no
# pause as long (the client had time to read the first one and slow down).
HONEST = frozenset({"stale", "not_your_turn", "server", "busy", "diverged", "elsewhere"})
RATE_GRACE_S = 1.0


class Conn:
    """One client connection."""

    __slots__ = ("ws", "address", "queue", "table", "seat", "tokens", "allowance", "last", "strikes", "writer",
                 "hello", "dropped", "limit", "live", "farewell", "struck", "rate_since", "rate_last")

    def __init__(self, ws, address: str, limits) -> None:
        self.ws = ws
        self.address = address
        self.queue: asyncio.Queue = asyncio.Queue()
        self.limit = limits.queue
        self.live = 0                          # live messages queued and not yet written
        self.table = None                      # the table it follows (table.Table)
        self.seat: int | None = None          # -1: a spectator
        self.allowance = limits.burst
        self.last = time.monotonic()
        self.strikes = 0.0
        self.struck = self.last                # when strikes were last counted (they decay)
        self.rate_since = self.rate_last = -RATE_GRACE_S    # the present run of rate refusals
        self.writer = None
        self.hello = False
        self.dropped = False
        self.farewell: tuple[int, str] | None = None     # the close code and reason, once the queue is sent

    def strike(self, code: str, limits, now: float) -> None:
        """A refused message: it counts unless the refusal is honest (``HONEST``, a first
        second of ``rate``). Strikes decay: one is forgiven every ``strike_decay_s``."""
        if code in HONEST:
            return
        if code == "rate":
            if now - self.rate_last >= RATE_GRACE_S:
                self.rate_since = now           # a run of rate refusals starts
            self.rate_last = now
            if now - self.rate_since < RATE_GRACE_S:
                return
        self.strikes = max(0.0, self.strikes - (now - self.struck) / limits.strike_decay_s) + 1
        self.struck = now

    def send(self, msg: dict | str | None, bulk: bool = False) -> bool:
        """Queue a message (None: close once the queue is sent). A reader that lets more than
        ``Limits.queue`` live messages wait is dropped: it reconnects and resumes from its last
        seq. ``bulk``: what a resuming reader missed and its present (bounded by the game's
        length), which does not count against that limit."""
        if self.dropped:
            return False
        if not bulk and msg is not None:
            if self.live >= self.limit:
                self.dropped = True
                with contextlib.suppress(RuntimeError):
                    asyncio.get_running_loop().create_task(self.ws.close(1013, "too slow"))
                return False
            self.live += 1
        self.queue.put_nowait((msg if msg is None or isinstance(msg, str) else P.dumps(msg), bulk))
        return True


class Connections:
    """The connections' part of the hub (it has ``limits``, ``conns``, ``per_address``, ``proxies``,
    ``metrics``, ``stopping``, ``errors``, ``handle`` and ``_unbind``)."""

    def _allowed(self, c: Conn) -> bool:
        now = time.monotonic()
        lim = self.limits
        c.allowance = min(lim.burst, c.allowance + (now - c.last) * lim.rate)
        c.last = now
        if c.allowance < 1:
            return False
        c.allowance -= 1
        return True

    async def serve_connection(self, ws) -> None:
        """One connection's life (the ``websockets`` handler)."""
        peer = ws.remote_address[0] if ws.remote_address else "?"
        addr = self.proxies.client(peer, ws.request.headers.get_all(HEADER)) if self.proxies else peer
        lim = self.limits
        if self.stopping:
            await ws.close(*self.stopping)
            return
        if len(self.conns) >= lim.max_connections or self.per_address.get(addr, 0) >= lim.per_address:
            reason = "connections" if len(self.conns) >= lim.max_connections else "per_address"
            self.metrics.turned_away[reason] += 1
            log.info("connection turned away", extra={"reason": reason})
            await ws.close(1013, "too many connections")
            return
        self.metrics.opened += 1
        c = Conn(ws, addr, lim)
        self.conns.add(c)
        self.per_address[addr] = self.per_address.get(addr, 0) + 1
        c.writer = asyncio.create_task(self._write(c))
        try:
            while True:
                try:
                    raw = await asyncio.wait_for(ws.recv(), lim.first_message_s) if not c.hello else await ws.recv()
                except TimeoutError:
                    break
                if self.stopping:
                    break                       # no request is taken once the server stops
                try:
                    msg = P.read(raw)
                except P.ProtocolError as exc:
                    c.strike(exc.code, lim, time.monotonic())
                    self.metrics.refused(exc.code)
                    c.send(M.error(exc.code, str(exc), re=exc.re, id=exc.id))
                else:
                    if self._allowed(c):
                        self.handle(c, msg)
                    else:
                        c.strike("rate", lim, c.last)
                        self.metrics.refused("rate")
                        c.send(M.error("rate", f"at most {lim.rate:g} messages a second; wait a moment",
                                       re=msg["type"], id=msg.get("id")))
                if c.strikes > lim.strikes:
                    self.metrics.refused("strikes")
                    c.send(M.error("strikes", "too many refused messages; closing"))
                    break
        except Exception as exc:              # the connection closed (or broke): the game goes on
            if not _closed(exc):
                log.exception("a connection failed")
                self.errors += 1
        finally:
            self._unbind(c)
            self.conns.discard(c)
            self.per_address[addr] -= 1
            if not self.per_address[addr]:
                del self.per_address[addr]
            c.send(None)
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(c.writer, 5)

    async def _write(self, c: Conn) -> None:
        ws = c.ws
        try:
            while True:
                text, bulk = await c.queue.get()
                if text is None:
                    break
                if not bulk:
                    c.live -= 1
                await ws.send(text)
        except Exception:
            pass
        finally:
            with contextlib.suppress(Exception):
                await ws.close(*(c.farewell or (1000, "")))

    async def stop(self, code: int, reason: str, wait: float = 5.0) -> None:
        """Stop taking messages and close every connection with ``code`` and ``reason`` once
        what it has queued is sent. Every change is committed before its messages are queued
        (``table.py``), so nothing is lost; a reader that does not take its queue within
        ``wait`` seconds is closed at once."""
        self.stopping = (code, reason)
        log.info("server stopping", extra={"code": code, "reason": reason, "count": len(self.conns)})
        for c in list(self.conns):
            c.farewell = (code, reason)
            c.queue.put_nowait((None, True))
        writers = [c.writer for c in self.conns if c.writer is not None and not c.writer.done()]
        if writers:
            _done, late = await asyncio.wait(writers, timeout=wait)
            for w in late:
                w.cancel()
            if late:
                await asyncio.wait(late, timeout=wait)


def _closed(exc: BaseException) -> bool:
    from websockets.exceptions import ConnectionClosed
    return isinstance(exc, (ConnectionClosed, asyncio.CancelledError, ConnectionError))
