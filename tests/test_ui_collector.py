"""The window's own thread runs Python's cyclic collector (ui/collector.py,
issue 45: no frame over 50 ms while a network game's messages arrive): the
garbage another thread makes (the network link, a hosted server) is
collected at the next frame in the window's thread, never in the thread
that made it, and the long-lived generation waits for a quiet frame."""

from __future__ import annotations

import gc
import threading

import pytest

from retrocatan.ui import collector


@pytest.fixture
def collections():
    """The collections that start from now: (thread name, generation)."""
    seen: list[tuple[str, int]] = []

    def note(phase: str, info: dict) -> None:
        if phase == "start":
            seen.append((threading.current_thread().name, info["generation"]))

    collector.enabled = False
    collector.tend()            # from Python's own (an earlier test's window may hold the collector)
    python = gc.get_threshold()
    collector.enabled = True
    collector.tend()            # the window's frame takes the collector
    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)
    collector.enabled = False
    collector.tend()            # given back: Python's own thresholds again
    collector.enabled = True
    assert gc.get_threshold() == python


def cycles(n: int) -> None:
    for _ in range(n):
        a: list = []
        a.append(a)


def test_another_threads_garbage_is_collected_by_the_next_frame_in_the_windows_thread(collections):
    t = threading.Thread(target=cycles, args=(5 * 700,), name="retrocatan-link")   # Python's 700 five times
    t.start()
    t.join()
    assert collections == []
    collector.tend()
    assert collections and {name for name, _ in collections} == {threading.current_thread().name}


def test_the_long_lived_generation_is_collected_only_at_a_quiet_frame(collections):
    collector._state["middle"] = collector.FULL_AFTER
    collector.tend(quiet=False)         # an animation runs
    assert 2 not in [gen for _, gen in collections]
    collector.tend(quiet=True)
    assert [gen for _, gen in collections].count(2) == 1
    collector.tend(quiet=True)          # once, then again after FULL_AFTER middle collections
    assert [gen for _, gen in collections].count(2) == 1


def test_frames_that_stop_leave_python_collecting_by_itself(collections):
    """No frame for a while (a test that goes on without its window): Python still collects,
    at its raised threshold."""
    t = threading.Thread(target=cycles, args=(collector.IDLE_ALLOCATIONS + 1000,), name="no-frames")
    t.start()
    t.join()
    assert any(name == "no-frames" for name, _ in collections)


def test_a_window_gone_collects_what_it_left_in_its_own_thread_and_gives_back_the_thresholds(collections):
    cycles(100)
    assert collector.release()
    assert collections[-1] == (threading.current_thread().name, 2)
    assert gc.get_threshold()[0] < collector.IDLE_ALLOCATIONS     # Python's own again
    seen = len(collections)
    assert not collector.release()      # no window took it since: nothing to collect
    assert len(collections) == seen
