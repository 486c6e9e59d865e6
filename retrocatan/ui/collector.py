"""Python's cyclic garbage collector in the window: the drawing thread
collects while the window's frames run.

Python collects in whatever thread happens to allocate: the network link's
thread, the server a window hosts. A collection there may free a Pyxel
image off the window's thread (Pyxel warns and drops it), and a full
collection of a large heap holds every thread, the frames with it. So
``tend()``, called at the start of every frame, does the collecting:

- the first frame collects once and freezes what survives (modules, fonts,
  texts: ``gc.freeze``), so that no later collection walks it;
- each frame collects the young generations when Python itself would have
  (its thresholds, from ``gc.get_count``), in this thread; Python's own
  first threshold is raised to ``IDLE_ALLOCATIONS``, so that it collects
  by itself only when frames stop (a test that builds windows and goes on
  without them), not between two frames (unless a thread makes that many
  objects in between);
- the long-lived generation is collected only at a quiet frame (no
  animation running) after ``FULL_AFTER`` collections of the middle one;
- a network game's screen coming in (``settle``, at the switch of
  screens) is the moment to look at everything: all is unfrozen, collected and frozen
  again, so that the game's collections walk only what the game made;
- a program that goes on after its window (the tests make hundreds of
  windows in one process) calls ``release()``: Python's thresholds come
  back, and what the window left is collected there and then, so that no
  later thread frees its images.

``enabled = False`` leaves the collector to Python (``benchmarks/
net_frames.py`` compares both).
"""

from __future__ import annotations

import gc

FULL_AFTER = 10             # middle-generation collections before the long-lived one (Python's own)
IDLE_ALLOCATIONS = 50_000   # Python's first threshold while the frames collect (no frame between: Python does)

enabled = True
_state: dict = {"own": None, "frozen": False, "middle": 0}     # own: Python's thresholds while taken


def tend(quiet: bool = True) -> None:
    """Once a frame, in the window's thread (see the module docstring)."""
    if not enabled:
        if _state["own"] is not None:
            gc.set_threshold(*_state["own"])
            _state["own"] = None
        return
    if _state["own"] is None:
        _take()
    young, middle = gc.get_count()[:2]
    t0, t1 = _state["own"][:2]
    if young > t0:
        if middle >= t1:
            gc.collect(1)
            _state["middle"] += 1
        else:
            gc.collect(0)
    if quiet and _state["middle"] >= FULL_AFTER:
        _state["middle"] = 0
        gc.collect(2)


def settle() -> None:
    """A network game's screen comes in (see the module docstring)."""
    if not enabled:
        return
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _state["frozen"] = True
    _state["middle"] = 0


def release() -> bool:
    """The window is gone and its program goes on (see the module docstring); nothing to do
    when no window took the collector since the last call. Whether it collected."""
    if _state["own"] is None:
        return False
    gc.set_threshold(*_state["own"])
    _state["own"] = None
    _state["middle"] = 0
    gc.collect()
    return True


def _take() -> None:
    if not _state["frozen"]:
        gc.collect()
        gc.freeze()
        _state["frozen"] = True
    python = gc.get_threshold()
    _state["own"] = python
    _state["middle"] = 0
    gc.set_threshold(max(IDLE_ALLOCATIONS, python[0]), *python[1:])
