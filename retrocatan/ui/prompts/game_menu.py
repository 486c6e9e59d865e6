"""The game menu (Esc, B, right click, M), at every moment of a game: on
a person's turn, while computers or other machines play, while the
connection is down, for a spectator. It holds the options and the help,
and how the game is kept and left: at one machine, save into a slot and
quit to the title (the autosave keeps the game); in a network game, keep
this game's record (the finished game in the replay viewer) and leave the
table (the seat stays the person's: My games opens it again; meanwhile the
clocks and a computer cover it as the server's pace says)."""

from __future__ import annotations

from ...saves import SLOTS
from .. import option_lines
from ..text import t
from ..widgets import Item
from . import POP, Command, Push
from .dialog import Dialog


class GameMenu(Dialog):
    """``lines``: the menu's own lines (``local`` or ``network``); Options, Help and Back
    follow them."""

    help_page = "game.gamemenu"

    def __init__(self, lines: list[Item], slot_lines=None, text: list[str] | None = None) -> None:
        self.slot_lines = slot_lines
        items = [*lines, Item(t("game.options"), "options"), Item(t("game.help"), "help"),
                 Item(t("game.back"), "back")]
        super().__init__(t("menu.game"), items, text)

    @classmethod
    def local(cls, slot_lines, can_save: bool = True) -> GameMenu:
        """``slot_lines()``: slot name -> what the slot holds now. Without ``can_save`` (the
        editor's test game, whose saves are dropped) the save line stays, greyed, saying why."""
        save = Item(t("game.save"), "save", "v") if can_save else Item(t("game.save_trial"), "save", enabled=False)
        return cls([save, Item(t("game.quit"), "quit", "q")], slot_lines)

    @classmethod
    def network(cls, keep: bool, chat: bool) -> GameMenu:
        """``keep``: the record is to be kept; ``chat``: a player's (a spectator has none)."""
        lines = [Item(t("game.keep", v=t("on") if keep else t("off")), "keep", adjustable=True)]
        if chat:
            lines.append(Item(t("game.chat"), "chat", "k"))
        lines.append(Item(t("game.leave"), "leave", "q"))
        return cls(lines, text=[t("game.net_line")])

    def select(self, value):
        if value == "save":
            return Push(SaveSlots(self.slot_lines()))
        if value == "back":
            return POP
        return Command(value)

    def adjust(self, value, delta: int):
        return Command(value)

    def back(self):
        return POP


class GameOptions(Dialog):
    """The options, changed in the game as on the options screen (``option_lines``)."""

    help_page = "options"
    area = (100, 70, 440, 250)

    def __init__(self, app, speed: bool = True) -> None:
        self.app = app
        self.speed = speed
        super().__init__(t("options"), self._items(), [t("hint.change")])

    def _items(self) -> list[Item]:
        return option_lines.items(self.app.settings, self.speed) + [Item(t("game.back"), "back")]

    def adjust(self, value, delta: int):
        option_lines.change(self.app, value, delta)
        index = self.menu.index
        self.title = t("options")
        self.lines = [t("hint.change")]
        self.menu.items = self._items()
        self.menu.index = index
        return Command("options_changed", value)

    def select(self, value):
        return POP if value == "back" else None

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
