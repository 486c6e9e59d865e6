"""Random whole games on every shipped scenario with every check after every action.

    python benchmarks/whole_games.py [--seeds N] [--first S] [--round-trip K] [--jobs J]

Plays, for every shipped scenario and each of its player counts, N games
(seeds S .. S+N-1; each seed also picks one rule variant that touches the
sea rules: cut_roads lost or abandoned, the DOS island bonus, free phase
order) of uniformly random players to their end, checking everything
``tests/whole_games.py`` checks after every action and sending the state
through JSON (keys sorted) every K actions, the copy played on beside the
game. Prints one line per failure, then the totals: games, actions, round
trips, failures and the time taken; the last line is one JSON object.
Exit 1 if anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from whole_games import Run, configs, play  # noqa: E402

from retrocatan.parallel import ordered_map  # noqa: E402


def _one(task):
    label, cfg, every = task
    return label, play(cfg, round_trip=every)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=4, help="games per scenario and player count (default 4)")
    ap.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--round-trip", type=int, default=250, help="actions between JSON round trips (default 250)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = ap.parse_args(argv)
    tasks = [(label, cfg, args.round_trip)
             for label, cfg in configs(range(args.first, args.first + args.seeds))]
    total = Run()
    start = time.perf_counter()
    for label, run in ordered_map(_one, tasks, args.jobs):
        total.add(run)
        for f in run.failures:
            print(f"FAIL {label}: {f}", flush=True)
    took = time.perf_counter() - start
    print(f"{total.games} games, {total.actions:,} actions, {total.round_trips} round trips, "
          f"{len(total.failures)} failures, {took:.0f} s")
    print(json.dumps({"games": total.games, "actions": total.actions, "round_trips": total.round_trips,
                      "failures": len(total.failures), "seconds": round(took, 1)}))
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
