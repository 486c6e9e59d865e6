"""benchmarks/server_load.py runs end to end on a small size: a real server
process, live games with clients at a (fast) person's pace, stored by-post
games, and its JSON line."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.timeout(180)
def test_server_load_quick_runs_and_reports():
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "benchmarks", "server_load.py"), "--quick", "--json",
         "--steps", "2,4", "--seconds", "3", "--think", "0.2-0.6", "--stored", "60"],
        capture_output=True, text=True, timeout=170, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["games"] == 4 and out["clients"] == 16
    assert [row["games"] for row in out["curve"]] == [2, 4]
    for row in out["curve"]:
        assert row["actions"] > 0, row
        assert math.isfinite(row["p50_ms"]) and math.isfinite(row["p99_ms"]), row
        assert 0 < row["p50_ms"] <= row["p99_ms"] <= row["max_ms"], row
        assert row["server_rss_mb"] > 0 and row["server_cpu_pct"] >= 0, row
        assert row["drops"] == 0, row
    assert out["p99_ms"] == out["curve"][-1]["p99_ms"]
    assert out["server_rss_mb"] > 0
    assert out["server_logged_errors"] == 0
    assert out["stored"]["stored"] == 60
    assert 0 < out["startup_s"] < 30
    assert out["first_load_ms"] is not None and out["first_load_ms"] > 0
    assert "knee" in proc.stdout
    held = all(row["p99_ms"] <= out["knee_ms"] for row in out["curve"])
    assert out["knee_reached"] is not held
    assert (out["knee_games"], out["held_games"]) == ((None, 4) if held else (out["held_games"], out["held_games"]))


def test_server_load_knee_is_null_when_no_step_went_over_the_goal():
    sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
    from server_load import knee_of

    def curve(*p99s):
        return [{"games": g, "p99_ms": p} for g, p in zip((10, 40, 100), p99s)]
    assert knee_of(curve(5.0, 20.0, 99.0)) == (None, 100)          # not reached: no knee, held up to 100
    assert knee_of(curve(5.0, 300.0, 20.0)) == (10, 10)            # over at 40: the knee is 10
    assert knee_of(curve(300.0, 5.0)) == (0, 0)                    # over at the first step
    assert knee_of(curve(5.0, math.nan)) == (10, 10)               # no action answered at 40: over
