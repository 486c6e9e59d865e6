"""The people's time while the server's computers think: a real ``retrocatan
serve`` with games whose computer seats are the server's own.

    python benchmarks/server_computers.py [--scenarios hard,expert,experts] [--games N] [--seconds 60]
                                          [--alone 20] [--think 2-6] [--workers N] [--server-root PATH]
                                          [--quick] [--json]

Scenarios, each on a fresh server (SQLite in a temporary folder):

- ``hard``: 1,000 live games of one network person and three Hard computers
  of the server, at the default pace (a computer acts 1 s after the decision
  becomes its seat's);
- ``expert``: 60 such games with three Experts;
- ``experts``: 10 games of four Experts with ``computer_delay`` 0 (the
  smallest the clocks allow), all created and started by one client, which
  replaces a game that ends by a new one (``games_replaced``), so that ten
  keep the pool busy.

The person is a client in this process (``server_kit.Person``) that decides
after ``--think`` seconds with a cheap legal choice; a pinger on a connection
of its own asks ``ping`` ten times a second all along. First one game runs
alone for ``--alone`` seconds (the computers' time on a quiet server), then
all the games for ``--seconds``. Measured in each part:

- ``people_*_ms``: a person's action's round trip (``act`` to its ``ok``);
- ``ping_*_ms`` and ``pings_unanswered``;
- ``computer_*_ms``: a computer's move as its game's clients see it, from the
  entry before it to it, less ``computer_delay`` (the server's clocks tick
  every 0.1 s: a part of up to 100 ms is the tick's); ``computer_moves_per_s``
  per game; ``slowed_p50``/``slowed_p99``: loaded against alone;
- the server's event loop's CPU (its process), its workers' CPU (the
  computers' pool; 100 = one core), the machine's busy share, memory, and
  this generator's own CPU and lag;
- ``games_stalled``: games not over without an entry in the measured
  window (``games_over``: games that ended), refusals, dropped connections
  and actions never answered.

The goal: people's p99 <= 100 ms and the ping's max <= 250 ms. ``--server-root``
runs the server of another checkout (its ``retrocatan``), to measure before and
after a change; ``--workers`` is passed on only when given. ``--quick``: 20, 4
and 2 games, 4 s alone and 8 s measured each, think 0.2-0.6 s (about a
minute). ``--json``: one JSON object as the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass

import server_kit as K

PEOPLE_P99_MS, PING_MAX_MS = 100.0, 250.0


@dataclass(frozen=True)
class Scenario:
    games: int
    quick: int
    seats: tuple[str, ...]      # "open" (a person) or a computer's level
    delay: float | None         # computer_delay (None: the pace's default, 1 s)


SCENARIOS = {"hard": Scenario(1000, 20, ("open", "hard", "hard", "hard"), None),
             "expert": Scenario(60, 4, ("open", "expert", "expert", "expert"), None),
             "experts": Scenario(10, 2, ("expert",) * 4, 0.0)}


class Games:
    """The games of one scenario, their people and spectators, and what they measured."""

    def __init__(self, url: str, sc: Scenario, think: tuple[float, float]) -> None:
        self.url, self.sc, self.think = url, sc, think
        self.delay = 1.0 if sc.delay is None else sc.delay
        self.tally = K.Tally()
        self.people: list[K.Person] = []
        self.tasks: list[asyncio.Task] = []
        self.last: dict[str, float] = {}        # game -> the arrival of its last entry
        self.ids: set[str] = set()              # every game made
        self.over: set[str] = set()             # games that ended
        self.waits: list[float] = []            # computers' moves: seconds beyond their delay
        self.since = float("inf")
        self.address = 1
        self.replaced = 0
        self.people_play = "open" in sc.seats
        seats = [{"kind": "open"} if s == "open" else {"kind": "computer", "level": s} for s in sc.seats]
        self.create = {"config": {"players": len(seats)}, "pace": "live", "seats": seats,
                       "start": "full" if self.people_play else "owner",
                       **({"clocks": {"computer_delay": sc.delay}} if sc.delay is not None else {})}

    def reset(self) -> None:
        self.since = time.perf_counter()
        self.tally.reset(self.since)
        self.waits, self.replaced = [], 0

    def stalled(self) -> int:
        """Games not over without an entry since ``since``."""
        return sum(1 for g in self.ids if g not in self.over and self.last.get(g, -1.0) < self.since)

    def entry(self, game: str, msg: dict, arrived: float) -> None:
        before = self.last.get(game)
        self.last[game] = arrived
        if msg.get("state", {}).get("phase") == "over":
            self.over.add(game)
        if arrived < self.since:
            return
        if msg["k"] == "move" and msg.get("by") == "computer" and before is not None:
            self.waits.append(max(0.0, arrived - before - self.delay))

    async def add(self, n: int) -> float:
        """``n`` more games, seated and playing; the seconds it took."""
        t0 = time.perf_counter()
        people = self.people_play
        got = await K.create_games(self.url, n, self.create, self.address, start=not people)
        if people:                              # (the games of computers come from one client)
            self.address += -(-n // K.CREATES_PER_ADDRESS)
        new = []
        self.ids.update(g["game"] for g in got)
        for g in got:
            if people:
                new += [K.Person(self.url, g["code"], p, self.think, self.tally,
                                 lambda msg, at, game=g["game"]: self.entry(game, msg, at))
                        for p, s in enumerate(self.sc.seats) if s == "open"]
            else:
                self.tasks.append(asyncio.create_task(self.follow(g)))
        self.people += new
        await K.seat_people(new, self.tasks)
        K.settle()
        return time.perf_counter() - t0

    async def follow(self, g: dict) -> None:
        """A spectator of a game of computers: its entries' arrivals; when it ends, a new game
        from the same client takes its place."""
        while True:
            async with K.connect(self.url, open_timeout=60) as ws:
                await ws.send(K.hello("spectator"))
                await ws.send(K.P.dumps({"type": "watch", "code": g["code"]}))
                async for raw in ws:
                    msg = json.loads(raw)
                    if msg["type"] == "entry":
                        self.entry(g["game"], msg, time.perf_counter())
                        if g["game"] in self.over:
                            break
            (g,) = await K.create_games(self.url, 1, self.create, self.address, start=True)
            self.ids.add(g["game"])
            self.replaced += 1

    async def stop(self) -> None:
        await K.stop_people(self.people, self.tasks)


async def part(games: Games, server: K.Server, pinger: K.Pinger, gen: K.Generator, seconds: float,
               total: int) -> dict:
    """Measure ``seconds``: one row."""
    await asyncio.sleep(2.0)                    # the new games' first decisions are under way
    games.reset()
    pinger.reset()
    gen.reset()
    rss = [server.rss_mb()]
    t0, loop0, work0, all0 = time.perf_counter(), server.cpu_s(), server.cpu_s(workers=True), K.busy_s()
    while time.perf_counter() - t0 < seconds:
        await asyncio.sleep(0.5)
        rss.append(server.rss_mb())
    wall = time.perf_counter() - t0
    tally = games.tally
    people = K.spread_ms(tally.rtts, "people")
    computers = K.spread_ms(games.waits, "computer")
    return {"games": total, "people": len(games.people), "actions": len(tally.rtts), **people,
            **K.spread_ms(pinger.rtts, "ping"), "pings": len(pinger.rtts), "pings_unanswered": pinger.unanswered(),
            **computers, "computer_moves": len(games.waits),
            "computer_moves_per_s": round(len(games.waits) / wall / max(1, total), 3),
            "games_stalled": games.stalled(), "games_over": len(games.over), "games_replaced": games.replaced,
            "loop_cpu_pct": round((server.cpu_s() - loop0) / wall * 100, 1),
            "workers_cpu_pct": round((server.cpu_s(workers=True) - work0) / wall * 100, 1),
            "workers": len(server.workers()), "machine_busy_pct": round((K.busy_s() - all0) / wall * 100, 1),
            "server_rss_mb": round(max(rss), 1), "workers_rss_mb": round(server.rss_mb(workers=True), 1),
            **gen.figures(), "errors": sum(tally.errors.values()), "error_codes": dict(tally.errors),
            "drops": tally.drops, "clock_moves": tally.clock_moves,
            "unanswered": sum(p.unanswered(t0, t0 + wall - 5) for p in games.people), "seconds": round(wall, 1)}


async def scenario(name: str, sc: Scenario, args, folder: str) -> dict:
    n = args.games or (sc.quick if args.quick else sc.games)
    options = ["--per-address", "100000", "--max-connections", "100000", "--rate", "1000",
               "--creates-per-minute", "100000", *(["--workers", str(args.workers)] if args.workers else [])]
    server = K.Server(os.path.join(folder, f"{name}.sqlite3"), folder, options, root=args.server_root).start()
    K.log(f"{name}: server pid {server.pid} at {server.url}; {n} games of {', '.join(sc.seats)}, "
          f"computer_delay {'default' if sc.delay is None else sc.delay}")
    pinger, gen = K.Pinger(server.url), K.Generator()
    games = Games(server.url, sc, args.think)
    try:
        await games.add(1)
        alone = await part(games, server, pinger, gen, args.alone, 1)
        K.log(f"  alone: computer p50/p99 {alone['computer_p50_ms']}/{alone['computer_p99_ms']} ms")
        ramp = await games.add(n - 1) if n > 1 else 0.0
        K.log(f"  {n} games seated in {ramp:.1f} s; measuring {args.seconds:g} s")
        row = await part(games, server, pinger, gen, args.seconds, n)
    finally:
        await games.stop()
        await pinger.stop()
        gen.close()
        server.stop()
    row.update(scenario=name, seats=list(sc.seats), computer_delay=games.delay, ramp_s=round(ramp, 1),
               alone={k: alone[k] for k in alone if k.startswith(("computer", "people", "ping"))},
               server_logged_errors=server.logged_errors())
    for q in ("p50", "p99"):
        quiet = alone[f"computer_{q}_ms"]
        row[f"slowed_{q}"] = round(row[f"computer_{q}_ms"] / quiet, 2) if quiet and quiet > 0 else None
    people_ok = not row["actions"] or row["people_p99_ms"] <= PEOPLE_P99_MS        # (experts: no people)
    row["goal_met"] = people_ok and row["ping_max_ms"] <= PING_MAX_MS
    K.log(f"  people p50/p99/max {row['people_p50_ms']}/{row['people_p99_ms']}/{row['people_max_ms']} ms, "
          f"ping p50/p99/max {row['ping_p50_ms']}/{row['ping_p99_ms']}/{row['ping_max_ms']} ms, "
          f"computers p50/p99 {row['computer_p50_ms']}/{row['computer_p99_ms']} ms "
          f"(slowed x{row['slowed_p50']}/x{row['slowed_p99']}), loop cpu {row['loop_cpu_pct']}%, "
          f"workers cpu {row['workers_cpu_pct']}%, machine {row['machine_busy_pct']}%, "
          f"{row['games_stalled']} games stalled, gen lag p99 {row['gen_lag_p99_ms']} ms")
    return row


def table_text(rows: list[dict]) -> str:
    head = ("scenario", "games", "people_p99", "people_max", "ping_p99", "ping_max", "computer_p50", "computer_p99",
            "slowed", "loop_cpu%", "workers_cpu%", "stalled", "goal")
    lines = [head] + [(r["scenario"], r["games"], r["people_p99_ms"], r["people_max_ms"], r["ping_p99_ms"],
                       r["ping_max_ms"], r["computer_p50_ms"], r["computer_p99_ms"],
                       f"x{r['slowed_p50']}/x{r['slowed_p99']}", r["loop_cpu_pct"], r["workers_cpu_pct"],
                       r["games_stalled"], "met" if r["goal_met"] else "MISSED") for r in rows]
    widths = [max(len(str(line[i])) for line in lines) for i in range(len(head))]
    return "\n".join("  ".join(str(v).rjust(w) for v, w in zip(line, widths)) for line in lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--scenarios", default="hard,expert,experts", help="which, comma separated (default all)")
    ap.add_argument("--games", type=int, help="games in each scenario (default 1000, 60, 10; --quick 20, 4, 2)")
    ap.add_argument("--seconds", type=float, help="measured seconds with every game (default 60; --quick 8)")
    ap.add_argument("--alone", type=float, help="measured seconds of one game alone (default 20; --quick 4)")
    ap.add_argument("--think", type=K.think_range, help="a person's think time, SECONDS or LOW-HIGH (default 2-6; "
                    "--quick 0.2-0.6)")
    ap.add_argument("--workers", type=int, help="the server's --workers (default: its own, a process a core)")
    ap.add_argument("--server-root", default=K.ROOT, help="the checkout whose retrocatan serves (default this one)")
    ap.add_argument("--quick", action="store_true", help="a small run (about a minute)")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    args = ap.parse_args(argv)
    names = [s.strip() for s in args.scenarios.split(",") if s.strip()]
    if not names or any(s not in SCENARIOS for s in names):
        ap.error(f"scenarios are {', '.join(SCENARIOS)}")
    args.seconds = args.seconds or (8.0 if args.quick else 60.0)
    args.alone = args.alone or (4.0 if args.quick else 20.0)
    args.think = args.think or ((0.2, 0.6) if args.quick else (2.0, 6.0))
    with tempfile.TemporaryDirectory(prefix="server_computers-") as folder:
        rows = [asyncio.run(scenario(name, SCENARIOS[name], args, folder)) for name in names]
    print(table_text(rows))
    if args.json:
        K.json_line({"scenarios": {r["scenario"]: r for r in rows}, "goal_met": all(r["goal_met"] for r in rows),
                     "people_p99_goal_ms": PEOPLE_P99_MS, "ping_max_goal_ms": PING_MAX_MS, "cores": os.cpu_count(),
                     "server_root": os.path.abspath(args.server_root), "think": list(args.think),
                     "seconds": args.seconds, "alone_s": args.alone})
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
