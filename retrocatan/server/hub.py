"""The WebSocket server: connections, the games in memory, the clocks'
timer, and the limits that keep one machine's server standing
(docs/server.md, "Limits"; docs/protocol.md for the messages).

One asyncio event loop runs everything but the computers' thought: a
table's changes are synchronous (``table.py``) and committed to the store
before ``_flush`` queues their messages; the computer seats' decisions are
asked of the pool of worker processes (``pool.py``) and applied when the
answer comes; the life of each connection (its limits, its queue and
writer, its close when the server stops) is ``connections.py``, the HTTP
answers on the same port ``web.py``. Built on the ``websockets`` library:
it frames, pings every 20 s and closes a connection that does not answer,
and refuses messages over ``MAX_MESSAGE``.
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
from ..net import messages as M
from ..net import protocol as P
from . import admin
from .clocks import BEAT_S, Heartbeat, Pace, SystemClock
from .connections import Conn, Connections
from .expiry import Expiry
from .looks import CATCH_UP_PER_MESSAGE, Looks
from .meta import GOING_ON, DeadlineKind, EndReason
from .metrics import Metrics, watch_lag
from .proxy import Proxies
from .store import StoreError
from .table import CHAT_MAX, Diverged, Table, TableError, config_of

log = logging.getLogger("retrocatan.server")
ENDS_PER_PASS = 200             # expired open games ended per pass of the stored games (every 30 s)
TICK_SLICE_S = 0.002            # the clock's pass over the tables gives the loop back this often (seconds)

# How the hub closes every connection when it stops (the WebSocket close code and reason):
RESTART = (1012, "restart")             # ``retrocatan serve`` got SIGTERM or Ctrl-C: clients come back at once
HOST_CLOSED = (1001, "host closed")     # the window that hosted the server closed


@dataclass
class Limits:
    """The server's limits (docs/server.md, "Limits")."""

    max_connections: int = 20_000        # open connections in all
    per_address: int = 64                # open connections from one address
    max_games: int = 100_000             # games that can still go on (open, playing)
    creates_per_minute: int = 30         # new games from one address
    rate: float = 20.0                   # messages a second a connection may send, on average
    burst: float = 60.0                  # ... and at once
    strikes: int = 50                    # refused messages before the connection is closed
    strike_decay_s: float = 10.0         # ... one of them forgiven this often
    queue: int = 512                     # messages waiting for a slow reader before it is dropped
    loaded: int = 5_000                  # games held in memory (more are loaded when a seat comes)
    handshake_s: float = 10.0            # a connection's opening handshake must end within this
    first_message_s: float = 30.0        # a connection that says nothing for this long is closed
    ping_s: float = 20.0                 # a ping this often; closed when one is not answered within as long
    expire: Expiry = Expiry()            # when games nobody plays are ended (expiry.py)


def shard_of(game_id: str, shards: int) -> int:
    """The shard that serves a game: its id's hash, modulo the number of shards."""
    return int(hashlib.sha256(game_id.encode("ascii", "replace")).hexdigest()[:8], 16) % shards


class Hub(Connections):
    """The server's state: games in memory, connections, limits. With ``shard`` (k, n) it is
    one of n servers sharing one store: it serves the games whose id is of shard k
    (``shard_of``) and sends a client asking for another's game there (``shard_urls``)."""

    def __init__(self, store, clock=None, limits: Limits | None = None, shard: tuple[int, int] | None = None,
                 shard_urls: list[str] | None = None, proxies: Proxies | None = None, pool=None) -> None:
        self.pool = pool                # the computers' ``ComputerPool`` (None: they think in this loop)
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
        self.proxies = proxies or Proxies()               # whose X-Forwarded-For names the client
        self.metrics = Metrics()
        if pool is not None:
            self.metrics.pool_stats = pool.stats
        self.notices = None                               # notices.Notices, when the server sends them
        self.admin_secret: str | None = None     # SHA-256 of the secret of admin messages (admin.py)
        self.heartbeat = Heartbeat(store, self.clock, "-" if shard is None else f"{shard[0]}/{shard[1]}")
        self.pauses = self.heartbeat.wake()      # the times it was down: games' clocks move on by them
        looks = Looks(self)
        self.answers = {"hello": self._on_hello, "ping": self._on_ping, "create": self._on_create,
                        "join": self._on_join, "resume": self._on_resume, "watch": self._on_watch,
                        "act": self._on_act, "chat": self._on_chat, "back": self._on_back, "seat": self._on_seat,
                        "start": self._on_start, "stage": looks.stage, "record": looks.record, "games": looks.games,
                        "peek": looks.peek, "notify": self._on_notify,
                        "admin": lambda c, msg: admin.answer(self, c, msg)}

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
            t = Table.load(self.store, self.clock, game_id, self.pauses, self.limits.expire)
        except Diverged as exc:
            log.error("%s", exc, extra={"game": game_id})
            self.errors += 1
            raise TableError("diverged", "this game does not replay as stored; its server's keeper is told") from None
        except StoreError as exc:
            log.error("the store cannot load a game: %s", exc, extra={"game": game_id})
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
            c.send(M.error("server", "the server could not store that; connect again"))
            c.send(None)

    def _flush(self, table: Table) -> None:
        """Send each committed entry to everyone at the table, as each may see it."""
        ns, table.outbox = table.outbox, []
        if not ns:
            return
        by_n = {n: (entry, events) for n, entry, events in table.ring if n in ns}
        self._committed(table, ns, by_n)
        conns = self.by_table.get(table.id)
        if not conns:
            return
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

    def _committed(self, table: Table, ns: list[int], by_n: dict) -> None:
        """What follows a commit besides the messages: the figures, the log, the notices."""
        entries = [by_n[n][0] for n in ns if n in by_n]
        self.metrics.committed(entries)
        for n, entry in zip(ns, entries):
            log.debug("entry", extra={"game": table.id, "n": n, "k": entry.get("k"), "seat": entry.get("seat"),
                                      **({"by": entry["by"]} if "by" in entry else {})})
            if entry.get("k") == "start":
                log.info("game started", extra={"game": table.id})
        if table.status == "over" and any(e.get("k") == "move" for e in entries):
            log.info("game over", extra={"game": table.id, "steps": len(table.game.history) if table.game else 0})
        if self.notices is not None:
            self.notices.after(table)

    @staticmethod
    def _entry_message(table: Table, n, entry, events, seat: int, with_state: bool) -> dict:
        if entry["k"] == "chat" and seat < 0:        # the log shows chat to the game's players only
            entry = {"k": "chat"}
        return table.message(n, entry, events, seat, with_state)

    def _table_change(self, table: Table) -> None:
        """Who is connected changed (not an entry): everyone gets the table anew."""
        msg = P.dumps(M.message("table", table=table.public()))
        for c in self.by_table.get(table.id, ()):
            c.send(msg)

    # --- the clocks ---------------------------------------------------------------------------------
    def tick(self) -> int:
        """Make every automatic decision that is due (computers, clocks run out), and
        send warnings; returns the decisions made."""
        now = self.clock.now()
        return sum(self._tick_one(t, now) for t in list(self.tables.values()))

    async def tick_in_turns(self, slice_s: float = TICK_SLICE_S) -> int:
        """``tick`` as the timer runs it: it gives the loop back every ``slice_s`` seconds of
        its work, so that people's messages are answered between the tables' turns."""
        now, made = self.clock.now(), 0
        began = time.perf_counter()
        for t in list(self.tables.values()):
            if self.tables.get(t.id) is not t:
                continue                        # left memory while the loop answered others
            made += self._tick_one(t, now)
            if time.perf_counter() - began > slice_s:
                await asyncio.sleep(0)
                began = time.perf_counter()
        return made

    def _tick_one(self, t: Table, now: float) -> int:
        due = t.due()
        made = self._run(t) if due is not None and due <= now else 0
        self._warn(t, now)
        return made

    def tick_stored(self) -> int:
        """Games not in memory whose deadline passed (by-post games nobody is connected to), and
        open games nobody joined in time (ended)."""
        made = 0
        now, open_s = self.clock.now(), self.limits.expire.open_s
        expired = self.store.open_before(now - open_s, ENDS_PER_PASS) if open_s else []
        for gid in expired + self.store.due(now, 1000):
            if not self.ours(gid):
                continue
            try:
                t = self.table(gid)
            except (TableError, StoreError) as exc:
                log.error("game %s: %s", gid, exc)
                continue                    # the game waits for its keeper
            if t is not None:
                made += self._run(t)
        return made

    def end_game(self, t: Table, why: EndReason) -> int:
        """End ``t`` (its operator, ``admin.py``): the ``end`` entry, sent to everyone there."""
        return self._change(t, t.end, why)

    def _run(self, t: Table) -> int:
        try:
            made = t.run_due(ask=None if self.pool is None else lambda ask: self._ask(t, ask))
        except Exception:
            log.exception("an automatic decision failed", extra={"game": t.id})
            self.errors += 1
            self._drop(t)
            return 0
        self._flush(t)
        return made

    def _ask(self, t: Table, ask) -> None:
        self.pool.ask(ask, lambda got: self._answered(t, ask, got))

    def _answered(self, t: Table, ask, got) -> None:
        """A computer's answer (``pool.Answer``, None if it failed) for a table: applied, sent,
        and the table's next automatic decision made or asked."""
        if self.tables.get(t.id) is not t:
            return                          # the table left memory meanwhile: loaded again, it asks again
        with contextlib.suppress(TableError):          # (logged, and the table dropped)
            self._change(t, t.answer, ask, got)
            self._run(t)

    def _warn(self, t: Table, now: float) -> None:
        d = t.meta.deadline
        if not d or d.kind == DeadlineKind.COMPUTER or d.warn is None or d.warned or now < d.warn:
            return
        d.warned = True
        msg = P.dumps(M.message("clock", seat=d.seat, at=d.at, left=max(0.0, d.at - now)))
        for c in self.by_table.get(t.id, ()):
            if c.seat == d.seat:
                c.send(msg)

    # --- one message ---------------------------------------------------------------------------------
    def handle(self, c: Conn, msg: dict) -> None:
        """Answer one checked message (``protocol.read``): a refusal, and a failure of the
        store while answering, are an ``error`` answer to it (the connection stays open)."""
        kind = msg["type"]
        rid = msg.get("id")
        try:
            if kind != "hello" and not c.hello:
                raise TableError("hello_first", "say hello first (docs/protocol.md)")
            self.answers[kind](c, msg)
        except (TableError, StoreError) as exc:
            if isinstance(exc, StoreError):
                log.error("answering %s: %s", kind, exc)
                self.errors += 1
                exc = TableError("server", "the server cannot reach its games now; try again")
            c.strike(exc.code, self.limits, time.monotonic())
            self.metrics.refused(exc.code)
            c.send(M.error(exc.code, str(exc), re=kind, id=rid, **exc.params))

    def _on_hello(self, c: Conn, msg: dict) -> None:
        if msg.get("protocol") != P.PROTOCOL:
            c.send(M.error("protocol", f"this server speaks protocol {P.PROTOCOL}", re="hello", protocol=P.PROTOCOL))
            c.send(None)
            return
        c.hello = True
        c.send(M.message("hello", protocol=P.PROTOCOL, server=f"retrocatan {__version__}",
                         limits={"message_bytes": P.MAX_MESSAGE, "rate": self.limits.rate,
                                 "burst": self.limits.burst, "chat": CHAT_MAX},
                         notices=self.notices.ways() if self.notices is not None else []))

    def _on_ping(self, c: Conn, msg: dict) -> None:
        c.send(M.message("pong", id=msg.get("id")))

    def _on_create(self, c: Conn, msg: dict) -> None:
        now = self.clock.now()
        recent = [t for t in self.creates.get(c.address, []) if t > now - 60]
        if len(recent) >= self.limits.creates_per_minute:
            raise TableError("rate", "too many new games from this address; wait a minute")
        if sum(self.store.count(s) for s in GOING_ON) >= self.limits.max_games:
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
        table, owner = Table.create(self.store, self.clock, config, pace, seats, msg.get("start", "full"), game_id,
                                    self.limits.expire, msg.get("listed", False))
        recent.append(now)
        self.creates[c.address] = recent
        self.tables[table.id] = table
        self._evict()
        c.send(M.message("created", id=msg.get("id"), game=table.id, code=table.code, owner=owner))

    def by_code(self, code: str) -> Table:
        gid = self.store.by_code(code.strip().upper()[:20])
        t = self.table(gid) if gid else None
        if t is None:
            raise TableError("not_found", "no game has that code")
        return t

    def _on_join(self, c: Conn, msg: dict) -> None:
        t = self.by_code(msg["code"])
        notify = self._notify_of(msg)
        seat, token = self._change(t, t.join, msg["name"], msg.get("seat"), msg.get("token"))
        if notify is not None:
            self.notices.set(t, seat, notify)
        # the others heard of it; this connection's stream starts after
        c.send(M.message("joined", id=msg.get("id"), game=t.id, seat=seat, token=token))
        self._bind(c, t, seat, 0, msg.get("id"))
        self._run(t)

    def _on_resume(self, c: Conn, msg: dict) -> None:
        t = self.table(msg["game"])
        seat = t.seat_of(msg["token"]) if t is not None else None
        if seat is None:
            raise TableError("bad_token", "no seat of that game has that token")
        self._bind(c, t, seat, msg.get("after", 0), msg.get("id"))

    def _on_watch(self, c: Conn, msg: dict) -> None:
        t = self.by_code(msg["code"])
        self._bind(c, t, -1, msg.get("after", 0), msg.get("id"))

    def _bind(self, c: Conn, t: Table, seat: int, after: int, rid: int | None = None) -> None:
        """The connection follows ``seat`` of ``t`` from entry ``after``: what it missed, then its present."""
        self._unbind(c)
        if not self.by_table.get(t.id):
            self._presence(t, None)         # somebody is at the table
        c.table, c.seat = t, seat
        self.by_table.setdefault(t.id, set()).add(c)
        if seat >= 0:
            t.connected[seat] = t.connected.get(seat, 0) + 1
        missed = t.entries_after(after)
        # A long catch-up costs the connection's allowance: re-reading old games is not free.
        c.allowance -= len(missed) / CATCH_UP_PER_MESSAGE
        c.send(M.message("welcome", id=rid, game=t.id, seat=seat, seq=t.count), bulk=True)
        for n, entry, events in missed:
            c.send(self._entry_message(t, n, entry, events, seat, False), bulk=True)
        c.send(M.message("sync", seq=t.count, **t.sync(seat)), bulk=True)
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
                self._presence(t, self.clock.now())
        if c.seat is not None and c.seat >= 0:
            t.connected[c.seat] = max(0, t.connected.get(c.seat, 0) - 1)
            self._table_change(t)
        c.table, c.seat = None, None

    def _presence(self, t: Table, alone: float | None) -> None:
        """Keep since when nobody is at ``t`` (None: somebody is), stored: a live game nobody
        is at is ended after its bound (``expiry.py``), also across a restart."""
        if not t.status.goes_on:
            return
        t.meta.alone = alone
        try:
            t.save_meta()
        except StoreError as exc:
            log.error("game %s: %s", t.id, exc)      # kept in memory; stored with the next entry

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
            log.exception("a change could not be made", extra={"game": t.id})
            self.errors += 1
            self._drop(t)
            raise TableError("server", "the server could not make that change; connect again") from None
        self._flush(t)
        return result

    def _on_act(self, c: Conn, msg: dict) -> None:
        t = self._seated(c)
        n = self._change(t, t.act, c.seat, msg["action"], msg.get("step"))
        c.send(M.message("ok", id=msg.get("id"), seq=n))
        self._run(t)                       # a computer whose delay is 0 moves at once

    def _notify_of(self, msg: dict) -> dict | None:
        """A join's or a notify's ``notify``, checked (None: not given)."""
        if "notify" not in msg:
            return None
        if self.notices is None:
            if msg["notify"]:
                raise TableError("bad_notify", "this server sends no notices")
            return None
        return self.notices.check(msg["notify"])

    def _on_notify(self, c: Conn, msg: dict) -> None:
        """The seat's notice addresses: set (``notify``; empty or null clears them) or read."""
        t = self._seated(c)
        notify = self._notify_of(msg)
        if notify is not None:
            self.notices.set(t, c.seat, notify)
        now = self.notices.of(t, c.seat) if self.notices is not None else {}
        c.send(M.message("ok", id=msg.get("id"), notify=now))

    def _on_chat(self, c: Conn, msg: dict) -> None:
        t = self._seated(c)
        n = self._change(t, t.chat, c.seat, msg["text"])
        c.send(M.message("ok", id=msg.get("id"), seq=n))

    def _on_back(self, c: Conn, msg: dict) -> None:
        t = self._seated(c)
        n = self._change(t, t.back, c.seat)
        c.send(M.message("ok", id=msg.get("id"), **({"seq": n} if n else {})))

    def _owned(self, msg: dict) -> Table:
        t = self.table(msg["game"])
        if t is None or not t.is_owner(msg["owner"]):
            raise TableError("bad_token", "only the game's owner may do that")
        return t

    def _on_seat(self, c: Conn, msg: dict) -> None:
        t = self._owned(msg)
        self._change(t, t.give_to_computer, msg["seat"], msg.get("level", "normal"))
        c.send(M.message("ok", id=msg.get("id")))

    def _on_start(self, c: Conn, msg: dict) -> None:
        t = self._owned(msg)
        self._change(t, t.start)
        c.send(M.message("ok", id=msg.get("id")))
        self._run(t)


    async def timer(self, period: float = 0.1, stored_every: float = 30.0, collect_every: float = 900.0) -> None:
        """Runs the clocks for as long as the server runs (and, rarely, a full garbage
        collection: ``retrocatan serve`` leaves the long-lived objects to it)."""
        last_stored = last_collect = last_beat = time.monotonic()
        while True:
            await asyncio.sleep(period)
            try:
                await self.tick_in_turns()
                now = time.monotonic()
                if now - last_beat > BEAT_S:
                    last_beat = now
                    self.heartbeat.beat()
                if now - last_stored > stored_every:
                    last_stored = now
                    self.tick_stored()
                if now - last_collect > collect_every:
                    last_collect = now
                    gc.collect()
            except Exception:
                log.exception("the clocks")
                self.errors += 1



async def serve(hub: Hub, host: str = "127.0.0.1", port: int = 8765, ready=None, stop: asyncio.Event | None = None,
                farewell: tuple[int, str] = RESTART):
    """Serve until ``stop`` is set (forever without one). ``ready(port)`` is called once listening.
    Stopping is graceful: no connection or message is taken any more, the clocks stop, and every
    connection gets what was committed for it, then is closed with ``farewell`` (``RESTART``,
    1012: the clients come back at once; a window hosting the server passes ``HOST_CLOSED``)."""
    from websockets.asyncio.server import serve as ws_serve

    from .web import process_request

    async with ws_serve(hub.serve_connection, host, port, max_size=P.MAX_MESSAGE, max_queue=16,
                        compression=None, open_timeout=hub.limits.handshake_s,
                        ping_interval=hub.limits.ping_s, ping_timeout=hub.limits.ping_s, close_timeout=1,
                        server_header=None, process_request=process_request(hub)) as server:
        actual = server.sockets[0].getsockname()[1] if server.sockets else port
        timer = asyncio.create_task(hub.timer())
        lag = asyncio.create_task(watch_lag(hub.metrics))
        tasks = [timer, lag]
        if hub.notices is not None:
            from .notices import run
            tasks.append(asyncio.create_task(run(hub.notices)))
        hub.tick_stored()
        if ready is not None:
            ready(actual)
        try:
            if stop is None:
                await asyncio.Future()
            else:
                await stop.wait()
        finally:
            for task in tasks:
                task.cancel()
            server.close(close_connections=False)       # no connection is taken any more
            await hub.stop(*farewell)
            with contextlib.suppress(StoreError):
                hub.heartbeat.beat(running=False)     # stopped now: its games' clocks stop now
