"""A long load in pieces: the game record is replayed a slice per frame,
under a progress bar, so the window never freezes.

A job has ``advance(n) -> bool`` (True once done; ``SaveError`` or
``ReplayError`` if the record is refused), ``progress`` ``(done, total)``
and ``scene()``, the scene to go on with. ``start`` runs a job of at most
``QUICK_DECISIONS`` decisions at once (about a tenth of a second), so a
short load opens with no bar at all; a longer one shows the bar.
"""

from __future__ import annotations

import time

import pyxel

from .. import font
from ..palette import BLACK, BLUE, RED
from ..text import t
from ..widgets import box, sunken
from . import Scene

QUICK_DECISIONS = 3000  # loads this short go at once, with no bar
FRAME_BUDGET = 0.025    # seconds of loading per frame after that
SLICE = 200             # decisions replayed between two looks at the clock


def run_for(job, seconds: float) -> bool:
    """Advance ``job`` for about ``seconds``; True once it is done."""
    end = time.perf_counter() + seconds
    while True:
        if job.advance(SLICE):
            return True
        if time.perf_counter() >= end:
            return False


def start(app, job, back, fail) -> None:
    """Load with ``job``: at once if quick, else under a progress bar. On
    failure ``fail(back, message)`` is called and ``back`` shown again."""
    try:
        if job.progress[1] <= QUICK_DECISIONS:
            job.advance(QUICK_DECISIONS)
            app.switch(job.scene())
            return
    except ValueError as exc:      # SaveError, ReplayError
        fail(back, str(exc))
        if app.scene is not back:
            app.switch(back)
        return
    app.switch(LoadingScene(app, job, back, fail))


class LoadingScene(Scene):
    music = None

    def __init__(self, app, job, back, fail) -> None:
        super().__init__(app)
        self.job = job
        self.back = back
        self.fail = fail

    def update(self, ui) -> None:
        try:
            done = run_for(self.job, FRAME_BUDGET)
        except ValueError as exc:
            self.fail(self.back, str(exc))
            self.app.switch(self.back)
            return
        if done:
            self.app.switch(self.job.scene())

    def draw(self) -> None:
        pyxel.cls(BLUE)
        done, total = self.job.progress
        box(120, 190, 400, 90, t("load.title"))
        sunken(140, 220, 360, 16)
        if total:
            pyxel.rect(142, 222, 356 * done // total, 12, RED)
        label = f"{done} / {total}"
        font.text(320 - font.width(label, "small") // 2, 248, label, BLACK, "small")
