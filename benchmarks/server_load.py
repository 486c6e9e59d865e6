"""The knee of a real ``retrocatan serve`` on this machine, and how fast it
comes up over many stored by-post games.

    python benchmarks/server_load.py [--games 1000] [--seconds 45] [--think 2-6]
                                     [--stored 10000] [--db URL] [--quick] [--json]

Live part. Starts ``retrocatan serve`` as a process (SQLite in a temporary
folder, or ``--db postgresql://...``) with limits high enough for one
address, and for each step of a curve (50, 100, 250, 500, 1000 games up to
``--games``, or ``--steps``) adds 4-player base games (every seat open,
``start: "full"``) until the step's number of games is live, each with 4
network clients in this process (one asyncio loop) that take a seat and act
at a person's pace: a think time drawn from ``--think`` (seconds, uniform)
before each decision of its seat, then a cheap legal choice (roll; a build
now and then; end; never an offer). A client loads the seat's state into a
``Game`` only when the decision is its own. Games are created over
connections from several loopback source addresses (127.0.0.2, ...), since
the server allows ``creates_per_minute`` (30) new games per address.

Once every client of the step is seated, it runs for ``--seconds`` and
measures: each ``act``'s round trip (send to its ``ok``) p50/p99/max, the
actions a second, the server's RSS (VmRSS, the highest sample) and CPU %
(100 = one core), this generator's own CPU % and event-loop lag (if the
generator lags, its round trips are not the server's), refusals and lost
connections, and the decisions the server's clocks had to make for late
seats. The knee is the largest step whose p99 is at most 100 ms.

By-post part (``--stored N``). Writes N by-post games (4 players, a few
decisions each) straight into a fresh store (``Table.create``/``join``/
``act``), starts the server on it and measures the time from the process's
start until it answers ``hello`` + ``ping`` (``startup_s``), and the time
from a ``resume`` of one of those games to its ``sync`` (the game is loaded
then: ``first_load_ms``, and the median over a few games).

Progress goes to stderr; the table to stdout; with ``--json`` one JSON object
is the last line. ``--quick``: steps 10 and 40 games, 15 s each, 500 stored
games (under 2 minutes). With ``--db URL`` the games are added to that
database (use an empty one made for this).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import random
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from retrocatan.engine.game import Game  # noqa: E402
from retrocatan.net import protocol as P  # noqa: E402

CURVE = (50, 100, 250, 500, 1000)
QUICK_CURVE = (10, 40)
KNEE_MS = 100.0
CREATES_PER_ADDRESS = 30            # the hub's Limits.creates_per_minute
CONNECTING = 64                     # connections opening at once (the server's listen backlog is 100)
BUILD_KINDS = ("settle", "road", "city", "buy")
NEVER = ("offer", "trade", "counter", "confirm", "accept", "cancel")
TICK = os.sysconf("SC_CLK_TCK")


def log(*parts) -> None:
    print(*parts, file=sys.stderr, flush=True)


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted ``values`` (nearest rank); nan for none."""
    if not values:
        return math.nan
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


def think_range(text: str) -> tuple[float, float]:
    lo, _, hi = text.partition("-")
    try:
        a, b = float(lo), float(hi or lo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not SECONDS or LOW-HIGH") from None
    if not 0 <= a <= b <= 600:
        raise argparse.ArgumentTypeError(f"{text!r}: want 0 <= LOW <= HIGH <= 600")
    return a, b


def busy_s() -> float:
    """CPU seconds the whole machine has been busy (all cores, from /proc/stat)."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return 0.0
    return (sum(v[:8]) - v[3] - v[4]) / TICK             # all but idle and iowait


# --- the server process ---------------------------------------------------------------------------------------
class Server:
    """``retrocatan serve --json`` as a process; its RSS and CPU from /proc."""

    def __init__(self, db: str, folder: str, gc_watch: bool = False) -> None:
        self.db = db
        self.gc_watch = gc_watch
        self.err_path = os.path.join(folder, f"serve-{int(time.time() * 1000)}.log")
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self.started = 0.0
        self.listening_s = math.nan

    def start(self, timeout: float = 60.0) -> Server:
        env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
        self.err = open(self.err_path, "w")
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, *(("-c", GC_PRELUDE) if self.gc_watch else ("-m", "retrocatan")),
             "serve", "--port", "0", "--db", self.db, "--json",
             "--per-address", "100000", "--max-connections", "100000", "--rate", "1000"],
            stdout=subprocess.PIPE, stderr=self.err, text=True, env=env, cwd=ROOT)
        line = ""
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if ready:
            line = self.proc.stdout.readline()
        if not line.endswith("\n"):
            self.stop()
            raise RuntimeError(f"the server did not start: {self.tail()}")
        self.listening_s = time.perf_counter() - self.started
        self.url = json.loads(line.splitlines()[0])["url"]
        return self

    @property
    def pid(self) -> int:
        return self.proc.pid

    def rss_mb(self) -> float:
        try:
            with open(f"/proc/{self.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0.0

    def cpu_s(self) -> float:
        try:
            with open(f"/proc/{self.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / TICK
        except (OSError, IndexError, ValueError):
            return 0.0

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def tail(self, lines: int = 15) -> str:
        with contextlib.suppress(OSError), open(self.err_path) as f:
            return "".join(f.readlines()[-lines:])
        return ""

    def logged_errors(self) -> int:
        with contextlib.suppress(OSError), open(self.err_path) as f:
            return sum(1 for line in f if " ERROR " in line or line.startswith("Traceback"))
        return 0

    def gc_pauses(self, since: float, until: float) -> list[tuple[int, float]]:
        """(generation, ms) of the server's collector pauses of 5 ms or more between two
        ``time.time()`` moments (``--gc-watch``: the server logs them on stderr)."""
        out = []
        with contextlib.suppress(OSError), open(self.err_path) as f:
            for line in f:
                if line.startswith("gcpause "):
                    _, gen, ms, at = line.split()
                    if since <= float(at) <= until:
                        out.append((int(gen), float(ms)))
        return out

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.err.close()


# ``python -c GC_PRELUDE serve ...`` is ``python -m retrocatan serve ...`` that also writes each pause of
# its garbage collector of 5 ms or more to stderr: "gcpause GENERATION MS TIME".
GC_PRELUDE = """
import gc, sys, time
_t = [0.0]
def _watch(phase, info):
    if phase == "start":
        _t[0] = time.perf_counter()
    else:
        ms = (time.perf_counter() - _t[0]) * 1000
        if ms >= 5:
            sys.stderr.write("gcpause %d %.1f %.3f\\n" % (info["generation"], ms, time.time()))
            sys.stderr.flush()
gc.callbacks.append(_watch)
from retrocatan.cli import main
sys.exit(main(sys.argv[1:]))
"""


def connect(url: str, **kw):
    from websockets.asyncio.client import connect as ws_connect
    return ws_connect(url, compression=None, max_size=16 * 1024 * 1024, ping_interval=None, close_timeout=1,
                      proxy=None, **kw)


class GcWatch:
    """The longest pause of this process's garbage collector since ``reset``."""

    def __init__(self) -> None:
        self.started = 0.0
        self.longest = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.longest = max(self.longest, time.perf_counter() - self.started)

    def reset(self) -> None:
        self.longest = 0.0

    def close(self) -> None:
        gc.callbacks.remove(self._callback)


# --- the clients -----------------------------------------------------------------------------------------------
class Stats:
    """What the clients measured in the window (send times after ``since``)."""

    def __init__(self) -> None:
        self.since = math.inf
        self.rtts: list[float] = []
        self.errors: dict[str, int] = {}
        self.clock_moves = 0
        self.drops = 0
        self.sent = 0

    def reset(self, now: float) -> None:
        self.since = now
        self.rtts = []
        self.errors = {}
        self.clock_moves = 0
        self.drops = 0
        self.sent = 0


class Player:
    """One seat of one game: joins, then acts at a person's pace when the decision is its own."""

    def __init__(self, bench: Live, code: str, colour: int) -> None:
        self.bench = bench
        self.code = code
        self.colour = colour
        self.ws = None
        self.raw = ""                # the last message with the seat's state: parsed again only to decide
        self.decider = -1
        self.step = -1
        self.planned = -1            # the step a decision was planned for
        self.bad: set[str] = set()   # actions refused at ``planned``
        self.turn = -1
        self.builds = 0
        self.sent: dict[int, tuple[float, int]] = {}
        self.next_id = 1
        self.welcomed = asyncio.get_running_loop().create_future()
        self.over = False

    async def run(self, gate: asyncio.Semaphore) -> None:
        try:
            async with gate:
                ws_cm = connect(self.bench.url, open_timeout=60)
                ws = await ws_cm.__aenter__()
            try:
                self.ws = ws
                await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "server_load"}))
                await ws.send(P.dumps({"type": "join", "code": self.code, "name": f"Load {self.colour}",
                                       "seat": self.colour}))
                async for raw in ws:
                    self.receive(raw)
            finally:
                self.ws = None
                await ws_cm.__aexit__(None, None, None)
        except asyncio.CancelledError:
            raise
        except Exception as exc:                  # refused, reset, timed out: counted
            if not self.welcomed.done():
                self.welcomed.set_exception(exc)
        if not self.bench.stopping:
            self.bench.stats.drops += 1
        if not self.welcomed.done():
            self.welcomed.set_exception(ConnectionError("closed before welcome"))

    def receive(self, raw: str) -> None:
        msg = json.loads(raw)
        kind = msg["type"]
        if kind == "entry":
            if msg.get("by") == "clock" and msg.get("seat") == self.colour:
                self.bench.stats.clock_moves += 1
            if "state" in msg:
                self.present(msg, raw)
        elif kind == "sync":
            if "state" in msg:
                self.present(msg, raw)
        elif kind == "ok" or kind == "error":
            got = self.sent.pop(msg.get("id"), None)
            stats = self.bench.stats
            if kind == "error":
                code = msg.get("code", "?")
                if msg.get("re") in ("hello", "join") and not self.welcomed.done():
                    self.welcomed.set_exception(ConnectionError(f"refused: {code}"))
                if got is not None and got[0] >= stats.since:
                    stats.errors[code] = stats.errors.get(code, 0) + 1
                if got is not None and code in ("refused", "bad_action", "rate") and got[1] == self.step:
                    self.plan(0.2 if code != "rate" else 1.0)
            elif got is not None and got[0] >= stats.since:
                stats.rtts.append(time.perf_counter() - got[0])
        elif kind == "welcome":
            if not self.welcomed.done():
                self.welcomed.set_result(True)

    def present(self, msg: dict, raw: str) -> None:
        # Only the text and a few numbers are kept: thousands of parsed states that live for
        # seconds would make the generator's own garbage collector stall it.
        st = msg["state"]
        self.raw = raw
        self.decider = st["decider"]
        step = self.step = msg.get("step", self.step)
        if st["phase"] == "over":
            self.over = True
            return
        if self.decider == self.colour and self.planned != step:
            self.planned = step
            self.bad = set()
            self.plan(random.uniform(*self.bench.think))

    def plan(self, delay: float) -> None:
        if not self.bench.stopping:
            asyncio.get_running_loop().call_later(delay, self.decide, self.step)

    def decide(self, step: int) -> None:
        if self.bench.stopping or self.ws is None or step != self.step or self.decider != self.colour:
            return                                    # the game moved on (a clock ran out)
        st = json.loads(self.raw)["state"]
        if st["turn"] != self.turn:
            self.turn, self.builds = st["turn"], 0
        legal = [a for a in Game.from_json(st).seat_view(self.colour).legal
                 if a.kind not in NEVER and str(a) not in self.bad]
        if not legal:
            return
        by_kind: dict[str, list] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "roll" in by_kind:
            action = by_kind["roll"][0]
        elif "decline" in by_kind:
            action = by_kind["decline"][0]
        else:
            builds = [a for k in BUILD_KINDS for a in by_kind.get(k, ())]
            ends = by_kind.get("end") or by_kind.get("pass")
            if builds and (not ends or (self.builds < 2 and random.random() < 0.6)):
                action = random.choice(builds)
                self.builds += 1
            elif ends:
                action = ends[0]
            else:
                action = random.choice(legal)
        text = str(action)
        self.bad.add(text)
        rid = self.next_id
        self.next_id += 1
        self.sent[rid] = (time.perf_counter(), step)
        self.bench.stats.sent += 1
        task = asyncio.ensure_future(self._send({"type": "act", "action": text, "step": step, "id": rid}))
        self.bench.sending.add(task)
        task.add_done_callback(self.bench.sending.discard)

    async def _send(self, msg: dict) -> None:
        ws = self.ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.send(P.dumps(msg))


class Live:
    """The live part: games added step by step on one server."""

    def __init__(self, server: Server, think: tuple[float, float], seconds: float) -> None:
        self.server = server
        self.url = server.url
        self.think = think
        self.seconds = seconds
        self.stats = Stats()
        self.stopping = False
        self.players: list[Player] = []
        self.tasks: list[asyncio.Task] = []
        self.sending: set[asyncio.Task] = set()
        self.games = 0
        self.address = 1                  # the last source address used for creating games
        self.gate = asyncio.Semaphore(CONNECTING)
        self.gc = GcWatch()
        self.gc_thresholds = gc.get_threshold()

    async def create_games(self, n: int) -> list[str]:
        """``n`` new games' invite codes, created from fresh loopback addresses, 30 each."""
        codes: list[str] = []
        batches = []
        while n > 0:
            k = min(n, CREATES_PER_ADDRESS)
            self.address += 1
            a = self.address
            batches.append((f"127.{(a >> 16) & 255}.{(a >> 8) & 255}.{a & 255}", k))
            n -= k
        sem = asyncio.Semaphore(8)

        async def batch(source: str, k: int) -> list[str]:
            async with sem, connect(self.url, open_timeout=30, local_addr=(source, 0)) as ws:
                await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "server_load"}))
                for i in range(k):
                    await ws.send(P.dumps({"type": "create", "config": {"players": 4}, "pace": "live",
                                           "start": "full", "id": i + 1}))
                got = []
                while len(got) < k:
                    reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if reply["type"] == "created":
                        got.append(reply["code"])
                    elif reply["type"] == "error":
                        raise RuntimeError(f"create refused: {reply}")
                return got

        for got in await asyncio.gather(*(batch(s, k) for s, k in batches)):
            codes += got
        return codes

    async def grow(self, games: int) -> float:
        """Add games until ``games`` are live; the seconds it took."""
        t0 = time.perf_counter()
        codes = await self.create_games(games - self.games)
        new = [Player(self, code, colour) for code in codes for colour in range(4)]
        for p in new:
            self.tasks.append(asyncio.create_task(p.run(self.gate)))
        self.players += new
        done, pending = await asyncio.wait([p.welcomed for p in new], timeout=120 + len(new) / 20)
        failed = len(pending) + sum(1 for f in done if f.exception() is not None)
        if failed:
            raise RuntimeError(f"{failed} of {len(new)} clients did not get their seat")
        self.games = games
        gc.collect()
        gc.freeze()               # the seated clients' objects: never scanned again
        gc.set_threshold(700, 10, 1_000_000)    # and no full collections while it runs (it is bounded)
        return time.perf_counter() - t0

    async def window(self) -> dict:
        """Measure for ``seconds``: the step's row of the curve."""
        srv = self.server
        await asyncio.sleep(2.0)                  # the new games' first decisions are planned
        lags: list[float] = []
        rss = [srv.rss_mb()]
        t0, cpu0, own0, all0 = time.perf_counter(), srv.cpu_s(), sum(os.times()[:2]), busy_s()
        self.stats.reset(t0)
        self.gc.reset()
        wall0 = time.time()
        end = t0 + self.seconds
        next_rss = t0
        while True:
            now = time.perf_counter()
            if now >= end:
                break
            if now >= next_rss:
                rss.append(srv.rss_mb())
                next_rss = now + 0.5
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            lags.append(time.perf_counter() - before - 0.05)
        wall = time.perf_counter() - t0
        cpu = (srv.cpu_s() - cpu0) / wall * 100
        own = (sum(os.times()[:2]) - own0) / wall * 100
        other = (busy_s() - all0) / wall * 100 - cpu - own
        s = self.stats
        rtts = sorted(s.rtts)
        lost = sum(1 for p in self.players for sent, _ in p.sent.values() if sent >= t0 and sent < end - 5)
        gc_row = {}
        if srv.gc_watch:
            pauses = [ms for _, ms in srv.gc_pauses(wall0, time.time())]
            gc_row = {"server_gc_max_ms": max(pauses, default=0.0),
                      "server_gc_over_50ms": sum(ms > 50 for ms in pauses), "server_gc_s": round(sum(pauses) / 1000, 2)}
        lags.sort()
        over = sum(1 for p in self.players if p.over and p.colour == 0)
        return {"games": self.games, "clients": len(self.players), "actions": len(rtts), "sent": s.sent,
                "actions_per_s": round(len(rtts) / wall, 1),
                "p50_ms": round(pct(rtts, 0.5) * 1000, 2), "p99_ms": round(pct(rtts, 0.99) * 1000, 2),
                "max_ms": round(rtts[-1] * 1000, 2) if rtts else math.nan,
                "server_rss_mb": round(max(rss), 1), "server_cpu_pct": round(cpu, 1),
                "gen_cpu_pct": round(own, 1), "gen_lag_p99_ms": round(pct(lags, 0.99) * 1000, 1),
                "gen_lag_max_ms": round(lags[-1] * 1000, 1) if lags else math.nan,
                "gen_gc_max_ms": round(self.gc.longest * 1000, 1), "other_cpu_pct": round(max(0.0, other), 1),
                "errors": sum(s.errors.values()), "error_codes": dict(s.errors), "unanswered": lost,
                "drops": s.drops, "clock_moves": s.clock_moves, "games_over": over,
                "seconds": round(wall, 1), **gc_row}

    async def stop(self) -> None:
        self.stopping = True
        self.gc.close()
        gc.set_threshold(*self.gc_thresholds)
        for t in self.tasks:
            t.cancel()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*self.tasks, return_exceptions=True), 60)


async def live_curve(server: Server, steps: list[int], think: tuple[float, float], seconds: float) -> list[dict]:
    bench = Live(server, think, seconds)
    curve = []
    try:
        for games in steps:
            if not server.alive():
                raise RuntimeError(f"the server stopped: {server.tail()}")
            log(f"step {games} games: creating and seating {games - bench.games} games ...")
            ramp = await bench.grow(games)
            log(f"  {len(bench.players)} clients seated in {ramp:.1f} s; measuring {seconds:g} s")
            row = await bench.window()
            row["ramp_s"] = round(ramp, 1)
            curve.append(row)
            gc_text = f"server gc max {row['server_gc_max_ms']} ms, " if "server_gc_max_ms" in row else ""
            log(f"  {row['actions_per_s']} actions/s, p50 {row['p50_ms']} ms, p99 {row['p99_ms']} ms, "
                f"max {row['max_ms']} ms, rss {row['server_rss_mb']} MB, server cpu {row['server_cpu_pct']}%, "
                f"generator cpu {row['gen_cpu_pct']}% lag p99 {row['gen_lag_p99_ms']} ms "
                f"(gc {row['gen_gc_max_ms']} ms), other cpu {row['other_cpu_pct']}%, "
                f"{gc_text}errors {row['errors']} "
                f"{row['error_codes'] or ''} drops {row['drops']} clock moves {row['clock_moves']}")
    finally:
        await bench.stop()
    return curve


# --- the stored by-post games ------------------------------------------------------------------------------------
def write_stored(db: str, n: int, sample: int = 20) -> list[tuple[str, str]]:
    """``n`` by-post games with a few decisions each; (game, token) of up to ``sample`` of them."""
    from retrocatan.server.clocks import Pace, SystemClock
    from retrocatan.server.store import open_store
    from retrocatan.server.table import Table, config_of
    rng = random.Random(7)
    config, pace, clock = config_of({"players": 4}), Pace.of("post"), SystemClock()
    keep = set(rng.sample(range(n), min(sample, n)))
    kept = []
    t0 = time.perf_counter()
    with open_store(db) as store:
        for i in range(n):
            table, _owner = Table.create(store, clock, config, pace, [{"kind": "open"}] * 4, "full")
            tokens = [table.join(f"Post {s}", s)[1] for s in range(4)]      # the fourth starts it
            for _ in range(rng.randint(2, 6)):
                p = table.game.decider
                table.act(p, str(rng.choice(table.game.seat_view(p).legal)))
            if i in keep:
                kept.append((table.id, tokens[0]))
            if (i + 1) % 2000 == 0:
                log(f"  {i + 1} stored games written ({time.perf_counter() - t0:.1f} s)")
    return kept


async def answer_time(server: Server, deadline: float) -> float:
    """Seconds from the process's start until it answered hello + ping."""
    while True:
        try:
            async with connect(server.url, open_timeout=5) as ws:
                await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "server_load"}))
                await ws.send(P.dumps({"type": "ping", "id": 1}))
                while json.loads(await asyncio.wait_for(ws.recv(), 5)).get("type") != "pong":
                    pass
                return time.perf_counter() - server.started
        except (TimeoutError, OSError):
            if time.perf_counter() > deadline:
                raise
            await asyncio.sleep(0.01)


async def resume_time(url: str, game: str, token: str) -> float:
    """Milliseconds from a resume of a stored game to its sync (the game is loaded then)."""
    async with connect(url, open_timeout=10) as ws:
        await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "server_load"}))
        while json.loads(await asyncio.wait_for(ws.recv(), 10)).get("type") != "hello":
            pass
        t0 = time.perf_counter()
        await ws.send(P.dumps({"type": "resume", "game": game, "token": token, "after": 0}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if msg["type"] == "sync":
                return (time.perf_counter() - t0) * 1000
            if msg["type"] == "error":
                raise RuntimeError(f"resume refused: {msg}")


async def peek_times(url: str, seats: list[tuple[str, str]], times: int = 5) -> list[float]:
    """Milliseconds of ``times`` peeks at these seats (games not in the server's memory)."""
    out = []
    async with connect(url, open_timeout=10) as ws:
        await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "server_load"}))
        for i in range(times):
            t0 = time.perf_counter()
            await ws.send(P.dumps({"type": "peek", "id": i, "seats": [{"game": g, "token": t} for g, t in seats]}))
            while json.loads(await asyncio.wait_for(ws.recv(), 10)).get("type") != "peek":
                pass
            out.append((time.perf_counter() - t0) * 1000)
    return out


def stored_part(db: str, folder: str, n: int) -> dict:
    log(f"by post: writing {n} stored games ...")
    t0 = time.perf_counter()
    kept = write_stored(db, n)
    written = time.perf_counter() - t0
    log(f"  written in {written:.1f} s; starting the server on them")
    server = Server(db, folder).start()
    try:
        async def measure():
            startup = await answer_time(server, time.perf_counter() + 30)
            rss = server.rss_mb()
            peeks = await peek_times(server.url, kept)
            loads = [await resume_time(server.url, g, tok) for g, tok in kept]
            return startup, rss, peeks, loads
        startup, rss, peeks, loads = asyncio.run(measure())
        out = {"stored": n, "write_s": round(written, 1), "listening_s": round(server.listening_s, 3),
               "startup_s": round(startup, 3), "startup_rss_mb": round(rss, 1),
               "first_load_ms": round(loads[0], 2) if loads else math.nan,
               "load_p50_ms": round(statistics.median(loads), 2) if loads else math.nan,
               "load_max_ms": round(max(loads), 2) if loads else math.nan, "loads": len(loads),
               "rss_after_loads_mb": round(server.rss_mb(), 1), "peek_seats": len(kept),
               "peek_ms": round(statistics.median(peeks), 2) if peeks else math.nan}
    finally:
        server.stop()
    log(f"  up (answers hello + ping) in {out['startup_s']} s (listening after {out['listening_s']} s, "
        f"rss {out['startup_rss_mb']} MB); first resume's sync in {out['first_load_ms']} ms, "
        f"median of {out['loads']} {out['load_p50_ms']} ms; a peek at {len(kept)} of their seats "
        f"{out['peek_ms']} ms")
    return out


# --- the run -----------------------------------------------------------------------------------------------------
def knee_of(curve: list[dict]) -> int | None:
    ok = [r["games"] for r in curve if r["p99_ms"] <= KNEE_MS]
    return max(ok) if ok else None


def table_text(curve: list[dict]) -> str:
    head = ("games", "clients", "actions/s", "p50_ms", "p99_ms", "max_ms", "server_rss_mb", "cpu%", "gen_cpu%",
            "errors", "clock")
    rows = [head] + [(r["games"], r["clients"], r["actions_per_s"], r["p50_ms"], r["p99_ms"], r["max_ms"],
                      r["server_rss_mb"], r["server_cpu_pct"], r["gen_cpu_pct"], r["errors"] + r["drops"],
                      r["clock_moves"]) for r in curve]
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(head))]
    return "\n".join("  ".join(str(v).rjust(w) for v, w in zip(row, widths)) for row in rows)


def _finite(value):
    """``value`` with nan and infinities as null (strict JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, help="the largest step (default 1000; --quick 40)")
    ap.add_argument("--steps", help="the steps, comma separated (default 50,100,250,500,1000 up to --games)")
    ap.add_argument("--seconds", type=float, help="measured seconds per step (default 45; --quick 15)")
    ap.add_argument("--think", type=think_range, default=(2.0, 6.0),
                    help="a person's think time per decision, SECONDS or LOW-HIGH (default 2-6)")
    ap.add_argument("--stored", type=int, help="stored by-post games (default 10000; --quick 500; 0: skip)")
    ap.add_argument("--db", help="postgresql://... (default: SQLite files in a temporary folder)")
    ap.add_argument("--quick", action="store_true", help="a small run: 10 and 40 games, 15 s each, 500 stored")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    ap.add_argument("--gc-watch", action="store_true",
                    help="start the server through a prelude that logs its garbage collector's pauses (a column)")
    args = ap.parse_args(argv)

    games = args.games or (QUICK_CURVE[-1] if args.quick else CURVE[-1])
    if args.steps:
        steps = sorted({int(s) for s in args.steps.split(",") if s.strip()})
    else:
        steps = sorted({s for s in (QUICK_CURVE if args.quick else CURVE) if s < games} | {games})
    if not steps or steps[0] < 1:
        ap.error("steps are whole numbers of games >= 1")
    seconds = args.seconds or (15.0 if args.quick else 45.0)
    stored = args.stored if args.stored is not None else (500 if args.quick else 10_000)

    with tempfile.TemporaryDirectory(prefix="server_load-") as folder:
        live_db = args.db or os.path.join(folder, "load.sqlite3")
        post_db = args.db or os.path.join(folder, "post.sqlite3")
        server = Server(live_db, folder, args.gc_watch).start()
        log(f"server pid {server.pid} at {server.url} ({'PostgreSQL' if args.db else 'SQLite'}); "
            f"steps {steps}, {seconds:g} s each, think {args.think[0]:g}-{args.think[1]:g} s")
        try:
            curve = asyncio.run(live_curve(server, steps, args.think, seconds))
        finally:
            server.stop()
            server_errors = server.logged_errors()
            if server_errors:
                log(f"the server logged {server_errors} errors:\n{server.tail()}")
        post = stored_part(post_db, folder, stored) if stored > 0 else {}

    knee = knee_of(curve)
    print(table_text(curve))
    top = curve[-1]
    if knee is None:
        print(f"knee: no step had p99 <= {KNEE_MS:g} ms")
    elif knee == top["games"]:
        print(f"knee: not reached; p99 <= {KNEE_MS:g} ms up to the largest step, {knee} games "
              f"({top['clients']} clients, server RSS {top['server_rss_mb']} MB)")
    else:
        print(f"knee: {knee} games (the largest step with p99 <= {KNEE_MS:g} ms)")
    if post:
        print(f"{post['stored']} stored by-post games: server up in {post['startup_s']} s, "
              f"first load {post['first_load_ms']} ms (median {post['load_p50_ms']} ms)")
    if args.json:
        out = {k: top[k] for k in ("games", "clients", "actions", "actions_per_s", "p50_ms", "p99_ms", "max_ms",
                                   "server_rss_mb", "server_cpu_pct", "gen_cpu_pct", "errors", "drops")}
        out.update(knee_games=knee, knee_ms=KNEE_MS, think=list(args.think), seconds=seconds,
                   db="postgresql" if args.db else "sqlite", server_logged_errors=server_errors, curve=curve,
                   startup_s=post.get("startup_s", math.nan), first_load_ms=post.get("first_load_ms", math.nan),
                   stored=post)
        print(json.dumps(_finite(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
