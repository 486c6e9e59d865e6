"""Nothing lost: a real server with live games of network computer clients,
killed with SIGKILL at random moments and started again (or its clients'
processes killed and started again instead).

    python benchmarks/server_chaos.py [--games 200] [--kills 100] [--target server|clients]
                                      [--db URL | --postgres] [--quick] [--json]

The server is ``retrocatan serve`` on 127.0.0.1; the clients are
``retrocatan.clients.bot.Bot``s (the same as ``retrocatan bot``), many to a
worker process, each keeping its seat's token and its last entry in a seat
file. Every decision the server acknowledged (``ok`` with its entry's
number) is logged by the worker. After the last kill the games play to
their end, the server stops, and the store is read directly:

- ``decisions_lost``: acknowledged decisions whose entry is not in the
  store with that number, seat and action;
- ``games_diverged``: finished games whose record (with the state hashes the
  server stored) does not pass ``retrocatan replay --verify``, or games
  that did not finish;
- ``events_missed``: entries a client never received, or received twice
  (its sequence numbers from 1 to the last, across reconnects and restarts);
- ``reconnect_s_max``: the longest time from a restarted server answering
  (or a restarted client process starting) to a client being back at its
  seat.

The last line with ``--json`` is one JSON object with those figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import server_kit as K
from server_kit import ROOT, log


# --- a worker: many bots in one process ------------------------------------------------------------
async def worker_main(url: str, folder: str, jobs: list[dict], level: str, think: float = 0.0) -> None:
    """Plays ``jobs`` ({game, code, seat}); prints JSON lines: acks, reconnects, the end."""
    from retrocatan.clients.bot import Bot

    out = sys.stdout

    def emit(obj: dict) -> None:
        out.write(json.dumps(obj) + "\n")
        out.flush()

    async def one(job: dict) -> dict:
        path = os.path.join(folder, f"{job['game']}-{job['seat']}.json")
        bot = Bot(url, job["code"], level, f"Bot {job['seat']}", path, think=think, colour=job["seat"])
        seat = bot.seat
        seen: list[int] = []
        state = {"lost": None}
        first_seq = seat.seq

        def on_message(msg: dict) -> None:
            kind = msg.get("type")
            if kind == "entry":
                seen.append(msg["seq"])
            elif kind == "welcome":
                emit({"t": "welcome", "game": job["game"], "seat": job["seat"], "at": time.time(),
                      "lost": state["lost"]})
                state["lost"] = None
            elif kind == "ok" and "seq" in msg:
                emit({"t": "ack", "game": job["game"], "seat": job["seat"], "seq": msg["seq"],
                      "a": acting.get(msg.get("id"))})

        acting: dict = {}
        real_request = seat.request

        async def request(msg: dict, timeout: float = 10.0) -> dict:
            rid = seat._next_id
            if msg.get("type") == "act":
                acting[rid] = msg["action"]
            try:
                return await real_request(msg, timeout)
            finally:
                acting.pop(rid, None)

        seat.request = request
        seat.on_message = on_message

        async def watch_drops() -> None:
            was = False
            while True:
                await asyncio.sleep(0.02)
                now = seat.ws is not None
                if was and not now and state["lost"] is None:
                    state["lost"] = time.time()
                was = now

        dropper = asyncio.create_task(watch_drops())
        try:
            result = await bot.play()
        finally:
            dropper.cancel()
        # Entries received in this process: from the seat file's seq + 1 on, each once, in order.
        want = list(range(first_seq + 1, first_seq + 1 + len(seen)))
        done = {"t": "done", "game": job["game"], "seat": job["seat"], "first": first_seq, "last": seat.seq,
                "in_order": seen == want, "gaps": seat.gaps, "duplicates": seat.duplicates,
                "decisions": result["decisions"], "over": result["over"]}
        emit(done)                  # at once: a worker stopped later loses only its unfinished seats' lines
        return done

    results = await asyncio.gather(*(one(j) for j in jobs), return_exceptions=True)
    for r in results:
        if not isinstance(r, dict):
            emit({"t": "error", "error": repr(r)})


# --- the harness -----------------------------------------------------------------------------------------
class Worker:
    def __init__(self, index: int, url: str, folder: str, jobs: list[dict], level: str, think: float) -> None:
        self.index, self.url, self.folder, self.jobs, self.level, self.think = index, url, folder, jobs, level, think
        self.proc = None
        self.reader = None
        self.lines: list[dict] = []
        self.started = 0.0

    def start(self) -> None:
        jobs_file = os.path.join(self.folder, f"worker-{self.index}.jobs.json")
        with open(jobs_file, "w") as f:
            json.dump(self.jobs, f)
        env = {**os.environ, "PYTHONPATH": ROOT}
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker", jobs_file, "--url", self.url,
                                      "--seat-dir", self.folder, "--level", self.level, "--think", str(self.think)],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
        self.started = time.time()
        loop = asyncio.get_running_loop()
        self.reader = loop.run_in_executor(None, self._read, self.proc, self.started)

    def _read(self, proc, started: float) -> None:
        for raw in proc.stdout:
            try:
                obj = json.loads(raw)
            except ValueError:
                continue                    # a line cut by a kill
            obj["started"] = started
            self.lines.append(obj)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def finished(self) -> bool:
        return self.proc.poll() is not None


async def harness(args) -> dict:
    folder = tempfile.mkdtemp(prefix="retrocatan-chaos-")
    db = args.db or os.path.join(folder, "chaos.sqlite3")
    server = K.Server(db, folder, ["--per-address", "100000", "--max-connections", "100000", "--rate", "10000",
                                   "--creates-per-minute", "100000"], port=K.free_port()).start()
    readies = [time.time()]                 # when the server answers, at the start and after each restart
    url = server.url
    rnd = random.Random(args.seed)
    t0 = time.time()
    log(f"server on {url}, store {db}")
    workers: list[Worker] = []
    try:
        return await _chaos(args, server, url, db, folder, readies, rnd, t0, workers)
    finally:
        for w in workers:
            if w.proc is not None and not w.finished():
                w.kill()
        server.kill()


async def _chaos(args, server, url, db, folder, readies, rnd, t0, workers) -> dict:
    from retrocatan.net.client import create_game

    games = []
    for i in range(args.games):
        scenario = args.scenarios[i % len(args.scenarios)]
        config = {"players": 4} if scenario == "base" else {"players": 4, "scenario": scenario}
        got = await create_game(url, config, clocks={"computer_delay": 0}, start="full")
        games.append(got)
    jobs = [{"game": g["game"], "code": g["code"], "seat": s} for g in games for s in range(4)]
    rnd.shuffle(jobs)
    per = -(-len(jobs) // args.workers)
    workers += [Worker(i, url, folder, jobs[i * per:(i + 1) * per], args.level, args.think)
                for i in range(args.workers)]
    for w in workers:
        w.start()
    worker_starts: list[tuple[int, float]] = [(w.index, w.started) for w in workers]
    log(f"{len(games)} games, {len(jobs)} clients in {len(workers)} worker processes")
    kills = 0
    deadline = time.time() + args.max_seconds
    while kills < args.kills and time.time() < deadline and not all(w.finished() for w in workers):
        await asyncio.sleep(rnd.uniform(args.gap / 2, args.gap * 1.5))
        if args.target == "server":
            server.kill()
            server.start()
            readies.append(time.time())
        else:
            w = rnd.choice([w for w in workers if not w.finished()] or workers)
            if w.finished():
                continue
            w.kill()
            await w.reader
            w.start()
            worker_starts.append((w.index, w.started))
        kills += 1
        if kills % 10 == 0:
            log(f"{kills} kills, {time.time() - t0:.0f} s")
    log(f"{kills} kills; playing the games to their end")
    while not all(w.finished() for w in workers) and time.time() < deadline + args.end_seconds:
        await asyncio.sleep(0.5)
    for w in workers:
        if not w.finished():
            w.kill()
        await w.reader
    server.stop()
    return check(db, games, workers, readies, worker_starts, kills, args, time.time() - t0, folder)


def check(db, games, workers, readies, worker_starts, kills, args, seconds, folder) -> dict:
    from retrocatan.cli import main as cli_main
    from retrocatan.server.clocks import SystemClock
    from retrocatan.server.store import open_store
    from retrocatan.server.table import Table

    store = open_store(db)
    lines = [x for w in workers for x in w.lines]
    acks = [x for x in lines if x["t"] == "ack"]
    done = [x for x in lines if x["t"] == "done"]
    entries = {}
    for g in games:
        got = store.load(g["game"])
        entries[g["game"]] = got[1] if got else []
    lost = 0
    for a in acks:
        es = entries.get(a["game"], [])
        n = a["seq"]
        e = es[n - 1] if 0 < n <= len(es) else None
        if e is None or e.get("k") != "move" or e.get("seat") != a["seat"] or (a.get("a") and e.get("a") != a["a"]):
            lost += 1
    # Each client's entries: every process of it got a run of numbers without a gap or a repeat,
    # and the runs join: each started right after the seat file's last number.
    missed = sum(1 for d in done if not d["in_order"] or d["gaps"] or d["duplicates"])
    waits = []
    finals = {}
    for d in done:
        finals[(d["game"], d["seat"])] = d
    over = {g["game"] for g in games if (store.meta(g["game"]) or {}).get("status") == "over"}
    for g in games:
        if g["game"] not in over:
            continue                # not finished in time: counted as unfinished, its clients' streams not judged
        for s in range(4):
            d = finals.get((g["game"], s))
            if d is None or d["last"] != len(entries[g["game"]]):
                missed += 1
    diverged = 0
    unfinished = 0
    rec_dir = os.path.join(folder, "records")
    os.makedirs(rec_dir, exist_ok=True)
    for g in games:
        t = Table.load(store, SystemClock(), g["game"])
        if t is None or t.game is None or not t.game.over:
            unfinished += 1
            continue
        path = os.path.join(rec_dir, f"{g['game']}.json")
        with open(path, "w") as f:
            json.dump(t.record(), f)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = cli_main(["replay", path, "--verify", "--json"])
        if code != 0:
            diverged += 1
    store.close()
    # Reconnects: from the server answering again (or the client process starting) to the seat's welcome.
    reconnect = 0.0
    welcomes = [x for x in lines if x["t"] == "welcome"]
    if args.target == "server":
        # From the restart it reconnected to (a client that a restart finds gone comes back to that one;
        # one killed again before it came back is counted from the next restart: the kills are spaced
        # --gap apart so that each restart has time to take its clients back).
        for x in welcomes:
            if x.get("lost") is None:
                continue
            before = [r for r in readies if r <= x["at"]]
            if before:
                waits.append(x["at"] - max(before[-1], x["lost"]))
    else:
        waits = [x["at"] - x["started"] for x in welcomes]
    waits.sort()
    reconnect = waits[-1] if waits else 0.0
    p99 = waits[min(len(waits) - 1, int(0.99 * len(waits)))] if waits else 0.0
    if args.db is None:
        shutil.rmtree(folder, ignore_errors=True)
    return {"target": args.target, "games": len(games), "clients": len(games) * 4, "kills": kills,
            "decisions_acknowledged": len(acks), "decisions_lost": lost, "games_diverged": diverged + unfinished,
            "games_unfinished": unfinished, "events_missed": missed, "reconnect_s_max": round(reconnect, 3),
            "reconnect_s_p99": round(p99, 3), "reconnects": len(waits),
            "seconds": round(seconds, 1), "db": "postgresql" if args.db and "://" in args.db else "sqlite"}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="live games of 4 network computers (default 200)")
    ap.add_argument("--kills", type=int, default=100, help="SIGKILLs (default 100)")
    ap.add_argument("--target", choices=("server", "clients"), default="server", help="what is killed")
    ap.add_argument("--gap", type=float, default=6.0, help="mean seconds between kills, spread from half to 1.5 "
                    "times (default 6: each restart has time to take back its clients)")
    ap.add_argument("--workers", type=int, default=4, help="client processes (default 4)")
    ap.add_argument("--level", default="easy", help="the computers' level (default easy)")
    ap.add_argument("--think", type=float, default=1.0, help="each computer's pause before a decision (default 1 s; "
                    "the games last through the kills)")
    ap.add_argument("--scenarios", default="base,new-shores", help="maps, in turn (default base,new-shores)")
    ap.add_argument("--db", help="a PostgreSQL URL (default: a SQLite file in a temporary folder)")
    ap.add_argument("--postgres", action="store_true", help="start a PostgreSQL of its own (tests/pgserver.py) "
                    "in a temporary folder and store the games there")
    ap.add_argument("--seed", type=int, default=1, help="the kills' random moments")
    ap.add_argument("--max-seconds", type=float, default=900, help="stop killing after this long")
    ap.add_argument("--end-seconds", type=float, default=600, help="then wait this long for the games' end")
    ap.add_argument("--quick", action="store_true", help="a small run (20 games, 10 kills a second apart, "
                    "computers that do not pause)")
    ap.add_argument("--json", action="store_true", help="print the result as one JSON object (last line)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--url", help=argparse.SUPPRESS)
    ap.add_argument("--seat-dir", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        with open(args.worker) as f:
            jobs = json.load(f)
        asyncio.run(worker_main(args.url, args.seat_dir, jobs, args.level, args.think))
        return 0
    args.scenarios = [s.strip() for s in args.scenarios.split(",") if s.strip()]
    if args.quick:
        args.games, args.kills, args.workers, args.gap = min(args.games, 20), min(args.kills, 10), 2, 1.0
        args.think = 0.0
        args.end_seconds = min(args.end_seconds, 120)
    # Stopped (SIGTERM): the finally clauses still stop the servers this started.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    pg = None
    if args.postgres:
        sys.path.insert(0, os.path.join(ROOT, "tests"))
        from pgserver import PgServer, find_bin_dir
        folder = find_bin_dir()
        if folder is None:
            print("server_chaos: --postgres needs PostgreSQL's initdb and pg_ctl (Debian: postgresql)", file=sys.stderr)
            return 2
        pg = PgServer(folder)
        pg.start()
        args.db = pg.url(pg.new_database())
    try:
        result = asyncio.run(harness(args))
    finally:
        if pg is not None:
            pg.stop()
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k}: {v}")
    ok = not (result["decisions_lost"] or result["games_diverged"] or result["events_missed"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
