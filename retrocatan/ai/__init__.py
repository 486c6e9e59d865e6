"""Computer opponents. They read only the engine's ``PlayerView`` of their
own seat (``choose(view)``) and answer every decision with an ``Action``,
the same path as a person's. Levels: ``easy``, ``normal``, ``hard``, ``expert`` (Hard's plans checked by
look-ahead, ``expert.py``); ``random`` plays any
legal action (for tests and the simulator)."""

from __future__ import annotations

from . import seafarers  # noqa: F401  (the Seafarers layer's plan registers itself: layers.py)

LEVELS = ("easy", "normal", "hard", "expert")      # the levels a seat of the game may have
LEVEL_NAMES = LEVELS + ("random",)                  # every player ``make_player`` makes
SEAT_KINDS = ("human",) + LEVELS                    # a seat: a person or a computer of a level


def make_player(level: str, seed: int, seat: int, *, cpu_budget: float | None = None):
    """A computer player for ``seat`` whose choices come from its own
    generator, derived from the game's ``seed`` and the seat.
    ``cpu_budget``: the CPU seconds one decision may take (a server's
    bound; the Expert's look-ahead stops when they are spent and decides
    with what it has, the other levels decide far within any budget).
    None: no bound but the counted ones, so games replay on any machine."""
    if level == "random":
        from .random_player import RandomPlayer
        return RandomPlayer(seed, seat)
    if level == "expert":
        from .expert import ExpertPlayer
        return ExpertPlayer(seed, seat, cpu_budget=cpu_budget)
    from .planner import PlanningPlayer
    return PlanningPlayer(level, seed, seat)
