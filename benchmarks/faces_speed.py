"""The faces' costs: making a seat's view, copying a state, random play through views.

    python benchmarks/faces_speed.py [--against REF] [--rounds N]

Prints, for this tree (and with ``--against REF``, a git commit, branch or
tag of this repository, for REF's ``retrocatan`` package taken with ``git
archive``), each side in its own fresh process, ``--rounds`` interleaved
rounds (default 5, the order alternating):

- ``view``: the mean time of making the deciding seat's ``PlayerView`` and
  reading its legal actions (what a computer player does at every
  decision), over states sampled from 4-player base games, the best of 7
  repeats (the least disturbed by other work on the machine);
- ``copy``: likewise one ``GameState.copy`` (a computer player's look-ahead);
- ``play``: actions/s of 4-player base games whose random players are
  handed their seat's view (``choose(game.seat_view(seat))``), per second
  of the process's CPU time.

With ``--against`` it prints the median ratio per figure (REF / this tree
for the times, this tree / REF for actions/s: above 1 is faster here).
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_speed import export_ref  # noqa: E402  (one way to unpack a git ref's engine)

# Run in a fresh process with the ``retrocatan`` package of the folder given first.
SIDE = r"""
import json, sys, time, timeit
sys.path.insert(0, sys.argv[1])
from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig

states = []
for seed in range(4):
    g = Game(GameConfig(players=4, seed=seed))
    bots = [RandomPlayer(seed, s) for s in range(4)]
    k = 0
    while not g.over:
        if k % 37 == 0:
            states.append(g.copy())
        g.apply(bots[g.decider].choose(g.seat_view(g.decider)))
        k += 1
games = states

def views():
    for g in games:
        g.forget_views()
        g.seat_view(g.decider).legal

def copies():
    for g in games:
        g.state.copy()

n = len(games)
view_ns = min(timeit.repeat(views, number=20, repeat=7)) / (20 * n) * 1e9
copy_us = min(timeit.repeat(copies, number=5, repeat=7)) / (5 * n) * 1e6
acts, t = 0, time.process_time()
for seed in range(20):
    g = Game(GameConfig(players=4, seed=100 + seed))
    bots = [RandomPlayer(seed, s) for s in range(4)]
    while not g.over:
        g.apply(bots[g.decider].choose(g.seat_view(g.decider)))
        acts += 1
print(json.dumps({"view_ns": round(view_ns), "copy_us": round(copy_us, 1),
                  "play_actions_per_second": round(acts / (time.process_time() - t))}))
"""


def side(folder: str) -> dict:
    out = subprocess.run([sys.executable, "-c", SIDE, folder], capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The faces' costs: views, state copies, play through views.")
    parser.add_argument("--against", metavar="REF", help="a git ref to compare with, side by side")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        print("faces_speed: --rounds must be at least 1", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="faces_speed_") as folder:
        if args.against:
            err = export_ref(args.against, folder)
            if err:
                print(f"faces_speed: {err}", file=sys.stderr)
                return 2
        rows = []
        for i in range(args.rounds):
            try:
                if not args.against:
                    rows.append({"here": side(ROOT)})
                elif i % 2:
                    ref = side(folder)
                    rows.append({"here": side(ROOT), "ref": ref})
                else:
                    here = side(ROOT)
                    rows.append({"here": here, "ref": side(folder)})
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                print(f"faces_speed: a side failed ({exc})", file=sys.stderr)
                return 1
            r = rows[-1]
            line = ", ".join(f"{k} {v}" for k, v in r["here"].items())
            if "ref" in r:
                line += " | " + args.against + ": " + ", ".join(f"{k} {v}" for k, v in r["ref"].items())
            print(f"round {i + 1}: this tree: {line}")
    result: dict = {"rounds": rows}
    keys = ("view_ns", "copy_us", "play_actions_per_second")
    for k in keys:
        result[k] = statistics.median(r["here"][k] for r in rows)
    if args.against:
        ratios = {}
        for k in keys:
            per = [(r["ref"][k] / r["here"][k]) if k != "play_actions_per_second" else r["here"][k] / r["ref"][k]
                   for r in rows]
            ratios[k] = {"median": round(statistics.median(per), 3), "range": [round(min(per), 3), round(max(per), 3)]}
        result["against"] = {"ref": args.against, "ratios": ratios}
        for k, v in ratios.items():
            print(f"{k}: this tree is {v['median']}x as fast as {args.against} "
                  f"(median of {args.rounds} rounds, {v['range'][0]}-{v['range'][1]})")
    else:
        print(", ".join(f"{k} {result[k]}" for k in keys))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
