"""A game being played at this machine: the engine game, who sits in each
seat (a person or a computer level), the log, the pace of computer turns,
and its saves. It shows the face every session shows the game screen
(``session_face.Session``). No Pyxel here: the scenes draw it, tests drive
it directly.

The front end changes the game only through ``submit`` (a person's
action) and ``tick`` (a computer's action), both of which go through
``Game.apply``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ai import make_player
from ..engine import Action, Game, GameConfig
from ..engine import actions as A
from ..engine.replay import PLAY_HASH_EVERY, GameRecord
from ..words.prompts import prompt
from . import saving
from .session_face import LOG_LINES, Session
from .text import t

HUMAN = "human"
# Frames a computer waits before each decision, per speed setting.
SPEED_DELAYS = (30, 12, 4, 0)
__all__ = ["HUMAN", "LOG_LINES", "SPEED_DELAYS", "GameSession", "SeatSpec"]


@dataclass
class SeatSpec:
    kind: str            # "human", "easy", "normal", "hard", "expert"
    name: str


@dataclass(eq=False)
class GameSession(Session):
    config: GameConfig
    seats: list[SeatSpec]
    speed: int = 1
    game: Game = field(init=False)

    resume: Game | None = None      # a game loaded from a save, to go on with
    record: GameRecord | None = None  # its record, as loaded (saves the session a replay)
    past_events: list[dict] | None = None  # the resumed game's events so far (its log is made from them)

    def __post_init__(self) -> None:
        Session.__init__(self)
        if len(self.seats) != self.config.players:
            raise ValueError("one seat per player")
        self.game = self.resume if self.resume is not None else Game(self.config)
        self.resume = None
        # The game's record (decisions, a state hash every PLAY_HASH_EVERY), for saves.
        rec = self.record
        if rec is None or len(rec) != len(self.game.history) or rec.hash_every != PLAY_HASH_EVERY:
            rec = GameRecord.of_game(self.game, PLAY_HASH_EVERY)
        rec.seats = self.seat_dicts()
        rec.follow(self.game)
        self.record = rec
        self.ai = {s: make_player(spec.kind, self.config.seed, s)
                   for s, spec in enumerate(self.seats) if spec.kind != HUMAN}
        self._wait = 0
        self._note_all(list(self.game.initial_events) + list(self.past_events or ()))
        self.past_events = None

    @property
    def hashes(self) -> GameRecord:
        """The record, as ``saves.make_save(..., hashes=)`` takes it."""
        return self.record

    @property
    def step(self) -> int:
        return len(self.game.history)

    def seat_dicts(self) -> list[dict]:
        return [{"kind": s.kind, "name": s.name} for s in self.seats]

    # --- who decides -------------------------------------------------------------
    def name(self, p: int) -> str:
        return self.seats[p].name if 0 <= p < len(self.seats) else "?"

    def is_human(self, p: int) -> bool:
        return 0 <= p < len(self.seats) and self.seats[p].kind == HUMAN

    def is_computer(self, p: int) -> bool:
        return 0 <= p < len(self.seats) and self.seats[p].kind != HUMAN

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s.kind == HUMAN]

    def waiting_for_human(self) -> bool:
        return not self.game.over and self.is_human(self.game.decider)

    # --- what each seat may know (the engine's view) -----------------------------------
    def view_of(self, p: int | None):
        """The engine's ``PlayerView`` of seat ``p`` (None: all cards open)."""
        return self.game.seat_view(p)

    @property
    def view(self):
        """The view the screen reads now: the deciding person's while a
        person decides, else the first person's (None: nobody's cards, all
        open, when only computers play)."""
        g = self.game
        if self.waiting_for_human():
            return g.seat_view(g.decider)
        humans = self.humans
        return g.seat_view(humans[0] if humans else None)

    def offers_made(self) -> list[Action]:
        """The deciding player's ``OFFER`` actions since the last turn ended."""
        game = self.game
        if game.decider != game.current:
            return []
        made = []
        for action in reversed(game.history):
            if action.kind == A.END:
                break
            if action.kind == A.OFFER:
                made.append(action)
        return made[::-1]

    # --- keeping it ---------------------------------------------------------------------
    def autosaver(self, storage) -> saving.Autosaver:
        return saving.Autosaver(storage, self)

    def finished(self, storage) -> str | None:
        """Kept with the finished games (the newest ``saves.MAX_FINISHED``); the autosave goes."""
        return saving.keep_finished(storage, self)

    # --- moving the game on ----------------------------------------------------------
    def submit(self, action) -> list[dict]:
        """A person's decision (raises IllegalAction, state untouched)."""
        events = self.game.apply(action)
        self._absorb(events)
        self._pass_empty_builds()
        self._wait = SPEED_DELAYS[self.speed]
        return events

    def tick(self, fast: bool = False) -> bool:
        """Let a computer decide when its wait is over; True if it did. A
        person's special build phase with nothing to build is passed at
        once (a ``pass`` submitted like theirs), here and after every
        decision (``_pass_empty_builds``)."""
        g = self.game
        if self.nothing_to_decide():
            self._absorb(g.apply(Action(A.PASS)))
            return True
        if g.over or self.is_human(g.decider):
            return False
        if self._wait > 0 and not fast:
            self._wait -= 1
            return False
        player = self.ai[g.decider]
        act = player.choose(g.seat_view(g.decider))
        self._absorb(g.apply(act))
        self._pass_empty_builds()
        self._wait = SPEED_DELAYS[self.speed]
        return True

    def _pass_empty_builds(self) -> None:
        """Pass every person's special build phase with nothing to build that
        the last decision opened, before the window draws again: no frame
        asks a person who can only pass."""
        while self.nothing_to_decide():
            self._absorb(self.game.apply(Action(A.PASS)))

    def _absorb(self, events: list[dict]) -> None:
        self.record.append(self.game)
        self.events.extend(events)
        self._note_all(events)

    # --- what the screen shows ---------------------------------------------------------
    def status(self) -> str:
        g = self.game
        if g.over:
            return prompt("over", {"player": g.winner}, self.name)
        p = g.decider
        if not self.is_human(p):
            return t("status.thinking", name=self.name(p))
        return prompt(*g.seat_view(p).prompt, self.name)
