"""The load list (F3, O or the Load button): the player's scenarios and
the shipped ones (read-only: saving makes a copy); a damaged file gets one
line and opens nothing."""

from __future__ import annotations

from ..maps.files import ScenarioFileError
from ..text import t
from ..widgets import Item, Menu, box
from .files import load, load_list
from .layout import source_label
from .mode import POP, Mode


class LoadList(Mode):
    help_page = "editor.load"
    name = "load"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        sources = load_list(editor.app.storage)
        items = [Item(t("ed.load.shipped", name=src.name) if src.read_only else src.name, src) for src in sources]
        items.append(Item(t("load.back"), None))
        self.menu = Menu(items, x=40, y=64, w=324, row=14, visible_rows=24)

    def update(self, ui):
        menu = self.menu
        if ui.wheel:
            top = max(0, len(menu.items) - menu.visible_rows)
            menu.scroll = max(0, min(top, menu.scroll - 3 * ui.wheel))
            menu.index = max(menu.scroll, min(menu.index, menu.scroll + menu.visible_rows - 1))
        res = menu.handle(ui)
        if not res:
            return None
        if res[0] == "back" or res[1] is None:
            return POP
        ed, src = self.editor, res[1]
        if not ed.may_drop_changes(f"load:{src.kind}:{src.name}"):
            return None
        try:
            scenario = load(ed.app.storage, src)
        except ScenarioFileError as e:
            ed.message = str(e)
            return None
        ed._open(scenario, src, t("ed.m.loaded", name=source_label(src)))
        return POP

    def draw(self) -> None:
        box(30, 40, 344, 24 + 14 * min(24, len(self.menu.items)) + 8,
            t("ed.load.title", n=len(self.menu.items) - 1))
        self.menu.draw()
