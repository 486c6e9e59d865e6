"""The WebSocket server: connections, the games in memory, the clocks'
timer, and the limits that keep one machine's server standing
(docs/server.md, "Limits"; docs/protocol.md for the messages).

One asyncio event loop runs everything: a table's changes are synchronous
(``table.py``) and committed to the store before ``_flush`` queues their
messages; each connection has a bounded queue and one writer task, so a
slow reader is dropped (it reconnects and resumes) instead of filling
memory. Built on the ``websockets`` library: it frames, pings every 20 s
and closes a connection that does not answer, and refuses messages over
``MAX_MESSAGE``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import logging
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass

from .. import __version__
from ..net import protocol as P
from .clocks import Pace, SystemClock
from .store import StoreError
from .table import Diverged, Table, TableError, config_of

log = logging.getLogger("retrocatan.server")
CATCH_UP_PER_MESSAGE = 100      # entries of a catch-up that cost as much as one message

# How the hub closes every connection when it stops (the WebSocket close code and reason):
RESTART = (1012, "restart")             # ``retrocatan serve`` got SIGTERM or Ctrl-C: clients come back at once
HOST_CLOSED = (1001, "host closed")     # the window that hosted the server closed


@dataclass
class Limits:
    """The server's limits (docs/server.md); every one has a command-line option."""

    max_connections: int = 20_000        # open connections in all
    per_address: int = 64                # open connections from one address
    max_games: int = 100_000             # games stored and not over
    creates_per_minute: int = 30         # new games from one address
    rate: float = 20.0                   # messages a second a connection may send, on average
    burst: float = 60.0                  # ... and at once
    strikes: int = 50                    # refused messages before the connection is closed
    queue: int = 512                     # messages waiting for a slow reader before it is dropped
    loaded: int = 5_000                  # games held in memory (more are loaded when a seat comes)
    first_message_s: float = 30.0        # a connection that says nothing for this long is closed


class Conn:
    """One client connection."""

    __slots__ = ("ws", "address", "queue", "table", "seat", "tokens", "allowance", "last", "strikes", "writer",
                 "hello", "dropped", "limit", "live", "farewell")

    def __init__(self, ws, address: str, limits: Limits) -> None:
        self.ws = ws
        self.address = address
        self.queue: asyncio.Queue = asyncio.Queue()
        self.limit = limits.queue
        self.live = 0                          # live messages queued and not yet written
        self.table: Table | None = None
        self.seat: int | None = None          # -1: a spectator
        self.allowance = limits.burst
        self.last = time.monotonic()
        self.strikes = 0
        self.writer = None
        self.hello = False
        self.dropped = False
        self.farewell: tuple[int, str] | None = None     # the close code and reason, once the queue is sent

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


def shard_of(game_id: str, shards: int) -> int:
    """The shard that serves a game: its id's hash, modulo the number of shards."""
    return int(hashlib.sha256(game_id.encode("ascii", "replace")).hexdigest()[:8], 16) % shards


class Hub:
    """The server's state: games in memory, connections, limits. With ``shard`` (k, n) it is
    one of n servers sharing one store: it serves the games whose id is of shard k
    (``shard_of``) and sends a client asking for another's game there (``shard_urls``)."""

    def __init__(self, store, clock=None, limits: Limits | None = None, shard: tuple[int, int] | None = None,
                 shard_urls: list[str] | None = None) -> None:
        self.shard = shard
        self.shard_urls = shard_urls or []
        self.store = store
        self.clock = clock or SystemClock()
        self.limits = limits or Limits()
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.conns: set[Conn] = set()
        self.by_table: dict[str, set[Conn]] = {}
        self.per_address: dict[str, int] = {}
        self.creates: dict[str, list[float]] = {}
        self.errors = 0
        self.stopping: tuple[int, str] | None = None     # set by ``stop``: no message is taken any more

    # --- the games in memory ---------------------------------------------------------------------
    def ours(self, game_id: str) -> bool:
        return self.shard is None or shard_of(game_id, self.shard[1]) == self.shard[0]

    def table(self, game_id: str) -> Table | None:
        t = self.tables.get(game_id)
        if t is not None:
            self.tables.move_to_end(game_id)
            return t
        if not self.ours(game_id):
            k = shard_of(game_id, self.shard[1])
            where = {"shard": k, **({"url": self.shard_urls[k]} if k < len(self.shard_urls) else {})}
            raise TableError("elsewhere", "another server serves this game", **where)
        try:
            t = Table.load(self.store, self.clock, game_id)
        except Diverged as exc:
            log.error("%s", exc)
            self.errors += 1
            raise TableError("diverged", "this game does not replay as stored; its server's keeper is told") from None
        except StoreError as exc:
            log.error("game %s: %s", game_id, exc)
            self.errors += 1
            raise TableError("server", "the server cannot read its games now; try again") from None
        if t is None:
            return None
        self.tables[game_id] = t
        self._evict()
        self._change(t, t.start_if_full)       # its last seat was taken just before the server stopped
        return t

    def _evict(self) -> None:
        over = len(self.tables) - self.limits.loaded
        if over <= 0:
            return
        soon = self.clock.now() + 60
        for gid in list(self.tables):
            if over <= 0:
                break
            t = self.tables[gid]
            due = t.due()
            if not self.by_table.get(gid) and (due is None or due > soon):
                del self.tables[gid]
                over -= 1

    def _drop(self, table: Table) -> None:
        """Forget a table whose change could not be committed: the store has the truth."""
        self.tables.pop(table.id, None)
        for c in list(self.by_table.pop(table.id, ())):
            c.table = None
            c.send(P.error("server", "the server could not store that; connect again"))
            c.send(None)

    def _flush(self, table: Table) -> None:
        """Send each committed entry to everyone at the table, as each may see it."""
        ns, table.outbox = table.outbox, []
        conns = self.by_table.get(table.id)
        if not conns or not ns:
            return
        by_n = {n: (entry, events) for n, entry, events in table.ring if n in ns}
        last = ns[-1]
        for n in ns:
            entry, events = by_n[n]
            texts: dict[int, str] = {}
            for c in list(conns):
                seat = c.seat
                text = texts.get(seat)
                if text is None:
                    text = texts[seat] = P.dumps(self._entry_message(table, n, entry, events, seat, n == last))
                c.send(text)

    @staticmethod
    def _entry_message(table: Table, n, entry, events, seat: int, with_state: bool) -> dict:
        if entry["k"] == "chat" and seat < 0:        # the log shows chat to the game's players only
            entry = {"k": "chat"}
        return table.message(n, entry, events, seat, with_state)

    def _table_change(self, table: Table) -> None:
        """Who is connected changed (not an entry): everyone gets the table anew."""
        msg = P.dumps({"type": "table", "table": table.public()})
        for c in self.by_table.get(table.id, ()):
            c.send(msg)

    # --- the clocks ---------------------------------------------------------------------------------
    def tick(self) -> int:
        """Make every automatic decision that is due (computers, clocks run out), and
        send warnings; returns the decisions made."""
        made = 0
        now = self.clock.now()
        for t in list(self.tables.values()):
            due = t.due()
            if due is not None and due <= now:
                made += self._run(t)
            self._warn(t, now)
        return made

    def tick_stored(self) -> int:
        """Games not in memory whose deadline passed (by-post games nobody is connected to)."""
        made = 0
        for gid in self.store.due(self.clock.now(), 1000):
            if not self.ours(gid):
                continue
            try:
                t = self.table(gid)
            except TableError:
                continue                    # logged; the game waits for its keeper
            if t is not None:
                made += self._run(t)
        return made

    def _run(self, t: Table) -> int:
        try:
            made = t.run_due()
        except Exception:
            log.exception("game %s: an automatic decision failed", t.id)
            self.errors += 1
            self._drop(t)
            return 0
        self._flush(t)
        return made

    def _warn(self, t: Table, now: float) -> None:
        d = t.meta.get("deadline")
        if not d or d.get("kind") == "computer" or d.get("warned") or now < d.get("warn", d["at"]):
            return
        d["warned"] = True
        msg = P.dumps({"type": "clock", "seat": d["seat"], "at": d["at"], "left": max(0.0, d["at"] - now)})
        for c in self.by_table.get(t.id, ()):
            if c.seat == d["seat"]:
                c.send(msg)

    # --- one message ---------------------------------------------------------------------------------
    def handle(self, c: Conn, msg: dict) -> None:
        """Answer one checked message (``protocol.read``)."""
        kind = msg["type"]
        rid = msg.get("id")
        try:
            if kind != "hello" and not c.hello:
                raise TableError("hello_first", "say hello first (docs/protocol.md)")
            getattr(self, "_on_" + kind)(c, msg)
        except TableError as exc:
            c.strikes += 1
            c.send(P.error(exc.code, str(exc), re=kind, **({"id": rid} if rid is not None else {}), **exc.params))

    def _on_hello(self, c: Conn, msg: dict) -> None:
        if msg.get("protocol") != P.PROTOCOL:
            c.send(P.error("protocol", f"this server speaks protocol {P.PROTOCOL}", protocol=P.PROTOCOL, re="hello"))
            c.send(None)
            return
        c.hello = True
        c.send({"type": "hello", "protocol": P.PROTOCOL, "server": f"retrocatan {__version__}",
                "limits": {"message_bytes": P.MAX_MESSAGE, "rate": self.limits.rate, "burst": self.limits.burst,
                           "chat": 200}})

    def _on_ping(self, c: Conn, msg: dict) -> None:
        c.send({"type": "pong", **({"id": msg["id"]} if "id" in msg else {})})

    def _on_create(self, c: Conn, msg: dict) -> None:
        now = self.clock.now()
        recent = [t for t in self.creates.get(c.address, []) if t > now - 60]
        if len(recent) >= self.limits.creates_per_minute:
            raise TableError("rate", "too many new games from this address; wait a minute")
        if self.store.count("open") + self.store.count("playing") >= self.limits.max_games:
            raise TableError("full", "this server holds as many games as it may")
        config = config_of(msg["config"])
        try:
            pace = Pace.of(msg.get("pace", "live"), **msg.get("clocks", {}))
        except (ValueError, TypeError) as exc:
            raise TableError("bad_pace", str(exc)) from None
        seats = msg.get("seats") or [{"kind": "open"}] * config.players
        game_id = secrets.token_hex(8)
        while not self.ours(game_id):          # a new game is this shard's
            game_id = secrets.token_hex(8)
        table, owner = Table.create(self.store, self.clock, config, pace, seats, msg.get("start", "owner"), game_id)
        recent.append(now)
        self.creates[c.address] = recent
        self.tables[table.id] = table
        self._evict()
        c.send({"type": "created", "game": table.id, "code": table.code, "owner": owner,
                **({"id": msg["id"]} if "id" in msg else {})})

    def _by_code(self, code: str) -> Table:
        gid = self.store.by_code(code.strip().upper()[:20])
        t = self.table(gid) if gid else None
        if t is None:
            raise TableError("not_found", "no game has that code")
        return t

    def _on_join(self, c: Conn, msg: dict) -> None:
        t = self._by_code(msg["code"])
        seat, token = t.join(msg["name"], msg.get("seat"), msg.get("token"))
        self._flush(t)                     # the others hear of it; this connection's stream starts after
        c.send({"type": "joined", "game": t.id, "seat": seat, "token": token,
                **({"id": msg["id"]} if "id" in msg else {})})
        self._bind(c, t, seat, 0)
        self._run(t)

    def _on_resume(self, c: Conn, msg: dict) -> None:
        t = self.table(msg["game"])
        seat = t.seat_of(msg["token"]) if t is not None else None
        if seat is None:
            raise TableError("bad_token", "no seat of that game has that token")
        self._bind(c, t, seat, msg.get("after", 0))

    def _on_watch(self, c: Conn, msg: dict) -> None:
        t = self._by_code(msg["code"])
        self._bind(c, t, -1, msg.get("after", 0))

    def _bind(self, c: Conn, t: Table, seat: int, after: int) -> None:
        """The connection follows ``seat`` of ``t`` from entry ``after``: what it missed, then its present."""
        self._unbind(c)
        c.table, c.seat = t, seat
        self.by_table.setdefault(t.id, set()).add(c)
        if seat >= 0:
            t.connected[seat] = t.connected.get(seat, 0) + 1
        missed = t.entries_after(after)
        # A long catch-up costs the connection's allowance: re-reading old games is not free.
        c.allowance -= len(missed) / CATCH_UP_PER_MESSAGE
        c.send({"type": "welcome", "game": t.id, "seat": seat, "seq": t.count}, bulk=True)
        for n, entry, events in missed:
            c.send(self._entry_message(t, n, entry, events, seat, False), bulk=True)
        c.send({"type": "sync", "seq": t.count, **t.sync(seat)}, bulk=True)
        if seat >= 0:
            self._table_change(t)

    def _unbind(self, c: Conn) -> None:
        t = c.table
        if t is None:
            return
        conns = self.by_table.get(t.id)
        if conns is not None:
            conns.discard(c)
            if not conns:
                del self.by_table[t.id]
        if c.seat is not None and c.seat >= 0:
            t.connected[c.seat] = max(0, t.connected.get(c.seat, 0) - 1)
            self._table_change(t)
        c.table, c.seat = None, None

    def _seated(self, c: Conn) -> Table:
        if c.table is None or c.seat is None or c.seat < 0:
            raise TableError("no_seat", "join or resume a seat first")
        return c.table

    def _change(self, t: Table, fn, *args):
        """Run a change of ``t``; a failure to store it drops the table (the store has the truth)."""
        try:
            result = fn(*args)
        except TableError:
            self._flush(t)                  # what was committed before the refusal (a seat back)
            raise
        except Exception:
            log.exception("game %s: a change could not be made", t.id)
            self.errors += 1
            self._drop(t)
            raise TableError("server", "the server could not make that change; connect again") from None
        self._flush(t)
        return result

    def _on_act(self, c: Conn, msg: dict) -> None:
        t = self._seated(c)
        n = self._change(t, t.act, c.seat, msg["action"], msg.get("step"))
        c.send({"type": "ok", "seq": n, **({"id": msg["id"]} if "id" in msg else {})})
        self._run(t)                       # a computer whose delay is 0 moves at once

    def _on_chat(self, c: Conn, msg: dict) -> None:
        t = self._seated(c)
        self._change(t, t.chat, c.seat, msg["text"])

    def _on_back(self, c: Conn, msg: dict) -> None:
        t = self._seated(c)
        self._change(t, t.back, c.seat)

    def _owned(self, msg: dict) -> Table:
        t = self.table(msg["game"])
        if t is None or not t.is_owner(msg["owner"]):
            raise TableError("bad_token", "only the game's owner may do that")
        return t

    def _on_seat(self, c: Conn, msg: dict) -> None:
        t = self._owned(msg)
        self._change(t, t.give_to_computer, msg["seat"], msg.get("level", "normal"))
        c.send({"type": "ok", **({"id": msg["id"]} if "id" in msg else {})})

    def _on_start(self, c: Conn, msg: dict) -> None:
        t = self._owned(msg)
        self._change(t, t.start)
        c.send({"type": "ok", **({"id": msg["id"]} if "id" in msg else {})})
        self._run(t)

    def _named(self, msg: dict) -> Table:
        """The game a message names by its id or its invite code."""
        if "game" in msg:
            t = self.table(msg["game"])
            if t is None:
                raise TableError("not_found", "no such game")
            return t
        if "code" in msg:
            return self._by_code(msg["code"])
        raise TableError("bad_message", "name the game: game or code")

    def _on_stage(self, c: Conn, msg: dict) -> None:
        t = self._named(msg)
        c.allowance -= len(t.game.history) / CATCH_UP_PER_MESSAGE if t.game else 0
        got = t.stage(msg.get("step"))
        c.send({"type": "stage", "game": t.id, **got, **({"id": msg["id"]} if "id" in msg else {})})

    def _on_record(self, c: Conn, msg: dict) -> None:
        t = self._named(msg)
        rec = t.record()
        if rec is None:
            raise TableError("not_over", "a game's record (with its seed) is given once the game is over")
        c.send({"type": "record", "game": t.id, "record": rec, **({"id": msg["id"]} if "id" in msg else {})})

    # --- connections -----------------------------------------------------------------------------------
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
        addr = ws.remote_address[0] if ws.remote_address else "?"
        lim = self.limits
        if self.stopping:
            await ws.close(*self.stopping)
            return
        if len(self.conns) >= lim.max_connections or self.per_address.get(addr, 0) >= lim.per_address:
            await ws.close(1013, "too many connections")
            return
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
                    c.strikes += 1
                    c.send(P.error(exc.code, str(exc)))
                else:
                    if self._allowed(c):
                        self.handle(c, msg)
                    else:
                        c.strikes += 1
                        c.send(P.error("rate", f"at most {lim.rate:g} messages a second; wait a moment",
                                       re=msg["type"], **({"id": msg["id"]} if "id" in msg else {})))
                if c.strikes > lim.strikes:
                    c.send(P.error("strikes", "too many refused messages; closing"))
                    break
        except Exception as exc:              # the connection closed (or broke): the game goes on
            if not _closed(exc):
                log.exception("connection from %s", addr)
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

    async def timer(self, period: float = 0.1, stored_every: float = 30.0, collect_every: float = 900.0) -> None:
        """Runs the clocks for as long as the server runs (and, rarely, a full garbage
        collection: ``retrocatan serve`` leaves the long-lived objects to it)."""
        last_stored = last_collect = time.monotonic()
        while True:
            await asyncio.sleep(period)
            try:
                self.tick()
                now = time.monotonic()
                if now - last_stored > stored_every:
                    last_stored = now
                    self.tick_stored()
                if now - last_collect > collect_every:
                    last_collect = now
                    gc.collect()
            except Exception:
                log.exception("the clocks")
                self.errors += 1


def _closed(exc: BaseException) -> bool:
    from websockets.exceptions import ConnectionClosed
    return isinstance(exc, (ConnectionClosed, asyncio.CancelledError, ConnectionError))


async def serve(hub: Hub, host: str = "127.0.0.1", port: int = 8765, ready=None, stop: asyncio.Event | None = None,
                farewell: tuple[int, str] = RESTART):
    """Serve until ``stop`` is set (forever without one). ``ready(port)`` is called once listening.
    Stopping is graceful: no connection or message is taken any more, the clocks stop, and every
    connection gets what was committed for it, then is closed with ``farewell`` (``RESTART``,
    1012: the clients come back at once; a window hosting the server passes ``HOST_CLOSED``)."""
    from websockets.asyncio.server import serve as ws_serve

    async with ws_serve(hub.serve_connection, host, port, max_size=P.MAX_MESSAGE, max_queue=16,
                        compression=None, ping_interval=20, ping_timeout=20, close_timeout=1,
                        server_header=None) as server:
        actual = server.sockets[0].getsockname()[1] if server.sockets else port
        timer = asyncio.create_task(hub.timer())
        hub.tick_stored()
        if ready is not None:
            ready(actual)
        try:
            if stop is None:
                await asyncio.Future()
            else:
                await stop.wait()
        finally:
            timer.cancel()
            server.close(close_connections=False)       # no connection is taken any more
            await hub.stop(*farewell)
