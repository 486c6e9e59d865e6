"""benchmarks/suite_time.py: a pytest run's CPU seconds per test, in the test's process and in
the processes it started, the cyclic collector's seconds and the programs started."""

from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "benchmarks", "suite_time.py")

TESTS = '''
import gc, subprocess, sys

def test_starts_a_program():
    subprocess.run([sys.executable, "-c", "sum(range(3_000_000))"], check=True)

def test_works_in_its_own_process():
    rings = []
    for _ in range(200_000):
        a = []
        a.append(a)         # a cycle: only the collector frees it
        rings.append(a)
    gc.collect()
    sum(range(5_000_000))
'''


def test_each_test_s_own_and_started_cpu_the_collector_and_the_programs(tmp_path):
    (tmp_path / "test_two.py").write_text(TESTS, encoding="utf-8")
    out = subprocess.run([sys.executable, SCRIPT, "--json", "--", "-n", "0", "-p", "no:cacheprovider",
                          str(tmp_path / "test_two.py")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["pytest_rc"] == 0 and got["tests"] == 2
    assert got["programs"] == {"python -c": 1} and got["programs_started"] == 1
    top = {name.split("::")[1]: cpu for name, cpu in got["tests_top"].items()}
    assert top["test_starts_a_program"] > 0.02 and top["test_works_in_its_own_process"] > 0.05
    assert got["children_cpu_s"] > 0 and got["tests_cpu_s"] > 0 and got["gc_s"][2] > 0
    [name] = got["files"]
    assert name.endswith("test_two.py") and got["busy_cpu_s"] > 0


def test_bad_options_are_one_line_and_exit_2():
    out = subprocess.run([sys.executable, SCRIPT, "--top", "0"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.strip().splitlines() == ["suite_time: --top must be at least 1"]
