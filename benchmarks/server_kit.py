"""What the server benchmarks share (``server_load``, ``server_computers``,
``server_chaos``, ``server_fuzz``): a ``retrocatan serve`` process and its
figures from /proc, WebSocket clients, games created from many loopback
addresses, a person's client, a pinger, the generator's own lag, quantiles
and the JSON line.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import math
import os
import random
import select
import signal
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from retrocatan.engine.game import Game  # noqa: E402
from retrocatan.net import protocol as P  # noqa: E402

HOST = "127.0.0.1"
TICK = os.sysconf("SC_CLK_TCK")
CREATES_PER_ADDRESS = 30            # the hub's Limits.creates_per_minute
ANSWERS = frozenset({"error", "ok", "pong", "created", "joined", "welcome", "record", "hello", "stage"})


# --- figures ----------------------------------------------------------------------------------------------------
def log(*parts) -> None:
    print(*parts, file=sys.stderr, flush=True)


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted ``values`` (nearest rank); nan for none."""
    if not values:
        return math.nan
    return values[min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))]


def spread_ms(seconds: list[float], name: str) -> dict:
    """``{name}_p50_ms``, ``_p99_ms``, ``_max_ms`` of durations in seconds."""
    v = sorted(seconds)
    return {f"{name}_p50_ms": round(pct(v, 0.5) * 1000, 2), f"{name}_p99_ms": round(pct(v, 0.99) * 1000, 2),
            f"{name}_max_ms": round(v[-1] * 1000, 2) if v else math.nan}


def finite(value):
    """``value`` with nan and infinities as null (strict JSON)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


def json_line(result: dict) -> None:
    """The benchmark's result as one JSON object, the last line of stdout."""
    print(json.dumps(finite(result)), flush=True)


def think_range(text: str) -> tuple[float, float]:
    """An argument's seconds, ``SECONDS`` or ``LOW-HIGH``."""
    import argparse
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


def _stat(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if int(_stat(int(name))[1]) == pid:
                    out.append(int(name))
    return out


def cpu_s(pid: int) -> float:
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = _stat(pid)
        return (int(fields[11]) + int(fields[12])) / TICK
    return 0.0


def rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError, ValueError), open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def loopback_addresses() -> bool:
    """Whether this machine answers on 127.0.0.2 and on (Linux: the whole 127/8)."""
    try:
        with socket.socket() as s:
            s.bind(("127.0.0.2", 0))
        return True
    except OSError:
        return False


# --- the server process -----------------------------------------------------------------------------------------
class Server:
    """``retrocatan serve --json`` as a process (``root``: the checkout whose ``retrocatan`` it runs),
    its stderr in ``folder``; ``port`` 0 takes a free one, another is kept across restarts."""

    def __init__(self, db: str, folder: str, options=(), port: int = 0, root: str = ROOT,
                 prelude: str | None = None) -> None:
        self.db, self.options, self.port, self.root, self.prelude = db, list(options), port, root, prelude
        self.err_path = os.path.join(folder, f"serve-{int(time.time() * 1000)}.log")
        self.err = None
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self.started = 0.0
        self.listening_s = math.nan

    def start(self, timeout: float = 60.0) -> Server:
        env = {**os.environ, "PYTHONPATH": self.root + os.pathsep + os.environ.get("PYTHONPATH", "")}
        program = ("-c", self.prelude) if self.prelude else ("-m", "retrocatan")
        if self.err is None:
            self.err = open(self.err_path, "a+", encoding="utf-8")     # noqa: SIM115 (closed in stop)
        for _ in range(50):
            self.started = time.perf_counter()
            self.proc = subprocess.Popen([sys.executable, *program, "serve", "--host", HOST, "--port", str(self.port),
                                          "--db", self.db, "--json", *self.options],
                                         stdout=subprocess.PIPE, stderr=self.err, text=True, env=env, cwd=self.root)
            ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
            line = self.proc.stdout.readline() if ready else ""
            if line.endswith("\n"):
                self.listening_s = time.perf_counter() - self.started
                self.port = json.loads(line)["port"]
                self.url = f"ws://{HOST}:{self.port}"
                return self
            self.kill()
            if not self.port:
                break
            time.sleep(0.1)                 # the port not free yet: again
        raise RuntimeError(f"the server did not start: {self.tail()}")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def workers(self) -> list[int]:
        """Its worker processes (the computers' pool: the children of its fork server)."""
        return [w for c in children(self.pid) for w in children(c)]

    def cpu_s(self, workers: bool = False) -> float:
        """CPU seconds of the server's process (``workers``: of its worker processes instead)."""
        return sum(cpu_s(w) for w in self.workers()) if workers else cpu_s(self.pid)

    def rss_mb(self, workers: bool = False) -> float:
        return sum(rss_mb(w) for w in self.workers()) if workers else rss_mb(self.pid)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def log(self) -> str:
        if self.err is None:
            return ""
        self.err.flush()
        with open(self.err_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def tail(self, lines: int = 15) -> str:
        return "".join(self.log().splitlines(True)[-lines:])

    def logged_errors(self) -> int:
        return sum(1 for line in self.log().splitlines() if " ERROR " in line or line.startswith("Traceback"))

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        if self.proc is not None:
            self.proc.wait()

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL if it does not stop; its exit code."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.err is not None:
            self.err.flush()
        return self.proc.returncode


# --- clients ----------------------------------------------------------------------------------------------------
def connect(url: str, **kw):
    from websockets.asyncio.client import connect as ws_connect
    return ws_connect(url, compression=None, max_size=16 * 1024 * 1024, ping_interval=None, close_timeout=1,
                      proxy=None, **kw)


def hello(client: str) -> str:
    return P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": client})


async def create_games(url: str, n: int, create: dict, first_address: int = 1, start: bool = False) -> list[dict]:
    """``n`` new games (``create``: the message's fields), 30 from each loopback address from
    127.0.0.``first_address`` + 1 on (or all from 127.0.0.1 where there are no others); each
    ``created`` answer. ``start``: the owner starts each at once."""
    many = loopback_addresses()
    batches, a = [], first_address
    while n > 0:
        k = min(n, CREATES_PER_ADDRESS if many else n)
        a += 1
        batches.append((f"127.{(a >> 16) & 255}.{(a >> 8) & 255}.{a & 255}" if many else HOST, k))
        n -= k
    gate = asyncio.Semaphore(8)

    async def batch(source: str, k: int) -> list[dict]:
        async with gate, connect(url, open_timeout=30, local_addr=(source, 0)) as ws:
            await ws.send(hello("bench"))
            for i in range(k):
                await ws.send(P.dumps({"type": "create", **create, "id": i + 1}))
            got = []
            while len(got) < k:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 60))
                if reply["type"] == "created":
                    got.append(reply)
                    if start:
                        await ws.send(P.dumps({"type": "start", "game": reply["game"], "owner": reply["owner"]}))
                elif reply["type"] == "error" and reply.get("re") != "hello":
                    raise RuntimeError(f"refused: {reply}")
            return got

    return [g for got in await asyncio.gather(*(batch(s, k) for s, k in batches)) for g in got]


class Pinger:
    """``ping`` ``rate`` times a second on a connection of its own: each answer's time."""

    def __init__(self, url: str, rate: float = 10.0) -> None:
        self.url, self.rate = url, rate
        self.rtts: list[float] = []
        self.sent: dict[int, float] = {}
        self.task = asyncio.create_task(self._run())

    def reset(self) -> None:
        self.rtts = []

    def unanswered(self, older_than: float = 10.0) -> int:
        now = time.perf_counter()
        return sum(1 for t in self.sent.values() if now - t > older_than)

    async def _run(self) -> None:
        async with connect(self.url, open_timeout=30) as ws:
            await ws.send(hello("pinger"))
            reader = asyncio.create_task(self._read(ws))
            try:
                for n in range(1, 10 ** 9):
                    self.sent[n] = time.perf_counter()
                    await ws.send(P.dumps({"type": "ping", "id": n}))
                    await asyncio.sleep(1 / self.rate)
            finally:
                reader.cancel()

    async def _read(self, ws) -> None:
        async for raw in ws:
            msg = json.loads(raw)
            if msg.get("type") == "pong":
                t = self.sent.pop(msg.get("id"), None)
                if t is not None:
                    self.rtts.append(time.perf_counter() - t)

    async def stop(self) -> None:
        self.task.cancel()
        with contextlib.suppress(BaseException):
            await self.task


class Generator:
    """This process's own figures: its CPU, its event loop's lag and its longest collector pause
    (if the generator lags, its clients' round trips are not the server's)."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.gc_longest = 0.0
        self._gc_started = 0.0
        self.cpu0 = sum(os.times()[:2])
        self.t0 = time.perf_counter()
        gc.callbacks.append(self._gc)
        self.task = asyncio.create_task(self._watch())

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.gc_longest = max(self.gc_longest, time.perf_counter() - self._gc_started)

    async def _watch(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            self.lags.append(time.perf_counter() - before - 0.05)

    def reset(self) -> None:
        self.lags, self.gc_longest = [], 0.0
        self.cpu0, self.t0 = sum(os.times()[:2]), time.perf_counter()

    def figures(self) -> dict:
        wall = max(1e-9, time.perf_counter() - self.t0)
        lags = sorted(self.lags)
        return {"gen_cpu_pct": round((sum(os.times()[:2]) - self.cpu0) / wall * 100, 1),
                "gen_lag_p99_ms": round(pct(lags, 0.99) * 1000, 1),
                "gen_lag_max_ms": round(lags[-1] * 1000, 1) if lags else math.nan,
                "gen_gc_max_ms": round(self.gc_longest * 1000, 1)}

    def close(self) -> None:
        self.task.cancel()
        gc.callbacks.remove(self._gc)


def settle() -> None:
    """The generator's long-lived objects (its seated clients) never scanned again, and no full
    collection while it measures."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 10, 1_000_000)


# --- a person at a network seat ---------------------------------------------------------------------------------
BUILD_KINDS = ("settle", "road", "city", "buy")
NEVER = ("offer", "trade", "counter", "confirm", "accept", "cancel")


class Tally:
    """What the people measured since ``since`` (send times)."""

    def __init__(self) -> None:
        self.reset(math.inf)

    def reset(self, now: float) -> None:
        self.since = now
        self.rtts: list[float] = []
        self.errors: dict[str, int] = {}
        self.clock_moves = 0
        self.drops = 0
        self.sent = 0


class Person:
    """One seat of one game: takes it (``join``, or ``resume`` with ``token``), then acts at a
    person's pace when the decision is its own: ``think`` seconds (low, high) and a cheap legal
    choice (roll; a build now and then; decline; end; never an offer). The game's state is loaded
    only when the decision is its own. ``on_entry(msg, arrived)`` sees every entry."""

    def __init__(self, url: str, code: str, colour: int, think: tuple[float, float], tally: Tally,
                 on_entry=None) -> None:
        self.url, self.code, self.colour, self.think, self.tally = url, code, colour, think, tally
        self.on_entry = on_entry
        self.ws = None
        self.raw = ""                # the last message with the seat's state: parsed again only to decide
        self.decider = self.step = self.planned = self.turn = -1
        self.bad: set[str] = set()   # actions refused at ``planned``
        self.builds = 0
        self.sent: dict[int, tuple[float, int]] = {}
        self.next_id = 1
        self.welcomed = asyncio.get_running_loop().create_future()
        self.over = False
        self.stopping = False
        self.sending: set[asyncio.Task] = set()

    async def run(self, gate: asyncio.Semaphore) -> None:
        try:
            async with gate:
                ws_cm = connect(self.url, open_timeout=60)
                ws = await ws_cm.__aenter__()
            try:
                self.ws = ws
                await ws.send(hello("person"))
                await ws.send(P.dumps({"type": "join", "code": self.code, "name": f"Person {self.colour}",
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
        if not self.stopping:
            self.tally.drops += 1
        if not self.welcomed.done():
            self.welcomed.set_exception(ConnectionError("closed before welcome"))

    def receive(self, raw: str) -> None:
        msg = json.loads(raw)
        kind = msg["type"]
        if kind == "entry":
            if self.on_entry is not None:
                self.on_entry(msg, time.perf_counter())
            if msg.get("by") == "clock" and msg.get("seat") == self.colour:
                self.tally.clock_moves += 1
        if kind in ("entry", "sync") and "state" in msg:
            self.present(msg, raw)
        elif kind in ("ok", "error"):
            got = self.sent.pop(msg.get("id"), None)
            tally = self.tally
            if kind == "ok":
                if got is not None and got[0] >= tally.since:
                    tally.rtts.append(time.perf_counter() - got[0])
                return
            code = msg.get("code", "?")
            if msg.get("re") in ("hello", "join") and not self.welcomed.done():
                self.welcomed.set_exception(ConnectionError(f"refused: {code}"))
            if got is not None and got[0] >= tally.since:
                tally.errors[code] = tally.errors.get(code, 0) + 1
            if got is not None and code in ("refused", "bad_action", "rate") and got[1] == self.step:
                self.plan(0.2 if code != "rate" else 1.0)
        elif kind == "welcome" and not self.welcomed.done():
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
        elif self.decider == self.colour and self.planned != step:
            self.planned = step
            self.bad = set()
            self.plan(random.uniform(*self.think))

    def plan(self, delay: float) -> None:
        if not self.stopping:
            asyncio.get_running_loop().call_later(delay, self.decide, self.step)

    def decide(self, step: int) -> None:
        if self.stopping or self.ws is None or step != self.step or self.decider != self.colour:
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
        builds = [a for k in BUILD_KINDS for a in by_kind.get(k, ())]
        ends = by_kind.get("end") or by_kind.get("pass")
        if "roll" in by_kind or "decline" in by_kind:
            action = (by_kind.get("roll") or by_kind["decline"])[0]
        elif builds and (not ends or (self.builds < 2 and random.random() < 0.6)):
            action = random.choice(builds)
            self.builds += 1
        else:
            action = ends[0] if ends else random.choice(legal)
        text = str(action)
        self.bad.add(text)
        rid, self.next_id = self.next_id, self.next_id + 1
        self.sent[rid] = (time.perf_counter(), step)
        self.tally.sent += 1
        task = asyncio.ensure_future(self._send({"type": "act", "action": text, "step": step, "id": rid}))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def _send(self, msg: dict) -> None:
        ws = self.ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.send(P.dumps(msg))

    def unanswered(self, since: float, until: float) -> int:
        return sum(1 for sent, _ in self.sent.values() if since <= sent < until)


async def seat_people(people: list[Person], tasks: list[asyncio.Task], connecting: int = 64) -> float:
    """Start ``people`` (``connecting`` at once: the server's listen backlog is 100) and wait
    until each has its seat; the seconds it took."""
    t0 = time.perf_counter()
    if not people:
        return 0.0
    gate = asyncio.Semaphore(connecting)
    tasks += [asyncio.create_task(p.run(gate)) for p in people]
    done, pending = await asyncio.wait([p.welcomed for p in people], timeout=120 + len(people) / 20)
    failed = len(pending) + sum(1 for f in done if f.exception() is not None)
    if failed:
        raise RuntimeError(f"{failed} of {len(people)} clients did not get their seat")
    return time.perf_counter() - t0


async def stop_people(people: list[Person], tasks: list[asyncio.Task]) -> None:
    for p in people:
        p.stopping = True
    for t in tasks:
        t.cancel()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 60)
