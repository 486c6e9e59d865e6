"""Engine speed: whole random games, and one legal-action listing.

    python benchmarks/engine_speed.py [--seconds S] [--catanatron-python PY] [--against REF]
                                      [--rounds N] [--sea-rounds N]

Plays whole 4-player games of uniformly random legal play for S seconds
(default 6) and prints games/s, actions/s (an action is one decision
applied: a roll and an end of turn count, steps the engine takes by itself
do not) and the mean time of one fresh legal-action listing (caches
cleared, sampled over states of real games). Then the same for 5 and 6
players (S/3 seconds each).

With ``--catanatron-python`` (or the environment variable
CATANATRON_PYTHON) naming a Python that has ``catanatron`` installed (e.g.
a scratch venv with ``pip install catanatron==3.2.1``; never a dependency
of this project), it also plays this tree's 4-player random games against
Catanatron's RandomPlayer x4 games in three rounds of about S/3 seconds
each, and prints the median ratio of actions/s.

Then random games on every shipped scenario with ships (4 players, or the
scenario's smallest count; S/3 seconds each), with actions/s per scenario.

With ``--against REF`` (a git commit, branch or tag of this repository,
e.g. the main branch before a change) it plays the base game's 4-player
random games with this tree and with REF's ``retrocatan`` package (taken
with ``git archive`` into a temporary folder) in ``--rounds`` rounds
(default 5) of about S/3 seconds each, and prints the median ratio of
actions/s (this tree / REF): "before/after" in one run. Then the same for
Seafarers (each round: one random game on every shipped scenario with
ships, the same seeds for both, ``--sea-rounds``, default 3; 0 skips it)
and for one fresh legal-action listing (each round: 20 listings of every
state sampled from 4 base games, the ratio REF's time / this tree's, so
above 1 is faster here too).

Side by side: each round runs both sides in two fresh processes fed the
same games by turns, one game (or one pass of listings) at a time, the
order alternating, so that both meet the same machine load; rates and
times are per second of each process's own CPU time for its games (the
wall clock only bounds how long a round runs), so that other work on a
shared machine is not counted as ours.

The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from retrocatan.ai.random_player import RandomPlayer  # noqa: E402
from retrocatan.engine import Game, GameConfig  # noqa: E402
from retrocatan.scenarios import available  # noqa: E402
from retrocatan.scenarios import load as load_scenario  # noqa: E402
from retrocatan.scenarios import options as scenario_options  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A worker: random games with the ``retrocatan`` package found in the folder
# given (this tree or a git ref's copy), one job per line read, one line of
# JSON written per job: [CPU seconds, actions] of "base SEED" (one 4-player
# base game), "sea K SEED" (one game on the K-th shipped scenario with ships,
# 4 players or its smallest count), or [CPU seconds, listings] of "listing
# PART SEED" (20 fresh legal-action listings in a row of each state in the
# PART-th tenth of the states sampled from 4 base games from SEED, the
# states made once, untimed).
TREE_WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig

def play(config, n, seed):
    game = Game(config)
    bots = [RandomPlayer(seed, s) for s in range(n)]
    while not game.over:
        game.apply(bots[game.decider].choose(game))
    return game

def scenarios():
    from retrocatan.scenarios import available, load, options
    out = []
    for sid in available():
        sc = load(sid)
        if sc.ships:
            n = 4 if 4 in sc.players else sc.players[0]
            out.append((n, options(sid, n)))
    return out

sea, states = None, {}
for line in sys.stdin:
    job = line.split()
    mode, seed = job[0], int(job[-1])
    if mode == "base":
        cpu = time.process_time()
        actions = len(play(GameConfig(players=4, seed=seed), 4, seed).history)
        out = [time.process_time() - cpu, actions]
    elif mode == "sea":
        sea = sea or scenarios()
        n, opts = sea[int(job[1])]
        cpu = time.process_time()
        actions = len(play(GameConfig(players=n, seed=seed, **opts), n, seed).history)
        out = [time.process_time() - cpu, actions]
    elif mode == "count":
        sea = sea or scenarios()
        out = [0, len(sea)]
    else:
        if seed not in states:
            states[seed] = []
            for s in range(seed, seed + 4):
                game = Game(GameConfig(players=4, seed=s))
                bots = [RandomPlayer(s, q) for q in range(4)]
                k = 0
                while not game.over:
                    if k % 7 == 0:
                        states[seed].append(game.copy())
                    game.apply(bots[game.decider].choose(game))
                    k += 1
        part = states[seed][int(job[1])::10]
        cpu = time.process_time()
        for g in part:
            for _ in range(20):
                g._legal = None
                g.state._cache.clear()
                g.legal_actions()
        out = [time.process_time() - cpu, 20 * len(part)]
    print(json.dumps(out), flush=True)
"""

# The same for Catanatron: "SEED" plays one game of its RandomPlayer x4.
CATANATRON_WORKER = r"""
import json, sys, time
from catanatron import Color, Game, RandomPlayer
for line in sys.stdin:
    seed = int(line)
    cpu = time.process_time()
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
    game = Game(players, seed=seed)
    game.play()
    elapsed = time.process_time() - cpu
    records = getattr(game.state, "action_records", None)
    actions = len(records if records is not None else game.state.actions)
    print(json.dumps([elapsed, actions, game.state.num_turns]), flush=True)
"""


def run_games(players: int, seconds: float, seed0: int = 0, options: dict | None = None) -> dict:
    start, cpu = time.perf_counter(), time.process_time()
    games = actions = turns = 0
    while time.perf_counter() - start < seconds:
        seed = seed0 + games
        game = Game(GameConfig(players=players, seed=seed, **(options or {})))
        bots = [RandomPlayer(seed, s) for s in range(players)]
        while not game.over:
            game.apply(bots[game.decider].choose(game))
        games += 1
        actions += len(game.history)
        turns += game.state.turn
    elapsed = time.process_time() - cpu
    return {"players": players, "games": games, "games_per_second": round(games / elapsed, 2),
            "actions_per_second": round(actions / elapsed, 1), "mean_turns": round(turns / games, 1)}


def listing_time(players: int = 4, games: int = 4) -> tuple[float, float]:
    """Mean microseconds of one legal-action listing with caches cleared:
    over sampled states of whole games, and over those in the trade/build phase."""
    states = []
    for seed in range(games):
        game = Game(GameConfig(players=players, seed=seed))
        bots = [RandomPlayer(seed, s) for s in range(players)]
        n = 0
        while not game.over:
            if n % 7 == 0:
                states.append(game.copy())
            game.apply(bots[game.decider].choose(game))
            n += 1
    samples, main = [], []
    for g in states:
        t0 = time.process_time()
        for _ in range(20):
            g._legal = None
            g.state._cache.clear()
            g.legal_actions()
        samples.append((time.process_time() - t0) / 20)
        if g.phase == "main":
            main.append(samples[-1])
    return round(statistics.mean(samples) * 1e6, 2), round(statistics.mean(main) * 1e6, 2)


def scenario_speeds(seconds: float) -> dict:
    """Random games on each shipped scenario with ships: its figures by id."""
    out = {}
    for sid in available():
        sc = load_scenario(sid)
        if not sc.ships:
            continue
        n = 4 if 4 in sc.players else sc.players[0]
        r = run_games(n, seconds, options=scenario_options(sid, n))
        out[sid] = r
        print(f"{sid:20s} {n} players: {r['games_per_second']} games/s, {r['actions_per_second']} actions/s, "
              f"mean {r['mean_turns']} turns ({r['games']} games)")
    return out


class Worker:
    """A Python process running ``script`` with ``args``: jobs in, [CPU
    seconds, count, ...] out (only the job's own CPU time is counted)."""

    def __init__(self, python: str, script: str, *args: str) -> None:
        self.failed = ""
        try:
            self.proc = subprocess.Popen([python, "-c", script, *args], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        except OSError as exc:
            self.proc, self.failed = None, f"could not start {python} ({exc})"

    def run(self, job: str) -> list | None:
        if self.proc is None:
            return None
        try:
            self.proc.stdin.write(job + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
            return json.loads(line)
        except (OSError, ValueError):
            return None

    def error(self) -> str:
        if self.proc is None:
            return self.failed
        self.close()
        lines = self.proc.stderr.read().strip().splitlines()
        return lines[-1] if lines else "no answer"

    def close(self) -> None:
        if self.proc is None:
            return
        if self.proc.stdin and not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def side_by_side(workers: list[Worker], jobs, seconds: float, warm=None) -> list[list[float]] | None:
    """Run the same jobs on each worker by turns, one job at a time (the order
    alternating; a job may be a tuple of one job per worker), until ``jobs``
    ends or each had about ``seconds``: the totals [CPU seconds, count,
    jobs] per worker. Both sides meet the same load. ``warm``: a job each
    runs first, not counted (a fresh process makes its tables on first use)."""
    totals = [[0.0, 0, 0] for _ in workers]
    if warm is not None:
        for w, worker in enumerate(workers):
            if worker.run(warm if isinstance(warm, str) else warm[w]) is None:
                print(f"engine_speed: a worker failed: {worker.error()}", file=sys.stderr)
                return None
    start = time.perf_counter()
    for i, job in enumerate(jobs):
        order = range(len(workers)) if i % 2 == 0 else reversed(range(len(workers)))
        for w in order:
            out = workers[w].run(job if isinstance(job, str) else job[w])
            if out is None:
                print(f"engine_speed: a worker failed: {workers[w].error()}", file=sys.stderr)
                return None
            totals[w][0] += out[0]
            totals[w][1] += out[1]
            totals[w][2] += 1
        if time.perf_counter() - start >= seconds * len(workers):
            break
    return totals


def export_ref(ref: str, folder: str) -> str | None:
    """Unpack ``ref``'s retrocatan package into ``folder``; an error text or None."""
    try:
        archive = subprocess.run(["git", "-C", ROOT, "archive", "--format=tar", ref, "retrocatan"],
                                 capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"git archive failed ({exc})"
    if archive.returncode != 0:
        lines = archive.stderr.decode(errors="replace").strip().splitlines()
        return f"no git ref {ref!r} here ({lines[-1] if lines else 'git archive failed'})"
    unpack = subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, capture_output=True)
    return None if unpack.returncode == 0 else "could not unpack the archive"


def interleaved(folder: str, ref: str, seconds: float, rounds_wanted: int, mode: str) -> dict | None:
    """Rounds of this tree against the package in ``folder``, each in two
    fresh processes fed the same jobs by turns (``side_by_side``); ratio
    per round (this tree / REF; for "listing" REF's time / this tree's, so
    above 1 is faster here)."""
    what = {"base": "base game, 4 random players", "sea": "Seafarers, every scenario with ships",
            "listing": "one fresh legal-action listing"}[mode]
    unit = "us" if mode == "listing" else "actions/s"
    rounds = []
    for i in range(rounds_wanted):
        seed0 = 20_000 * (i + 1)
        workers = [Worker(sys.executable, TREE_WORKER, folder), Worker(sys.executable, TREE_WORKER, ROOT)]
        if i % 2:       # alternate which goes first, so neither always meets a warmer machine
            workers.reverse()
        if mode == "base":
            jobs = (f"base {seed0 + k}" for k in range(100_000))
            limit = seconds
        elif mode == "sea":
            count = workers[0].run("count 0")
            if count is None:
                print(f"engine_speed: a worker failed: {workers[0].error()}", file=sys.stderr)
                return None
            jobs = [f"sea {k} {seed0}" for k in range(count[1])]
            limit = float("inf")        # one game on every scenario, whatever it takes
        else:
            jobs = [f"listing {k} {seed0}" for k in range(10)]
            limit = float("inf")
        totals = side_by_side(workers, jobs, limit, warm="base 1" if mode == "base" else None)
        for w in workers:
            w.close()
        if totals is None:
            return None
        if i % 2:
            totals.reverse()
        (cpu_b, n_b, _), (cpu_a, n_a, _) = totals
        if mode == "listing":
            before, after = cpu_b / n_b * 1e6, cpu_a / n_a * 1e6
            ratio = before / after
        else:
            before, after = n_b / cpu_b, n_a / cpu_a
            ratio = after / before
        rounds.append((before, after, ratio))
        print(f"{mode} round {i + 1}: {ref} {before:.1f} {unit}, this tree {after:.1f} {unit}, ratio {ratio:.3f}")
    ratios = sorted(r[2] for r in rounds)
    median = statistics.median(ratios)
    print(f"{what}: this tree is {median:.3f}x as fast as {ref} (median of {len(ratios)} interleaved rounds, "
          f"{ratios[0]:.3f}-{ratios[-1]:.3f})")
    return {"before": round(statistics.median(r[0] for r in rounds), 2),
            "after": round(statistics.median(r[1] for r in rounds), 2),
            "ratio": round(median, 3), "ratio_rounds": [round(r, 3) for r in ratios]}


def compare_with_ref(ref: str, seconds: float, rounds_wanted: int, sea_rounds: int) -> dict | None:
    with tempfile.TemporaryDirectory(prefix="engine_speed_") as folder:
        err = export_ref(ref, folder)
        if err:
            print(f"engine_speed: {err}", file=sys.stderr)
            return None
        base = interleaved(folder, ref, seconds / 3, rounds_wanted, "base")
        if base is None:
            return None
        out = {"ref": ref, "before_actions_per_second": base["before"], "after_actions_per_second": base["after"],
               "ratio": base["ratio"], "ratio_rounds": base["ratio_rounds"]}
        if sea_rounds:
            sea = interleaved(folder, ref, seconds / 3, sea_rounds, "sea")
            if sea is None:
                return None
            out["seafarers"] = sea
        listing = interleaved(folder, ref, seconds / 3, rounds_wanted, "listing")
        if listing is None:
            return None
        out["listing"] = listing
    return out


def against_catanatron(python: str, seconds: float, rounds_wanted: int = 3) -> list | None:
    """Rounds of this tree's base games against Catanatron's RandomPlayer x4
    games, each in two fresh processes by turns (``side_by_side``, about
    ``seconds`` each): per round (ours, Catanatron's) [CPU seconds, actions, games]."""
    rounds = []
    for i in range(rounds_wanted):
        seed0 = 10_000 * (i + 1)
        workers = [Worker(sys.executable, TREE_WORKER, ROOT), Worker(python, CATANATRON_WORKER)]
        jobs = ((f"base {seed0 + k}", str(seed0 + k)) for k in range(100_000))
        try:
            totals = side_by_side(workers, jobs, seconds, warm=("base 1", "1"))
        finally:
            for w in workers:
                w.close()
        if totals is None:
            return None
        rounds.append(totals)
    return rounds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="seconds of 4-player games (default 6)")
    ap.add_argument("--catanatron-python", default=os.environ.get("CATANATRON_PYTHON"),
                    help="a Python with catanatron installed, to compare in the same run")
    ap.add_argument("--against", metavar="REF", help="a git ref of this repository: before/after ratio")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds with --against (default 5)")
    ap.add_argument("--sea-rounds", type=int, default=3,
                    help="interleaved rounds of Seafarers games with --against (default 3; 0: none)")
    args = ap.parse_args()
    if not 0.5 <= args.seconds <= 600:
        print("engine_speed: --seconds must be between 0.5 and 600", file=sys.stderr)
        return 2
    if not 1 <= args.rounds <= 50:
        print("engine_speed: --rounds must be between 1 and 50", file=sys.stderr)
        return 2
    if not 0 <= args.sea_rounds <= 50:
        print("engine_speed: --sea-rounds must be between 0 and 50", file=sys.stderr)
        return 2
    if args.against is not None:
        with tempfile.TemporaryDirectory(prefix="engine_speed_") as folder:
            err = export_ref(args.against, folder)      # a bad ref: say so before measuring anything
        if err:
            print(f"engine_speed: {err}", file=sys.stderr)
            return 2
    four = run_games(4, args.seconds)
    print(f"4 players: {four['games_per_second']} games/s, {four['actions_per_second']} actions/s, "
          f"mean {four['mean_turns']} turns ({four['games']} games)")
    listing, listing_main = listing_time()
    print(f"one legal-action listing: {listing} us on average, {listing_main} us in the trade/build phase "
          "(caches cleared)")
    others = {}
    for n in (3, 5, 6):
        r = run_games(n, args.seconds / 3)
        others[str(n)] = r
        print(f"{n} players: {r['games_per_second']} games/s, {r['actions_per_second']} actions/s, "
              f"mean {r['mean_turns']} turns")
    result = {"games_per_second": four["games_per_second"], "actions_per_second": four["actions_per_second"],
              "legal_actions_us": listing, "legal_actions_main_us": listing_main,
              "mean_turns": four["mean_turns"], "by_players": others}
    result["by_scenario"] = scenario_speeds(args.seconds / 3)
    if args.against is not None:
        versus = compare_with_ref(args.against, args.seconds, args.rounds, args.sea_rounds)
        if versus is None:
            return 1
        result["against"] = versus
    if args.catanatron_python:
        # Both in fresh processes by turns, one game at a time, so both see the
        # same machine load; the median of the per-round ratios.
        rounds = []
        for i, (ours, cat) in enumerate(against_catanatron(args.catanatron_python, args.seconds / 3) or ()):
            ours_aps, cat_aps = ours[1] / ours[0], cat[1] / cat[0]
            rounds.append((ours_aps, cat_aps, cat[2] / cat[0], ours_aps / cat_aps))
            print(f"round {i + 1}: RetroCatan {ours_aps:.0f} actions/s, "
                  f"Catanatron {cat_aps:.0f} actions/s, ratio {rounds[-1][3]:.2f}")
        if rounds:
            ratios = sorted(r[3] for r in rounds)
            median = ratios[len(ratios) // 2]
            cat_aps = statistics.median(r[1] for r in rounds)
            cat_gps = statistics.median(r[2] for r in rounds)
            print(f"catanatron 3.2.1 RandomPlayer x4: {cat_gps:.1f} games/s, {cat_aps:.0f} actions/s; "
                  f"RetroCatan is {median:.2f}x its actions/s (median of {len(ratios)} interleaved rounds)")
            result["catanatron"] = {"games_per_second": round(cat_gps, 2), "actions_per_second": round(cat_aps, 1)}
            result["ratio_actions_per_second"] = round(median, 2)
            result["ratio_rounds"] = [round(r, 2) for r in ratios]
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
