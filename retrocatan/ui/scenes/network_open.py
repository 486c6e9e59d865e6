"""Open games on a server: the games its hosts listed (the ``games`` request,
docs/protocol.md: board, players, points, pace, free seats, when created),
asked of the server at the address given (remembered); Enter (A, a click)
joins the chosen one at once with the name and colour last used (the first
free colour if that one is taken), as Join a game does: the waiting room
once the server gave the seat, a refusal said here."""

from __future__ import annotations

import time

from .. import font
from .. import input as inp
from ..net import games as my_games
from ..net.joining import GIVEN, REFUSED_NOW, Joining
from ..net.links import end_link, new_link
from ..net.request import Request
from ..net.seat import NetSeat
from ..palette import BLACK, DARK_GREY
from ..text import t
from ..widgets import Item, Menu, box
from .network_host import joined_text
from .network_screen import NetScreen, say_lines, ws_address

ASK_SECONDS = 6.0
PANEL = (372, 92, 212, 150)         # the chosen game's box


def board_name(board, players) -> str:
    """The board's name (the base island's with how it is laid out)."""
    from .setup import preview_title
    try:
        base = not isinstance(board, str) or board in ("", "base")        # the base island: its random layout
        return preview_title("random" if base else board, players if isinstance(players, int) else 4)
    except Exception:                   # a board this window does not know: its id
        return str(board)


def age_text(seconds: float) -> str:
    minutes = max(0, int(seconds // 60))
    if minutes < 60:
        return t("net.open.minutes", n=minutes)
    if minutes < 48 * 60:
        return t("net.open.hours", n=minutes // 60)
    return t("net.open.days", n=minutes // (24 * 60))


class OpenGamesScene(NetScreen):
    """The server's address, Look again, its open games (Enter joins one), Back."""

    help_page = "net_open"
    heading = "net.open"

    def __init__(self, app) -> None:
        self.fields = {"url": my_games.last_server(app.storage) or my_games.last_address(app.storage)}
        self.games: list[dict] | None = None      # the server's answer (None: not yet)
        self.request: Request | None = None
        self.joining: Joining | None = None
        self.joining_game: dict | None = None
        super().__init__(app)
        self.ask()

    def _build(self) -> None:
        url = self.fields["url"] + ("_" if self.typing == "url" else "")
        items = [Item(t("net.server", url=url or t("net.server.none")), "url"),
                 Item(t("net.open.again"), "again", "r")]
        for i, g in enumerate(self.games or []):
            board = board_name(g.get("board"), g.get("players"))
            items.append(Item(font.fit(f"{g.get('code', '?')}  {board}", 288), i))
        items.append(Item(t("net.back"), "back", "b"))
        index = self.menu.index if self.menu is not None else 0
        self.menu = Menu(items, x=60, y=60, w=300, visible_rows=20, index=min(index, len(items) - 1))

    def ask(self) -> None:
        if self.request is not None:
            end_link(self.request.link, wait=False)
        self.games = None
        self.request = None
        if not self.fields["url"]:
            self.say(t("net.server.missing"))
            return
        self.request = Request(new_link(), ws_address(self.fields["url"]), {"type": "games"}, timeout=ASK_SECONDS)
        self.say(t("net.open.asking", url=ws_address(self.fields["url"])), error=False)
        self._build()

    def update(self, ui) -> None:
        if self.joining is not None:
            self._await_seat(ui)
            return
        if self.request is not None and self.request.update():
            self._answered()
        if self.typing is not None:
            self.fields["url"], done = self.typed(ui, self.fields["url"], 200)
            if done:
                self.fields["url"] = self.fields["url"].strip()
                self.typing = None
                my_games.remember_server(self.app.storage, self.fields["url"])
                self.ask()
            self._build()
            return
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            if self.request is not None:
                end_link(self.request.link, wait=False)
            self.app.switch_to("network")
        elif res[0] == "select" and res[1] == "url":
            self.start_typing("url", self.fields["url"])
            self._build()
        elif res[0] == "select" and res[1] == "again":
            self.ask()
        elif res[0] == "select" and isinstance(res[1], int):
            self.join(self.games[res[1]])

    def _answered(self) -> None:
        req, self.request = self.request, None
        end_link(req.link, wait=False)
        url = ws_address(self.fields["url"])
        if req.error is not None:
            code = req.error.get("code")
            self.say(t("net.cannot_reach", url=url) if code in ("closed", "timeout")
                     else t("net.refused", why=req.error.get("message", code)))
            return
        self.games = [g for g in req.answer.get("games", []) if isinstance(g, dict) and g.get("code")]
        self.say(t("net.open.count", n=len(self.games), url=url), error=False)
        self._build()

    def chosen(self) -> dict | None:
        sel = self.menu.selected
        return self.games[sel.value] if sel is not None and isinstance(sel.value, int) and self.games else None

    def join(self, game: dict, first_free: bool = False) -> None:
        url = ws_address(self.fields["url"])
        me = my_games.player(self.app.storage)
        name = me["name"] or t("colour.0")
        colour = None if first_free else me["colour"]
        self.joining_game = game
        notify = {k: me[k] for k in ("email", "webhook") if me[k]} if game.get("pace") == "post" else None
        net = NetSeat(new_link(), url, code=game["code"], name=name, colour=colour,
                      token=my_games.pending_token(self.app.storage, url, game["code"]), notify=notify)
        entry = {"url": url, "token": net.token, "code": game["code"], "name": name, "status": "open",
                 "pace": game.get("pace")}
        self.joining = Joining(self.app.storage, net, entry)
        self.say(t("net.connecting_to", url=url), error=False)

    def _await_seat(self, ui) -> None:
        if ui.pressed(inp.BACK):
            self.joining.close()
            self.joining = None
            self.say(t("net.stopped"), error=False)
            return
        outcome = self.joining.update()
        if outcome is None:
            return
        joining, self.joining = self.joining, None
        net = joining.net
        if outcome == GIVEN:
            self.app.switch_to("net_room", net=net, past=joining.past)
        elif outcome == REFUSED_NOW and net.failure.code == "seat_taken" and net.colour is not None:
            self.join(self.joining_game, first_free=True)       # the colour last used is taken: the first free
        else:
            self.say(joined_text(outcome, net, net.url))

    def draw_more(self) -> None:
        game = self.chosen()
        x, y, w, h = PANEL
        if game is None:
            if self.games == [] and self.request is None:
                say_lines(x, y, t("net.open.none"), w, DARK_GREY, rows=3)
            return
        box(x, y, w, h, board_name(game.get("board"), game.get("players")))
        players, free = game.get("players", "?"), game.get("free", "?")
        pace = t("net.pace.post" if game.get("pace") == "post" else "net.pace.live")
        created = game.get("created")
        lines = [t("net.open.free", free=free, n=players), t("net.room.points", n=game.get("points", "?")),
                 t("net.pace", pace=pace)]
        if isinstance(created, (int, float)):
            lines.append(t("net.open.created", age=age_text(time.time() - created)))
        me = my_games.player(self.app.storage)
        lines.append(t("net.open.join_as", name=me["name"] or t("colour.0")))
        for i, line in enumerate(lines):
            font.text(x + 8, y + 24 + 12 * i, font.fit(line, w - 16, "small"), BLACK, "small")
