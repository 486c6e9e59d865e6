"""Our computer player against Catanatron's bots, in Catanatron's engine.

    python benchmarks/arena.py --catanatron-python PY --catanatron-src DIR
                               [--opponent value|alphabeta|weighted_random] [--level hard]
                               [--games N] [--seed S] [--first-game I] [--jobs J] [--minutes M]
                               [--expert-rollouts N] [--json]

One seat of ours against three of Catanatron 3.2.1's bots
(``WeightedRandomPlayer``; ``ValueFunctionPlayer`` and ``AlphaBetaPlayer``
depth 2, Catanatron's defaults), the games played by Catanatron's own
engine with its rules (see benchmarks/arena_bridge.py for what differs
from ours). Our seat rotates: game i puts our player at seat i mod 4
(Catanatron's seat order, which also decides who founds first). Game i
uses Catanatron's seed S + i, so a run replays.

Prints our win rate with its 95% Wilson interval (an equal share is 25%),
games without a winner (Catanatron's limit of 1000 turns), mean turns,
seconds per game, our decision time (p50/p95/max, our player's ``choose``
only) and the bridge's time per decision, and decisions where the bridge
could not ask our player (should be 0). With ``--json`` the last line is
one JSON object with every figure.

Catanatron is GPL and never a dependency of this project: it runs in a
separate Python (a scratch venv), in ``--jobs`` child processes running
benchmarks/arena_bridge.py, which import our player from this repository
by path and talk JSON lines over stdin/stdout. Set it up once::

    python3 -m venv /tmp/catan-venv && /tmp/catan-venv/bin/pip install catanatron==3.2.1
    git clone https://github.com/bcollazo/catanatron /tmp/catanatron-src
    git -C /tmp/catanatron-src checkout 87c4aec9325602049f9926d2a489709b2a2adfb2

(87c4aec is the commit whose ``catanatron_core`` is the 3.2.1 wheel, byte
for byte; ``ValueFunctionPlayer`` and ``AlphaBetaPlayer`` are in its
``catanatron_experimental``, not in the wheel.) Or let ``--make-venv``
create the venv in a temporary folder (removed afterwards). The
environment variables RETROCATAN_CATANATRON_PYTHON and
RETROCATAN_CATANATRON_SRC stand in for the two options.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from retrocatan.ai import expert  # noqa: E402
from retrocatan.tournament import percentile, wilson  # noqa: E402

BRIDGE = os.path.join(ROOT, "benchmarks", "arena_bridge.py")
OPPONENTS = ("value", "alphabeta", "weighted_random")
LEVELS = ("easy", "normal", "hard", "expert")
CATANATRON_VERSION = "3.2.1"
SRC_COMMIT = "87c4aec9325602049f9926d2a489709b2a2adfb2"


def fail(msg: str) -> int:
    print(f"arena: {msg}", file=sys.stderr)
    return 2


def check_python(python: str) -> str | None:
    """An error text, or None if ``python`` runs and has catanatron 3.2.1."""
    code = "import importlib.metadata as m; print(m.version('catanatron'))"
    try:
        res = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"cannot run {python} ({exc})"
    if res.returncode != 0:
        return f"{python} has no catanatron installed (pip install catanatron=={CATANATRON_VERSION})"
    version = res.stdout.strip()
    if version != CATANATRON_VERSION:
        return f"{python} has catanatron {version}, not {CATANATRON_VERSION}"
    return None


def check_src(src: str) -> str | None:
    """An error text, or None if ``src`` is a Catanatron checkout with the players we need."""
    minimax = os.path.join(src, "catanatron_experimental", "catanatron_experimental", "machine_learning",
                           "players", "minimax.py")
    setup = os.path.join(src, "catanatron_core", "setup.py")
    if not os.path.isfile(minimax):
        return f"{src} is not a checkout of Catanatron's repository (no {os.path.relpath(minimax, src)})"
    try:
        with open(setup, encoding="utf-8") as fh:
            text = fh.read()
    except OSError:
        return f"{src} has no catanatron_core/setup.py: not the {CATANATRON_VERSION} commit ({SRC_COMMIT[:7]})"
    if f'version="{CATANATRON_VERSION}"' not in text:
        return f"{src} is not Catanatron {CATANATRON_VERSION} (check out {SRC_COMMIT[:7]})"
    return None


def make_venv(folder: str) -> str | None:
    """A venv with catanatron 3.2.1 in ``folder``; its python, or None."""
    venv = os.path.join(folder, "venv")
    print(f"arena: creating a venv with catanatron=={CATANATRON_VERSION} in {venv}", file=sys.stderr)
    try:
        subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True, timeout=300)
        py = os.path.join(venv, "bin", "python")
        subprocess.run([py, "-m", "pip", "install", "-q", f"catanatron=={CATANATRON_VERSION}"], check=True,
                       capture_output=True, timeout=900)
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"arena: could not create the venv ({exc})", file=sys.stderr)
        return None
    return py


class Child:
    """One Catanatron process playing the games it is handed, one at a time."""

    def __init__(self, python: str, src: str | None) -> None:
        cmd = [python, BRIDGE, "--serve"] + (["--catanatron-src", src] if src else [])
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        first = self.proc.stdout.readline()
        if not first:
            err = self.proc.stderr.read().strip().splitlines()
            raise RuntimeError(f"Catanatron's side did not start: {err[-1] if err else 'no output'}")
        self.players = json.loads(first)["players"]

    def play(self, task: dict) -> dict:
        self.proc.stdin.write(json.dumps(task) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read().strip().splitlines()
            return {"game": task["game"], "error": err[-1] if err else "Catanatron's side ended"}
        return json.loads(line)

    def close(self) -> None:
        try:
            self.proc.stdin.write(json.dumps({"stop": True}) + "\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def run(python: str, src: str | None, opponent: str, level: str, games: int, seed: int, jobs: int,
        progress: bool = True, minutes: float = 0.0, first: int = 0, rollouts: int | None = None) -> dict:
    tasks: queue.Queue = queue.Queue()
    for i in range(first, first + games):
        task = {"game": i, "seed": seed + i, "seat": i % 4, "level": level, "opponent": opponent}
        if rollouts is not None:
            task["rollouts"] = rollouts     # the Expert's ROLLOUT_SAMPLES for this game
        tasks.put(task)
    results: queue.Queue = queue.Queue()
    children = [Child(python, src) for _ in range(min(jobs, games))]
    if opponent not in children[0].players:
        for c in children:
            c.close()
        raise RuntimeError(f"Catanatron's side has no {opponent} player (give --catanatron-src)")
    stop = threading.Event()

    deadline = time.perf_counter() + 60 * minutes if minutes else None

    def work(child: Child) -> None:
        while not stop.is_set():
            if deadline is not None and time.perf_counter() > deadline:
                results.put(None)           # out of time: this child starts no more games
                return
            try:
                task = tasks.get_nowait()
            except queue.Empty:
                return
            results.put(child.play(task))

    threads = [threading.Thread(target=work, args=(c,), daemon=True) for c in children]
    start = time.perf_counter()
    for t in threads:
        t.start()
    done: list[dict] = []
    idle = 0
    interrupted = False
    try:
        while len(done) < games and idle < len(children):
            r = results.get()
            if r is None:
                idle += 1
                continue
            if "error" in r:
                stop.set()
                raise RuntimeError(f"game {r['game']} failed: {r['error']}")
            done.append(r)
            if progress:
                wins = sum(x["won"] for x in done)
                el = time.perf_counter() - start
                eta = el / len(done) * (games - len(done))
                bar = "#" * (30 * len(done) // games)
                print(f"\r[{bar:30s}] {len(done)}/{games} games, {100 * wins / len(done):.1f}% won, "
                      f"{el:.0f} s, about {eta:.0f} s left ", end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:       # Ctrl+C or SIGTERM: the games played so far are still reported
        interrupted = True
    finally:
        stop.set()
        for c in children:
            c.close()
        if progress:
            print(file=sys.stderr)
    elapsed = time.perf_counter() - start
    done.sort(key=lambda r: r["game"])
    out = summarise(done, elapsed, opponent, level, seed, jobs)
    out["interrupted"] = interrupted
    return out


def summarise(done: list[dict], elapsed: float, opponent: str, level: str, seed: int, jobs: int) -> dict:
    n = len(done)
    wins = sum(r["won"] for r in done)
    lo, hi = wilson(wins, n)
    times = sorted(t for r in done for t in r["times"])
    bridge = sorted(t for r in done for t in r["bridge_ms"])
    by_seat = []
    for s in range(4):
        rs = [r for r in done if r["seat"] == s]
        by_seat.append({"games": len(rs), "wins": sum(r["won"] for r in rs)})
    errors = [e for r in done for e in r["errors"]][:5]
    return {
        "opponent": opponent, "level": level, "games": n, "wins": wins,
        "win_rate": round(wins / max(1, n), 4), "ci95": [round(lo, 4), round(hi, 4)],
        "no_winner": sum(1 for r in done if r["winner"] == -1),
        "mean_turns": round(sum(r["turns"] for r in done) / max(1, n), 1),
        "seconds_per_game": round(sum(r["seconds"] for r in done) / max(1, n), 2),
        "wall_seconds": round(elapsed, 1), "jobs": jobs, "seed": seed,
        "decision_ms": {"p50": round(percentile(times, 0.5), 3), "p95": round(percentile(times, 0.95), 3),
                        "max": round(times[-1] if times else 0.0, 3), "decisions": len(times)},
        "bridge_ms": {"p50": round(percentile(bridge, 0.5), 3), "p95": round(percentile(bridge, 0.95), 3)},
        "fallbacks": sum(r["fallbacks"] for r in done), "fallback_examples": errors,
        "by_seat": by_seat,
        "played": [[r["game"], r["seat"], int(r["won"])] for r in done],    # game, our seat, won: runs join
    }


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="Catanatron runs in its own Python; see the module docstring.")
    ap.add_argument("--catanatron-python", default=os.environ.get("RETROCATAN_CATANATRON_PYTHON"),
                    help="a Python with catanatron==3.2.1 installed (env RETROCATAN_CATANATRON_PYTHON)")
    ap.add_argument("--catanatron-src", default=os.environ.get("RETROCATAN_CATANATRON_SRC"),
                    help="checkout of github.com/bcollazo/catanatron at 3.2.1 (87c4aec), for value and "
                         "alphabeta (env RETROCATAN_CATANATRON_SRC)")
    ap.add_argument("--make-venv", action="store_true",
                    help="create a scratch venv with catanatron==3.2.1 in a temporary folder")
    ap.add_argument("--opponent", default="value", help="value | alphabeta | weighted_random (default value)")
    ap.add_argument("--level", default="hard", help="our level: easy | normal | hard | expert (default hard)")
    ap.add_argument("--games", type=int, default=400, help="games (default 400; our seat rotates)")
    ap.add_argument("--seed", type=int, default=1, help="Catanatron's seed of the first game (default 1)")
    ap.add_argument("--first-game", type=int, default=0,
                    help="number of the first game (default 0): game i has seed SEED+i and our seat i mod 4, "
                         "so --first-game 141 goes on with the 142nd game of a stopped run of the same --seed")
    ap.add_argument("--jobs", type=int, default=1, help="Catanatron processes (default 1)")
    ap.add_argument("--minutes", type=float, default=0.0,
                    help="start no game after this many minutes; report the games played (default: no limit)")
    ap.add_argument("--expert-rollouts", type=int, default=None, metavar="N",
                    help="the Expert's rollouts per close call (ai/expert.py ROLLOUT_SAMPLES; default: its own, "
                         f"{expert.ROLLOUT_SAMPLES})")
    ap.add_argument("--json", action="store_true", help="end with one JSON object of every figure")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, _interrupt)       # `kill` stops a run as Ctrl+C does: with its figures
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:       # started in the background by a shell
        signal.signal(signal.SIGINT, _interrupt)
    if args.opponent not in OPPONENTS:
        return fail(f"--opponent must be one of {', '.join(OPPONENTS)}")
    if args.level not in LEVELS:
        return fail(f"--level must be one of {', '.join(LEVELS)}")
    if not 1 <= args.games <= 100_000:
        return fail("--games must be between 1 and 100000")
    if not 0 <= args.first_game <= 10**9:
        return fail("--first-game must be between 0 and 10**9")
    if not 1 <= args.jobs <= 64:
        return fail("--jobs must be between 1 and 64")
    if args.expert_rollouts is not None and not 0 <= args.expert_rollouts <= 64:
        return fail("--expert-rollouts must be between 0 and 64")
    if not 0 <= args.minutes <= 10_000:
        return fail("--minutes must be between 0 (no limit) and 10000")
    if not 1 <= args.seed < 2**62:
        return fail("--seed must be between 1 and 2**62 (Catanatron takes seed 0 as 'random')")
    if args.opponent != "weighted_random":
        if not args.catanatron_src:
            return fail(f"--opponent {args.opponent} needs --catanatron-src DIR (a checkout of Catanatron's "
                        f"repository at {SRC_COMMIT[:7]})")
    if args.catanatron_src:
        err = check_src(args.catanatron_src)
        if err:
            return fail(err)
    folder = None
    try:
        python = args.catanatron_python
        if args.make_venv:
            folder = tempfile.mkdtemp(prefix="arena_")
            python = make_venv(folder)
            if python is None:
                return 1
        if not python:
            return fail("give --catanatron-python PY (a Python with catanatron==3.2.1) or --make-venv")
        err = check_python(python)
        if err:
            return fail(err)
        try:
            out = run(python, args.catanatron_src, args.opponent, args.level, args.games, args.seed, args.jobs,
                      progress=not args.quiet, minutes=args.minutes, first=args.first_game,
                      rollouts=args.expert_rollouts)
        except RuntimeError as exc:
            print(f"arena: {exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:       # before the games began
            print("arena: interrupted", file=sys.stderr)
            return 1
    finally:
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
    lo, hi = out["ci95"]
    d, b = out["decision_ms"], out["bridge_ms"]
    print(f"{args.level} vs 3 {args.opponent}: {out['wins']}/{out['games']} won, {100 * out['win_rate']:.1f}% "
          f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%; an equal share is 25%), {out['no_winner']} without a winner")
    print(f"mean {out['mean_turns']} turns, {out['seconds_per_game']} s per game "
          f"({out['wall_seconds']} s wall with {out['jobs']} jobs)")
    print(f"our decisions: p50 {d['p50']} ms, p95 {d['p95']} ms, max {d['max']} ms over {d['decisions']} "
          f"decisions; bridge p50 {b['p50']} ms, p95 {b['p95']} ms; {out['fallbacks']} fallbacks")
    print("wins by our seat: " + ", ".join(f"seat {s}: {x['wins']}/{x['games']}" for s, x in enumerate(out["by_seat"])))
    if out["interrupted"]:
        print(f"interrupted: {out['games']} of {args.games} games played (go on with --first-game "
              f"{args.first_game + out['games']} if they were the first ones)")
    elif out["games"] < args.games:
        print(f"stopped after {args.minutes:g} minutes: {out['games']} of {args.games} games played")
    out["expert_rollouts"] = expert.ROLLOUT_SAMPLES if args.expert_rollouts is None else args.expert_rollouts
    if args.json:
        print(json.dumps(out))
    return 1 if out["interrupted"] else 0


if __name__ == "__main__":
    sys.exit(main())
