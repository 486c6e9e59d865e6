"""The knee of a real ``retrocatan serve`` on this machine, and how fast it
comes up over many stored by-post games.

    python benchmarks/server_load.py [--games 1000] [--steps 50,100,...] [--seconds 45] [--think 2-6]
                                     [--stored 10000] [--db URL] [--gc-watch] [--quick] [--json]

Live part. Starts ``retrocatan serve`` (SQLite in a temporary folder, or
``--db postgresql://...``) with limits high enough for one address, and for
each step of a curve (50, 100, 250, 500, 1000 games up to ``--games``, or
``--steps``) adds 4-player base games (every seat open, ``start: "full"``),
created from several loopback addresses, until the step's number of games is
live, each with 4 network people in this process (``server_kit.Person``: a
think time from ``--think`` before each decision of its seat, then a cheap
legal choice). Once every client of the step is seated, it runs for
``--seconds`` and measures: each ``act``'s round trip (to its ``ok``)
p50/p99/max, actions a second, the server's RSS (the highest sample) and CPU
(100 = one core), this generator's own CPU and lag (if it lags, its round
trips are not the server's), the rest of the machine's CPU, refusals, lost
connections and the decisions the server's clocks made for late seats.
``--gc-watch`` starts the server through a prelude that logs its garbage
collector's pauses of 5 ms or more (columns ``server_gc_*``).

The knee is reached at the first step whose p99 is over 100 ms;
``knee_games`` is then the step before it (0 if it is the first) and
``null`` if no step went over (``held_games``: the largest step that held).

By-post part (``--stored N``). Writes N by-post games (4 players, a few
decisions each) straight into a fresh store, starts the server on it and
measures the time from the process's start until it answers ``hello`` +
``ping`` (``startup_s``), and from a ``resume`` of one of those games to its
``sync`` (the game is loaded then: ``first_load_ms``, and the median).

``--quick``: steps 10 and 40 games, 15 s each, 500 stored games (under 2
minutes). ``--json``: one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import tempfile
import time

import server_kit as K

CURVE, QUICK_CURVE = (50, 100, 250, 500, 1000), (10, 40)
KNEE_MS = 100.0
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
OPEN_LIMITS = ["--per-address", "100000", "--max-connections", "100000", "--rate", "1000"]


def gc_pauses(server: K.Server, since: float, until: float) -> list[float]:
    """Milliseconds of the server's collector pauses between two ``time.time()`` moments."""
    out = []
    for line in server.log().splitlines():
        if line.startswith("gcpause "):
            _, _gen, ms, at = line.split()
            if since <= float(at) <= until:
                out.append(float(ms))
    return out


async def step(server: K.Server, people: list[K.Person], tally: K.Tally, gen: K.Generator, seconds: float,
               games: int) -> dict:
    """Measure ``seconds`` at ``games`` live games: the step's row of the curve."""
    await asyncio.sleep(2.0)                    # the new games' first decisions are planned
    rss = [server.rss_mb()]
    t0, cpu0, all0, wall0 = time.perf_counter(), server.cpu_s(), K.busy_s(), time.time()
    tally.reset(t0)
    gen.reset()
    while time.perf_counter() - t0 < seconds:
        await asyncio.sleep(0.5)
        rss.append(server.rss_mb())
    wall = time.perf_counter() - t0
    own = gen.figures()
    cpu = (server.cpu_s() - cpu0) / wall * 100
    rtts = sorted(tally.rtts)
    row = {"games": games, "clients": len(people), "actions": len(rtts), "sent": tally.sent,
           "actions_per_s": round(len(rtts) / wall, 1),
           "p50_ms": round(K.pct(rtts, 0.5) * 1000, 2), "p99_ms": round(K.pct(rtts, 0.99) * 1000, 2),
           "max_ms": round(rtts[-1] * 1000, 2) if rtts else math.nan,
           "server_rss_mb": round(max(rss), 1), "server_cpu_pct": round(cpu, 1), **own,
           "other_cpu_pct": round(max(0.0, (K.busy_s() - all0) / wall * 100 - cpu - own["gen_cpu_pct"]), 1),
           "errors": sum(tally.errors.values()), "error_codes": dict(tally.errors),
           "unanswered": sum(p.unanswered(t0, t0 + wall - 5) for p in people), "drops": tally.drops,
           "clock_moves": tally.clock_moves, "games_over": sum(1 for p in people if p.over and p.colour == 0),
           "seconds": round(wall, 1)}
    if server.prelude:
        pauses = gc_pauses(server, wall0, time.time())
        row.update(server_gc_max_ms=max(pauses, default=0.0), server_gc_over_50ms=sum(ms > 50 for ms in pauses),
                   server_gc_s=round(sum(pauses) / 1000, 2))
    return row


async def live_curve(server: K.Server, steps: list[int], think: tuple[float, float], seconds: float) -> list[dict]:
    tally, people, tasks, curve = K.Tally(), [], [], []
    gen = K.Generator()
    address = 1
    try:
        for games in steps:
            if not server.alive():
                raise RuntimeError(f"the server stopped: {server.tail()}")
            n = games - len(people) // 4
            K.log(f"step {games} games: creating and seating {n} games ...")
            t0 = time.perf_counter()
            got = await K.create_games(server.url, n, {"config": {"players": 4}, "pace": "live", "start": "full"},
                                       address)
            address += -(-n // K.CREATES_PER_ADDRESS)
            new = [K.Person(server.url, g["code"], colour, think, tally) for g in got for colour in range(4)]
            people += new
            await K.seat_people(new, tasks)
            K.settle()
            ramp = time.perf_counter() - t0
            K.log(f"  {len(people)} clients seated in {ramp:.1f} s; measuring {seconds:g} s")
            row = await step(server, people, tally, gen, seconds, games)
            row["ramp_s"] = round(ramp, 1)
            curve.append(row)
            K.log("  " + ", ".join(f"{k} {row[k]}" for k in ("actions_per_s", "p50_ms", "p99_ms", "max_ms",
                                                             "server_rss_mb", "server_cpu_pct", "gen_cpu_pct",
                                                             "gen_lag_p99_ms", "other_cpu_pct", "errors", "drops",
                                                             "clock_moves", "server_gc_max_ms") if k in row))
    finally:
        gen.close()
        await K.stop_people(people, tasks)
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
                K.log(f"  {i + 1} stored games written")
    return kept


async def answered(server: K.Server, request: dict, until: str, deadline: float) -> float:
    """Seconds from sending ``request`` (after the hello's answer) to the first message of type
    ``until``, retrying the connection until ``deadline`` (the server may be starting)."""
    while True:
        try:
            async with K.connect(server.url, open_timeout=5) as ws:
                await ws.send(K.hello("server_load"))
                while json.loads(await asyncio.wait_for(ws.recv(), 10)).get("type") != "hello":
                    pass
                t0 = time.perf_counter()
                await ws.send(K.P.dumps(request))
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if msg["type"] == until:
                        return time.perf_counter() - t0
                    if msg["type"] == "error":
                        raise RuntimeError(f"refused: {msg}")
        except (TimeoutError, OSError):
            if time.perf_counter() > deadline:
                raise
            await asyncio.sleep(0.01)


def stored_part(db: str, folder: str, n: int) -> dict:
    K.log(f"by post: writing {n} stored games ...")
    t0 = time.perf_counter()
    kept = write_stored(db, n)
    written = time.perf_counter() - t0
    server = K.Server(db, folder, OPEN_LIMITS).start()
    try:
        async def measure():
            await answered(server, {"type": "ping", "id": 1}, "pong", time.perf_counter() + 30)
            startup = time.perf_counter() - server.started
            rss = server.rss_mb()
            peek = {"type": "peek", "id": 2, "seats": [{"game": g, "token": tok} for g, tok in kept]}
            peeks = [1000 * await answered(server, peek, "peek", time.perf_counter() + 30) for _ in range(5)]
            loads = [1000 * await answered(server, {"type": "resume", "game": g, "token": tok, "after": 0}, "sync",
                                           time.perf_counter() + 30) for g, tok in kept]
            return startup, rss, peeks, loads, server.rss_mb()
        startup, rss, peeks, loads, rss_after = asyncio.run(measure())
    finally:
        server.stop()
    out = {"stored": n, "write_s": round(written, 1), "listening_s": round(server.listening_s, 3),
           "startup_s": round(startup, 3), "startup_rss_mb": round(rss, 1),
           "first_load_ms": round(loads[0], 2) if loads else math.nan,
           "load_p50_ms": round(statistics.median(loads), 2) if loads else math.nan,
           "load_max_ms": round(max(loads), 2) if loads else math.nan, "loads": len(loads),
           "rss_after_loads_mb": round(rss_after, 1), "peek_seats": len(kept),
           "peek_ms": round(statistics.median(peeks), 2) if peeks else math.nan}
    K.log(f"  up (answers hello + ping) in {out['startup_s']} s (rss {out['startup_rss_mb']} MB); first resume's "
          f"sync in {out['first_load_ms']} ms, median of {out['loads']} {out['load_p50_ms']} ms; a peek at "
          f"{len(kept)} of their seats {out['peek_ms']} ms")
    return out


# --- the run -----------------------------------------------------------------------------------------------------
def knee_of(curve: list[dict]) -> tuple[int | None, int]:
    """(the knee: the last step before the first whose p99 is over ``KNEE_MS``, 0 if that is the
    first, None if none is; the largest step that held before it)."""
    held = 0
    for row in curve:
        if not row["p99_ms"] <= KNEE_MS:        # (nan: no action answered, over too)
            return held, held
        held = row["games"]
    return None, held


def table_text(curve: list[dict]) -> str:
    head = ("games", "clients", "actions/s", "p50_ms", "p99_ms", "max_ms", "server_rss_mb", "cpu%", "gen_cpu%",
            "errors", "clock")
    rows = [head] + [(r["games"], r["clients"], r["actions_per_s"], r["p50_ms"], r["p99_ms"], r["max_ms"],
                      r["server_rss_mb"], r["server_cpu_pct"], r["gen_cpu_pct"], r["errors"] + r["drops"],
                      r["clock_moves"]) for r in curve]
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(head))]
    return "\n".join("  ".join(str(v).rjust(w) for v, w in zip(row, widths)) for row in rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, help="the largest step (default 1000; --quick 40)")
    ap.add_argument("--steps", help="the steps, comma separated (default 50,100,250,500,1000 up to --games)")
    ap.add_argument("--seconds", type=float, help="measured seconds per step (default 45; --quick 15)")
    ap.add_argument("--think", type=K.think_range, default=(2.0, 6.0),
                    help="a person's think time per decision, SECONDS or LOW-HIGH (default 2-6)")
    ap.add_argument("--stored", type=int, help="stored by-post games (default 10000; --quick 500; 0: skip)")
    ap.add_argument("--db", help="postgresql://... (default: SQLite files in a temporary folder)")
    ap.add_argument("--quick", action="store_true", help="a small run: 10 and 40 games, 15 s each, 500 stored")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    ap.add_argument("--gc-watch", action="store_true", help="log the server's garbage collector's pauses")
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
        server = K.Server(args.db or os.path.join(folder, "load.sqlite3"), folder, OPEN_LIMITS,
                          prelude=GC_PRELUDE if args.gc_watch else None).start()
        K.log(f"server pid {server.pid} at {server.url} ({'PostgreSQL' if args.db else 'SQLite'}); steps {steps}, "
              f"{seconds:g} s each, think {args.think[0]:g}-{args.think[1]:g} s")
        try:
            curve = asyncio.run(live_curve(server, steps, args.think, seconds))
        finally:
            server.stop()
            server_errors = server.logged_errors()
            if server_errors:
                K.log(f"the server logged {server_errors} errors:\n{server.tail()}")
        post = stored_part(args.db or os.path.join(folder, "post.sqlite3"), folder, stored) if stored > 0 else {}

    knee, held = knee_of(curve)
    print(table_text(curve))
    if knee is None:
        print(f"knee: not reached; p99 <= {KNEE_MS:g} ms up to the largest step, {held} games")
    elif knee == 0:
        print(f"knee: below the first step (p99 over {KNEE_MS:g} ms at {curve[0]['games']} games)")
    else:
        print(f"knee: {knee} games (p99 <= {KNEE_MS:g} ms up to it, over at the next step)")
    if post:
        print(f"{post['stored']} stored by-post games: server up in {post['startup_s']} s, "
              f"first load {post['first_load_ms']} ms (median {post['load_p50_ms']} ms)")
    if args.json:
        top = curve[-1]
        out = {k: top[k] for k in ("games", "clients", "actions", "actions_per_s", "p50_ms", "p99_ms", "max_ms",
                                   "server_rss_mb", "server_cpu_pct", "gen_cpu_pct", "errors", "drops")}
        out.update(knee_games=knee, knee_reached=knee is not None, held_games=held, knee_ms=KNEE_MS,
                   think=list(args.think), seconds=seconds, db="postgresql" if args.db else "sqlite",
                   server_logged_errors=server_errors, curve=curve, startup_s=post.get("startup_s", math.nan),
                   first_load_ms=post.get("first_load_ms", math.nan), stored=post)
        K.json_line(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
