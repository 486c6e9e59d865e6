"""Soak of the game window: random keys, gamepad, stick, text and mouse on
every screen for many frames (tests/ui_soak.py has the driver).

    python benchmarks/ui_soak.py [--frames N] [--seed S]

Headless Pyxel at its headless frame rate (every frame goes through
``pyxel.flip``, the frame clock included), sound and music on. Fails (exit 1)
on any exception or a screen with no way back to the title. Prints the
resident memory after each tenth of the run, and as the last line
``{"frames": n, "frames_per_second": f, "peak_rss_mb": m, "rss_growth_mb": g, ...}``
where ``rss_growth_mb`` is the resident memory at the end less that after
the first tenth (memory that keeps growing shows there).
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
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--frames", type=int, default=100_000, help="random-input frames (default 100000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random input (default 1)")
    args = ap.parse_args()
    if not 100 <= args.frames <= 10_000_000 or args.seed < 0:
        print("ui_soak: --frames 100..10000000, --seed >= 0", file=sys.stderr)
        return 2
    from retrocatan.ui.app import init_pyxel
    init_pyxel(headless=True)
    from ui_soak import DeadEnd, Soak

    soak = Soak(args.seed)
    marks = [args.frames * k // 10 for k in range(1, 11)]

    def progress(rep) -> None:
        if not marks or rep.frames < marks[0]:
            return
        while marks and rep.frames >= marks[0]:
            marks.pop(0)
        print(f"{rep.frames:>8} frames  {rep.episodes:>4} episodes  rss {rep.rss_mb[-1][1]:.1f} MB  "
              f"{(rep.frames + rep.home_frames) / max(1e-9, time.perf_counter() - started):.0f} frames/s",
              flush=True)

    started = time.perf_counter()
    try:
        rep = soak.run(args.frames, progress=progress)
    except DeadEnd as exc:
        print(f"ui_soak: dead end after {soak.report.frames} frames (seed {args.seed}): {exc}", file=sys.stderr)
        return 1
    except Exception:
        print(f"ui_soak: exception after {soak.report.frames} frames (seed {args.seed}) on "
              f"{type(soak.app.scene).__name__}", file=sys.stderr)
        raise
    tenth = next(mb for frames, mb in rep.rss_mb if frames >= args.frames // 10)
    total = rep.frames + rep.home_frames
    print("frames per screen: " + ", ".join(f"{k} {v}" for k, v in sorted(rep.screens.items())))
    print(json.dumps({
        "frames": rep.frames, "home_frames": rep.home_frames, "episodes": rep.episodes,
        "seconds": round(rep.seconds, 1), "frames_per_second": round(total / rep.seconds, 1),
        "peak_rss_mb": rep.peak_rss_mb, "rss_after_first_tenth_mb": tenth, "rss_end_mb": rep.rss_mb[-1][1],
        "rss_growth_mb": round(rep.rss_mb[-1][1] - tenth, 1), "screens": len(rep.screens),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
