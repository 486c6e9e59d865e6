"""Long work on every core: a function over a list of tasks in worker
processes, the results handed back in task order.

Each result must depend only on its task (a game: its seed and config), so
the outcome is the same for any number of workers and any order in which
they finish. One worker, or a platform without processes (the browser build
under Pyodide), runs the tasks here one after another, without importing
``multiprocessing`` at all.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any

MAX_JOBS = 1024


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _worker_signals() -> None:
    """Workers leave Ctrl+C to the parent, which stops them, and end on the
    parent's SIGTERM whatever handler they inherited (a forked copy of a
    process that initialised SDL inherits SDL's, which only notes it). A
    worker starts with SIGTERM held (``_pool``): one sent before this ran
    (the parent stopping the pool at once, on a busy machine) ends it now."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})


def _pool(jobs: int):
    """A pool of ``jobs`` worker processes, or None where there are none.
    SIGTERM is held while the pool starts, so that its workers (and those
    it starts later, from its own threads) are born holding it until they
    take its default (``_worker_signals``)."""
    try:
        import multiprocessing
        import signal
        held = hasattr(signal, "pthread_sigmask")
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM}) if held else None
        try:
            return multiprocessing.get_context().Pool(jobs, initializer=_worker_signals)
        finally:
            if held:
                signal.pthread_sigmask(signal.SIG_SETMASK, before)
    except (ImportError, OSError, NotImplementedError, ValueError):
        return None


def ordered_map(fn: Callable[[Any], Any], tasks: Iterable, jobs: int = 1) -> Iterator:
    """``fn(task)`` for every task, yielded in the order of ``tasks``. With
    ``jobs`` > 1 the calls run in up to ``jobs`` processes (``fn`` and the
    tasks must be picklable: ``fn`` a module-level function). An exception
    in a call is raised here, at its task's turn; the workers are stopped."""
    tasks = list(tasks)
    jobs = min(jobs, len(tasks))
    pool = _pool(jobs) if jobs > 1 else None
    if pool is None:
        for task in tasks:
            yield fn(task)
        return
    # a few tasks per hand-over, small enough that every worker stays busy to the end
    chunk = max(1, min(8, len(tasks) // (jobs * 8)))
    finished = False
    try:
        yield from pool.imap(fn, tasks, chunksize=chunk)
        finished = True
    finally:
        if finished:
            pool.close()            # every task done: the workers end by themselves
        else:
            pool.terminate()        # an error, or the caller stopped early
        pool.join()
