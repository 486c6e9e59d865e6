"""Playing whole games between players that choose actions (computer or
random), for the simulator, tournaments, the demo and tests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .engine import Game, GameConfig

MAX_DECISIONS = 100_000   # a safety net: no game of Catan needs this many


class StalledGame(RuntimeError):
    """A game that reached MAX_DECISIONS without a winner."""


class Match:
    """A game between players that choose actions, played a decision at a
    time: the one play loop of the simulator, tournaments, the editor's test
    game and the tests (``play`` runs one to the end). ``players[seat].choose(game)``
    decides; ``on_events(game, action, events)``, if given, sees each decision."""

    def __init__(self, game: Game, players: list, on_events=None) -> None:
        self.game = game
        self.players = players
        self.on_events = on_events
        self.decisions = 0

    def step(self) -> None:
        """One decision (``StalledGame`` past ``MAX_DECISIONS``)."""
        game = self.game
        if self.decisions >= MAX_DECISIONS:
            raise StalledGame(f"no winner after {self.decisions} decisions (seed {game.config.seed})")
        act = self.players[game.decider].choose(game)
        events = game.apply(act)
        if self.on_events is not None:
            self.on_events(game, act, events)
        self.decisions += 1


@dataclass
class MatchResult:
    game: Game
    decisions: int
    seconds: float
    decision_ms: dict[int, list[float]] = field(default_factory=dict)


def play(config: GameConfig, players: list, time_decisions: bool = False,
         on_events=None) -> MatchResult:
    """Play one game to the end (``Match``); with ``time_decisions`` each
    decision's milliseconds, by seat."""
    match = Match(Game(config), players, on_events)
    game = match.game
    times: dict[int, list[float]] = {seat: [] for seat in range(config.players)}
    start = time.perf_counter()
    while not game.over:
        if time_decisions:
            seat = game.decider
            t0 = time.perf_counter()
            match.step()
            times[seat].append((time.perf_counter() - t0) * 1000.0)
        else:
            match.step()
    return MatchResult(game, match.decisions, time.perf_counter() - start, times)


def play_random_game(task: tuple) -> MatchResult:
    """One game of random legal moves, all of it from ``(players, seed)`` or
    ``(players, seed, options)`` (more config options, e.g. a scenario) (for
    ``simulate``, one task of ``retrocatan.parallel.ordered_map``)."""
    from .ai.random_player import RandomPlayer
    from .engine.rng import derive_seed
    players, seed, *more = task
    return play(GameConfig(players=players, seed=seed, **(more[0] if more else {})),
                [RandomPlayer(derive_seed(seed, 7), s) for s in range(players)])
