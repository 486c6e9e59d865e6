"""A new game dealt off the frame.

Building a game deals its board, and a scenario with many 6s and 8s under
"no 6 and 8 side by side" can take seconds to deal. ``start`` runs the
building in a worker thread: done within ``QUICK_SECONDS`` it goes on at
once, with no box; else the window keeps drawing, over the screen it came
from, a box with the seconds so far and a moving bar, and Esc (B on the
pad) gives up and goes back with one line: the dealers stop at their
next try (``engine/giving_up.py``), so the thread ends soon after. Where
no thread can start (the browser), the box is drawn once and the deal
runs in the next frame. The new-game screen also deals the player's own
New World templates here to judge them, and the Load screen replays a
save on a made map here.

A Pyxel image must be freed in the window's thread, so while a deal's
thread runs the cyclic garbage collector runs only there: automatic
collection is paused and ``tend``, called every frame, collects the
youngest objects and resumes it once no deal runs.
"""

from __future__ import annotations

import gc
import threading
import time

import pyxel

from ...engine.giving_up import given_up_when
from .. import font
from .. import input as inp
from ..palette import BLACK, DARK_GREY, RED
from ..text import t
from ..widgets import box, sunken
from . import Scene

QUICK_SECONDS = 0.25    # a deal this quick goes on at once, with no box
BOX = (150, 196, 340, 88)
_running: set = set()               # the deals whose threads run
_paused = [False]                   # automatic collection paused here (not by anyone else)


def tend() -> None:
    """Every frame, in the window's thread: collect while a deal runs,
    resume automatic collection once none does."""
    for deal in [d for d in _running if d.finished.is_set()]:
        _running.discard(deal)
    if not _paused[0]:
        return
    if _running:
        gc.collect(0)
    else:
        _paused[0] = False
        gc.enable()


class Deal:
    """``make()`` run in a worker thread (``threaded``), or in the frame
    where no thread can start; ``result`` or ``error`` once ``finished``.
    ``give_up()`` ends the dealing inside it at its next try."""

    def __init__(self, make) -> None:
        self.make = make
        self.result = None
        self.error: Exception | None = None
        self.finished = threading.Event()
        self.given_up = threading.Event()
        self.threaded = True
        if gc.isenabled():
            gc.disable()
            _paused[0] = True
        _running.add(self)
        try:
            threading.Thread(target=self.run, name="retrocatan-deal", daemon=True).start()
        except RuntimeError:        # no threads here (the browser)
            self.threaded = False
            _running.discard(self)
            tend()

    def run(self) -> None:
        try:
            with given_up_when(self.given_up.is_set):
                self.result = self.make()
        except Exception as exc:    # the scenario cannot be dealt (or it was given up): the screen says why
            self.error = exc
        finally:
            self.finished.set()

    def give_up(self) -> None:
        self.given_up.set()

    def wait(self, seconds: float) -> bool:
        """True once finished, after waiting up to ``seconds`` (running it here if unthreaded)."""
        if not self.threaded and not self.finished.is_set():
            self.run()
        return self.finished.wait(seconds)


def why(exc: Exception) -> str:
    """An error of a deal as one line."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:200]


def start(app, make, go_on, fail) -> None:
    """Build with ``make()`` off the frame; then ``go_on(result)``, or
    ``fail(line)`` with why it failed, ``fail(None)`` when given up. Either
    is called with the screen shown before in charge again."""
    deal = Deal(make)
    back = app.scene
    if deal.threaded and deal.wait(QUICK_SECONDS):
        tend()
        finish(app, deal, back, go_on, fail)
        return
    app.switch(DealingScene(app, deal, back, go_on, fail))


def finish(app, deal: Deal, back, go_on, fail) -> None:
    if app.scene is not back:
        app.switch(back)
    if deal.error is not None:
        fail(why(deal.error))
    else:
        go_on(deal.result)


class DealingScene(Scene):
    """The box shown while a deal takes long; the screen it came from stays under it."""

    help_page = "setup"
    music = None

    def __init__(self, app, deal: Deal, back, go_on, fail) -> None:
        super().__init__(app)
        self.deal, self.back, self.go_on, self.fail = deal, back, go_on, fail
        self.help_page = back.help_page or DealingScene.help_page    # F1: the page of the screen below
        self.began = time.monotonic()
        self.frames = 0

    @property
    def seconds(self) -> int:
        return int(time.monotonic() - self.began)

    def update(self, ui) -> None:
        self.frames += 1
        if ui.pressed(inp.BACK):
            self.deal.give_up()
            self.app.switch(self.back)
            self.fail(None)
            return
        if self.frames > 1 and self.deal.wait(0):
            finish(self.app, self.deal, self.back, self.go_on, self.fail)

    def draw(self) -> None:
        self.back.draw()
        x, y, w, h = BOX
        box(x, y, w, h, t("deal.title"))
        line = t("deal.seconds", n=self.seconds)
        font.text(x + w // 2 - font.width(line, "small") // 2, y + 26, line, BLACK, "small")
        sunken(x + 20, y + 42, w - 40, 12)
        run = w - 44 - 60
        at = self.frames * 4 % (2 * run)
        at = at if at < run else 2 * run - at       # a block going to and fro: it is still working
        pyxel.rect(x + 22 + at, y + 44, 60, 8, RED)
        hint = t("deal.give_up")
        font.text(x + w // 2 - font.width(hint, "small") // 2, y + 62, hint, DARK_GREY, "small")
