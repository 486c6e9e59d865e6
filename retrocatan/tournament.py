"""Tournaments between computer players: seats rotated between games, win
rates with confidence intervals, and decision times per level."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .ai import make_player
from .engine import GameConfig
from .match import play
from .parallel import ordered_map


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]


@dataclass
class TournamentResult:
    levels: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    turns: int = 0
    turn_counts: list[int] = field(default_factory=list)     # each game's turns, in game order
    times: dict[str, list[float]] = field(default_factory=dict)

    def summary(self) -> dict:
        seats = []
        for level, w in zip(self.levels, self.wins):
            lo, hi = wilson(w, self.games)
            seats.append({"level": level, "wins": w, "win_rate": round(w / max(1, self.games), 4),
                          "ci95": [round(lo, 4), round(hi, 4)]})
        decision = {}
        for level, ts in self.times.items():
            ts = sorted(ts)
            decision[level] = {"p50": round(percentile(ts, 0.5), 3), "p95": round(percentile(ts, 0.95), 3),
                               "max": round(ts[-1] if ts else 0.0, 3), "decisions": len(ts)}
        return {"games": self.games, "mean_turns": round(self.turns / max(1, self.games), 2), "seats": seats,
                "decision_ms": decision}


def play_seated_game(task: tuple) -> tuple[int, int, dict[int, list[float]]]:
    """Game ``i`` of a tournament, all of it from ``(levels, i, seed, options)``:
    the winning entry, the turns, and each entry's decision times (ms)."""
    levels, i, seed, options = task
    n = len(levels)
    game_seed = (seed + i) % 2**63
    cfg = GameConfig(players=n, seed=game_seed, **(options or {}))
    entry_of_seat = [(s + i) % n for s in range(n)]
    players = [make_player(levels[entry_of_seat[s]], game_seed, s) for s in range(n)]
    res = play(cfg, players, time_decisions=True)
    return (entry_of_seat[res.game.winner], res.game.state.turn,
            {entry_of_seat[s]: ts for s, ts in res.decision_ms.items()})


def run(levels: list[str], games: int, seed: int, options: dict | None = None, progress=None,
        jobs: int = 1) -> TournamentResult:
    """Play ``games`` games; in game ``i`` seat ``s`` is played by entry
    ``(s + i) % players`` of ``levels``, so every entry sits everywhere.
    ``jobs`` worker processes share the games; the result (but for the
    decision times, which are measured) is the same for any ``jobs``."""
    n = len(levels)
    result = TournamentResult(levels=list(levels), wins=[0] * n)
    tasks = [(list(levels), i, seed, options) for i in range(games)]
    for i, (winner, turns, times) in enumerate(ordered_map(play_seated_game, tasks, jobs)):
        result.games += 1
        result.wins[winner] += 1
        result.turns += turns
        result.turn_counts.append(turns)
        for entry, ts in times.items():                  # in seat order, as measured
            result.times.setdefault(levels[entry], []).extend(ts)
        if progress is not None:
            progress(i + 1)
    return result
