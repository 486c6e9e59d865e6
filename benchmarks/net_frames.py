"""The game screen's frames while a network game's messages arrive (issue 45:
no frame over 50 ms).

    python benchmarks/net_frames.py [--turns N] [--collector window|python|alternate]
                                    [--server process|hosted] [--fps F] [--computer-delay S]

A real ``retrocatan serve`` process on 127.0.0.1 holds a live Seafarers
game (four-islands): one person, whose seat a headless window plays by keys
(the sea robot of the tests), and three computers at the live pace's
default speed (a second before each decision); the window at the default
speed with animations on, its frames paced at the window's 30 a second
(a window that sleeps between frames, as the machine schedules it; ``--fps
1000`` runs them back to back). Every frame of the game screen (update + draw,
not ``pyxel.flip``) is timed until turn N or the game's end. Progress goes
to stderr; the last line is one JSON object: frames, p50, p99, max (ms),
frames over 50 ms (``over_50ms_machine``: those in which the process ran
less than half the time, waiting for the machine), and for each frame over
50 ms what it did: the messages taken that frame, the garbage collections
that ran during it (generation, thread, ms, from ``gc.callbacks``), the
state loads (ms), and the CPU time of the drawing thread and of the whole
process in it (short in both: the frame waited for the machine; short in
its own thread only: for another thread of the process).

``--collector`` picks who runs Python's cyclic collector: ``window`` (the
window's own, ``ui/collector.py``: only the drawing thread collects),
``python`` (Python's automatic collection, in whatever thread allocates),
or ``alternate``: the two by turns in the same game (every four turns), so
that both see the same machine load (the JSON line then holds
``{"python": ..., "window": ...}``). ``--server hosted`` runs the server as
Host a game does: in a thread of the window's process.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SLOW = 0.050                 # seconds: a frame over this is slow (issue 45)


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class Probe:
    """What happens inside each timed frame: collections (any thread), messages, state loads."""

    def __init__(self) -> None:
        self.collections: list[dict] = []
        self.messages = 0
        self.loads: list[float] = []
        self._started: dict[int, float] = {}
        gc.callbacks.append(self._gc)

    def _gc(self, phase: str, info: dict) -> None:
        tid = threading.get_ident()
        if phase == "start":
            self._started[tid] = time.perf_counter()
        else:
            took = time.perf_counter() - self._started.pop(tid, time.perf_counter())
            self.collections.append({"gen": info["generation"], "thread": threading.current_thread().name,
                                     "ms": round(took * 1000, 1)})

    def wrap(self) -> None:
        from retrocatan.ui.net.seat import NetSeat
        from retrocatan.ui.net.session import NetSession
        update, load = NetSeat.update, NetSession._load
        probe = self

        def counted_update(seat):
            out = update(seat)
            probe.messages += len(out)
            return out

        def timed_load(session):
            start = time.perf_counter()
            load(session)
            probe.loads.append(round((time.perf_counter() - start) * 1000, 2))

        NetSeat.update = counted_update
        NetSession._load = timed_load


class Figures:
    """The timed frames of one collector setting."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.slow: list[dict] = []
        self.collections: list[dict] = []
        self.loads: list[float] = []

    def summary(self) -> dict:
        ordered = sorted(self.times) or [0.0]

        def pct(q: float) -> float:
            return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000, 2)

        full = [c for c in self.collections if c["gen"] == 2]
        return {"frames": len(self.times), "p50": pct(0.50), "p99": pct(0.99), "max": round(ordered[-1] * 1000, 1),
                "over_50ms": len(self.slow),
                "over_50ms_machine": sum(f["process_cpu_ms"] < f["ms"] / 2 for f in self.slow),
                "over_20ms": sum(x > 0.020 for x in self.times), "slow": self.slow,
                "loads": {"count": len(self.loads), "max_ms": max(self.loads, default=0),
                          "mean_ms": round(sum(self.loads) / max(1, len(self.loads)), 2)},
                "collections": {"gen0-1": len(self.collections) - len(full), "gen2": len(full),
                                "gen2_max_ms": max((c["ms"] for c in full), default=0),
                                "off_drawing_thread": sum(c["thread"] != "MainThread" for c in self.collections)}}


def play(url: str, turns: int, modes: tuple[str, ...], probe: Probe, computer_delay: float | None) -> dict:
    """One game to turn ``turns``; the collector setting changes every four turns (each seat's
    turn under each), in the order of ``modes``. The figures of each setting."""
    import pyxel
    from test_net_window import join_by_keys, until
    from test_ui_sea import SeaRobot

    from retrocatan.net.client import create_game
    from retrocatan.storage import MemoryStorage
    from retrocatan.ui import collector as window_collector
    from retrocatan.ui.app import App
    from retrocatan.ui.scenes.end import EndScene
    from retrocatan.ui.scenes.network_game import NetGameScene

    clocks = {} if computer_delay is None else {"computer_delay": computer_delay}
    seats = [{"kind": "open"}] + [{"kind": "computer", "level": "normal"}] * 3
    got = asyncio.run(create_game(url, {"players": 4, "scenario": "four-islands"}, clocks=clocks or None,
                                  start="full", seats=seats))
    figures = {m: Figures() for m in modes}
    window_collector.enabled = modes[0] == "window"
    now = [modes[0]]

    class TimedRobot(SeaRobot):
        def frame(self) -> None:
            scene = self.app.scene
            game = isinstance(scene, NetGameScene)
            if game:
                mode = now[0] = modes[(scene.session.view.turn + 3) // 4 % len(modes)]      # by rounds
                window_collector.enabled = mode == "window"
            probe.messages, probe.loads = 0, []
            seen = len(probe.collections)
            start, cpu, all_cpu = time.perf_counter(), time.thread_time(), time.process_time()
            self.app.update()
            mid = time.perf_counter()
            self.app.draw()
            took = time.perf_counter() - start
            cpu, all_cpu = time.thread_time() - cpu, time.process_time() - all_cpu
            pyxel.flip()
            self.frames += 1
            if game:
                f = figures[now[0]]
                f.times.append(took)
                ran = probe.collections[seen:]
                f.collections.extend(ran)
                f.loads.extend(probe.loads)
                if took > SLOW:
                    f.slow.append({"ms": round(took * 1000, 1), "update_ms": round((mid - start) * 1000, 1),
                                   "cpu_ms": round(cpu * 1000, 1), "process_cpu_ms": round(all_cpu * 1000, 1),
                                   "messages": probe.messages, "collections": ran, "loads": probe.loads,
                                   "turn": scene.session.view.turn})
                    log(f"  slow frame ({now[0]}): {f.slow[-1]}")

    app = App(can_quit=False, storage=MemoryStorage())
    bot = TimedRobot(app, "keyboard")
    bot.frame()
    join_by_keys(bot, url, got["code"], "Anna", 0)
    until([bot], lambda: isinstance(app.scene, NetGameScene))
    began = time.monotonic()
    last = -1
    while True:
        scene = app.scene
        if isinstance(scene, EndScene):
            break
        if isinstance(scene, NetGameScene):
            turn = scene.session.view.turn
            if turn >= turns:
                break
            if turn != last:
                last = turn
                log(f"turn {turn}: " + ", ".join(f"{m} {len(f.times)} frames" for m, f in figures.items())
                    + f", {time.monotonic() - began:.0f} s")
            bot.step(scene)
        else:
            bot.frame()
    if isinstance(app.scene, NetGameScene):
        app.scene.session.net.stop()
        app.scene.session.net.link.shutdown()
    window_collector.enabled = True
    return {m: f.summary() for m, f in figures.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", type=int, default=20, help="time the game screen until this turn (default 20)")
    ap.add_argument("--collector", choices=("window", "python", "alternate"), default="window",
                    help="who collects (default window); alternate: the two settings turn by turn")
    ap.add_argument("--server", choices=("process", "hosted"), default="process",
                    help="a retrocatan serve process, or the server a window hosts (a thread of its process)")
    ap.add_argument("--fps", type=int, default=30,
                    help="frames a second, paced as the window paces them (default 30, the window's; "
                         "1000: as fast as the machine goes, a process always running)")
    ap.add_argument("--computer-delay", type=float, default=None,
                    help="seconds a computer waits before each decision (default: the live pace's)")
    args = ap.parse_args()
    import tempfile

    from netplay import ServerProcess

    from retrocatan.ui.app import init_pyxel
    init_pyxel(headless=True, fps=args.fps)
    probe = Probe()
    probe.wrap()
    modes = ("python", "window") if args.collector == "alternate" else (args.collector,)
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "games.sqlite3")
        if args.server == "hosted":
            from retrocatan.ui.net.host import HostedServer
            server = HostedServer(db, "127.0.0.1", 0).start()
            url = server.url()
        else:
            server = ServerProcess(db).start()
            url = server.url
        log(f"the server ({args.server}) on {url}")
        try:
            out = play(url, args.turns, modes, probe, args.computer_delay)
        finally:
            server.stop() if args.server == "hosted" else server.kill()
    for mode, r in out.items():
        log(f"[{mode}] {r['frames']} frames: p50 {r['p50']} ms, p99 {r['p99']} ms, max {r['max']} ms, "
            f"over 50 ms: {r['over_50ms']} ({r['over_50ms_machine']} waiting for the machine), "
            f"over 20 ms: {r['over_20ms']}; collections {r['collections']}; "
            f"state loads {r['loads']}")
    print(json.dumps(out[modes[0]] if len(modes) == 1 else out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
