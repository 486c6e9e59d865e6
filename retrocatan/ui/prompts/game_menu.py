"""The game menu (Esc, B, right click): save into a slot, quit to the title."""

from __future__ import annotations

from ...saves import SLOTS
from ..text import t
from ..widgets import Item
from . import POP, Command, Push
from .dialog import Dialog


class GameMenu(Dialog):
    """``slot_lines()``: slot name -> what the slot holds now. Without
    ``can_save`` (the editor's test game, whose saves are dropped) the save
    line stays, greyed, saying why."""

    help_page = "game.gamemenu"

    def __init__(self, slot_lines, can_save: bool = True) -> None:
        self.slot_lines = slot_lines
        save = Item(t("game.save"), "save", "v") if can_save else Item(t("game.save_trial"), "save", enabled=False)
        items = [save, Item(t("game.quit"), "quit", "q"), Item(t("game.back"), "back")]
        super().__init__(t("menu.game"), items)

    def select(self, value):
        if value == "save":
            return Push(SaveSlots(self.slot_lines()))
        if value == "quit":
            return Command("quit")
        return POP

    def back(self):
        return POP


class SaveSlots(Dialog):
    """``slot_lines``: slot name -> what the slot holds now. The box spans
    the window's width, so a slot's whole line (date, time, board, turn)
    shows."""

    help_page = "game.gamemenu"
    area = (8, 70, 640 - 16, 250)

    def __init__(self, slot_lines: dict[str, str]) -> None:
        items = [Item(slot_lines[slot], slot) for slot in SLOTS]
        items.append(Item(t("game.back"), "back"))
        super().__init__(t("save.title"), items)

    def select(self, value):
        if value == "back":
            return POP
        return Command("save", value)

    def back(self):
        return POP
