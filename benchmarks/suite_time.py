"""Where the test suite's time goes: CPU seconds per test file and per test, in
the test processes and in the processes they start, Python's cyclic
collector, and the programs started.

    python benchmarks/suite_time.py [--top 20] [--json] [--lines FILE] [-- PYTEST ARGS]

Runs the README's test command's pytest (``python3 -m pytest``, with the
workers of ``pyproject.toml``; arguments after ``--`` go to pytest) with
this file loaded as a pytest plugin in every process of the run. For each
test it notes:

- ``cpu``: CPU seconds of the test's own process (user and system);
- ``children``: CPU seconds of the processes the test started and waited
  for (servers, command lines, windows; a process killed and not waited
  for, or one that outlives its test, counts where it is waited for);
- ``wall``: seconds from the test's set-up to its tear-down;
- ``gc``: seconds in Python's cyclic collector, by generation;
- the programs it started (``subprocess``, which ``asyncio`` also uses).

It also reads the machine's busy and idle CPU seconds (``/proc/stat``)
before and after the run: the run's share of the machine, when nothing else
runs. The figures vary from run to run with the machine's load; compare
runs taken in turn. The last line is JSON: ``{"seconds": .., "busy_cpu_s":
.., "tests_cpu_s": .., "children_cpu_s": .., "gc_s": [..], "files": {..},
"programs": {..}, ...}``.
"""

from __future__ import annotations

import argparse
import gc
import glob
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_ENV = "RETROCATAN_SUITE_TIME_DIR"       # where each process of the run writes its lines (the plugin is on)


# --- the plugin, in every process of the run -----------------------------------------------------------
_gc = {"start": 0.0, "spent": [0.0, 0.0, 0.0]}
_plugin = {"file": None, "test": "", "started": []}


def _collected(phase: str, info: dict) -> None:
    if phase == "start":
        _gc["start"] = time.perf_counter()
    else:
        _gc["spent"][info["generation"]] += time.perf_counter() - _gc["start"]


def _cpu() -> tuple[float, float]:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime


def _program(args) -> str:
    """What a started process runs, in a word or three: ``python -m retrocatan serve``, ``initdb``."""
    words = [str(a) for a in (args if isinstance(args, (list, tuple)) else [args])]
    if not words:
        return "?"
    name = os.path.basename(words[0])
    if name.startswith("python") and len(words) > 1:
        if words[1] == "-m" and len(words) > 2:
            rest = " ".join(words[2:4]) if words[2] == "retrocatan" else words[2]
            return f"python -m {rest}"
        return "python -c" if words[1] == "-c" else f"python {os.path.basename(words[1])}"
    if name == "runuser" and "--" in words:
        return os.path.basename(words[words.index("--") + 1])
    return name


def _watch_starts() -> None:
    real = subprocess.Popen.__init__

    def init(self, args, *a, **k):
        _plugin["started"].append(_program(args))
        return real(self, args, *a, **k)

    subprocess.Popen.__init__ = init


def pytest_configure(config) -> None:
    out = os.environ.get(OUT_ENV)
    if not out or _plugin["file"] is not None:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    _plugin["file"] = open(os.path.join(out, f"{worker}-{os.getpid()}.jsonl"), "a", encoding="utf-8")
    gc.callbacks.append(_collected)
    _watch_starts()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if _plugin["file"] is None:
        yield
        return
    _plugin["started"] = []
    _gc["spent"] = [0.0, 0.0, 0.0]
    before, start = _cpu(), time.perf_counter()
    yield
    after = _cpu()
    line = {"test": item.nodeid, "cpu": round(after[0] - before[0], 3), "children": round(after[1] - before[1], 3),
            "wall": round(time.perf_counter() - start, 3), "gc": [round(s, 3) for s in _gc["spent"]],
            "started": _plugin["started"]}
    _plugin["file"].write(json.dumps(line) + "\n")
    _plugin["file"].flush()


# --- the run and its figures ----------------------------------------------------------------------------
def _machine() -> tuple[float, float]:
    """(busy, idle) CPU seconds of the whole machine since it started."""
    with open("/proc/stat", encoding="ascii") as f:
        ticks = [int(x) for x in f.readline().split()[1:9]]
    hz = os.sysconf("SC_CLK_TCK")
    idle = ticks[3] + ticks[4]
    return (sum(ticks) - idle) / hz, idle / hz


def _count_lines(name: str) -> int:
    with open(name, "rb") as f:
        return f.read().count(b"\n")


def figures(lines: list[dict], top: int) -> dict:
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    programs: Counter = Counter()
    gc_s = [0.0, 0.0, 0.0]
    for r in lines:
        f = files[r["test"].split("::")[0]]
        f[0] += r["cpu"]
        f[1] += r["children"]
        f[2] += r["wall"]
        programs.update(r["started"])
        gc_s = [a + b for a, b in zip(gc_s, r["gc"])]
    by_file = sorted(files.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))
    by_test = sorted(lines, key=lambda r: -(r["cpu"] + r["children"]))
    return {
        "tests": len(lines),
        "tests_cpu_s": round(sum(r["cpu"] for r in lines), 1),
        "children_cpu_s": round(sum(r["children"] for r in lines), 1),
        "gc_s": [round(s, 3) for s in gc_s],
        "programs_started": sum(programs.values()),
        "files": {name: {"cpu": round(v[0], 1), "children": round(v[1], 1), "wall": round(v[2], 1)}
                  for name, v in by_file[:top]},
        "tests_top": {r["test"]: round(r["cpu"] + r["children"], 1) for r in by_test[:top]},
        "programs": dict(programs.most_common(top)),
    }


def main() -> int:
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--top", type=int, default=20, help="files, tests and programs listed (default 20)")
    ap.add_argument("--json", action="store_true", help="print only the JSON line")
    ap.add_argument("--lines", metavar="FILE", help="also write each test's figures to FILE, a JSON object a line")
    args = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    if args.top < 1:
        print("suite_time: --top must be at least 1", file=sys.stderr)
        return 2
    if not os.path.exists("/proc/stat"):
        print("suite_time: needs Linux /proc/stat", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="retrocatan-suite-time-") as out:
        path = os.pathsep.join(p for p in (os.path.dirname(os.path.abspath(__file__)),
                                           os.environ.get("PYTHONPATH")) if p)
        env = dict(os.environ, PYTHONPATH=path, **{OUT_ENV: out})
        cmd = [sys.executable, "-m", "pytest", "-p", "suite_time", *extra]
        busy0, idle0 = _machine()
        start = time.perf_counter()
        print("suite_time: " + " ".join(cmd[1:]), file=sys.stderr)
        report = open(os.path.join(out, "pytest.txt"), "w+", encoding="utf-8", errors="replace")
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=report, stderr=subprocess.STDOUT)
        while proc.poll() is None:
            if sys.stderr.isatty():
                done = sum(_count_lines(name) for name in glob.glob(os.path.join(out, "*.jsonl")))
                sys.stderr.write(f"\r{time.perf_counter() - start:6.0f} s, {done} tests done")
                sys.stderr.flush()
            time.sleep(1.0)
        if sys.stderr.isatty():
            sys.stderr.write("\n")
        rc = proc.returncode
        if rc != 0:             # pytest's own account of what failed
            report.seek(0)
            sys.stderr.write("".join(report.readlines()[-15:]))
        report.close()
        seconds = time.perf_counter() - start
        busy1, idle1 = _machine()
        lines = []
        for name in glob.glob(os.path.join(out, "*.jsonl")):
            with open(name, encoding="utf-8") as f:
                lines += [json.loads(x) for x in f if x.strip()]
    if args.lines:
        with open(args.lines, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(line) + "\n" for line in lines)
    result = {"seconds": round(seconds, 1), "pytest_rc": rc, "busy_cpu_s": round(busy1 - busy0, 1),
              "idle_cpu_s": round(idle1 - idle0, 1), "cores": os.cpu_count(), **figures(lines, args.top)}
    if not args.json:
        print(f"{result['tests']} tests in {result['seconds']} s (pytest exit {rc}); machine busy "
              f"{result['busy_cpu_s']} CPU s, idle {result['idle_cpu_s']} ({result['cores']} cores)")
        print(f"tests' own processes {result['tests_cpu_s']} CPU s, processes they waited for "
              f"{result['children_cpu_s']}; cyclic collector {result['gc_s']} s by generation; "
              f"{result['programs_started']} programs started")
        print(f"\n{'own':>7} {'started':>7} {'wall':>7}  test file")
        for name, v in result["files"].items():
            print(f"{v['cpu']:7.1f} {v['children']:7.1f} {v['wall']:7.1f}  {name}")
        print(f"\n{'cpu':>7}  test (own and started)")
        for name, cpu in result["tests_top"].items():
            print(f"{cpu:7.1f}  {name}")
        print(f"\n{'count':>7}  program started")
        for name, n in result["programs"].items():
            print(f"{n:7d}  {name}")
    print(json.dumps(result))
    return 0 if rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
