"""A dialog box over the board: a title, a few lines of text and a menu."""

from __future__ import annotations

from ...engine import Action
from ..font import fit, text
from ..layout import DIALOG
from ..palette import BLACK
from ..widgets import Item, Menu, box
from . import CLOSE, Command, Prompt


class Dialog(Prompt):
    """Selecting an engine action returns it; "cancel" closes the dialogs.
    Subclasses change ``select``, ``adjust`` and ``back`` (default: a decision
    that must be made has no back; Esc opens the game menu over it),
    and may set ``area`` (x, y, w, h) for a box of another size."""

    help_page = None    # a base: each dialog names its own page
    area = DIALOG

    def __init__(self, title: str, items: list[Item], lines: list[str] | None = None) -> None:
        self.title = title
        self.lines = lines or []
        self.menu = self.make_menu(items)

    def make_menu(self, items: list[Item]) -> Menu:
        x, y, w, h = self.area
        top = y + 24 + 15 * len(self.lines)
        return Menu(items, x=x + 10, y=top, w=w - 20, visible_rows=max(3, (y + h - 8 - top) // 15))

    def update(self, ui):
        res = self.menu.handle(ui)
        if not res:
            return None
        if res[0] == "back":
            return self.back()
        if res[0] == "adjust":
            return self.adjust(res[1], res[2])
        return self.select(res[1])

    def select(self, value):
        if value == "cancel":
            return CLOSE
        return value if isinstance(value, Action) else None

    def adjust(self, value, delta: int):
        return None

    def back(self):
        return Command("gamemenu")

    def draw(self) -> None:
        x, y, w, h = self.area
        box(x, y, w, h, self.title)
        for i, line in enumerate(self.lines):
            text(x + 10, y + 24 + 15 * i, fit(line, w - 20), BLACK)
        self.menu.draw()
