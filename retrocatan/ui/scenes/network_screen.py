"""What the network screens share (Network game, Host a game, Join a game,
Watch, Open games on a server, My games, the waiting room): the box with
the menu, a message line, the typed lines (``network_typing.py``) with the
on-screen keyboard for addresses, and the words for what keeps a seat from
its server (``trouble_text``). The connection runs off the drawing thread
(``ui/net/thread_link.py``); each screen only looks at what arrived."""

from __future__ import annotations

import gc
import time

import pyxel

from .. import font
from .. import input as inp
from .. import keyboard as kb
from ..net import seat as net_seat
from ..palette import BLACK, BLUE, DARK_GREY, RED
from ..text import hint, t
from ..widgets import Menu, box
from . import Scene
from .network_typing import KEYBOARD_AT, TypedLines

MESSAGE_Y = 402         # the message line, under the menu and the on-screen keyboard


def ws_address(text: str) -> str:
    """An address as typed (``host:port``, or with its ``ws://``/``wss://``) as a WebSocket URL."""
    text = text.strip()
    return text if text.startswith(("ws://", "wss://")) else "ws://" + text


def clock_time(when: float) -> str:
    """A moment of today as the window says it (hours and minutes)."""
    return time.strftime("%H:%M", time.localtime(when))


def trouble_text(net) -> str | None:
    """What keeps ``net`` (a ``NetSeat``) from its server, in words, with since when and what
    happens next (None while connected)."""
    trouble = net.trouble()
    if trouble is None:
        return None
    if trouble.kind == net_seat.REFUSED_SEAT:
        return t("net.refused", why=net.failure_text() or "")
    wait = net.seconds_to_retry()
    s = 0 if wait is None else max(1, round(wait))
    return t(f"net.waits.{trouble.kind}", url=trouble.address, since=clock_time(trouble.since), s=s,
             n=net.attempt)


def say_lines(x: int, y: int, text: str, width: int, colour: int, rows: int = 2) -> None:
    """``text`` in the small font, wrapped to ``width`` pixels on at most ``rows`` rows."""
    from ..boxes import wrap
    lines = [r.strip() for r in wrap(text, width, "small")]
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = font.fit(lines[-1] + " ...", width, "small")
    for i, line in enumerate(lines):
        font.text(x, y + 10 * i, font.fit(line, width, "small"), colour, "small")


class NetScreen(TypedLines, Scene):
    music = "title"
    help_page = "network"
    heading = "net.title"
    menu: Menu | None = None          # the screen's lines (made by each screen's ``_build``)

    def __init__(self, app) -> None:
        super().__init__(app)
        # The screen left behind goes now, on the drawing thread: the network's threads must never be the
        # ones that collect it (Pyxel's images may only be dropped on the thread that made them).
        gc.collect()
        self.message = ""
        self.message_colour = RED
        self.typing: str | None = None       # the field being typed
        self.before = ""                      # its text before, for the on-screen keyboard's Cancel
        self.keyboard = kb.OnScreenKeyboard(*KEYBOARD_AT, rows=kb.ADDRESS_ROWS)
        self._build()

    def _build(self) -> None:   # pragma: no cover - overridden
        self.menu = Menu([])

    def draw(self) -> None:
        pyxel.cls(BLUE)
        box(40, 30, 560, 410, t(self.heading))
        self.menu.draw()
        self.draw_more()
        foot = hint("hint.select", inp.device_in_use(self.app))
        if self.typing is not None:
            foot = t("ed.kb.hint") if self.keyboard_shown() else t("net.typing")
        font.text(320 - font.width(foot, "small") // 2, 424, font.fit(foot, 540, "small"), DARK_GREY, "small")
        if self.message:
            say_lines(56, MESSAGE_Y, self.message, 528, self.message_colour)
        if self.keyboard_shown():
            self.keyboard.draw(blink=pyxel.frame_count // 15 % 2 == 0)

    def draw_more(self) -> None:
        pass

    def say(self, text: str, error: bool = True) -> None:
        self.message = text
        self.message_colour = RED if error else BLACK
