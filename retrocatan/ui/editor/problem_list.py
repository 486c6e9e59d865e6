"""Every problem the game's check finds, each wrapped whole (L, or a
click on the rules box's check); up and down (and the wheel) scroll, any
other press closes it."""

from __future__ import annotations

from .. import font
from .. import input as inp
from ..palette import BLACK, BLUE, RED
from ..text import t
from ..widgets import box
from .checks import problem_text
from .layout import wrap
from .mode import POP, Mode

PROBLEM_ROWS = 28           # lines of the problem list on one screen


def problem_lines(found) -> list[tuple[str, bool]]:
    """The problem list as drawn: (line, first line of a problem), each problem wrapped."""
    out = []
    for i, pr in enumerate(found):
        for j, line in enumerate(wrap(f"{i + 1}. {problem_text(pr)}", 560, "small")):
            out.append((line if j == 0 else "   " + line, j == 0))
    return out


class ProblemList(Mode):
    help_page = "editor.problems"
    name = "problems"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.scroll = 0

    def update(self, ui):
        top = max(0, len(problem_lines(self.editor.problems)) - PROBLEM_ROWS)
        step = (1 if ui.pressed(inp.DOWN) else 0) - (1 if ui.pressed(inp.UP) else 0) - 3 * ui.wheel
        if step:
            self.scroll = max(0, min(top, self.scroll + step))
        elif ui.any():
            return POP
        return None

    def draw(self) -> None:
        found = self.editor.problems
        lines = problem_lines(found)
        box(20, 24, 600, 24 + 14 * PROBLEM_ROWS + 22, t("ed.problems.title", n=len(found)))
        for i, (line, first) in enumerate(lines[self.scroll:self.scroll + PROBLEM_ROWS]):
            font.text(34, 46 + 14 * i, line, RED if first else BLACK, "small")
        font.text(34, 46 + 14 * PROBLEM_ROWS + 2, t("ed.problems.close"), BLUE, "small")
