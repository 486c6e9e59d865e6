"""The decisions a table makes itself: a computer seat's move after its pause,
and a person's decision when its clock ran out (docs/server.md, "Paces and
clocks", "Computers").

A table's ``Computers`` makes each due decision either by thinking here
(``run`` without ``ask``: tests and tools) or by asking the server's pool of
worker processes (``pool.py``) with an ``Ask`` and stopping until its answer
comes (``answer``). It reads the table only through its public face (the
game, its data, its pace) and changes it only through ``Table.record_move``
and ``Table.missed_turn``.
"""

from __future__ import annotations

import hashlib

from ..ai import make_player
from ..engine.actions import ActionSyntaxError, parse_action
from ..engine.errors import IllegalAction
from .meta import DeadlineKind, SeatKind, Status
from .pool import Ask

TURN_END_MAX = 40           # decisions a clock may make to end one turn (the rules require fewer)


class Computers:
    """The computers that play for a table's seats: its computer seats, and the one that
    acts for a person whose clock ran out or who is away."""

    def __init__(self, table) -> None:
        self.table = table
        self.players: dict[int, object] = {}    # seat -> its computer player (decisions thought here)
        self.memories: dict[int, bytes] = {}    # seat -> its computer's memory (decisions asked of the pool)
        self.thinking: Ask | None = None        # the decision asked of the pool, awaiting its answer
        self.ending: tuple | None = None        # (seat, turn, decisions made): a clock is ending that turn

    @property
    def ending_now(self) -> bool:
        """A clock is ending a turn and its next decision is not awaited from the pool."""
        return self.ending is not None and self.thinking is None

    def forget(self, seat: int) -> None:
        """The seat's person took it or is back: its computer stops, and no answer of it counts."""
        self.players.pop(seat, None)
        self.memories.pop(seat, None)
        if self.thinking is not None and self.thinking.seat == seat:
            self.thinking = None

    def stop(self) -> None:
        """The game ends: nothing is awaited any more."""
        self.thinking = self.ending = None

    def run(self, limit: int, ask=None) -> int:
        """Every automatic decision due now (at most ``limit``); with ``ask`` (``ask(Ask)``: the
        hub's way to the pool) one that needs thought is asked and this stops."""
        t, made = self.table, 0
        while made < limit and t.status == Status.PLAYING:
            g = t.game
            if self._awaits():
                break
            if self.ending is not None:
                n, waiting = self._pass_turn(self.ending[0], ask)
                made += n
                if waiting:
                    break
                continue
            d = t.meta.deadline
            if not d or d.at > t.clock.now():
                break
            p = d.seat
            if g.decider != p:          # stale (should not happen): set it anew
                t.set_deadline()
                continue
            if d.kind == DeadlineKind.TURN:
                n, waiting = self._pass_turn(p, ask)
                made += n
                if waiting:
                    break
                continue
            if d.kind == DeadlineKind.COMPUTER:
                moved = self._move(p, "computer", ask=ask)
            else:
                moved = self._move(p, "clock", decline=d.kind == DeadlineKind.OFFER, ask=ask)
            if not moved:
                break
            made += 1
        return made

    def answer(self, ask: Ask, got) -> int | None:
        """The pool's answer to ``ask`` (``pool.Answer``; None: the computer failed, and a
        legal action is taken without thought), applied as a person's act at the step it was
        asked for: the entry's number, or None if it came too late (the game moved on, the
        seat's person is back) and changed nothing."""
        if ask is not self.thinking:
            return None
        self.thinking = None
        t = self.table
        g, p = t.game, ask.seat
        if g is None or g.over or t.status != Status.PLAYING or len(g.history) != ask.step or g.decider != p:
            return None
        events = None
        if got is not None:
            try:
                action = parse_action(got.action)
                events = g.apply(action)
            except (ActionSyntaxError, IllegalAction):
                events = None
            else:
                self.memories[p] = got.memory
        if events is None:
            action = self._without_thought(p)
            events = g.apply(action)
        return t.record_move(p, str(action), ask.by, events)

    # --- one decision -----------------------------------------------------------------------------------------
    def _awaits(self) -> bool:
        """The pending decision has been asked of the pool and its answer is awaited."""
        a, g = self.thinking, self.table.game
        return a is not None and a.step == len(g.history) and a.seat == g.decider

    def _level(self, p: int) -> str:
        t = self.table
        s = t.meta.seats[p]
        return s.level if s.kind == SeatKind.COMPUTER else t.pace.takeover

    def _move(self, p: int, by: str, decline: bool = False, end: bool = False, ask=None) -> bool:
        """Seat ``p``'s pending decision made by a computer; False if it was asked of the pool."""
        t = self.table
        g = t.game
        view = g.seat_view(p)
        legal = view.legal
        action = None
        if decline:
            action = next((a for a in legal if a.kind == "decline"), None)
        if end and action is None:
            action = next((a for a in legal if a.kind in ("end", "pass")), None)
        if action is None and ask is not None:
            if len(legal) != 1:
                if not self._awaits():
                    self.thinking = Ask(t.id, p, len(g.history), self._level(p), self._seed(), by,
                                        g.to_json(), self.memories.get(p))
                    ask(self.thinking)
                return False
            action = legal[0]                   # nothing to think over
        if action is None:
            player = self.players.get(p)
            if player is None:
                player = self.players[p] = make_player(self._level(p), t.config.seed, p)
            action = player.choose(view)
        events = g.apply(action)
        t.record_move(p, str(action), by, events)
        return True

    def _without_thought(self, p: int):
        """A legal action for ``p`` when its computer failed: the end, a pass or a decline if one
        is legal, else a random one."""
        view = self.table.game.seat_view(p)
        for kind in ("end", "pass", "decline"):
            for a in view.legal:
                if a.kind == kind:
                    return a
        return make_player("random", self._seed(), p).choose(view)

    def _seed(self) -> int:
        """The seed of the pool's computers at this table, drawn from the game's (kept secret)."""
        digest = hashlib.sha256(f"computers {self.table.config.seed}".encode("ascii")).digest()
        return int.from_bytes(digest[:8], "big") >> 1

    def _pass_turn(self, p: int, ask=None) -> tuple[int, bool]:
        """A turn's clock ran out: the computer ends the turn, making every decision the rules
        require first, then the table counts a missed turn. Returns the decisions made and
        whether one was asked of the pool (the turn's end goes on when its answer comes)."""
        t = self.table
        g = t.game
        turn = g.state.turn
        if self.ending is None or self.ending[:2] != (p, turn):
            self.ending = (p, turn, 0)
        made = self.ending[2]
        n = 0
        while t.status == Status.PLAYING and g.decider == p and g.state.turn == turn and made < TURN_END_MAX:
            if not self._move(p, "clock", end=True, ask=ask):
                self.ending = (p, turn, made)
                return n, True
            made += 1
            n += 1
        self.ending = None
        t.missed_turn(p, turn)
        return max(n, 1), False
