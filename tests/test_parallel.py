"""retrocatan.parallel: results in task order from any number of workers,
and no processes where there are none."""

import os
import sys
import time

import pytest

from retrocatan.parallel import default_jobs, ordered_map


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
