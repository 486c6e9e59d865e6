"""The file box: a grid of buttons (load, save, new, undo, redo, fit the
pools, try it, help, exit); the file's name and a * for unsaved changes in
its title."""

from __future__ import annotations

import pyxel

from .. import font
from .. import input as inp
from ..palette import BLACK, CYAN, DARK_GREY, WHITE
from ..text import t
from .layout import FILE_BOX, inside, titled_box
from .tool_bar import grid_move

FILE_BUTTONS = ("load", "save", "new", "undo", "redo", "fit", "try", "help", "exit")
FILE_COLUMNS = 3


class FileBox:
    def __init__(self) -> None:
        self.index = 0

    def rect(self, i: int) -> tuple[int, int, int, int]:
        x, y, _, _ = FILE_BOX
        return x + 6 + (i % FILE_COLUMNS) * 75, y + 20 + (i // FILE_COLUMNS) * 17, 73, 16

    def update(self, ui):
        """With the focus: the arrows choose; the button's action on Enter,
        "back" on Esc (the focus goes back to the map), else None."""
        self.index = grid_move(ui, self.index, len(FILE_BUTTONS), FILE_COLUMNS)
        if ui.pressed(inp.OK):
            return FILE_BUTTONS[self.index]
        return "back" if ui.pressed(inp.BACK) else None

    def click(self, ui) -> str | None:
        """The action of the button under a click, if any."""
        for i in range(len(FILE_BUTTONS)):
            if inside(self.rect(i), ui.mouse_x, ui.mouse_y):
                self.index = i
                return FILE_BUTTONS[i]
        return None

    def draw(self, focused: bool, name: str, can_undo: bool, can_redo: bool) -> None:
        """``name``: the file's, with a * for unsaved changes."""
        titled_box(FILE_BOX, t("ed.file", name=name), focused)
        enabled = {"undo": can_undo, "redo": can_redo}
        for i, name in enumerate(FILE_BUTTONS):
            x, y, w, h = self.rect(i)
            chosen = i == self.index and focused
            pyxel.rect(x, y, w, h, CYAN if chosen else WHITE)
            pyxel.rectb(x, y, w, h, BLACK)
            label = t(f"ed.f.{name}")
            colour = (WHITE if chosen else BLACK) if enabled.get(name, True) else DARK_GREY
            font.text(x + (w - font.width(label)) // 2, y + 2, label, colour)
