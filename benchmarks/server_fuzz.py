"""Hostile traffic against a real ``retrocatan serve`` process on 127.0.0.1.

    python benchmarks/server_fuzz.py [--messages N] [--connections N] [--quick] [--seed S] [--json]

Starts ``python -m retrocatan serve --port 0 --db TMP/fuzz.sqlite3 --json``
(loopback only) and keeps a few games going with the fuzzer's own legitimate
clients: games of people (every seat a network bot that knows its token),
games of one person and computers (``computer_delay`` 0), games of
computers only, lobbies nobody joins, and a lobby whose one seat talks 700
chat lines (a game longer than a connection's queue, so a catch-up from 0
is long). Meanwhile many connections, from
the loopback addresses 127.0.0.2-127.0.0.240 (the server's per-address
limit counts each), send hostile traffic: bad JSON, non-object JSON,
binary frames, every field with a wrong type, unknown types and fields,
missing fields, huge numbers, deeply nested JSON, messages over the 64 KiB
limit (10 MB ones too: the server must close with 1009 and go on), broken
WebSocket frames on raw sockets, random and real tokens of other seats and
games (seat tokens, owner tokens), actions out of turn and garbage actions
sent with a legitimate seat's token (always ones the engine refuses at the
step they name), resume/watch with old, negative and huge ``after``
(checking the stream: welcome, every entry after ``after`` once and in
order, then sync), floods faster than the rate limit (until the strikes
limit closes them), thousands of connections opened and dropped in
several ways, the per-address limit, and idle half-open connections.

A legitimate pinger asks ``ping`` four times a second all along. Measured:

- ``crashes``: the server process exited, or a ``ping`` went unanswered 10 s;
- ``illegal_changes``: after the run the server is stopped and its store
  read: every game's entries must be what the legitimate clients did (each
  person move sent by that seat's client at that step, each seat taken by
  the legitimate client), computers' and clocks' moves only for their
  seats, every move the decider's and legal when replayed with the engine,
  and games the legitimate clients never joined must have no entries;
- ``server_rss_mb``: the server's VmRSS, the largest sampled (also at the
  start and the end), against ``MEMORY_LIMIT_MB`` (``memory_over_limit``);
- ``idle_not_closed``: idle and half-open connections the server did not
  close within its limit for their kind (``idle_limits``) and a margin; the
  run waits until that time has passed for every one of them;
- errors received per code, close codes, answers that were not the ones
  expected (``unexpected``), exceptions the server logged, ping latency.

``--json`` prints one JSON object as the last line. Exit status 1 if
``crashes``, ``illegal_changes`` or ``idle_not_closed`` is not 0, or the
memory went over its limit.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from collections import Counter

import fuzz_connections as C
import fuzz_games as G
import server_kit as K
from fuzz_connections import PER_ADDRESS, RATE
from fuzz_games import LegitGame, verify_store
from fuzz_messages import TIMEOUT, action_pool, dumps, scenario_bases, short
from server_kit import HOST

# The server's limits on silent connections (serve --handshake-timeout, --first-message-timeout,
# --ping-interval): its defaults, or with --short-limits short ones, so that a small run need not wait
# half a minute for them.
DEFAULT_LIMITS = {"handshake": 10.0, "first_message": 30.0, "ping": 20.0}
SHORT_LIMITS = {"handshake": 2.0, "first_message": 3.0, "ping": 3.0}


def idle_limits(limits: dict) -> dict:
    """When the server closes an idle connection, by kind: no HTTP request (the handshake's limit),
    upgraded but no first message (also with half a frame of it), a hello and then half a frame (its
    pings, unanswered for as long)."""
    return {"no-http": limits["handshake"], "upgraded": limits["first_message"],
            "half-frame": limits["first_message"], "hello+half-frame": 2 * limits["ping"]}


def limit_options(limits: dict) -> list[str]:
    return ["--handshake-timeout", str(limits["handshake"]), "--first-message-timeout", str(limits["first_message"]),
            "--ping-interval", str(limits["ping"])]


IDLE_MARGIN = 5.0                       # seconds of slack on a busy machine
MEMORY_LIMIT_MB = 150.0                 # the server process's VmRSS at most, under all of it
LIMIT_ADDRESSES = [f"127.0.0.{i}" for i in range(241, 255)]     # only the per-address probe uses these


def logged_exceptions(text: str) -> tuple[int, list[str]]:
    """Exceptions the server logged: how many, and the distinct last lines of their tracebacks."""
    lines = text.splitlines()
    count, kinds = 0, []
    for i, line in enumerate(lines):
        if line.startswith("Traceback"):
            count += 1
            j = i + 1
            while j < len(lines) and (lines[j].startswith(" ") or lines[j].startswith("Traceback")
                                      or lines[j].startswith("During handling") or not lines[j].strip()):
                j += 1
            last = lines[j] if j < len(lines) else "?"
            where = ""
            for k in range(j - 1, i, -1):
                if lines[k].strip().startswith("File "):
                    where = lines[k].strip()
                    break
            entry = f"{last[:160]} ({where[:160]})"
            if entry not in kinds:
                kinds.append(entry)
    errors = sum(1 for line in lines if " ERROR " in line)
    return max(count, errors), kinds[:8]



class Fuzz:
    """The run: the server, its legitimate games, the counters and what was found odd."""

    def __init__(self, args, server: K.Server) -> None:
        self.args = args
        self.server = server
        self.rng = random.Random(args.seed)
        self.start = time.monotonic()
        self.deadline = self.start + args.time_limit
        self.messages = 0
        self.legit_messages = 0
        self.connections = 0
        self.churned = 0
        self.errors: Counter = Counter()
        self.closes: Counter = Counter()
        self.probes: Counter = Counter()
        self.unexpected: Counter = Counter()
        self.examples: list[str] = []
        self.fuzzer_errors: Counter = Counter()
        self.legit_refused: Counter = Counter()
        self.streams = Counter()
        self.games: list[LegitGame] = []
        self.hostile_games: set[str] = set()
        self.rss: list[float] = []
        self.rss_start = None
        self.pings: list[float] = []
        self.ping_misses = 0
        self.crashes = 0
        self.exited = False
        self.idle: dict[str, list] = {}
        self.big_left = args.big
        self.limit_checks = Counter()
        self.stop_traffic = asyncio.Event()
        self.pool = action_pool(args.seed)
        self.bases = scenario_bases()
        self.made = Counter()              # legitimate games made, by kind

    def odd(self, probe: str, what: str, detail: str = "") -> None:
        key = f"{probe}: {what}"
        self.unexpected[key] += 1
        if len(self.examples) < 25 and self.unexpected[key] <= 2:
            self.examples.append(short(f"{key} {detail}".strip(), 300))

    def done(self) -> bool:
        return self.stop_traffic.is_set() or time.monotonic() > self.deadline or self.exited

    def addr(self, rng: random.Random) -> str:
        return f"127.0.0.{rng.randint(2, 240)}" if self.args.multi_address else HOST

    def seat_games(self) -> list[LegitGame]:
        return [g for g in self.games if g.kind in ("people", "mixed", "chatty") and g.filled]

    def progress(self) -> str:
        rss = self.rss[-1] if self.rss else 0
        return (f"{time.monotonic() - self.start:6.1f} s: {self.messages} messages, {self.connections} connections, "
                f"{self.churned} churned, rss {rss:.0f} MB, unexpected {sum(self.unexpected.values())}")

    async def pinger(self) -> None:
        """A legitimate client's ping four times a second; 10 s without a pong is a crash."""
        c = None
        i = 0
        missing = False
        while not self.exited:
            if c is None or c.ws.close_code is not None:
                c = await C.hostile_client(self, self.rng, local=HOST)
                if c is None:
                    if not self.server.alive():
                        return
                    await asyncio.sleep(0.5)
                    continue
            i += 1
            t0 = time.monotonic()
            if not await c.send(dumps({"type": "ping", "id": i}), count=False):
                continue
            self.legit_messages += 1
            ans = await c.answer(10)
            if isinstance(ans, dict) and ans.get("type") == "pong" and ans.get("id") == i:
                self.pings.append(time.monotonic() - t0)
                missing = False
            elif ans is TIMEOUT:
                self.ping_misses += 1
                if not missing:
                    self.crashes += 1
                    missing = True
                    print(f"server_fuzz: a ping went unanswered for 10 s at {self.progress()}", file=sys.stderr)
            await asyncio.sleep(0.25)
        if c is not None:
            await c.close()

    async def watch_process(self) -> None:
        last = 0.0
        while not self.exited:
            if not self.server.alive():
                self.exited = True
                self.crashes += 1
                print(f"server_fuzz: the server exited ({self.server.proc.returncode})", file=sys.stderr)
                return
            rss = self.server.rss_mb()
            if rss is not None:
                self.rss.append(rss)
            if self.args.progress and time.monotonic() - last > 5:
                last = time.monotonic()
                print(self.progress(), file=sys.stderr, flush=True)
            await asyncio.sleep(0.25)

    async def run(self) -> dict:
        bg = [asyncio.create_task(self.watch_process()), asyncio.create_task(self.pinger())]
        await self.game_keeper_start()
        await asyncio.sleep(0.5)
        self.rss_start = self.server.rss_mb()
        if self.args.multi_address:
            await C.per_address(self, LIMIT_ADDRESSES[0])
        idle_kinds = ["no-http", "upgraded", "half-frame", "hello+half-frame"]
        idle = [asyncio.create_task(C.idle_one(self, idle_kinds[i % 4], self.addr(self.rng)))
                for i in range(self.args.idle)]
        self.idle_opened = time.monotonic()
        keeper = asyncio.create_task(G.game_keeper(self))
        workers = [asyncio.create_task(C.worker(self, i)) for i in range(self.args.workers)]
        churn = [asyncio.create_task(C.churner(self, i)) for i in range(self.args.churners)]
        await asyncio.gather(C.tour(self), *workers, *churn)
        if self.args.multi_address and not self.exited:
            await C.per_address(self, LIMIT_ADDRESSES[1])
        self.stop_traffic.set()
        traffic_s = time.monotonic() - self.start
        # The idle connections: wait until the server has closed them, or their limit has passed.
        end = self.idle_opened + max(self.args.idle_limits.values()) + IDLE_MARGIN
        while time.monotonic() < end and any(r[1] is None for rs in self.idle.values() for r in rs):
            await asyncio.sleep(0.5)
        for t in idle:
            t.cancel()
        await asyncio.gather(*idle, return_exceptions=True)
        keeper.cancel()
        await asyncio.gather(keeper, return_exceptions=True)
        # Last: a fresh legitimate connection must still be answered.
        if not self.exited:
            c = await C.hostile_client(self, self.rng, local=HOST)
            ans = await C.expect(self, c, "final ping", dumps({"type": "ping", "id": 1}), answers=("pong",), rid=1) \
                if c else None
            if not isinstance(ans, dict) or ans.get("type") != "pong":
                self.crashes += 1
            if c:
                await c.close()
        await asyncio.sleep(1.0)
        rss_end = self.server.rss_mb()
        watched = await G.watch_all(self) if not self.exited else {}
        for g in self.games:
            for b in g.bots.values():
                b.seat.stop()
            for t in g.tasks:
                t.cancel()
        await asyncio.gather(*(t for g in self.games for t in g.tasks), return_exceptions=True)
        self.exited = True
        for t in bg:
            t.cancel()
        await asyncio.gather(*bg, return_exceptions=True)
        return {"traffic_s": traffic_s, "rss_end": rss_end, "watched": watched}

    async def game_keeper_start(self) -> None:
        for _ in range(100):               # wait for the pinger's connection: the server is up
            if self.pings:
                return
            await asyncio.sleep(0.05)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=None, help="hostile messages to send (default 100000)")
    ap.add_argument("--connections", type=int, default=None, help="connections opened and dropped (default 5000)")
    ap.add_argument("--quick", action="store_true", help="a small run (5000 messages, 500 connections)")
    ap.add_argument("--seed", type=int, default=1, help="the fuzzer's own random choices (default 1)")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    ap.add_argument("--workers", type=int, default=32, help="hostile connections at once (default 32)")
    ap.add_argument("--time-limit", type=float, default=None, help="seconds of traffic at most")
    ap.add_argument("--think", type=float, default=0.05, help="the legitimate bots' pause before each decision")
    ap.add_argument("--short-limits", action="store_true", help="the server's limits on silent connections "
                    f"short ({SHORT_LIMITS}, seconds) instead of its defaults ({DEFAULT_LIMITS})")
    args = ap.parse_args(argv)
    quick = args.quick
    args.messages = args.messages if args.messages is not None else (5000 if quick else 100_000)
    args.connections = args.connections if args.connections is not None else (500 if quick else 5000)
    args.time_limit = args.time_limit or (75.0 if quick else 900.0)
    args.big = 3 if quick else 20
    args.idle = 16 if quick else 64
    args.games = 5 if quick else 7
    args.chat_lines = 700
    args.churners = 16
    args.progress = not quick
    args.multi_address = K.loopback_addresses()
    limits = SHORT_LIMITS if args.short_limits else DEFAULT_LIMITS
    args.idle_limits = idle_limits(limits)
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="server_fuzz") as tmp:
        db = os.path.join(tmp, "fuzz.sqlite3")
        extra = ["--per-address", str(PER_ADDRESS if args.multi_address else 100_000), "--rate", str(RATE),
                 *limit_options(limits)]
        server = K.Server(db, tmp, extra).start()
        fuzz = Fuzz(args, server)
        try:
            out = asyncio.run(fuzz.run())
        finally:
            exit_code = server.stop()
        n_exc, exc_kinds = logged_exceptions(server.log())
        illegal, problems, mismatches, figures = verify_store(db, fuzz.games, fuzz.hostile_games,
                                                              out.get("watched", {}))
    pings = sorted(fuzz.pings)
    idle, idle_not_closed = {}, 0
    for kind, recs in fuzz.idle.items():
        closed = [r[1] for r in recs if r[1] is not None]
        late = sum(1 for r in recs if r[1] is None or r[1] > args.idle_limits[kind] + IDLE_MARGIN)
        idle_not_closed += late
        idle[kind] = {"opened": len(recs), "closed_by_server": len(closed), "limit_s": args.idle_limits[kind],
                      "not_closed_in_time": late, "max_s": round(max(closed), 1) if closed else None}
    rss_max = max(fuzz.rss) if fuzz.rss else None
    result = {
        "messages": fuzz.messages, "legit_messages": fuzz.legit_messages, "connections": fuzz.connections,
        "churned": fuzz.churned, "crashes": fuzz.crashes, "illegal_changes": illegal,
        "server_rss_mb": round(rss_max, 1) if rss_max else None, "memory_limit_mb": MEMORY_LIMIT_MB,
        "memory_over_limit": rss_max is None or rss_max > MEMORY_LIMIT_MB, "idle_not_closed": idle_not_closed,
        "server_rss_mb_start": round(fuzz.rss_start, 1) if fuzz.rss_start else None,
        "server_rss_mb_end": round(out["rss_end"], 1) if out.get("rss_end") else None,
        "errors": dict(fuzz.errors.most_common()),
        "closes": {str(k): v for k, v in fuzz.closes.most_common()},
        "unexpected": sum(fuzz.unexpected.values()), "unexpected_kinds": dict(fuzz.unexpected.most_common(20)),
        "unexpected_examples": fuzz.examples,
        "server_exceptions": n_exc, "server_exception_kinds": exc_kinds, "server_exit": exit_code,
        "ping_ms_median": round(1000 * pings[len(pings) // 2], 1) if pings else None,
        "ping_ms_p99": round(1000 * pings[int(len(pings) * 0.99)], 1) if pings else None,
        "ping_ms_max": round(1000 * pings[-1], 1) if pings else None, "ping_misses": fuzz.ping_misses,
        "streams": dict(fuzz.streams), "per_address": dict(fuzz.limit_checks), "idle": idle, "limits": limits,
        "games": dict(fuzz.made), "store": figures, "problems": problems[:20], "stream_mismatches": mismatches[:10],
        "legit_refused": dict(fuzz.legit_refused), "fuzzer_errors": dict(fuzz.fuzzer_errors.most_common(10)),
        "probe_kinds": len(fuzz.probes), "traffic_s": round(out.get("traffic_s", 0), 1),
        "seconds": round(time.monotonic() - t0, 1), "seed": args.seed, "multi_address": args.multi_address,
    }
    out_file = sys.stderr if args.json else sys.stdout

    def say(text: str) -> None:
        print(text, file=out_file)

    say(f"server_fuzz: {result['messages']} hostile messages, {result['connections']} connections "
        f"({result['churned']} opened and dropped) in {result['seconds']} s")
    say(f"  crashes {result['crashes']}, illegal changes {illegal}, server RSS {result['server_rss_mb_start']} "
        f"-> max {result['server_rss_mb']} -> end {result['server_rss_mb_end']} MB (limit {MEMORY_LIMIT_MB:g}), "
        f"ping median/p99/max {result['ping_ms_median']}/{result['ping_ms_p99']}/{result['ping_ms_max']} ms")
    say(f"  games {dict(fuzz.made)}; {figures.get('moves_checked', 0)} moves checked, "
        f"{figures.get('games_over', 0)} games over; server exceptions logged {n_exc}")
    say(f"  idle connections not closed within their limits: {idle_not_closed} ({idle})")
    say("  errors: " + ", ".join(f"{k} {v}" for k, v in fuzz.errors.most_common()))
    for p in problems[:10]:
        say("  ILLEGAL: " + p)
    for p in mismatches[:5]:
        say("  stream: " + p)
    for k, v in fuzz.unexpected.most_common(15):
        say(f"  unexpected: {k} x{v}")
    for k in exc_kinds:
        say("  server exception: " + k)
    if args.json:
        K.json_line(result)
    return 1 if result["crashes"] or illegal or idle_not_closed or result["memory_over_limit"] else 0


if __name__ == "__main__":
    sys.exit(main())

