"""A game being played in the window: the engine game, who sits in each
seat (a person or a computer level), the log, and the pace of computer
turns. No Pyxel here: the scenes draw it, tests drive it directly.

The front end changes the game only through ``submit`` (a person's
action) and ``tick`` (a computer's action), both of which go through
``Game.apply``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ai import make_player
from ..engine import Action, Game, GameConfig, phases
from ..engine import actions as A
from ..engine.replay import PLAY_HASH_EVERY, GameRecord
from ..words import events as event_words
from ..words.prompts import prompt
from ..words.refusals import refusal_of
from .text import t

HUMAN = "human"
# Frames a computer waits before each decision, per speed setting.
SPEED_DELAYS = (30, 12, 4, 0)
LOG_LINES = 200


@dataclass
class SeatSpec:
    kind: str            # "human", "easy", "normal", "hard", "expert"
    name: str


@dataclass
class GameSession:
    config: GameConfig
    seats: list[SeatSpec]
    speed: int = 1
    game: Game = field(init=False)
    log: list[str] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)   # for animations and sounds, consumed by the UI

    resume: Game | None = None      # a game loaded from a save, to go on with
    record: GameRecord | None = None  # its record, as loaded (saves the session a replay)
    past_events: list[dict] | None = None  # the resumed game's events so far (its log is made from them)

    def __post_init__(self) -> None:
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
        self._giving_way: int | None = None    # the log's line that the next one replaces (``_note_all``)
        self._note_all(list(self.game.initial_events) + list(self.past_events or ()))
        self.past_events = None

    @property
    def hashes(self) -> GameRecord:
        """The record, as ``saves.make_save(..., hashes=)`` takes it."""
        return self.record

    def seat_dicts(self) -> list[dict]:
        return [{"kind": s.kind, "name": s.name} for s in self.seats]

    @property
    def layer(self) -> str:
        """The rules layer the game plays (its map's, ``Board.layer``): the
        window asks its parts for it (``ui/layers.py``)."""
        return self.game.board.layer

    # --- who decides -------------------------------------------------------------
    def name(self, p: int) -> str:
        return self.seats[p].name if 0 <= p < len(self.seats) else "?"

    def is_human(self, p: int) -> bool:
        return 0 <= p < len(self.seats) and self.seats[p].kind == HUMAN

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

    # --- moving the game on ----------------------------------------------------------
    def submit(self, action) -> list[dict]:
        """A person's decision (raises IllegalAction, state untouched)."""
        events = self.game.apply(action)
        self._absorb(events)
        self._pass_empty_builds()
        self._wait = SPEED_DELAYS[self.speed]
        return events

    def nothing_to_decide(self) -> bool:
        """A person's special build phase in which passing is all they may do
        (nothing affordable): no need to ask them."""
        g = self.game
        if g.over or g.phase != phases.SPECIAL_BUILD or not self.is_human(g.decider):
            return False
        legal = g.seat_view(g.decider).legal
        return len(legal) == 1 and legal[0].kind == A.PASS

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

    # --- the log -----------------------------------------------------------------------
    def _note_all(self, events: list[dict]) -> None:
        """The events' lines onto the log (secrets only for who knows them).
        A line that gives way (``event_words.GIVES_WAY``) and is still the
        last when the next line comes is replaced by it."""
        for ev, lines in zip(events, event_words.log_each(events, self.name)):
            if not lines:
                continue
            replaced = self._giving_way is not None and self._giving_way == len(self.log) - 1
            if replaced:
                self.log.pop()
            self.log.extend(lines)
            self._noted(lines, replaced)
            self._giving_way = len(self.log) - 1 if ev["type"] in event_words.GIVES_WAY else None
        if len(self.log) > LOG_LINES:
            cut = len(self.log) - LOG_LINES
            del self.log[:cut]
            if self._giving_way is not None:
                self._giving_way -= cut

    def _noted(self, lines: list[str], replaced: bool) -> None:
        """``lines`` went onto the log (``replaced``: in place of its last line, which gave way)."""

    def describe_lines(self, ev: dict) -> list[str]:
        """The log's lines for an event, hiding what the table may not see."""
        return event_words.describe(ev, self.name)

    def describe(self, ev: dict) -> str | None:
        """The event's log lines as one line (None: nothing to say)."""
        return "; ".join(self.describe_lines(ev)) or None

    # --- what the screen shows ---------------------------------------------------------
    def status(self) -> str:
        g = self.game
        if g.over:
            return prompt("over", {"player": g.winner}, self.name)
        p = g.decider
        if not self.is_human(p):
            return t("status.thinking", name=self.name(p))
        return prompt(*g.seat_view(p).prompt, self.name)

    def refusal(self, exc) -> str:
        """An ``IllegalAction`` in the current language."""
        return refusal_of(exc, self.name)

    def dev_cards_of(self, p: int) -> list[tuple[str, int, int]]:
        """(card name, held, of them bought this turn) for player ``p``."""
        return self.game.seat_view(p).dev_cards_of(p)
