"""What the game screen asks of the game being played, wherever it is played.

``Session`` is the one face that the game screen (``scenes/game.py``), its
prompts, the advisor and the game menu use. Two sessions show it, side by
side: ``ui/session.py``'s ``GameSession``, a game at this machine (its seats,
its computers, its saves), and ``ui/net/session.py``'s ``NetSession``, one
seat at a server's game (the server keeps the game; this machine decides for
its own seat only). A test plays the same game by keys through either one
(tests/sessions.py).

The face: the engine ``game`` as this machine knows it and ``step``, the
decisions made so far (a network seat knows the server's count, not the
decisions themselves); who sits where (``name``, ``is_human``: decided at
this machine, ``is_computer``: a computer decides, here or at the server);
what the screen may show (``view``, ``view_of``, ``status``, the ``log``
and the ``events`` still to animate); moving the game on (``submit``,
``tick``); what the advisor needs (``offers_made``); and how the game is
kept (``autosaver``, ``finished``). No Pyxel here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from ..engine import Action, Game, GameConfig, phases
from ..engine import actions as A
from ..words import events as event_words
from ..words.refusals import refusal_of

LOG_LINES = 200             # lines the log box keeps


class Session(ABC):
    """The game being played, as the game screen sees it; see the module docstring."""

    game: Game
    config: GameConfig          # the game's rules and board (``game.config``)
    speed: int = 1              # the computers' pace (``session.SPEED_DELAYS``); a network game's is the server's

    def __init__(self) -> None:
        self.log: list[str] = []
        self.events: list[dict] = []        # for animations and sounds, consumed by the screen
        self._giving_way: int | None = None    # the log's line that the next one replaces (``_note_all``)

    # --- the game ------------------------------------------------------------------------------------
    @property
    def layer(self) -> str:
        """The rules layer the game plays (its map's, ``Board.layer``): the
        window asks its parts for it (``ui/layers.py``)."""
        return self.game.board.layer

    @property
    @abstractmethod
    def step(self) -> int:
        """Decisions made in the game so far (the game screen sets up a person's prompts anew when it changes)."""

    # --- who decides -------------------------------------------------------------------------------
    @abstractmethod
    def name(self, p: int) -> str:
        """Seat ``p``'s name as the screen shows it."""

    @abstractmethod
    def is_human(self, p: int) -> bool:
        """Whether seat ``p`` decides at this machine, by a person."""

    @abstractmethod
    def is_computer(self, p: int) -> bool:
        """Whether a computer decides for seat ``p`` (at this machine or at the server)."""

    @property
    @abstractmethod
    def humans(self) -> list[int]:
        """The seats decided at this machine by people."""

    @abstractmethod
    def waiting_for_human(self) -> bool:
        """Whether a person at this machine decides now."""

    # --- what the screen shows -----------------------------------------------------------------------
    @property
    @abstractmethod
    def view(self):
        """The engine's ``PlayerView`` the screen reads now."""

    @abstractmethod
    def view_of(self, p: int | None):
        """The engine's ``PlayerView`` of seat ``p`` (None: every card open, where this machine may)."""

    @abstractmethod
    def status(self) -> str:
        """The status line."""

    @abstractmethod
    def seat_dicts(self) -> list[dict]:
        """Who sat where, as a save or a record names them (``kind``, ``name``)."""

    # --- moving the game on ----------------------------------------------------------------------------
    @abstractmethod
    def submit(self, action: Action) -> list[dict]:
        """A person's decision (raises ``IllegalAction``, nothing changed)."""

    @abstractmethod
    def tick(self, fast: bool = False) -> bool:
        """Called once a frame while no person here decides: a computer's move when its time
        came; True if the game moved on."""

    def nothing_to_decide(self) -> bool:
        """A person's special build phase in which passing is all they may do
        (nothing affordable): no need to ask them."""
        g = self.game
        if g.over or g.phase != phases.SPECIAL_BUILD or not self.is_human(g.decider):
            return False
        legal = g.seat_view(g.decider).legal
        return len(legal) == 1 and legal[0].kind == A.PASS

    @abstractmethod
    def offers_made(self) -> list[Action]:
        """The offers the deciding seat made in this turn (none while another's turn is on):
        the advisor counts them as its own, so an offer everyone declined is not advised again."""

    # --- keeping the game ------------------------------------------------------------------------------
    @abstractmethod
    def autosaver(self, storage):
        """What keeps the game after each decision: ``pending()``, ``after(urgent)`` (None, or why a
        write failed) and ``why`` (``saving.Autosaver`` at this machine)."""

    @abstractmethod
    def finished(self, storage) -> str | None:
        """The game was won: keep it for the replay viewer as this session may (None, or why not)."""

    # --- the log -------------------------------------------------------------------------------------
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
        self._cut_log()

    def _line(self, line: str) -> None:
        """One line onto the log that no event made (a chat line, a seat's news)."""
        self.log.append(line)
        self._noted([line], False)
        self._giving_way = None
        self._cut_log()

    def _cut_log(self) -> None:
        if len(self.log) > LOG_LINES:
            cut = len(self.log) - LOG_LINES
            del self.log[:cut]
            if self._giving_way is not None:
                self._giving_way -= cut

    def _noted(self, lines: list[str], replaced: bool) -> None:  # noqa: B027 (a hook; a local game needs none)
        """``lines`` went onto the log (``replaced``: in place of its last line, which gave way)."""

    def describe_lines(self, ev: dict) -> list[str]:
        """The log's lines for an event, hiding what the table may not see."""
        return event_words.describe(ev, self.name)

    def describe(self, ev: dict) -> str | None:
        """The event's log lines as one line (None: nothing to say)."""
        return "; ".join(self.describe_lines(ev)) or None

    def refusal(self, exc) -> str:
        """An ``IllegalAction`` in the current language."""
        return refusal_of(exc, self.name)

    def dev_cards_of(self, p: int) -> list[tuple[str, int, int]]:
        """(card name, held, of them bought this turn) for player ``p``."""
        return self.game.seat_view(p).dev_cards_of(p)
