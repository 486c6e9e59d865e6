"""Typing a scenario's name, description or id: the physical keyboard
types directly (Backspace deletes, Enter: done, Esc: cancel); with the pad
or the mouse the on-screen keyboard (``ui/keyboard.py``) shows."""

from __future__ import annotations

from dataclasses import replace

import pyxel

from .. import font
from .. import input as inp
from .. import keyboard as kb
from ..palette import BLACK, BLUE, DARK_GREY
from ..text import t
from ..widgets import box
from . import document as doc_edits
from .layout import blink, wrap
from .mode import POP, Mode

MAX_TEXT = {"name": 60, "description": 600, "id": 40}
LABELS = {"name": "ed.r.name", "description": "ed.r.desc", "id": "ed.r.id"}


class TextEntry(Mode):
    help_page = "editor.text"
    name = "text"

    def __init__(self, editor, field: str, lang: str) -> None:
        super().__init__(editor)
        s = editor.scenario
        value = s.id if field == "id" else getattr(s, field)[lang]
        self.typing = {"field": field, "lang": lang, "text": value}
        editor.keyboard.index = 0

    @property
    def keyboard_shown(self) -> bool:
        """The on-screen keyboard shows while the pad or the mouse is in use."""
        return self.editor.device != "keyboard"

    def _put(self, ch: str) -> None:
        """One typed character, if the field takes it (an id: a-z, 0-9 and '-')."""
        ty = self.typing
        if ty["field"] == "id":
            ch = ch.lower()
            if not (ch.isascii() and (ch.isalnum() or ch == "-")):
                return
        elif ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF or ord(ch) == 127:
            return
        if len(ty["text"]) < MAX_TEXT[ty["field"]]:
            ty["text"] += ch

    def update(self, ui):
        ty = self.typing
        for ch in ui.typed:
            self._put(ch)
        pressed = self.editor.keyboard.update(ui)
        if ui.key(inp.ERASE) or pressed == kb.DELETE:
            ty["text"] = ty["text"][:-1]
        elif pressed is not None and len(pressed) == 1:
            self._put(pressed)
        if ui.key(inp.ESCAPE) or pressed == kb.CANCEL:
            return POP
        if ui.key(inp.ENTER) or pressed == kb.DONE:
            value = ty["text"].strip()
            if value and ty["field"] == "id":
                self.editor.edit(lambda sc: replace(sc, id=value))
            elif value:
                self.editor.edit(doc_edits.set_text, ty["field"], ty["lang"], value)
            return POP
        return None

    def draw(self) -> None:
        ty, frame = self.typing, self.editor.frame
        box(20, 300, 380, 150, t(LABELS[ty["field"]], lang=ty["lang"], v="").rstrip(": "))
        lines = wrap(ty["text"] + ("_" if blink(frame) else " "), 356, "small")
        for i, line in enumerate(lines[-10:]):
            font.text(30, 322 + 10 * i, line, BLACK, "small")
        font.text(30, 434, t("ed.kb.hint" if self.keyboard_shown else "ed.typing"), BLUE, "small")
        pyxel.line(30, 430, 390, 430, DARK_GREY)
        if self.keyboard_shown:
            self.editor.keyboard.draw()
