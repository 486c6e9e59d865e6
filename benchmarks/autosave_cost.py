"""What the autosave after every decision costs.

    python benchmarks/autosave_cost.py [--writes N]

Plays a 6-player base game and a 6-player New World game between Normal
computer players (seeded) until they are over, stops at the last decision
before the end (a late game: the longest record), and times the window's
autosave there (``ui.saving.autosave``: the save made from the session's
record, its JSON, the atomic write with fsync into a folder as on the
desktop) N times. Prints the decisions, the save's size and the
milliseconds per autosave (median, max); then how many autosaves the
window writes per decision and per second at each computer pace.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from retrocatan.engine import GameConfig  # noqa: E402
from retrocatan.saves import AUTOSAVE, dumps, make_save  # noqa: E402
from retrocatan.scenarios import options  # noqa: E402
from retrocatan.storage import DirStorage  # noqa: E402
from retrocatan.ui import saving  # noqa: E402
from retrocatan.ui.session import GameSession, SeatSpec  # noqa: E402


def late_session(config: GameConfig) -> GameSession:
    """A computers-only session played to its last decision before the end."""
    seats = [SeatSpec("normal", f"P{p + 1}") for p in range(config.players)]
    probe = GameSession(config, seats, speed=3)
    while not probe.game.over:
        probe.tick(fast=True)
    last = len(probe.game.history) - 1
    s = GameSession(config, seats, speed=3)
    while len(s.game.history) < last:
        s.tick(fast=True)
    return s


def measure(name: str, config: GameConfig, writes: int, folder: str) -> None:
    s = late_session(config)
    storage = DirStorage(folder)
    times = []
    for _ in range(writes):
        t0 = time.perf_counter()
        why = saving.autosave(storage, s)
        times.append((time.perf_counter() - t0) * 1000)
        assert why is None, why
    size = os.path.getsize(os.path.join(folder, AUTOSAVE + ".json"))
    made = []
    for _ in range(writes):
        t0 = time.perf_counter()
        dumps(make_save(s.game, s.seat_dicts(), AUTOSAVE, speed=s.speed, hashes=s.hashes))
        made.append((time.perf_counter() - t0) * 1000)
    print(f"{name}: {len(s.game.history)} decisions, turn {s.game.state.turn}, save {size:,} bytes: "
          f"{statistics.median(times):.2f} ms per autosave (median of {writes}; max {max(times):.2f} ms), "
          f"of which making the text {statistics.median(made):.2f} ms (the rest: the atomic write with fsync)")


def writes_per_pace(config: GameConfig) -> None:
    """How often the window autosaves at each computer pace: a computers-only
    game played frame by frame at 30 frames a second (the window's clock,
    simulated), with ``saving.Autosaver``'s coalescing."""
    from retrocatan.storage import MemoryStorage
    for speed in range(4):
        seats = [SeatSpec("normal", f"P{p + 1}") for p in range(config.players)]
        s = GameSession(config, seats, speed=speed)
        clock = [0.0]
        storage = MemoryStorage()
        writes = [0]
        real_write = storage.write

        def counted(name, text):
            writes[0] += 1
            real_write(name, text)
        storage.write = counted
        saver = saving.Autosaver(storage, s, clock=lambda: clock[0])
        frames = 0
        while not s.game.over and frames < 200_000:
            turn_end = any(ev["type"] == "turn" for ev in s.events)
            s.events.clear()
            saver.after(urgent=turn_end or s.waiting_for_human())
            s.tick()
            frames += 1
            clock[0] += 1 / 30
        n = len(s.game.history)
        print(f"  pace {speed}: {n} decisions in {frames / 30:.0f} s of play, {writes[0]} autosaves "
              f"({writes[0] / n:.2f} per decision, {writes[0] / (frames / 30):.2f} per second)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--writes", type=int, default=50)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        measure("base game, 6 players", GameConfig(players=6, seed=args.seed), args.writes, folder)
        measure("New World, 6 players", GameConfig(players=6, seed=args.seed, **options("new-world-5-6", 6)),
                args.writes, folder)
    print("autosaves in a computers-only base game, 4 players, by pace (0 slow - 3 instant):")
    writes_per_pace(GameConfig(players=4, seed=args.seed))


if __name__ == "__main__":
    main()
