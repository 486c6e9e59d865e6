"""The Network game screen: Host a game, Join a game, Open games on a server,
My games, Watch, Back; by keys, pad and mouse (``Menu``). The screens it
opens: ``network_host.py``, ``network_join.py`` (Join and Watch),
``network_open.py``, ``network_games.py``, and the waiting room
``network_room.py``. A game by post whose move is yours is named here as on
the title screen, as its server says at present (``ui/net/peek.py``)."""

from __future__ import annotations

from ..net import games as my_games
from ..net.peek import Peek
from ..text import t
from ..widgets import Item, Menu
from .network_screen import NetScreen


class NetworkScene(NetScreen):
    """Host a game / Join a game / Open games / My games / Watch / Back."""

    help_page = "network"

    def __init__(self, app) -> None:
        self.peek: Peek | None = None
        super().__init__(app)
        self.peek = Peek(app.storage, my_games.by_post(app.storage))
        self._your_move()

    def _build(self) -> None:
        items = [Item(t("net.host"), "host", "h"), Item(t("net.join"), "join", "j"),
                 Item(t("net.open"), "open", "o"), Item(t("net.games"), "games", "m"),
                 Item(t("net.watch"), "watch", "v"), Item(t("net.back"), "back", "b")]
        self.menu = Menu(items, x=200, y=120, w=240)

    def _your_move(self) -> None:
        self.say(t("net.your_move") if my_games.waiting_for_me(self.app.storage) else "", error=False)

    def update(self, ui) -> None:
        if self.peek is not None and self.peek.update():
            self._your_move()
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self._leave("title")
        elif res[0] == "select":
            self._leave({"host": "net_host", "join": "net_join", "open": "net_open", "games": "net_games",
                         "watch": "net_watch"}[res[1]])

    def _leave(self, screen: str) -> None:
        if self.peek is not None:
            self.peek.stop()
        self.app.switch_to(screen)
