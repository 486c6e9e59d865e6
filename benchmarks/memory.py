"""Peak resident memory of the test suite, the headless demo and the real window.

    python benchmarks/memory.py [--only suite,demo,window] [--frames 3000] [--window-seconds 600]

Each measurement runs in child processes started from this script; the
peak is sampled from /proc every 0.2 s as the sum of the resident sets of
the whole process tree (a test that starts a subprocess counts both), and
also read from the kernel's own high-water mark of the largest single
process (``ru_maxrss`` of the waited-for children).

- ``suite``: the README's test command's pytest run (``python3 -m pytest``).
- ``demo``: ``python -m retrocatan demo --headless --frames N``.
- ``window``: the real window (``python -m retrocatan demo``, the demo
  game of computer players at 30 fps) for ``--window-seconds`` under a
  virtual X server (Xvfb, Debian package ``xvfb``); skipped when no Xvfb.

Targets (issue 11): suite <= 1.5 GB, demo <= 200 MB, window after 10
minutes <= 200 MB. Linux only (reads /proc). The last line is JSON:
``{"suite_mb": .., "demo_mb": .., "window_mb": .., ...}``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.sysconf("SC_PAGE_SIZE")


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(name))
    return tree


def _rss_of(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * PAGE
    except (OSError, ValueError, IndexError):
        return 0


def tree_rss(root: int) -> int:
    """Resident bytes of ``root`` and all its descendants."""
    tree = _children()
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += _rss_of(pid)
        todo.extend(tree.get(pid, ()))
    return total


def run_sampled(cmd: list[str], env: dict, seconds: float | None = None, label: str = "") -> dict:
    """Run ``cmd``; sample the tree's memory until it ends (or ``seconds``
    pass, then end it). Returns peak tree MB, last tree MB, wall seconds, rc."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = last = 0
    show = sys.stderr.isatty()
    while proc.poll() is None:
        last = tree_rss(proc.pid)
        peak = max(peak, last)
        elapsed = time.perf_counter() - start
        if show:
            sys.stderr.write(f"\r{label}: {elapsed:6.0f} s, {last / 2**20:7.1f} MB now, {peak / 2**20:7.1f} MB peak")
            sys.stderr.flush()
        if seconds is not None and elapsed >= seconds:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            break
        time.sleep(0.2)
    if show:
        sys.stderr.write("\n")
    err = proc.stderr.read().decode("utf-8", "replace") if proc.stderr else ""
    return {"peak_mb": round(peak / 2**20, 1), "last_mb": round(last / 2**20, 1),
            "seconds": round(time.perf_counter() - start, 1), "rc": proc.returncode,
            "stderr_tail": err.strip().splitlines()[-1:] if proc.returncode not in (0, None, -15) else []}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="suite,demo,window", help="comma list of suite, demo, window")
    ap.add_argument("--frames", type=int, default=3000, help="frames of the headless demo (default 3000)")
    ap.add_argument("--window-seconds", type=float, default=600, help="seconds of the real window (default 600)")
    args = ap.parse_args()
    parts = [p for p in args.only.split(",") if p]
    if not parts or any(p not in ("suite", "demo", "window") for p in parts):
        print("memory: --only takes suite, demo and/or window", file=sys.stderr)
        return 2
    if not os.path.isdir("/proc/self"):
        print("memory: needs Linux /proc", file=sys.stderr)
        return 2
    env = dict(os.environ, SDL_AUDIODRIVER="dummy")
    result: dict = {}
    if "suite" in parts:
        r = run_sampled([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                        dict(env, SDL_VIDEODRIVER="dummy"), label="suite")
        result.update(suite_mb=r["peak_mb"], suite_seconds=r["seconds"], suite_rc=r["rc"])
    if "demo" in parts:
        r = run_sampled([sys.executable, "-m", "retrocatan", "demo", "--headless", "--frames", str(args.frames)],
                        dict(env, SDL_VIDEODRIVER="dummy"), label="demo")
        result.update(demo_mb=r["peak_mb"], demo_frames=args.frames, demo_seconds=r["seconds"], demo_rc=r["rc"])
    if "window" in parts:
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            result["window_mb"] = None
            result["window_note"] = "no Xvfb (apt-get install xvfb)"
        else:
            display = ":77"
            server = subprocess.Popen([xvfb, display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                time.sleep(1.0)
                wenv = dict(env, DISPLAY=display, SDL_VIDEODRIVER="x11")
                r = run_sampled([sys.executable, "-m", "retrocatan", "demo"], wenv,
                                seconds=args.window_seconds, label="window")
            finally:
                server.terminate()
                server.wait()
            result.update(window_mb=r["last_mb"], window_peak_mb=r["peak_mb"], window_seconds=r["seconds"],
                          window_rc=r["rc"])
            if r["stderr_tail"]:
                result["window_error"] = r["stderr_tail"][0]
    result["largest_process_mb"] = round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)
    for key, value in result.items():
        if not key.endswith("_rc"):
            print(f"{key:>20}: {value}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
