"""The computer players a game may seat (``make_player``) and the names of
their levels."""

from __future__ import annotations

from ..seat_kinds import COMPUTER_LEVELS, LEVEL_NAMES, SEAT_KINDS  # noqa: F401  (the names of the levels)
from .expert import ExpertPlayer
from .planner import PlanningPlayer
from .random_player import RandomPlayer


def make_player(level: str, seed: int, seat: int, *, cpu_budget: float | None = None):
    """A computer player for ``seat`` whose choices come from its own
    generator, derived from the game's ``seed`` and the seat.
    ``cpu_budget``: the CPU seconds one decision may take (a server's
    bound; the Expert's look-ahead stops when they are spent and decides
    with what it has, the other levels decide far within any budget).
    None: no bound but the counted ones, so games replay on any machine."""
    if level == "random":
        return RandomPlayer(seed, seat)
    if level == "expert":
        return ExpertPlayer(seed, seat, cpu_budget=cpu_budget)
    return PlanningPlayer(level, seed, seat)
