"""The mode at the bottom of the editor's stack: the map and the four boxes,
the focus moving between them (Tab, a click), the keys that work from
anywhere (F2 save, F3 load, F5 try it, Ctrl+S/Z/Y) and the letters for the
rest on the map (a browser may keep F1, F3 and F5 for itself)."""

from __future__ import annotations

from .. import input as inp
from .layout import FOCUSES, area_at
from .mode import Mode

# Letters on the map for what the buttons and function keys do.
LETTERS = (("h", "help"), ("v", "save"), ("o", "load"), ("g", "try"), ("c", "computers"), ("l", "problems"))


class Editing(Mode):
    help_page = "editor"
    overlay = False

    def update(self, ui):
        ed = self.editor
        if ui.wheel and area_at(ui.mouse_x, ui.mouse_y) == "rules":
            ed.rules_box.scroll(ui.wheel)
        for key, action in ((inp.F2, "save"), (inp.CTRL + "s", "save"), (inp.F3, "load"), (inp.F5, "try"),
                            (inp.CTRL + "z", "undo"), (inp.CTRL + "y", "redo")):
            if ui.key(key):
                ed.file_action(action)
                return None
        if ui.pressed(inp.TAB):
            ed.focus = FOCUSES[(FOCUSES.index(ed.focus) + 1) % len(FOCUSES)]
            return None
        if self._mouse(ui):
            return None
        if ed.focus == "map":
            self._map_keys(ui)
        elif ed.focus == "tools":
            if ed.tools.update(ui):
                ed.focus = "map"
        elif ed.focus == "rules":
            if ed.rules_box.update(ui):
                ed.focus = "map"
        else:
            action = ed.file_box.update(ui)
            if action == "back":
                ed.focus = "map"
            elif action is not None:
                ed.file_action(action)
        return None

    def _map_keys(self, ui) -> None:
        ed = self.editor
        if ed.map_box.update(ui):
            return
        if ui.char("p"):
            ed.fit_pools()
        for letter, action in LETTERS:
            if ui.char(letter):
                ed.file_action(action)
                return
        if ui.char("u") or ui.pressed(inp.PAD_X):
            ed.undo()
        if ui.char("r"):
            ed.redo()
        if ui.pressed(inp.BACK):
            ed.file_action("exit")

    def _mouse(self, ui) -> bool:
        """The mouse on the map and the tool and file grids; True if a click was used
        (a click in the rules list is the list's own)."""
        ed = self.editor
        area = area_at(ui.mouse_x, ui.mouse_y)
        if area == "map" and ed.map_box.mouse(ui):
            return True
        if not ui.click:
            return False
        if area is not None:
            ed.focus = area
        if ed.rules_box.on_check(ui) and ed.problems:
            ed.open_problems()            # a click on the check's lines lists every problem
            return True
        if area == "tools":
            ed.tools.click(ui)
            return True
        if area == "file":
            action = ed.file_box.click(ui)
            if action is not None:
                ed.file_action(action)
            return True
        return area != "rules"
