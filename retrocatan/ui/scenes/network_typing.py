"""Typing a line on the network screens: the physical keyboard's letters
(``Input.typed``; Backspace deletes, Enter or Esc ends), and with the
pad or the mouse the on-screen keyboard (``ui/keyboard.py``: A or a click
types, B deletes, Y/Start or a click outside ends, X gives back the line
from before)."""

from __future__ import annotations

from .. import input as inp
from .. import keyboard as kb

MAX_FIELD = 80
KEYBOARD_AT = (141, 226)        # the on-screen keyboard under the fields (pad and mouse typing)


def type_into(ui, text: str, limit: int = MAX_FIELD, pressed: str | None = None) -> tuple[str, bool]:
    """The line being typed after this frame's keys (``ui``, the frame's ``Input``) and
    ``pressed`` (what the on-screen keyboard gave: a letter, ``kb.DELETE``, ``kb.DONE``,
    ``kb.CANCEL``), and whether typing ended (Enter, Esc, Done or Cancel)."""
    typed = ui.typed + (pressed if pressed is not None and len(pressed) == 1 else "")
    for ch in typed:
        if ch.isprintable() and len(text) < limit:
            text += ch
    if ui.key(inp.ERASE) or pressed == kb.DELETE:
        text = text[:-1]
    ended = ui.key(inp.ENTER) or ui.key(inp.ESCAPE) or pressed in (kb.DONE, kb.CANCEL)
    return text, bool(ended)


class TypedLines:
    """For a screen with ``app``, ``typing`` (the field being typed or None), ``before`` and
    ``keyboard`` (an ``OnScreenKeyboard``)."""

    @property
    def own_help(self) -> bool:
        """While a line is typed, the pad's Start belongs to the on-screen keyboard (done)."""
        return self.typing is not None

    def keyboard_shown(self) -> bool:
        return self.typing is not None and inp.device_in_use(self.app) != "keyboard"

    def start_typing(self, field: str, text: str) -> None:
        self.typing = field
        self.before = text
        self.keyboard.index = 0

    def typed(self, ui, text: str, limit: int = MAX_FIELD) -> tuple[str, bool]:
        """``text`` after this frame's keys, pad buttons and clicks; whether typing ended (the
        on-screen keyboard's Cancel gives back the text from before)."""
        pressed = self.keyboard.update(ui)
        text, done = type_into(ui, text, limit, pressed)
        return (self.before if pressed == kb.CANCEL else text), done
