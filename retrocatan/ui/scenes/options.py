"""The options screen: language and the pace of computer turns."""

from __future__ import annotations

import pyxel

from .. import font, option_lines
from ..palette import BLACK, BLUE
from ..text import t
from ..widgets import Item, Menu, box
from . import Scene


class OptionsScene(Scene):
    help_page = "options"
    music = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.menu = Menu([], x=160, y=134, w=320)
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        index = self.menu.index
        self.menu.items = option_lines.items(s) + [Item(t("setup.back"), "back")]
        self.menu.index = index

    def update(self, ui) -> None:
        res = self.menu.handle(ui)
        if not res:
            return
        s = self.app.settings
        if res[0] == "adjust":
            option_lines.change(self.app, res[1], res[2])
            if res[1] == "music" and s["music"]:
                self.app.audio.music("title")
            self._build()
        elif res[0] == "back" or res[1] == "back":
            self.app.switch_to("title")

    def draw(self) -> None:
        pyxel.cls(BLUE)
        box(150, 110, 340, 200, t("options"))
        self.menu.draw()
        font.text(166, 295, t("hint.change"), BLACK, "small")
