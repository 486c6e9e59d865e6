"""The options screen: language and the pace of computer turns."""

from __future__ import annotations

import pyxel

from .. import font
from ..palette import BLACK, BLUE
from ..text import LANGUAGES, set_language, t
from ..widgets import Item, Menu, box
from . import Scene

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}


class OptionsScene(Scene):
    music = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.menu = Menu([], x=160, y=134, w=320)
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        index = self.menu.index
        self.menu.items = [
            Item(f"Language / Sprache: {LANGUAGE_NAMES[s['language']]}", "language", adjustable=True),
            Item(t("setup.speed", speed=t(f"speed.{s['speed']}")), "speed", adjustable=True),
            Item(t("opt.sound", v=t("on") if s["sound"] else t("off")), "sound", adjustable=True),
            Item(t("opt.music", v=t("on") if s["music"] else t("off")), "music", adjustable=True),
            Item(t("opt.scale", v=s["scale"] or t("opt.auto")), "scale", adjustable=True),
            Item(t("opt.computer_offers", v=t(f"offers.{s['computer_offers']}")), "computer_offers",
                 adjustable=True),
            Item(t("opt.confirm_places", v=t("on") if s["confirm_places"] else t("off")), "confirm_places",
                 adjustable=True),
            Item(t("setup.back"), "back"),
        ]
        self.menu.index = index

    def update(self, ui) -> None:
        res = self.menu.handle(ui)
        if not res:
            return
        s = self.app.settings
        if res[0] == "adjust":
            if res[1] == "language":
                i = (LANGUAGES.index(s["language"]) + res[2]) % len(LANGUAGES)
                s["language"] = LANGUAGES[i]
                set_language(s["language"])
            elif res[1] == "speed":
                s["speed"] = (s["speed"] + res[2]) % 4
            elif res[1] in ("sound", "music", "confirm_places"):
                s[res[1]] = not s[res[1]]
            elif res[1] == "scale":
                s["scale"] = (s["scale"] + res[2]) % 5
            elif res[1] == "computer_offers":
                s["computer_offers"] = "decline" if s["computer_offers"] == "ask" else "ask"
            self.app.save_settings()
            self.app.audio.refresh()
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
