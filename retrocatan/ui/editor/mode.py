"""What the editor is doing: a stack of modes, the top one getting the
input. ``update(ui)`` returns ``Push(mode)`` (another mode on top), ``POP``
(this one is done) or None, as the game screen's prompts do; ``draw()``
draws the mode over the boxes."""

from __future__ import annotations

from ..prompts import POP, Push

__all__ = ["Mode", "POP", "Push"]


class Mode:
    help_page = None  # a base: the page is its subclass's
    name: str | None = None     # what ``EditorScene.mode`` says while this mode is on top
    overlay = True              # a box over the screen: the boxes under it lose their focus frame
    help_key = True             # F1 opens the editor's help over this mode
    keeps_message = False       # a press does not clear the status line's message (nor answer a question)

    def __init__(self, editor) -> None:
        self.editor = editor

    def update(self, ui):  # pragma: no cover - overridden
        return None

    def draw(self) -> None:
        pass
