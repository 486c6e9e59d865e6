"""The box over a network game whose server does not answer: which trouble
it is (the host's window closed, the server down, the address never
reached, the network gone, the seat refused), since when, what happens to
the game meanwhile, and the way out: leave the table (the seat stays the
person's, in My games), or wait here (the status line keeps saying it; the
game goes on by itself once the server answers)."""

from __future__ import annotations

from ..font import width
from ..text import t
from ..widgets import Item
from . import Command
from .dialog import Dialog


def paragraph(text: str, room: int) -> list[str]:
    """``text`` broken at spaces into rows of at most ``room`` pixels (the normal face)."""
    rows: list[str] = []
    for word in text.split():
        if rows and width(f"{rows[-1]} {word}") <= room:
            rows[-1] = f"{rows[-1]} {word}"
        else:
            rows.append(word)
    return rows


class TroubleBox(Dialog):
    help_page = "game.net"
    area = (40, 90, 560, 200)

    def __init__(self, kind: str, headline: str, lines: list[str]) -> None:
        self.kind = kind
        items = [Item(t("game.leave"), "leave", "q"), Item(t("net.trouble.wait"), "stay")]
        rows = [row for line in lines for row in paragraph(line, self.area[2] - 20)]
        super().__init__(headline, items, rows)

    def select(self, value):
        return Command(value)

    def back(self):
        return Command("stay")
