"""The replay viewer: a recorded game on the board, step by step.

Space (A) plays or pauses, Left/Right (d-pad) step one decision, Up/Down
jump a whole turn, digits then Enter jump to turn N, + and - (or P/M,
shoulders) the speed, Tab (Back/Select) the view: all cards open or as any
one player, Esc back. The box shows the dice of the turn and whose
decision the next step is. Drawn from the ``PlayerView`` of the view chosen.
Stepping back replays from the nearest snapshot, so every position is the
exact state the engine reaches from the recorded decisions. A network game's
record names its computers by colour and level ("Red (Hard)"), and the log
says where a seat's clock ran out and what the computer did for it ("Jürgen's
time ran out: the computer built a road").
"""

from __future__ import annotations

import pyxel

from ...words.actions import clock_move
from ...words.events import describe_each
from ...words.names import computer_name
from .. import art, font
from .. import input as inp
from ..board_view import BoardView, MapScroll
from ..boxes import replay_players
from ..palette import BLACK, BLUE, GREY, LIGHT_CYAN, RED, WHITE
from ..text import hint, t
from ..timeline import MAX_SNAPSHOTS, SNAPSHOT_EVERY, ReplayTimeline  # noqa: F401  (re-exported)
from ..widgets import box, sunken
from . import Scene

SPEEDS = (30, 15, 6, 2)     # frames per step while playing


class ReplayScene(Scene):
    help_page = "replay"
    music = "game"

    def __init__(self, app, replay, seats: list[dict] | None = None, back: str = "title") -> None:
        """``replay``: replay JSON, a ``GameRecord`` or a built ``ReplayTimeline``; ``back``: the
        screen Esc goes back to."""
        super().__init__(app)
        self.back = back
        self.timeline = replay if isinstance(replay, ReplayTimeline) else ReplayTimeline(replay)
        n = self.timeline.config.players
        seats = seats or self.timeline.record.seats
        self.names = [s["name"] for s in seats] if seats and len(seats) == n else [t(f"colour.{p}") for p in range(n)]
        kept = replay.get("seats") if isinstance(replay, dict) else None      # a server's record: its seats
        if isinstance(kept, list) and len(kept) == n:
            self.names = [computer_name(p, s.get("level") or "normal")
                          if isinstance(s, dict) and s.get("kind") == "computer" else self.names[p]
                          for p, s in enumerate(kept)]
        self.by = self.timeline.record.by       # who made each decision (a server's record), or None
        self.clock_note: tuple[str, int] | None = None      # the clock's line and the last step's events
        self.index = 0
        self.playing = False
        self.speed = 1
        self.viewer: int | None = None
        self.frame = 0
        self.typed = ""
        self.game, self.events = self.timeline.state_at(0)
        self.view = BoardView(self.game.board, 0, 0, 426, 390)
        self.map_scroll = MapScroll(self.view)      # a big map scrolls; O shows it whole

    def goto(self, i: int) -> None:
        self.index = max(0, min(self.timeline.length, i))
        self.game, self.events = self.timeline.state_at(self.index)
        self.clock_note = None
        k = self.index - 1
        if self.by is not None and 0 <= k < len(self.by) and self.by[k] == "clock":
            before, _ = self.timeline.state_at(k)
            decider = before.decider
            last = before.apply(self.timeline.actions[k])
            self.clock_note = (clock_move(self.names[decider], str(self.timeline.actions[k])), len(last))

    def update(self, ui) -> None:
        self.frame += 1
        self.map_scroll.update(ui)
        tl = self.timeline
        for d in "0123456789":
            if ui.char(d):
                self.typed = (self.typed + d)[-4:]
        if ui.pressed(inp.BACK):
            if self.typed:
                self.typed = ""
                return
            self.app.switch_to(self.back)
            return
        if ui.pressed(inp.OK) or ui.click:
            if self.typed:
                turn = int(self.typed)
                self.typed = ""
                starts = tl.turn_starts
                self.goto(starts[min(turn, len(starts) - 1)])
            else:
                self.playing = not self.playing
        if ui.pressed(inp.RIGHT):
            self.goto(self.index + 1)
        if ui.pressed(inp.LEFT):
            self.goto(self.index - 1)
        if ui.pressed(inp.DOWN):
            turn = tl.turn_of(self.index)
            self.goto(tl.turn_starts[min(turn + 1, len(tl.turn_starts) - 1)])
        if ui.pressed(inp.UP):
            turn = tl.turn_of(self.index)
            start = tl.turn_starts[turn]
            self.goto(tl.turn_starts[max(0, turn - 1)] if self.index == start else start)
        if ui.pressed(inp.TAB) or ui.char("v"):
            n = tl.config.players
            self.viewer = 0 if self.viewer is None else (None if self.viewer + 1 >= n else self.viewer + 1)
        if ui.pressed(inp.PAD_R) or ui.char("p") or ui.key(inp.PLUS):
            self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        if ui.pressed(inp.PAD_L) or ui.char("m") or ui.key(inp.MINUS):
            self.speed = max(0, self.speed - 1)
        if self.playing and self.frame % SPEEDS[self.speed] == 0:
            if self.index < tl.length:
                self.goto(self.index + 1)
            else:
                self.playing = False

    def draw(self) -> None:
        pyxel.cls(BLUE)
        v = self.game.seat_view(self.viewer)
        self.view.draw(v)
        self.map_scroll.draw(inp.device_in_use(self.app), self.frame)
        tl = self.timeline
        x, w = 428, 212
        box(x, 0, w, 84, t("replay.title"))
        font.text(x + 8, 22, t("replay.pos", i=self.index, n=tl.length, turn=v.turn), BLACK, "small")
        who = t("replay.view_all") if self.viewer is None else self.names[self.viewer]
        font.text(x + 8, 34, t("replay.view", who=who), BLACK, "small")
        state = ">" if self.playing else "||"
        font.text(x + 8, 46, f"{state}  x{self.speed + 1}", RED if self.playing else BLACK, "small")
        if self.typed:
            font.text(x + 100, 46, t("replay.jump", n=self.typed), BLUE, "small")
        dice = t("replay.dice", a=v.dice[0], b=v.dice[1], total=sum(v.dice)) if v.dice else t("replay.no_dice")
        font.text(x + 8, 58, dice, BLACK, "small")
        if not v.over and 0 <= v.decider < len(self.names):
            art.swatch(x + 8, 70, 8, 8, v.decider)
            font.text(x + 20, 69, font.fit(t("replay.step_of", name=self.names[v.decider]), w - 28, "small"),
                      BLACK, "small")
        replay_players(v, self.names, x, 86, w)
        sunken(2, 392, 422, 66)
        # The log as the chosen view may read it (all open: every secret; a player: theirs).
        each = describe_each(self.events, lambda q: self.names[q], self.viewer, table=self.viewer is not None)
        if self.clock_note is not None:      # before the lines of the decision the clock made
            note, n = self.clock_note
            each = each[:len(each) - n] + [[note]] + each[len(each) - n:]
        lines = ["; ".join(rows) for rows in each if rows]
        for i, line in enumerate(lines[-6:]):
            font.text(6, 395 + 10 * i, font.fit(line, 412, "small"), LIGHT_CYAN if i % 2 else WHITE, "small")
        pyxel.rect(0, 460, 640, 20, GREY)
        msg = tl.error or hint("replay.help", inp.device_in_use(self.app))
        font.text(6, 464, font.fit(msg, 628, "small"), RED if tl.error else BLACK, "small")
