"""The strongest level against the others, in our own engine (issue 22).

    python benchmarks/ai_levels.py [--games N] [--seed S] [--jobs J] [--scenario ID[,ID...]|all]
                                   [--players P] [--level expert] [--against hard,normal]

One seat of ``--level`` (default: expert) against n-1 seats of each level
of ``--against`` (default: hard, then normal), seats rotated between games
(``tournament.run``), on the base game or, with ``--scenario``, on each
scenario's map with its point target. Prints per match-up the win rate of
the one seat with its Wilson 95% interval (an equal share is 1/n), mean
turns, and the decision times of both levels (p50 / p95 / max, ms, as
measured on this machine); the last line is one JSON object with every
figure. Targets (issue 22): the strongest level wins at least 40% of games
against three Hard; decision time p95 <= 100 ms, max <= 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from retrocatan.ai import LEVEL_NAMES  # noqa: E402
from retrocatan.scenarios import available  # noqa: E402
from retrocatan.scenarios import load as load_scenario  # noqa: E402
from retrocatan.scenarios import options as scenario_options  # noqa: E402
from retrocatan.tournament import run  # noqa: E402


def _times(s: dict, level: str) -> str:
    d = s["decision_ms"].get(level)
    if not d:
        return "-"
    return f"{d['p50']:.1f}/{d['p95']:.1f}/{d['max']:.0f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--level", default="expert")
    ap.add_argument("--against", default="hard,normal")
    ap.add_argument("--scenario", default="", help="scenario id(s), comma-separated, or 'all' (default: base game)")
    ap.add_argument("--players", type=int, default=None)
    args = ap.parse_args(argv)
    against = [x for x in args.against.split(",") if x]
    for lv in [args.level] + against:
        if lv not in LEVEL_NAMES:
            print(f"ai_levels: unknown level {lv!r} (use {', '.join(LEVEL_NAMES)})", file=sys.stderr)
            return 2
    if args.games < 1:
        print("ai_levels: --games must be at least 1", file=sys.stderr)
        return 2
    if args.scenario == "all":
        maps = [s for s in available() if load_scenario(s).ships]
    else:
        maps = [x for x in args.scenario.split(",") if x] or [""]
    for sid in maps:
        if sid and sid not in available():
            print(f"ai_levels: unknown scenario {sid!r} (use {', '.join(available())})", file=sys.stderr)
            return 2
    out: dict = {"level": args.level, "games": args.games, "seed": args.seed, "maps": {}}
    print(f"{'map':20s} {'n':>2s} {'match-up':>18s} {'win rate (95% CI)':>24s} {'turns':>6s} "
          f"{'ms p50/p95/max':>16s} {'opp ms':>16s} {'s':>5s}")
    for sid in maps:
        if sid:
            counts = load_scenario(sid).players
            n = args.players if args.players is not None else (4 if 4 in counts else counts[0])
            options = scenario_options(sid, n)
        else:
            n = args.players or 4
            options = {}
        rows = {}
        for opp in against:
            levels = [args.level] + [opp] * (n - 1)
            t0 = time.perf_counter()
            res = run(levels, args.games, args.seed, options, jobs=args.jobs)
            secs = time.perf_counter() - t0
            s = res.summary()
            first = s["seats"][0]
            lo, hi = first["ci95"]
            name = f"{args.level} vs {n - 1} {opp}"
            rate = f"{first['win_rate'] * 100:7.1f}% ({lo * 100:4.1f}-{hi * 100:4.1f})"
            print(f"{sid or 'base':20s} {n:2d} {name:>18s} {rate:>24s} {s['mean_turns']:6.1f} "
                  f"{_times(s, args.level):>16s} {_times(s, opp):>16s} {secs:5.0f}", flush=True)
            rows[opp] = {"players": n, "win_rate": first["win_rate"], "ci95": first["ci95"],
                         "mean_turns": s["mean_turns"], "longest_turns": max(res.turn_counts),
                         "decision_ms": s["decision_ms"], "seconds": round(secs, 1)}
        out["maps"][sid or "base"] = rows
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
