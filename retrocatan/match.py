"""Playing whole games between players that choose actions (computer or
random), for the simulator, tournaments, the demo and tests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .engine import Game, GameConfig

MAX_DECISIONS = 100_000   # a safety net: no game of Catan needs this many


class StalledGame(RuntimeError):
    """A game that reached MAX_DECISIONS without a winner."""


@dataclass
class MatchResult:
    game: Game
    decisions: int
    seconds: float
    decision_ms: dict[int, list[float]] = field(default_factory=dict)


def play(config: GameConfig, players: list, time_decisions: bool = False,
         on_events=None) -> MatchResult:
    """Play one game to the end; ``players[seat].choose(game)`` decides."""
    game = Game(config)
    times: dict[int, list[float]] = {seat: [] for seat in range(config.players)}
    start = time.perf_counter()
    n = 0
    while not game.over:
        if n >= MAX_DECISIONS:
            raise StalledGame(f"no winner after {n} decisions (seed {config.seed})")
        seat = game.decider
        if time_decisions:
            t0 = time.perf_counter()
            act = players[seat].choose(game)
            times[seat].append((time.perf_counter() - t0) * 1000.0)
        else:
            act = players[seat].choose(game)
        events = game.apply(act)
        if on_events is not None:
            on_events(game, act, events)
        n += 1
    return MatchResult(game, n, time.perf_counter() - start, times)


def play_random_game(task: tuple) -> MatchResult:
    """One game of random legal moves, all of it from ``(players, seed)`` or
    ``(players, seed, options)`` (more config options, e.g. a scenario) (for
    ``simulate``, one task of ``retrocatan.parallel.ordered_map``)."""
    from .ai.random_player import RandomPlayer
    from .engine.rng import derive_seed
    players, seed, *more = task
    return play(GameConfig(players=players, seed=seed, **(more[0] if more else {})),
                [RandomPlayer(derive_seed(seed, 7), s) for s in range(players)])
