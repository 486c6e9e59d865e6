"""retrocatan.parallel: results in task order from any number of workers,
and no processes where there are none."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from retrocatan.parallel import default_jobs, ordered_map

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def slow_first(task):
    """The earlier the task, the longer it takes: workers finish out of order."""
    i, n = task
    time.sleep(0.02 * (n - i))
    return i * i, os.getpid()


def fails_on_three(i):
    if i == 3:
        raise ValueError("task 3 failed")
    return i


@pytest.mark.parametrize("jobs", [1, 2, 4])
def test_results_come_in_task_order_whatever_finishes_first(jobs):
    n = 12
    out = list(ordered_map(slow_first, [(i, n) for i in range(n)], jobs))
    assert [r for r, _ in out] == [i * i for i in range(n)]
    pids = {pid for _, pid in out}
    if jobs == 1:
        assert pids == {os.getpid()}
    else:
        assert os.getpid() not in pids and 1 < len(pids) <= jobs


def test_an_error_in_a_task_is_raised_at_its_turn():
    results = ordered_map(fails_on_three, range(8), 3)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ValueError, match="task 3 failed"):
        next(results)


def test_without_multiprocessing_the_tasks_run_here(monkeypatch):
    monkeypatch.setitem(sys.modules, "multiprocessing", None)    # as in a browser build: no processes
    out = list(ordered_map(slow_first, [(i, 3) for i in range(3)], 4))
    assert out == [(0, os.getpid()), (1, os.getpid()), (4, os.getpid())]


def test_no_tasks_and_one_task():
    assert list(ordered_map(slow_first, [], 4)) == []
    assert list(ordered_map(slow_first, [(0, 1)], 4)) == [(0, os.getpid())]


def test_default_is_every_usable_core():
    expected = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert default_jobs() == expected


def test_workers_end_in_a_process_that_initialised_pyxel():
    """SDL (Pyxel) catches SIGTERM and only takes note; forked workers inherit
    that, and stopping them after an error must still end them (it hung the
    test session before the workers reset SIGTERM)."""
    script = textwrap.dedent("""
        import multiprocessing, signal, sys
        sys.path.insert(0, sys.argv[1])
        sys.path.insert(0, sys.argv[1] + "/tests")
        from test_parallel import fails_on_three, slow_first
        from retrocatan.parallel import ordered_map
        import pyxel
        pyxel.init(16, 16, headless=True, capture_sec=0)   # SDL now catches SIGTERM, and forked workers inherit that
        try:
            list(ordered_map(fails_on_three, range(40), 2))
        except ValueError:
            pass
        assert [r for r, _ in ordered_map(slow_first, [(i, 4) for i in range(4)], 2)] == [0, 1, 4, 9]
        assert multiprocessing.active_children() == []
        print("ended")
    """)
    _ends(script, 120, "a worker did not end")


def _ends(script: str, seconds: float, failure: str) -> None:
    """``script`` run by Python (this checkout first on its path) prints "ended" within
    ``seconds``; else the test fails with ``failure`` (its process group killed)."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-c", script, ROOT], stdout=subprocess.PIPE, text=True,
                            start_new_session=True, env=env)
    try:
        out, _ = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(failure)
    assert proc.returncode == 0 and out.strip() == "ended"


def test_a_pool_stopped_while_its_workers_start_ends_them():
    """The parent may stop the pool before a worker has taken SIGTERM's default (a task that
    fails at once, on a busy machine): a worker born in that moment ends all the same. Here
    every worker waits a little after its fork, before its start-up, and the pool is stopped
    at once."""
    script = textwrap.dedent("""
        import os, sys, time
        sys.path.insert(0, sys.argv[1])
        from retrocatan.parallel import _pool
        import pyxel
        pyxel.init(16, 16, headless=True, capture_sec=0)   # SDL now catches SIGTERM, and forked workers inherit that
        os.register_at_fork(after_in_child=lambda: time.sleep(0.5))
        pool = _pool(2)
        pool.terminate()
        pool.join()
        print("ended")
    """)
    _ends(script, 60, "a worker stopped while it started did not end")


def test_no_worker_is_left_after_a_run():
    import multiprocessing
    list(ordered_map(slow_first, [(i, 6) for i in range(6)], 2))
    assert multiprocessing.active_children() == []
