"""The status line under the map: the latest message, else the check's
first problem, and the keys' hint when there is room."""

from __future__ import annotations

import pyxel

from .. import font
from ..palette import BLACK, GREY, LIGHT_CYAN, YELLOW
from ..text import t
from .checks import problem_text
from .layout import STATUS_Y, wrap


def draw_status(message: str, problems) -> None:
    pyxel.rect(0, STATUS_Y, 640, 24, BLACK)
    rows, colour = [], YELLOW
    if message:
        rows = wrap(message, 632)
    elif problems:
        rows, colour = wrap(t("ed.problem", why=problem_text(problems[0])), 632), LIGHT_CYAN
    # A message of two rows takes the keys' row too (F1 shows the keys); one of more is cut at the end.
    for i, row in enumerate(rows[:2]):
        if i == 1 and len(rows) > 2:
            row = font.fit(row + " ...", 632, "small")
        font.text(4, STATUS_Y + 2 + 11 * i, row, colour, "small")
    if len(rows) < 2:
        font.text(4, STATUS_Y + 13, font.fit(t("ed.hint"), 632, "small"), GREY, "small")
