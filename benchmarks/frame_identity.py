"""Does the window still draw exactly the same frames?

    python benchmarks/frame_identity.py --record FILE [--frames N] [--seed S]
    python benchmarks/frame_identity.py --check FILE

Drives the window as ``benchmarks/ui_soak.py`` does (random keys, pad and
mouse on every screen, from a fixed seed; tests/ui_soak.py has the driver)
and records a hash of every frame drawn; ``--check`` drives it again and
names the first frame that differs and the screen it was on. A change that
only reshapes the code leaves every frame as it was. Prints progress every
tenth, and as the last line ``{"frames": n, "differ": k, ...}``.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _steady_clocks() -> None:
    """The window spends some work by the clock (a load or a trial game a
    slice per frame): here each look at a clock advances it by 1 ms, so the
    same input draws the same frames on any machine."""
    import time

    ticks = [0]

    def steady() -> float:
        ticks[0] += 1
        return ticks[0] / 1000

    time.perf_counter = time.monotonic = steady
    time.time = lambda: 1_800_000_000.0 + ticks[0] / 1000     # new seeds (App.new_seed) alike
    fixed = time.gmtime(1_800_000_000)
    wall = time.strftime
    time.strftime = lambda fmt, t=None: wall(fmt, fixed if t is None else t)   # names of saved games alike


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    todo = ap.add_mutually_exclusive_group(required=True)
    todo.add_argument("--record", metavar="FILE", help="write the frames' hashes to FILE")
    todo.add_argument("--check", metavar="FILE", help="compare with the hashes in FILE")
    ap.add_argument("--frames", type=int, default=20_000, help="random-input frames (default 20000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random input (default 1)")
    args = ap.parse_args()
    want = None
    if args.check:
        try:
            with open(args.check, encoding="utf-8") as f:
                want = json.load(f)
            args.frames, args.seed = want["frames"], want["seed"]
        except (OSError, ValueError, KeyError) as exc:
            print(f"frame_identity: cannot read {args.check}: {exc}", file=sys.stderr)
            return 2
    if not 100 <= args.frames <= 10_000_000 or args.seed < 0:
        print("frame_identity: --frames 100..10000000, --seed >= 0", file=sys.stderr)
        return 2
    _steady_clocks()
    import pyxel

    from retrocatan.ui.app import init_pyxel
    init_pyxel(headless=True)
    from ui_soak import Soak

    size = pyxel.width * pyxel.height
    hashes: list[str] = []
    screens: list[str] = []
    marks = [args.frames * k // 10 for k in range(1, 11)]

    class Recording(Soak):
        def frame(self, count_as: str = "frames") -> None:
            scene = type(self.app.scene).__name__
            super().frame(count_as)
            ptr = pyxel.screen.data_ptr()
            data = ctypes.string_at(ctypes.addressof(ptr.contents), size) if hasattr(ptr, "contents") \
                else bytes(ptr[:size])
            hashes.append(hashlib.blake2b(data, digest_size=8).hexdigest())
            screens.append(scene)
            while marks and len(hashes) >= marks[0]:
                print(f"{len(hashes):>8} frames drawn", flush=True)
                marks.pop(0)

    Recording(args.seed).run(args.frames)
    if want is None:
        with open(args.record, "w", encoding="utf-8") as f:
            json.dump({"frames": args.frames, "seed": args.seed, "hashes": hashes, "screens": screens}, f)
        print(json.dumps({"frames": len(hashes), "recorded": args.record}))
        return 0
    old = want["hashes"]
    differ = [i for i, (a, b) in enumerate(zip(hashes, old)) if a != b]
    if len(hashes) != len(old):
        print(f"frame_identity: {len(hashes)} frames drawn, {len(old)} recorded")
    if differ:
        i = differ[0]
        print(f"frame_identity: {len(differ)} frames differ; the first is frame {i} on "
              f"{screens[i]} (recorded on {want['screens'][i]})")
    print(json.dumps({"frames": len(hashes), "differ": len(differ), "recorded_frames": len(old)}))
    return 1 if differ or len(hashes) != len(old) else 0


if __name__ == "__main__":
    sys.exit(main())
