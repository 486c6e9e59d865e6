"""Long games: how long a save takes to load in the window, to verify, and
what the replay viewer holds in memory.

    python benchmarks/long_game.py [--decisions N] [--seed S]

Builds a legal game of N decisions (default 10,000; random legal
decisions, mostly ending the turn, so nobody wins), saves it as the game
does (a state hash every ``PLAY_HASH_EVERY`` decisions), then times,
headless:

- loading the save into the window (the whole load path: parse, the one
  replay with its hash checks, the session and the game screen), and the
  frames that load takes under the progress bar;
- ``replay --verify`` of the save (every recorded hash compared);
- building the replay viewer of the same record (its timeline and scene),
  with the memory it holds (tracemalloc, in a second build: allocated by
  building it and still held; and the peak while building).

Times are wall-clock and CPU time of this process (the CPU figure is the
one to trust on a shared machine).

Targets (issue 13): 10,000 decisions load in the window in at most 1 s and
the viewer holds them in at most 100 MB. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from retrocatan.engine import Game, GameConfig  # noqa: E402
from retrocatan.engine.replay import MAX_ACTIONS, PLAY_HASH_EVERY, GameRecord  # noqa: E402
from retrocatan.engine.rng import Rng  # noqa: E402
from retrocatan.saves import AUTOSAVE, dumps, make_save  # noqa: E402

SEATS = [{"kind": "human", "name": "P1"}] + [{"kind": "hard", "name": f"P{i}"} for i in (2, 3, 4)]


def long_game(decisions: int, seed: int) -> Game:
    """A legal game of ``decisions`` decisions that nobody has won: random
    decisions, ending the turn 49 times in 50 (always, if that game was
    won: then nobody builds and nobody can win)."""
    for odds in (50, 0):
        game = Game(GameConfig(players=4, seed=seed))
        rng = Rng(seed)
        while len(game.history) < decisions and not game.over:
            acts = game.legal_actions()
            ends = [a for a in acts if a.kind == "end"]
            game.apply(ends[0] if ends and (not odds or rng.below(odds)) else acts[rng.below(len(acts))])
        if not game.over:
            break
    return game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--skip-verify", action="store_true", help="do not time replay --verify (long records)")
    args = ap.parse_args()
    if not 1 <= args.decisions <= MAX_ACTIONS:
        ap.error(f"--decisions must be between 1 and {MAX_ACTIONS}")

    import pyxel

    from retrocatan.storage import MemoryStorage
    from retrocatan.ui.app import App, ViewerJob, init_pyxel
    from retrocatan.ui.scenes.game import GameScene
    from retrocatan.ui.scenes.loading import LoadingScene

    t0 = time.perf_counter()
    game = long_game(args.decisions, args.seed)
    text = dumps(make_save(game, SEATS, AUTOSAVE, hashes=GameRecord.of_game(game, PLAY_HASH_EVERY)))
    made = time.perf_counter() - t0
    print(f"game: {len(game.history)} decisions, turn {game.state.turn}, save {len(text) / 1e6:.2f} MB "
          f"(built in {made:.1f} s)")

    init_pyxel(headless=True)
    storage = MemoryStorage()
    storage.write(AUTOSAVE, text)
    app = App(can_quit=False, storage=storage)
    from retrocatan.ui.scenes.load import open_saved
    t0, c0 = time.perf_counter(), time.process_time()
    open_saved(app, AUTOSAVE, app.scene)
    frames = 0
    while isinstance(app.scene, LoadingScene):
        app.update()
        app.draw()
        pyxel.flip()
        frames += 1
    load_s, load_cpu = time.perf_counter() - t0, time.process_time() - c0
    ok = isinstance(app.scene, GameScene) and app.scene.session.game.state_hash() == game.state_hash()
    print(f"window load: {load_s:.3f} s ({load_cpu:.3f} s of CPU) over {frames} frames of progress bar "
          f"(target <= 1 s); loaded: {ok}")

    rec = GameRecord.parse(json.dumps(json.loads(text)["replay"]))
    t0, c0 = time.perf_counter(), time.process_time()
    verdict = rec.replayer(sample=None if args.skip_verify else 1).run()
    verify_s, verify_cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"replay --verify: {verify_s:.3f} s ({verify_cpu:.3f} s of CPU), {verdict.compared} states compared, "
          f"ok {verdict.ok}")

    def build_viewer():
        viewer_app = App(can_quit=False, storage=MemoryStorage())
        job = ViewerJob(viewer_app, GameRecord.parse(json.dumps(json.loads(text)["replay"])))
        while not job.advance(2000):
            pass
        return job.scene()
    t0, c0 = time.perf_counter(), time.process_time()
    build_viewer()
    viewer_s, viewer_cpu = time.perf_counter() - t0, time.process_time() - c0

    del app
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    scene = build_viewer()
    gc.collect()
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    held_mb = (held - before) / 1e6
    peak_mb = (peak - before) / 1e6
    t0 = time.perf_counter()
    for i in range(0, scene.timeline.length + 1, max(1, scene.timeline.length // 200)):
        scene.goto(i)
    step_ms = (time.perf_counter() - t0) * 1000 / (scene.timeline.length // max(1, scene.timeline.length // 200) + 1)
    print(f"viewer: built in {viewer_s:.3f} s ({viewer_cpu:.3f} s of CPU), holds {held_mb:.1f} MB "
          f"(peak {peak_mb:.1f} MB; target <= 100 MB), {len(scene.timeline.snapshots)} snapshots every "
          f"{scene.timeline.every} decisions, a jump {step_ms:.2f} ms")
    print(json.dumps({
        "decisions": len(game.history), "save_mb": round(len(text) / 1e6, 2),
        "window_load_s": round(load_s, 3), "window_load_cpu_s": round(load_cpu, 3), "load_frames": frames,
        "loaded": ok, "verify_s": round(verify_s, 3), "verify_cpu_s": round(verify_cpu, 3),
        "compared": verdict.compared, "verified": verdict.ok, "viewer_build_s": round(viewer_s, 3),
        "viewer_build_cpu_s": round(viewer_cpu, 3), "viewer_mb": round(held_mb, 1),
        "viewer_peak_mb": round(peak_mb, 1), "viewer_jump_ms": round(step_ms, 2)}))
    return 0 if ok and (verdict.ok or args.skip_verify) else 1


if __name__ == "__main__":
    sys.exit(main())
