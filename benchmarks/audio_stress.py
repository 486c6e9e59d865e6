"""Music starts under a running audio thread, with a watchdog for freezes.

    python benchmarks/audio_stress.py [--starts N] [--way audio|playm] [--frame-every K] [--wait S] [--stacks]

A child process initialises headless Pyxel (SDL's dummy audio driver runs
the audio callback thread like a real device) and starts music N times,
cycling title, game, victory and silence, with a sound effect between and a
frame (``pyxel.flip``) every K starts. ``--way audio`` goes through
``retrocatan.ui.audio.Audio`` (the game's way); ``--way playm`` calls
``pyxel.playm`` as the game did before (Pyxel 2.9.9 can deadlock there: its
``play_music`` takes the channel list lock before the SDL audio lock, while
the audio callback runs under the SDL lock and then takes the channel list
lock). The child reports every 50 starts; when it reports nothing for S
seconds it counts as frozen, is killed, and a new child carries on with the
starts left. The last line is ``{"way": w, "starts": n, "freezes": f, ...}``.

Measured on 2 shared cores, Pyxel 2.9.9: ``--way playm`` froze 6 times in
60,000 back-to-back starts and 2 times in 20,000 with ``--frame-every 1``;
``--way audio`` froze 0 times in 1,000,000 back-to-back starts and 0 in
60,000 with ``--frame-every 1``. ``--stacks`` shows each playm freeze as the
main thread in ``AudioLock::lock`` (SDL) under ``play_music`` and the audio
thread waiting for the channel list mutex under ``SDL_RunAudio``.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPORT_EVERY = 50
PIECES = ("title", "game", "victory", None)


def child(way: str, starts: int, frame_every: int) -> int:
    sys.path.insert(0, ROOT)
    import pyxel

    from retrocatan.ui import audio as audio_module
    from retrocatan.ui.app import init_pyxel
    init_pyxel(headless=True)
    audio = audio_module.Audio({"sound": True, "music": True})
    audio.load()
    if way == "playm":
        for m, name in enumerate(PIECES[:3]):
            slots = audio_module.MUSIC_VOICE_SLOTS[name]
            pyxel.musics[m].set(*[[s] for s in slots], [])

    def start(i: int) -> None:
        name = PIECES[i % len(PIECES)]
        if way == "audio":
            audio.music(name)
        elif name is None:
            for ch in audio_module.MUSIC_CHANNELS:
                pyxel.stop(ch)
        else:
            pyxel.playm(PIECES.index(name), loop=name != "victory")
        audio.sfx("dice")

    for i in range(starts):
        start(i)
        if frame_every and i % frame_every == 0:
            pyxel.flip()
        if (i + 1) % REPORT_EVERY == 0 or i + 1 == starts:
            print(i + 1, flush=True)
    return 0


def print_stacks(pid: int) -> None:
    """The frozen child's native threads (gdb), to see which lock each waits for."""
    if shutil.which("gdb") is None:
        print("  (no gdb for the stacks)", file=sys.stderr)
        return
    try:
        out = subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt 25"],
                             capture_output=True, text=True, timeout=120).stdout
    except subprocess.TimeoutExpired:
        print("  (gdb took too long)", file=sys.stderr)
        return
    keep = ("Thread ", "lock", "Lock", "mutex", "Mutex", "futex", "audio", "Audio", "play_music", "playm",
            "SDL_RunAudio", "render")
    for line in out.splitlines():
        if line.startswith("Thread ") or (line.startswith("#") and any(k in line for k in keep)):
            print("  " + line[:160], file=sys.stderr)


def run(way: str, starts: int, frame_every: int, wait: float, stacks: bool = False) -> dict:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy")
    done = freezes = children = 0
    t0 = time.perf_counter()
    while done < starts:
        children += 1
        proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", "--way", way,
                                 "--starts", str(starts - done), "--frame-every", str(frame_every)],
                                stdout=subprocess.PIPE, env=env, text=True, bufsize=1)
        base, seen = done, 0
        while True:
            ready, _, _ = select.select([proc.stdout], [], [], wait)
            if not ready:                                  # no report for `wait` seconds: frozen
                freezes += 1
                if stacks:
                    print_stacks(proc.pid)
                proc.kill()
                proc.wait()
                # the starts since the last report are counted as done: one of them froze
                done = base + seen + REPORT_EVERY
                print(f"  freeze after {base + seen} starts", file=sys.stderr, flush=True)
                break
            line = proc.stdout.readline()
            if not line:                                   # the child ended
                code = proc.wait()
                if code != 0:
                    raise SystemExit(f"audio_stress: the child failed with exit status {code}")
                done = base + seen
                if seen < starts - base:
                    raise SystemExit("audio_stress: the child ended early")
                break
            seen = int(line)
        proc.stdout.close()
    return {"way": way, "starts": min(done, starts), "freezes": freezes, "children": children,
            "seconds": round(time.perf_counter() - t0, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--starts", type=int, default=20_000, help="music starts (default 20000)")
    ap.add_argument("--way", choices=("audio", "playm"), default="audio",
                    help="audio: the game's Audio class (default); playm: pyxel.playm")
    ap.add_argument("--frame-every", type=int, default=0,
                    help="a frame every K starts; 0 (default): none, the starts back to back, the hardest case")
    ap.add_argument("--wait", type=float, default=10.0, help="seconds without progress that count as a freeze")
    ap.add_argument("--stacks", action="store_true", help="print a frozen child's native stacks (gdb)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.starts < 1 or args.frame_every < 0 or args.wait <= 0:
        print("audio_stress: --starts >= 1, --frame-every >= 0, --wait > 0", file=sys.stderr)
        return 2
    if args.child:
        return child(args.way, args.starts, args.frame_every)
    result = run(args.way, args.starts, args.frame_every, args.wait, args.stacks)
    print(json.dumps(result))
    return 1 if result["freezes"] else 0


if __name__ == "__main__":
    sys.exit(main())
