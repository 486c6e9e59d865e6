"""My games: every game this machine holds a seat's token for (its board,
whose turn, the time left), opened to play on; a finished one in the replay
viewer, a game in progress its stages so far (``StagesScene``)."""


import gc
import time

import pyxel

from ...words.events import describe_each
from .. import art, boxes, font
from .. import input as inp
from ..net import games as my_games
from ..net.links import end_link, new_link
from ..net.request import Request
from ..net.seat import NetSeat
from ..net.session import clock_text
from ..palette import BLACK, BLUE, DARK_GREY, GREY, LIGHT_CYAN, RED, WHITE
from ..text import hint, t
from ..widgets import Item, Menu, box, sunken
from . import Scene
from .network import NetScreen


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


class GamesScene(NetScreen):
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
        view = BoardView(game.board, x + 4, y + 4, w - 8, h - 8, scroll=False, thumbnail=True)
        return view, game.seat_view(-1)

    def _stop_asking(self) -> None:
        if self.asking is not None:
            end_link(self.asking[1].link)
            self.asking = None

    def _leave(self) -> None:
        """Before another screen: the pictures go now, on the drawing thread (see ``NetScreen``)."""
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
        self.lines = ["; ".join(each) for each in describe_each(got.get("events") or [],
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
