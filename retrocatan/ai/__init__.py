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


def make_player(level: str, seed: int, seat: int):
    """A computer player for ``seat`` whose choices come from its own
    generator, derived from the game's ``seed`` and the seat."""
    if level == "random":
        from .random_player import RandomPlayer
        return RandomPlayer(seed, seat)
    if level == "expert":
        from .expert import ExpertPlayer
        return ExpertPlayer(seed, seat)
    from .planner import PlanningPlayer
    return PlanningPlayer(level, seed, seat)
