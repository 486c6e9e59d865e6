"""The title screen: New game / Load game / Options / Quit; left idle, it
plays a demo game of computer opponents, like the games of that era."""

from __future__ import annotations

from .. import font
from ..palette import BLACK, BLUE, BROWN, CYAN, GREEN, LIGHT_CYAN, RED, WHITE, YELLOW
from ..text import t
from ..widgets import Item, Menu, box
from . import Scene

IDLE_FRAMES_FOR_DEMO = 20 * 30


class TitleScene(Scene):
    music = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.idle = 0
        self.message = ""
        self._build()

    def _build(self) -> None:
        from ...saves import AUTOSAVE
        names = self.app.storage.names()
        saved = [n for n in names if n != AUTOSAVE and n != "options"]
        items = []
        if AUTOSAVE in names:
            items.append(Item(t("continue"), "continue", "c"))
        items += [Item(t("new_game"), "new", "n"), Item(t("load_game"), "load", "l", enabled=bool(saved)),
                  Item(t("options"), "options", "o")]
        if self.app.can_quit:
            items.append(Item(t("quit"), "quit", "q"))
        self.menu = Menu(items, x=240, y=300, w=160)

    def update(self, ui) -> None:
        if ui.any() or ui.mouse_moved:
            self.idle = 0
        else:
            self.idle += 1
        if self.idle >= IDLE_FRAMES_FOR_DEMO:
            self.app.start_demo()
            return
        res = self.menu.handle(ui)
        if not res or res[0] != "select":
            return
        choice = res[1]
        if choice == "new":
            from .setup import SetupScene
            self.app.switch(SetupScene(self.app))
        elif choice == "load":
            from .load import LoadScene
            self.app.switch(LoadScene(self.app))
        elif choice == "continue":
            from ...saves import AUTOSAVE
            from .load import open_saved
            open_saved(self.app, AUTOSAVE, self)
        elif choice == "options":
            from .options import OptionsScene
            self.app.switch(OptionsScene(self.app))
        elif choice == "quit":
            self.app.quit()

    def draw(self) -> None:
        import pyxel
        pyxel.cls(BLUE)
        # A sea of dithered waves and a small island, in the spirit of the 1996 title.
        for y in range(0, 480, 12):
            for x in range((y // 12) % 2 * 8, 640, 16):
                pyxel.line(x, y + 6, x + 4, y + 4, CYAN)
        pyxel.elli(150, 150, 340, 150, YELLOW)
        pyxel.elli(160, 158, 320, 130, GREEN)
        pyxel.tri(250, 180, 290, 240, 210, 240, BROWN)
        pyxel.tri(250, 180, 262, 197, 238, 197, WHITE)
        pyxel.tri(380, 190, 410, 240, 350, 240, BROWN)
        box(120, 40, 400, 70)
        title = t("title")
        font.shadow_text(320 - font.width(title, "bold") // 2, 56, title, RED, BLACK, "bold")
        sub = t("subtitle")
        font.text(320 - font.width(sub, "small") // 2, 82, sub, BLACK, "small")
        box(224, 284, 192, self.menu.height + 32)
        self.menu.draw()
        hint = t("hint.select")
        font.text(320 - font.width(hint, "small") // 2, 296 + self.menu.height + 6, hint, BLUE, "small")
        if self.message:
            font.text(320 - font.width(self.message, "small") // 2, 440, font.fit(self.message, 620, "small"),
                      YELLOW, "small")
        foot = t("footer")
        font.text(320 - font.width(foot, "small") // 2, 462, foot, LIGHT_CYAN, "small")
