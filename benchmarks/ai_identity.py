"""Do the computer players still decide exactly as before?

    python benchmarks/ai_identity.py --record FILE [--games N] [--levels]
    python benchmarks/ai_identity.py --check FILE [--games N] [--levels]

Plays N games (default 240) of mixed easy/normal/hard players, 3 to 6
seats, each seed fixed, and records the final state hash of each game;
``--check`` plays them again and names every game whose hash differs.
Also prints the Hard players' decision times (p50, p95, max).

``--levels``: the games have an Expert seat among mixed levels, and all
but every fourth are played on a Seafarers scenario (in turn, the
scenarios with ships), so the Expert's search and every level's sailing
are checked too (default 24 games: an Expert decides far slower).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from retrocatan.ai import make_player  # noqa: E402
from retrocatan.engine import GameConfig  # noqa: E402
from retrocatan.match import play  # noqa: E402
from retrocatan.scenarios import options as scenario_options  # noqa: E402

LEVELS = ("easy", "normal", "hard")
SEA = ("new-shores", "four-islands", "fog-island", "through-the-desert", "new-world-3-4")


def lineup_levels(i: int) -> tuple[int, list[str], str]:
    """Game ``i`` of ``--levels``: its seed, its players' levels (an Expert
    among them, 3 or 4 seats) and its scenario ("": the base game)."""
    n = 3 + i % 2
    levels = [LEVELS[(i + s) % 3] for s in range(n)]
    levels[i % n] = "expert"
    scenario = "" if i % 4 == 0 else SEA[(i - i // 4 - 1) % len(SEA)]
    return 2000 + i, levels, scenario


def lineup(i: int) -> tuple[int, list[str]]:
    """Game ``i``: its seed and its players' levels (3 to 6 seats, mixed)."""
    n = 3 + i % 4
    return 1000 + i, [LEVELS[(i + 2 * s + s * s) % 3] for s in range(n)]


def play_one(i: int, hard_ms: list[float] | None = None, experts: bool = False) -> str:
    seed, levels, scenario = lineup_levels(i) if experts else (*lineup(i), "")
    players = [make_player(lv, seed, s) for s, lv in enumerate(levels)]
    extra = scenario_options(scenario, len(levels)) if scenario else {}
    res = play(GameConfig(players=len(levels), seed=seed, **extra), players, time_decisions=hard_ms is not None)
    if hard_ms is not None:
        for s, lv in enumerate(levels):
            if lv == "hard":
                hard_ms.extend(res.decision_ms[s])
    return res.game.state_hash()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record", metavar="FILE")
    mode.add_argument("--check", metavar="FILE")
    ap.add_argument("--games", type=int)
    ap.add_argument("--levels", action="store_true", help="games with an Expert seat, most on Seafarers maps")
    args = ap.parse_args()
    if args.games is None:
        args.games = 24 if args.levels else 240
    if not 1 <= args.games <= 10_000:
        print("ai_identity: --games must be between 1 and 10000", file=sys.stderr)
        return 2
    hard_ms: list[float] = []
    t0 = time.perf_counter()
    hashes = [play_one(i, hard_ms, args.levels) for i in range(args.games)]
    secs = time.perf_counter() - t0
    hard_ms.sort()
    k = len(hard_ms)
    print(f"{args.games} games in {secs:.1f} s; hard decisions: p50 {hard_ms[k // 2]:.3f} ms, "
          f"p95 {hard_ms[int(0.95 * (k - 1))]:.3f} ms, max {hard_ms[-1]:.3f} ms over {k}")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            games = [dict(zip(("seed", "levels", "scenario"), lineup_levels(i) if args.levels else lineup(i)),
                          hash=h) for i, h in enumerate(hashes)]
            json.dump({"games": games}, f, indent=0)
            f.write("\n")
        return 0
    try:
        with open(args.check, encoding="utf-8") as f:
            want = [g["hash"] for g in json.load(f)["games"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"ai_identity: cannot read {args.check}: {exc}", file=sys.stderr)
        return 2
    bad = [i for i, h in enumerate(hashes) if i < len(want) and h != want[i]]
    print(f"{len(hashes) - len(bad)} of {min(len(hashes), len(want))} games identical" +
          (f"; differ: {bad[:20]}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
