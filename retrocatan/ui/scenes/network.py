"""The network screens: Network game (host, join, my games, watch), Host a
game, Join a game (and Watch: the same screen without a seat), My games,
and the waiting room. Keys, pad and mouse as the other screens (``Menu``);
a line being typed takes the keyboard's letters until Enter or Esc. The
connection runs off the drawing thread (``ui/net/thread_link.py``); each
screen only looks at what arrived."""

from __future__ import annotations

import gc
import time

import pyxel

from .. import art, boxes, font, log_lines
from .. import input as inp
from ..net import games as my_games
from ..net.links import end_link, in_browser, new_link
from ..net.request import Request
from ..net.seat import REFUSED, NetSeat
from ..net.session import NetSession, clock_text
from ..palette import BLACK, BLUE, DARK_GREY, GREY, LIGHT_CYAN, RED, WHITE
from ..text import hint, t
from ..widgets import Item, Menu, box, sunken
from . import Scene

LEVELS = ("easy", "normal", "hard", "expert")
SEAT_KINDS = ("open",) + LEVELS + ("closed",)
MAX_FIELD = 80


def type_into(text: str, limit: int = MAX_FIELD) -> tuple[str, bool]:
    """The line being typed after this frame's keys, and whether typing ended (Enter or Esc)."""
    for ch in pyxel.input_text:
        if ch.isprintable() and len(text) < limit:
            text += ch
    if pyxel.btnp(pyxel.KEY_BACKSPACE, hold=12, repeat=3):
        text = text[:-1]
    return text, bool(pyxel.btnp(pyxel.KEY_RETURN) or pyxel.btnp(pyxel.KEY_ESCAPE))


class _Screen(Scene):
    music = "title"
    help_page = "network"
    heading = "net.title"

    def __init__(self, app) -> None:
        super().__init__(app)
        # The screen left behind goes now, on the drawing thread: the network's threads must never be the
        # ones that collect it (Pyxel's images may only be dropped on the thread that made them).
        gc.collect()
        self.message = ""
        self.message_colour = RED
        self.typing: str | None = None       # the field being typed
        self._build()

    def _build(self) -> None:   # pragma: no cover - overridden
        self.menu = Menu([])

    def draw(self) -> None:
        pyxel.cls(BLUE)
        box(40, 30, 560, 410, t(self.heading))
        self.menu.draw()
        self.draw_more()
        foot = t("net.typing") if self.typing is not None else hint("hint.select", inp.device_in_use(self.app))
        font.text(320 - font.width(foot, "small") // 2, 424, font.fit(foot, 540, "small"), DARK_GREY, "small")
        if self.message:
            font.text(56, 406, font.fit(self.message, 528, "small"), self.message_colour, "small")

    def draw_more(self) -> None:
        pass

    def say(self, text: str, error: bool = True) -> None:
        self.message = text
        self.message_colour = RED if error else BLACK


class NetworkScene(_Screen):
    """Host a game / Join a game / My games / Watch / Back."""

    help_page = "network"

    def _build(self) -> None:
        items = [Item(t("net.host"), "host", "h", enabled=not in_browser()), Item(t("net.join"), "join", "j"),
                 Item(t("net.games"), "games", "m"), Item(t("net.watch"), "watch", "v"),
                 Item(t("net.back"), "back", "b")]
        self.menu = Menu(items, x=220, y=120, w=200)
        if my_games.waiting_for_me(self.app.storage):
            self.say(t("net.your_move"), error=False)

    def update(self, ui) -> None:
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self.app.switch_to("title")
        elif res[0] == "select":
            self.app.switch_to({"host": "net_host", "join": "net_join", "games": "net_games",
                                "watch": "net_watch"}[res[1]])


class HostScene(_Screen):
    """The new game's choices, the pace and the seats; opening it starts the window's own server."""

    help_page = "net_host"
    heading = "net.host"

    def __init__(self, app) -> None:
        self.name = t("colour.0")
        self.board = 0
        self.post = False
        self.seats = ["open", "normal", "normal", "closed", "closed"]      # seats after the host's
        self.vp: int | None = None        # victory points to win (None: the board's own)
        self.request: Request | None = None
        self.server = None
        super().__init__(app)

    def boards(self) -> list[str]:
        from .setup import board_choices
        return [b for b in board_choices(self.players) if b != "beginner" and not b.startswith("own:")]

    @property
    def players(self) -> int:
        return 1 + sum(k != "closed" for k in self.seats)

    def _build(self) -> None:
        from .setup import board_text
        boards = self.boards()
        self.board = min(self.board, len(boards) - 1)
        name = self.name + ("_" if self.typing == "name" else "")
        items = [Item(t("net.your_name", name=name), "name"),
                 Item(t("net.board", name=board_text(boards[self.board])), "board", adjustable=True),
                 Item(t("setup.vp", n=self.victory_points()), "vp", adjustable=True),
                 Item(t("net.pace", pace=t("net.pace.post" if self.post else "net.pace.live")), "pace",
                      adjustable=True)]
        items.append(Item(t("net.seat", colour=t("colour.0"), kind=t("net.seat.you")), None, enabled=False))
        colour = 1          # the seats left after a closed one move up: the colours are the seats'
        for i, kind in enumerate(self.seats):
            if kind == "closed":
                items.append(Item(t("net.seat", colour="-", kind=t("net.seat.closed")), ("seat", i), adjustable=True))
                continue
            text = t("net.seat.open") if kind == "open" else t(f"level.{kind}")
            items.append(Item(t("net.seat", colour=t(f"colour.{colour}"), kind=text), ("seat", i), adjustable=True))
            colour += 1
        items += [Item(t("net.start_hosting"), "go", "o"), Item(t("net.back"), "back")]
        index = self.menu.index if hasattr(self, "menu") else 0
        self.menu = Menu(items, x=60, y=60, w=520, index=index)

    def update(self, ui) -> None:
        if self.request is not None:
            self._await_created()
            return
        if self.typing == "name":
            self.name, done = type_into(self.name, 20)
            if done:
                self.name = self.name.strip() or t("colour.0")
                self.typing = None
            self._build()
            return
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self.app.switch_to("network")
            return
        what = res[1]
        if res[0] == "adjust":
            d = res[2]
            if what == "board":
                self.board = (self.board + d) % len(self.boards())
                self.vp = None
            elif what == "vp":
                targets = self.vp_targets()
                self.vp = min(targets[-1], max(targets[0], self.victory_points() + d))
            elif what == "pace":
                self.post = not self.post
            elif isinstance(what, tuple):
                i = what[1]
                kinds = SEAT_KINDS
                k = kinds[(kinds.index(self.seats[i]) + d) % len(kinds)]
                if k == "closed" and self.players <= 3:
                    k = kinds[(kinds.index(k) + d) % len(kinds)]
                self.seats[i] = k
                if self.players < 3:
                    self.seats[i] = "open"
            self._build()
        elif what == "name":
            self.typing = "name"
            self._build()
        elif what == "go":
            self.open_game()

    def _scenario(self):
        from .setup import board_scenario
        return board_scenario(self.boards()[self.board], self.players)

    def victory_points(self) -> int:
        return self.vp if self.vp is not None else self._scenario().vp_target or 10

    def vp_targets(self):
        from ...engine.config import vp_targets
        scenario = self._scenario()
        return vp_targets(self.players, scenario, getattr(scenario, "island_bonus", "") or "")

    def config(self) -> dict:
        board = self.boards()[self.board]
        cfg = {"players": self.players}
        if self.vp is not None:
            cfg["vp_target"] = self.vp
        if board not in ("random", "beginner"):
            cfg["scenario"] = board
        return cfg

    def open_game(self) -> None:
        from ..net.host import hosted  # the desktop's own server (the browser cannot listen)
        self.server = hosted(self.app.storage)
        if not self.server.running:
            self.say(t("net.hosting_failed", why=self.server.error or "?"))
            return
        seats = [{"kind": "open"}] + [{"kind": "open"} if k == "open" else {"kind": "computer", "level": k}
                                      for k in self.seats if k != "closed"]
        self.request = Request(new_link(), self.server.url(), {
            "type": "create", "config": self.config(), "pace": "post" if self.post else "live",
            "seats": seats, "start": "owner"})
        self.say(t("net.asking"), error=False)

    def _await_created(self) -> None:
        r = self.request
        if not r.update():
            return
        self.request = None
        end_link(r.link)
        if r.error is not None:
            self.say(t("net.refused", why=r.error.get("message", r.error.get("code"))))
            return
        from ..net.host import lan_address
        got = r.answer
        url = self.server.url()
        net = NetSeat(new_link(), url, code=got["code"], name=self.name, colour=0)
        entry = {"url": url, "token": net.token, "code": got["code"], "game": got["game"], "name": self.name,
                 "owner": got["owner"], "host_port": self.server.port, "pace": "post" if self.post else "live",
                 "status": "open", "invite": self.server.url(lan_address())}
        my_games.keep(self.app.storage, entry)
        net.entry = entry
        net.start()
        self.app.switch_to("net_room", net=net)


class JoinScene(_Screen):
    """Join a game: address (remembered), code, name, a colour. ``watch``: address and code only."""

    help_page = "net_join"
    heading = "net.join"
    watch = False

    def __init__(self, app) -> None:
        self.fields = {"url": my_games.last_address(app.storage), "code": "", "name": t("colour.0")}
        self.colour = -1
        self.net: NetSeat | None = None
        super().__init__(app)

    def _build(self) -> None:
        f = {k: v + ("_" if self.typing == k else "") for k, v in self.fields.items()}
        items = [Item(t("net.address", url=f["url"]), "url"), Item(t("net.code", code=f["code"]), "code")]
        if not self.watch:
            colour = t("net.colour.any") if self.colour < 0 else t(f"colour.{self.colour}")
            items += [Item(t("net.your_name", name=f["name"]), "name"),
                      Item(t("net.colour", colour=colour), "colour", adjustable=True)]
        items += [Item(t("net.watch_go" if self.watch else "net.connect"), "go", "o"), Item(t("net.back"), "back")]
        index = self.menu.index if hasattr(self, "menu") else 0
        self.menu = Menu(items, x=60, y=60, w=520, index=index)

    def update(self, ui) -> None:
        if self.net is not None:
            self._await_seat()
            return
        if self.typing is not None:
            self.fields[self.typing], done = type_into(self.fields[self.typing])
            if done:
                self.fields[self.typing] = self.fields[self.typing].strip()
                self.typing = None
            self._build()
            return
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self.app.switch_to("network")
            return
        if res[0] == "adjust" and res[1] == "colour":
            self.colour = (self.colour + 1 + res[2]) % 7 - 1
        elif res[1] in ("url", "code", "name"):
            self.typing = res[1]
        elif res[1] == "go":
            self.go()
        self._build()

    def go(self) -> None:
        url = self.fields["url"]
        if not url.startswith(("ws://", "wss://")):
            url = "ws://" + url
        code = self.fields["code"].upper().replace(" ", "")
        my_games.remember_address(self.app.storage, url)
        kw = {"watch": True} if self.watch else {"name": self.fields["name"] or t("colour.0"),
                                                  "colour": None if self.colour < 0 else self.colour}
        net = NetSeat(new_link(), url, code=code, **kw)
        if not self.watch:       # the token is kept before the join is asked (docs/protocol.md, join)
            net.entry = {"url": url, "token": net.token, "code": code, "name": kw["name"], "status": "open"}
            my_games.keep(self.app.storage, net.entry)
        net.start()
        self.app.switch_to("net_room", net=net)


class WatchScene(JoinScene):
    help_page = "net_watch"
    heading = "net.watch"
    watch = True


def game_line(entry: dict, now: float) -> str:
    """A line of My games: name, code, whose turn with the time left."""
    left = ""
    if isinstance(entry.get("deadline"), (int, float)):
        left = t("net.left", time=clock_text(entry["deadline"] - now))
    status = entry.get("status")
    if status == "over":
        what = t("net.games.over")
    elif status != "playing":
        what = t("net.games.open")
    elif entry.get("mine"):
        what = t("net.games.mine", left=left).rstrip()
    else:
        what = t("net.games.turn", name=entry.get("turn", "?"), left=left).rstrip()
    return t("net.games.line", code=entry.get("code", "?"), what=what)


class GamesScene(_Screen):
    """Every game this machine holds a seat's token for, with the board of the one chosen (asked of
    its server); Enter opens it (its server started again when it is this window's own). R (or the
    Replay line) shows its stages: a finished game's record in the replay viewer with the seats'
    names, a game in progress its stages so far (``StagesScene``)."""

    help_page = "net_games"
    heading = "net.games"
    PICTURE = (372, 60, 212, 200)

    def __init__(self, app) -> None:
        self.pictures: dict[str, object] = {}       # token -> BoardView and the table's view, or None: none
        self.names: dict[str, list] = {}            # token -> the seats' names (the stage's answer)
        self.asking: tuple[str, Request] | None = None
        self.fetching: tuple[dict, Request] | None = None      # (entry, the request of its record)
        self.chosen: int | None = None              # the game line the cursor was last on
        super().__init__(app)

    def _build(self) -> None:
        self.entries = list(reversed(my_games.load(self.app.storage)))
        now = getattr(self.app, "net_clock", time.time)()
        items = [Item(game_line(e, now), i) for i, e in enumerate(self.entries)]
        if not items:
            items = [Item(t("net.games.none"), None, enabled=False)]
        else:
            items.append(Item(t("net.games.replay"), "replay", "r"))
        items.append(Item(t("net.back"), "back", "b"))
        self.menu = Menu(items, x=60, y=60, w=300, visible_rows=20)
        self.chosen = 0 if self.entries else None

    def update(self, ui) -> None:
        self._picture()
        if self.fetching is not None:
            self._await_record()
            return
        sel = self.menu.selected
        if sel is not None and isinstance(sel.value, int):
            self.chosen = sel.value
        if sel is not None and isinstance(sel.value, int) and (pyxel.btnp(pyxel.KEY_DELETE) or
                                                               pyxel.btnp(pyxel.GAMEPAD1_BUTTON_X)):
            my_games.forget(self.app.storage, self.entries[sel.value]["token"])
            self._build()
            return
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self._stop_asking()
            self.app.switch_to("network")
            return
        if res[0] == "select" and isinstance(res[1], int):
            self._stop_asking()
            open_game(self.app, self.entries[res[1]])
        elif res[0] == "select" and res[1] == "replay" and self.chosen is not None:
            self.replay(self.entries[self.chosen])

    def replay(self, entry: dict) -> None:
        """Ask the game's server for its record (given once the game is over, docs/protocol.md); a
        game in progress shows its stages so far instead, as everyone may see them."""
        if not entry.get("game"):
            self.say(t("net.games.not_started"))
            return
        if entry.get("status") != "over":
            self._leave()
            self.app.switch(StagesScene(self.app, entry))
            return
        self.fetching = (entry, Request(new_link(), entry["url"], {"type": "record", "game": entry["game"]}))
        self.say(t("net.asking"), error=False)

    def _await_record(self) -> None:
        entry, req = self.fetching
        if not req.update():
            return
        self.fetching = None
        end_link(req.link)
        if req.error is not None:
            code = req.error.get("code")
            if code == "not_over":          # it went on since it was last seen here
                self._leave()
                self.app.switch(StagesScene(self.app, entry))
                return
            self.say(t("net.refused", why=req.error.get("message", code)))
            return
        self.say("")
        self._leave()
        record = req.answer["record"]
        names = self.names.get(entry["token"]) or []
        players = (record.get("config") or {}).get("players", len(names))
        seats = [{"name": (names[p] if p < len(names) else "") or t(f"colour.{p}")} for p in range(players)]
        self.app.switch_to("replay", replay=record, seats=seats, back="net_games")

    def _picture(self) -> None:
        """Ask the chosen game's server for the table's picture of it, one game at a time."""
        if self.asking is not None:
            token, req = self.asking
            if req.update():
                self.asking = None
                end_link(req.link)
                state = (req.answer or {}).get("state")
                self.pictures[token] = self._board(state) if state else None
                if isinstance((req.answer or {}).get("names"), list):
                    self.names[token] = req.answer["names"]
            return
        if self.chosen is None:
            return
        entry = self.entries[self.chosen]
        if entry["token"] in self.pictures or not entry.get("game"):
            return
        self.asking = (entry["token"], Request(new_link(), entry["url"], {"type": "stage", "game": entry["game"]}))

    def _board(self, state: dict):
        from ...engine import Game
        from ..board_view import BoardView
        game = Game.from_json(state)
        x, y, w, h = self.PICTURE
        view = BoardView(game.board, x + 4, y + 4, w - 8, h - 8, scroll=False)
        return view, game.seat_view(-1)

    def _stop_asking(self) -> None:
        if self.asking is not None:
            end_link(self.asking[1].link)
            self.asking = None

    def _leave(self) -> None:
        """Before another screen: the pictures go now, on the drawing thread (see ``_Screen``)."""
        self._stop_asking()
        self.pictures.clear()
        gc.collect()

    def draw_more(self) -> None:
        font.text(60, 390, t("net.games.hint"), DARK_GREY, "small")
        if self.chosen is None:
            return
        x, y, w, h = self.PICTURE
        entry = self.entries[self.chosen]
        seat = entry.get("seat")
        pace = t("net.pace", pace=t("net.pace.post" if entry.get("pace") == "post" else "net.pace.live"))
        about = t("net.games.seat", name=entry.get("name", "?"),
                  colour=t(f"colour.{seat}") if isinstance(seat, int) and seat >= 0 else "?", pace=pace)
        font.text(x, y + h + 6, font.fit(about, w, "small"), BLACK, "small")
        box(x, y, w, h)
        picture = self.pictures.get(entry["token"])
        if picture is None:
            font.text(x + 8, y + 8, t("net.asking") if self.asking else t("net.games.no_picture"), DARK_GREY,
                      "small")
            return
        view, table = picture
        view.draw(table, blink=False)


class StagesScene(Scene):
    """The stages so far of a network game in progress, as everyone may see them (the server's
    ``stage``, docs/protocol.md): the board, the players and the log of the last decisions after
    any step, the picture a game master posts of each stage. Left/Right one step, Up/Down ten,
    Home the start, End the present; Esc back to My games. Each stage is asked of the server,
    one at a time, the last one wanted."""

    help_page = "net_stages"
    music = "game"

    def __init__(self, app, entry: dict) -> None:
        super().__init__(app)
        gc.collect()
        self.entry = entry
        self.step: int | None = None        # the stage shown
        self.steps: int | None = None       # the decisions so far
        self.want: int | None = None        # the stage asked for next (None: the present)
        self.asked = False
        self.names: list[str] = []
        self.game = None
        self.view = None
        self.lines: list[str] = []
        self.error = ""
        self.request: Request | None = None
        self._ask(None)

    def _ask(self, step: int | None) -> None:
        msg = {"type": "stage", "game": self.entry["game"]}
        if step is not None:
            msg["step"] = step
        self.request = Request(new_link(), self.entry["url"], msg)

    def update(self, ui) -> None:
        if self.request is not None and self.request.update():
            req, self.request = self.request, None
            end_link(req.link)
            if req.error is not None:
                self.error = t("net.refused", why=req.error.get("message", req.error.get("code")))
            else:
                self._show(req.answer)
        if ui.pressed(inp.BACK):
            if self.request is not None:
                end_link(self.request.link)
                self.request = None
            self.app.switch_to("net_games")
            return
        if self.steps is None:
            return
        moves = ((inp.RIGHT, 1), (inp.LEFT, -1), (inp.DOWN, 10), (inp.UP, -10))
        target = self.want if self.want is not None else self.step
        for cmd, d in moves:
            if ui.pressed(cmd):
                target += d
        if ui.click:        # the mouse: the right half of the screen on, the left half back
            target += 1 if ui.mouse_x >= 320 else -1
        if pyxel.btnp(pyxel.KEY_HOME):
            target = 0
        if pyxel.btnp(pyxel.KEY_END):
            target = self.steps
        target = max(0, min(self.steps, target))
        if target != self.step:
            self.want = target
        if self.request is None and self.want is not None and self.want != self.step:
            self._ask(self.want)

    def _show(self, got: dict) -> None:
        from ...engine import Game
        from ..board_view import BoardView
        self.error = ""
        self.step, self.steps = got["step"], got["steps"]
        if self.want == self.step:
            self.want = None
        game = Game.from_json(got["state"])
        if self.view is None:
            self.view = BoardView(game.board, 0, 0, 426, 390)
        self.game = game
        names = got.get("names") or []
        self.names = [(names[p] if p < len(names) else "") or t(f"colour.{p}") for p in range(game.config.players)]
        self.lines = ["; ".join(each) for each in log_lines.describe_each(got.get("events") or [],
                                                                          lambda q: self.names[q]) if each]

    def draw(self) -> None:
        pyxel.cls(BLUE)
        x, w = 428, 212
        box(x, 0, w, 84, t("net.stages.title"))
        foot = self.error or hint("net.stages.help", inp.device_in_use(self.app))
        if self.game is None:
            font.text(60, 200, t("net.asking"), BLACK)
        else:
            v = self.game.seat_view(-1)
            self.view.draw(v, blink=False)
            font.text(x + 8, 22, t("net.stages.pos", i=self.step, n=self.steps, turn=v.turn), BLACK, "small")
            font.text(x + 8, 34, font.fit(t("net.code", code=self.entry.get("code", "?")), w - 16, "small"),
                      BLACK, "small")
            if self.want is not None:
                font.text(x + 8, 46, t("net.stages.going", i=self.want), RED, "small")
            if not v.over and 0 <= v.decider < len(self.names):
                art.swatch(x + 8, 70, 8, 8, v.decider)
                font.text(x + 20, 69, font.fit(t("replay.step_of", name=self.names[v.decider]), w - 28, "small"),
                          BLACK, "small")
            boxes.replay_players(v, self.names, x, 86, w)
            sunken(2, 392, 422, 66)
            for i, line in enumerate(self.lines[-6:]):
                font.text(6, 395 + 10 * i, font.fit(line, 412, "small"), LIGHT_CYAN if i % 2 else WHITE, "small")
        pyxel.rect(0, 460, 640, 20, GREY)
        font.text(6, 464, font.fit(foot, 628, "small"), RED if self.error else BLACK, "small")


def open_game(app, entry: dict) -> None:
    """Take the seat of a My games entry again: its server started again if this window hosts it,
    then the waiting room (or at once the game, once the server has sent it)."""
    if entry.get("host_port"):
        from ..net.host import hosted
        hosted(app.storage, entry["host_port"])
    net = NetSeat(new_link(), entry["url"], game=entry.get("game"), token=entry["token"],
                  code=entry.get("code"), name=entry.get("name"))
    net.entry = dict(entry)
    net.start()
    app.switch_to("net_room", net=net, since_seq=entry.get("my_seq"))


class RoomScene(_Screen):
    """The waiting room: the seats with names, colours, computers and levels, who is connected;
    the host starts the game (or gives the open seats to computers). Once the game runs (or when
    a running game is opened again) the game screen takes over."""

    help_page = "net_room"
    heading = "net.room"

    def __init__(self, app, net: NetSeat, since_seq: int | None = None) -> None:
        self.net = net
        self.since_seq = since_seq
        self.past: list[dict] = []
        self.asked: list[int] = []
        self.shown = None
        super().__init__(app)

    @property
    def owner(self) -> str | None:
        return (getattr(self.net, "entry", None) or {}).get("owner")

    def _build(self) -> None:
        items = []
        table = self.net.table or {}
        if self.owner:
            filled = bool(table) and all(s.get("kind") != "open" for s in table.get("seats", []))
            items += [Item(t("net.room.start"), "start", "p", enabled=filled),
                      Item(t("net.room.computers"), "computers", "c")]
        items.append(Item(t("net.room.leave"), "back", "b"))
        index = self.menu.index if hasattr(self, "menu") else 0
        self.menu = Menu(items, x=60, y=300, w=520, index=index)

    def update(self, ui) -> None:
        net = self.net
        msgs = net.update()
        self.past.extend(msgs)
        for rid in list(self.asked):
            ans = net.answer(rid)
            if ans is not None:
                self.asked.remove(rid)
                if ans.get("type") == "error":
                    self.say(t("net.refused", why=ans.get("message", ans.get("code"))))
        entry = getattr(net, "entry", None)
        if entry is not None and net.game_id and entry.get("game") != net.game_id:
            entry["game"] = net.game_id
            my_games.keep(self.app.storage, entry)
        if net.status == REFUSED:
            self.say(t("net.refused", why=net.failure_text() or ""))
            if entry is not None and net.seq == 0:
                my_games.forget(self.app.storage, entry["token"])
        if net.seat_state is not None and (net.table or {}).get("status") in ("playing", "over"):
            session = NetSession(net, clock=getattr(self.app, "net_clock", time.time), past=self.past)
            since = session.lines_since(self.since_seq) if self.since_seq is not None and session.seat >= 0 else None
            self.app.switch_to("net_game", session=session, since=since)
            return
        shown = (str(net.table), net.status)
        if shown != self.shown:         # the menu anew only when the table changed (it keeps its cursor)
            self.shown = shown
            self._build()
        res = self.menu.handle(ui)
        if not res or res[0] != "select" and res[0] != "back":
            return
        if res[0] == "back" or res[1] == "back":
            net.stop()
            end_link(net.link)
            self.app.switch_to("title")
        elif res[1] == "start":
            self.asked.append(net.request({"type": "start", "game": net.game_id, "owner": self.owner}))
        elif res[1] == "computers":
            for p, s in enumerate((net.table or {}).get("seats", [])):
                if s.get("kind") == "open":
                    self.asked.append(net.request({"type": "seat", "game": net.game_id, "owner": self.owner,
                                                   "seat": p, "level": "normal"}))
        self.asked = [r for r in self.asked if r is not None]

    def draw_more(self) -> None:
        net = self.net
        table = net.table or {}
        entry = getattr(net, "entry", None) or {}
        code = table.get("code") or net.code or ""
        if code:
            font.text(60, 56, font.fit(t("net.room.address", url=entry.get("invite") or net.url), 520), BLACK)
            font.text(60, 72, t("net.code", code=code), RED, "bold")
        y = 96
        if net.status not in ("online", REFUSED):
            wait = net.seconds_to_retry()
            text = t("net.connecting") if wait is None else t("net.reconnecting_in", s=max(1, round(wait)))
            font.text(60, 280, text, RED)
        for p, s in enumerate(table.get("seats", [])):
            yy = y + 18 * p
            art.swatch(60, yy, 12, 12, p)
            kind = s.get("kind")
            if kind == "open":
                text = t("net.room.open")
            elif kind == "computer":
                text = t("level." + (s.get("level") or "normal"))
            else:
                here = t("net.room.online") if s.get("connected") else t("net.room.offline")
                text = f"{s.get('name') or t(f'colour.{p}')} ({here})"
            mark = "  <" if p == net.seat else ""
            font.text(80, yy + 1, font.fit(t(f"colour.{p}") + ": " + text + mark, 480), BLACK)
        if not self.owner and table.get("status") == "open":
            font.text(60, 280, t("net.room.waiting_owner"), DARK_GREY)
        if net.status == REFUSED:
            font.text(60, 280, font.fit(t("net.refused", why=net.failure_text() or ""), 520), RED)
