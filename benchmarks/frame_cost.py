"""Frame cost of the game window: update() + draw() over a demo game.

    python benchmarks/frame_cost.py [--frames N] [--players P]

Headless Pyxel at 640x480; the demo game of computer players at the fast
pace, so frames include computer decisions, board and box drawing. Prints
mean and 99th percentile milliseconds of update()+draw() (pyxel.flip, which
only presents the frame, is not counted). Target: mean <= 3 ms, p99 <= 8 ms.
The last line is ``{"mean_ms": x, "p99_ms": y, "frames": n}``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--frames", type=int, default=3000, help="frames to measure (default 3000)")
    ap.add_argument("--players", type=int, default=4, help="players in the demo game (default 4)")
    args = ap.parse_args()
    if not 10 <= args.frames <= 1_000_000 or not 3 <= args.players <= 6:
        print("frame_cost: --frames 10..1000000, --players 3..6", file=sys.stderr)
        return 2
    import pyxel

    from retrocatan.storage import MemoryStorage
    from retrocatan.ui.app import App, init_pyxel
    init_pyxel(headless=True)
    app = App(can_quit=False, demo_players=args.players, demo_seed=3, storage=MemoryStorage())
    app.start_demo(speed=2)
    times, flips = [], []
    for _ in range(args.frames):
        t0 = time.perf_counter()
        app.update()
        app.draw()
        t1 = time.perf_counter()
        times.append((t1 - t0) * 1000.0)
        pyxel.flip()
        flips.append((time.perf_counter() - t1) * 1000.0)
        if app.scene.__class__.__name__ == "TitleScene":
            app.start_demo(speed=2)
    times.sort()
    mean = statistics.mean(times)
    p99 = times[int(0.99 * (len(times) - 1))]
    flip_mean = statistics.mean(flips)
    print(f"{len(times)} frames, {args.players} players: mean {mean:.2f} ms, p99 {p99:.2f} ms, max {times[-1]:.2f} ms"
          f" (pyxel.flip, not counted: mean {flip_mean:.2f} ms)")
    print(json.dumps({"mean_ms": round(mean, 3), "p99_ms": round(p99, 3), "frames": len(times),
                      "flip_mean_ms": round(flip_mean, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
