"""Strength and speed of the computer opponents.

    python benchmarks/ai_strength.py [--games N] [--seed S]

Fixed seeds, seats rotated between games so no seat order favours anyone.
Prints, for each match-up, the win rate of the first entry with its 95%
confidence interval, mean turns, and decision times per level; the last
line is one JSON object with every figure. Targets (issue 4):
Hard vs 3 Random >= 95%; Hard vs 3 Normal >= 40%; Normal vs 3 Easy >= 40%;
four Hard players <= 80 turns on average; Hard p95 <= 50 ms, max <= 500 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from retrocatan.tournament import run  # noqa: E402

MATCHES = [
    ("hard_vs_random", ["hard", "random", "random", "random"], 0.95),
    ("hard_vs_normal", ["hard", "normal", "normal", "normal"], 0.40),
    ("normal_vs_easy", ["normal", "easy", "easy", "easy"], 0.40),
    ("four_hard", ["hard", "hard", "hard", "hard"], None),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per match-up (default 200)")
    ap.add_argument("--seed", type=int, default=2026, help="seed of the first game (default 2026)")
    args = ap.parse_args()
    if not 1 <= args.games <= 100_000:
        print("ai_strength: --games must be between 1 and 100000", file=sys.stderr)
        return 2
    out = {}
    hard_times: list[float] = []
    for name, levels, target in MATCHES:
        res = run(levels, args.games, args.seed)
        s = res.summary()
        first = s["seats"][0]
        hard_times.extend(res.times.get("hard", []))
        out[name] = {"win_rate": first["win_rate"], "ci95": first["ci95"], "mean_turns": s["mean_turns"],
                     "decision_ms": s["decision_ms"], "target": target}
        verdict = "" if target is None else ("  ok" if first["win_rate"] >= target else "  BELOW TARGET")
        print(f"{name:15s} {levels[0]} wins {100 * first['win_rate']:.1f}% "
              f"(95% CI {100 * first['ci95'][0]:.1f}-{100 * first['ci95'][1]:.1f}%), "
              f"mean {s['mean_turns']} turns{verdict}")
    hard_times.sort()
    p95 = hard_times[int(0.95 * (len(hard_times) - 1))] if hard_times else 0.0
    out["hard_decision_ms"] = {"p50": round(hard_times[len(hard_times) // 2], 3), "p95": round(p95, 3),
                               "max": round(hard_times[-1], 3), "decisions": len(hard_times)}
    out["four_hard_mean_turns"] = out["four_hard"]["mean_turns"]
    print(f"hard decisions: p50 {out['hard_decision_ms']['p50']} ms, p95 {out['hard_decision_ms']['p95']} ms, "
          f"max {out['hard_decision_ms']['max']} ms over {len(hard_times)} decisions")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
