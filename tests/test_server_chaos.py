"""Nothing lost when processes die (benchmarks/server_chaos.py, small): a real
``retrocatan serve`` with two live games (the base game and New Shores) of
network computer clients, SIGKILLed at random moments and started again, on
SQLite and on a real PostgreSQL; and the clients' processes killed and
started again instead. Every
acknowledged decision is in the store, every game goes on to its end and its
record passes ``retrocatan replay --verify``, every client's entries come
without a gap or a repeat, and every client is back at its seat within 5 s."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys

import pytest
from pgserver import find_bin_dir, unavailable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def chaos(*args: str) -> dict:
    """The benchmark's result. It runs in a process group of its own: if it does not end in time,
    it is stopped as a person stops it (SIGTERM: it stops the servers it started), then whatever
    is left of its group (its clients' processes) is killed, so that nothing outlives the test."""
    proc = subprocess.Popen([sys.executable, os.path.join(ROOT, "benchmarks", "server_chaos.py"), "--games", "2",
                             "--workers", "2", "--gap", "0.7", "--think", "0", "--end-seconds", "90", "--json",
                             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=170)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            out, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            out, err = "", "(it did not stop on SIGTERM either)"
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        pytest.fail(f"server_chaos.py did not end in 170 s: {err[-3000:]}")
    assert proc.returncode in (0, 1), err[-3000:]
    return json.loads(out.strip().splitlines()[-1])


def check(result: dict, kills: int) -> None:
    assert result["kills"] == kills and result["decisions_acknowledged"] > 0, result
    assert result["decisions_lost"] == 0, result
    assert result["games_diverged"] == 0 and result["games_unfinished"] == 0, result
    assert result["events_missed"] == 0, result
    assert result["reconnect_s_max"] <= 5, result


@pytest.mark.timeout(180)
def test_server_killed_and_restarted_on_sqlite_loses_nothing():
    check(chaos("--kills", "6", "--seed", "3"), 6)


@pytest.mark.timeout(180)
def test_server_killed_and_restarted_on_postgresql_loses_nothing():
    if find_bin_dir() is None:
        unavailable("PostgreSQL's initdb and pg_ctl are not installed")
    result = chaos("--kills", "5", "--seed", "4", "--postgres")
    assert result["db"] == "postgresql"
    check(result, 5)


@pytest.mark.timeout(180)
def test_clients_killed_and_restarted_lose_nothing():
    check(chaos("--kills", "5", "--seed", "5", "--target", "clients"), 5)
