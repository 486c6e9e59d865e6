"""A network game in progress stage by stage (``StagesScene``), from My
games: each stage is the server's ``stage`` answer (docs/protocol.md), the
game as every spectator may see it."""

from __future__ import annotations

import gc

import pyxel

from ...words.events import describe_each
from ...words.names import seat_name
from .. import art, boxes, font
from .. import input as inp
from ..net.links import end_link, new_link
from ..net.request import Request
from ..palette import BLACK, BLUE, GREY, LIGHT_CYAN, RED, WHITE
from ..text import hint, t
from ..widgets import box, sunken
from . import Scene

STAGE_SECONDS = 10.0        # a stage not answered by then: the server is said not to answer


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
        self.request = Request(new_link(), self.entry["url"], msg, timeout=STAGE_SECONDS)

    def update(self, ui) -> None:
        if self.request is not None and self.request.update():
            req, self.request = self.request, None
            end_link(req.link, wait=False)
            if req.error is not None and req.error.get("code") in ("closed", "timeout"):
                self.error = t("net.games.not_answering")
            elif req.error is not None:
                self.error = t("net.refused", why=req.error.get("message", req.error.get("code")))
            else:
                self._show(req.answer)
        if ui.pressed(inp.BACK):
            if self.request is not None:
                end_link(self.request.link, wait=False)
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
        if ui.key(inp.HOME):
            target = 0
        if ui.key(inp.END):
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
        seats = got.get("seats") or []
        self.names = [seat_name(p, seats[p] if p < len(seats) else {}) for p in range(game.config.players)]
        self.lines = ["; ".join(each) for each in describe_each(got.get("events") or [],
                                                                          lambda q: self.names[q]) if each]

    def draw(self) -> None:
        pyxel.cls(BLUE)
        x, w = 428, 212
        box(x, 0, w, 84, t("net.stages.title"))
        foot = self.error or hint("net.stages.help", inp.device_in_use(self.app))
        if self.game is None:
            font.text(60, 200, t("net.asking") if self.request is not None else "", BLACK)
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
