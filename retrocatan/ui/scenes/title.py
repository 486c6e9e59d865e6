"""The title screen: New game / Load game / Options / Quit; left idle, it
plays a demo game of computer opponents, like the games of that era. A game
by post whose move is yours is named, as its server says now (asked in the
background, ``ui/net/peek.py``)."""

from __future__ import annotations

import pyxel

from .. import art, font
from ..palette import BLACK, BLUE, LIGHT_CYAN, RED, YELLOW
from ..text import t
from ..widgets import Item, Menu, box
from . import Scene

IDLE_FRAMES_FOR_DEMO = 20 * 30
_ISLAND: list = []


def _title_island():
    """The beginner board drawn once, as the title's background."""
    if not _ISLAND:
        from ...engine.scenario_deal import island_beginner_board
        from ..board_view import BoardView
        view = BoardView(island_beginner_board("base"), 20, 10, 600, 460)
        view.render_static()
        _ISLAND.append(view)
    return _ISLAND[0]


class TitleScene(Scene):
    help_page = "title"
    music = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.idle = 0
        self.message = ""
        self._build()
        from ..net import games
        from ..net.peek import Peek
        self.peek = Peek(app.storage, games.by_post(app.storage))

    def _build(self) -> None:
        from ...saves import AUTOSAVE
        from ...storage import saved_game_names
        names = self.app.storage.names()
        saved = saved_game_names(names)     # not the autosave, the options or the editor's scenarios
        items = []
        if AUTOSAVE in names:
            items.append(Item(t("continue"), "continue", "c"))
        items += [Item(t("new_game"), "new", "n"), Item(t("load_game"), "load", "l", enabled=bool(saved)),
                  Item(t("network_game"), "network", "g"), Item(t("scenario_editor"), "editor", "e"),
                  Item(t("options"), "options", "o")]
        if self.app.can_quit:
            items.append(Item(t("quit"), "quit", "q"))
        # The cursor rests on a greyed line too; choosing it says why (no saved game yet).
        # As wide as its longest line ("C Continue the last game"), at least 160 pixels, centred.
        w = max([160] + [font.width(f"{it.key.upper()} {it.label}" if it.key else it.label) + 8 for it in items])
        self.menu = Menu(items, x=320 - w // 2, y=300, w=w, rest_on_disabled=True)
        self._your_move()

    def _your_move(self) -> None:
        from ..net.games import waiting_for_me
        your_move = t("net.your_move")
        if waiting_for_me(self.app.storage):        # a game by post waits for this person's move
            self.message = your_move
        elif self.message == your_move:
            self.message = ""

    def update(self, ui) -> None:
        if self.peek.update():
            self._your_move()
        if ui.any() or ui.mouse_moved:
            self.idle = 0
        else:
            self.idle += 1
        if self.idle >= IDLE_FRAMES_FOR_DEMO:
            self.peek.stop()
            self.app.start_demo()
            return
        res = self.menu.handle(ui)
        refused = res is not None and res[0] == "refused"
        if refused or (ui.char("l") and not any(it.value == "load" and it.enabled for it in self.menu.items)):
            self.message = t("title.no_saves")
            return
        if not res or res[0] != "select":
            return
        self.peek.stop()
        choice = res[1]
        if choice == "new":
            self.app.switch_to("setup")
        elif choice == "load":
            self.app.switch_to("load")
        elif choice == "continue":
            from ...saves import AUTOSAVE
            from .load import open_saved
            open_saved(self.app, AUTOSAVE, self)
        elif choice == "network":
            self.app.switch_to("network")
        elif choice == "editor":
            self.app.switch_to("editor")
        elif choice == "options":
            self.app.switch_to("options")
        elif choice == "quit":
            self.app.quit()

    def draw(self) -> None:
        pyxel.cls(BLUE)
        # The island of the beginner's game, with a few settlers on it.
        view = _title_island()
        x, y, w, h = view.area
        pyxel.blt(x, y, view.image, x, y, w, h)
        for p, (a, b) in enumerate(((8, 12), (26, 20), (44, 39), (30, 35))):
            (x1, y1), (x2, y2) = view.corner_px(a), view.corner_px(b)
            art.road(x1, y1, x2, y2, p)
            px, py = view.corner_px(a)
            (art.city if p == 1 else art.settlement)(px, py + 2, p)
        box(120, 40, 400, 70)
        title = t("title")
        font.shadow_text(320 - font.width(title, "bold") // 2, 56, title, RED, BLACK, "bold")
        sub = t("subtitle")
        font.text(320 - font.width(sub, "small") // 2, 82, sub, BLACK, "small")
        box(self.menu.x - 16, 284, self.menu.w + 32, self.menu.height + 32)
        self.menu.draw()
        hint = t("hint.select")
        font.text(320 - font.width(hint, "small") // 2, 296 + self.menu.height + 6, hint, BLUE, "small")
        if self.message:
            font.text(320 - font.width(self.message, "small") // 2, 440, font.fit(self.message, 620, "small"),
                      YELLOW, "small")
        foot = t("footer")
        font.text(320 - font.width(foot, "small") // 2, 462, foot, LIGHT_CYAN, "small")
