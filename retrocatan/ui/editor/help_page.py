"""The editor's help page (F1, H or the Help button): its keys and what
each tool and box does; any press closes it."""

from __future__ import annotations

from .. import font
from .. import input as inp
from ..palette import BLACK, BLUE
from ..text import t
from ..widgets import box
from .mode import POP, Mode

HELP_LINES = 14


class HelpPage(Mode):
    help_page = "editor"
    name = "help"
    help_key = False            # F1 closes it

    def update(self, ui):
        return POP if ui.any() or ui.key(inp.F1) else None

    def draw(self) -> None:
        box(20, 40, 600, 40 + 20 * HELP_LINES + 24, t("ed.help.title"))
        for i in range(1, HELP_LINES + 1):
            font.text(34, 64 + 20 * (i - 1), font.fit(t(f"ed.help.{i}"), 576, "small"), BLACK, "small")
        font.text(34, 64 + 20 * HELP_LINES + 6, t("ed.help.close"), BLUE, "small")
