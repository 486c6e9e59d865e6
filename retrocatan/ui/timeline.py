"""A recorded game as a timeline for the replay viewer: the state after any
decision, from state snapshots (no history) taken along the one replay and
replayed forward from the nearest one. Memory grows linearly with the game's
length: at most ``MAX_SNAPSHOTS`` snapshots."""

from __future__ import annotations

from bisect import bisect_right

from ..engine import Game
from ..engine.replay import GameRecord, Replayer, bare_copy

SNAPSHOT_EVERY = 25
MAX_SNAPSHOTS = 2000        # longer games take a snapshot less often


class ReplayTimeline:
    """The states of a recorded game, reachable in any order (no Pyxel).

    The record is replayed once; the timeline keeps the decisions and a
    snapshot of the state (no history) every ``every`` decisions, and
    replays forward from the nearest one: memory grows linearly with the
    game's length, by a few kilobytes per snapshot. Built at once, or
    decision by decision as ``note`` from a ``Replayer`` (a loading save)."""

    def __init__(self, replay, build: bool = True) -> None:
        self.record = replay if isinstance(replay, GameRecord) else GameRecord.from_json(replay)
        self.config = self.record.config
        self.actions: list = []
        self.error = ""
        n = len(self.record)
        self.every = max(SNAPSHOT_EVERY, -(-n // MAX_SNAPSHOTS))
        start = Game(self.config)
        self.snapshots: dict[int, Game] = {0: bare_copy(start)}
        self.turn_starts = [0]       # step at which each turn (from turn 1) begins
        self._last_turn = start.seat_view(None).turn
        self.length = 0
        if build:
            self.finish(Replayer(self.record, sample=None, on_step=self.note).run())

    def note(self, i: int, game: Game, act, events) -> None:
        """Decision ``i`` was just applied to ``game``."""
        self.actions.append(act)
        turn = game.seat_view(None).turn
        if turn != self._last_turn:
            self._last_turn = turn
            self.turn_starts.append(i)
        if i % self.every == 0:
            self.snapshots[i] = bare_copy(game)

    def finish(self, verdict) -> None:
        if verdict.refused:
            self.error = verdict.message
        self.length = len(self.actions)

    def state_at(self, i: int) -> tuple[Game, list[dict]]:
        """The game after ``i`` decisions, and the events of the last few."""
        i = max(0, min(self.length, i))
        base = i - i % self.every
        game = bare_copy(self.snapshots[base])
        events: list[dict] = []
        for k in range(base, i):
            ev = game.apply(self.actions[k])
            if k >= i - 8:
                events.extend(ev)
        return game, events

    def turn_of(self, i: int) -> int:
        return max(0, bisect_right(self.turn_starts, i) - 1)
