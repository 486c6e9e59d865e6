"""The Expert's part of each rules layer (``layers.py`` says how parts
work): ``ExpertPlan`` is the base game's, where the Expert plays by its own
figures, its own turn is its search (``expert.py``) and its founding plays
Hard's best ``FOUND_CANDIDATES`` corners out; a layer's package subclasses
it (``ai/seafarers/expert.py``). Its methods get the Expert's context
(``expert.ExpertContext``: its planner, look-ahead and trading), never the
player.
"""

from __future__ import annotations

FOUND_CANDIDATES = 16   # founding: Hard's best corners played out to the end of the founding


class ExpertPlan:
    """The Expert on the base game."""

    #: kinds of Hard's choice that stand unless a point can be built instead (a voyage going on)
    voyage_kinds: frozenset = frozenset()

    def figures(self, view, figures):
        """The figures (a ``Level``) the Expert plays by on the map ``view``
        shows, given its own ``figures``: on the base game, those."""
        return figures

    def found_widths(self, view) -> tuple[int, int]:
        """(corners searched for its own second settlement in each playout
        of its first, 0: Hard's choice; corners played out)."""
        return 0, FOUND_CANDIDATES

    def found_worths(self, ctx, seat, legal) -> dict:
        """Corner -> Hard's founding worth, by which the candidates are ranked."""
        corners = ctx.planner.corners
        return {a.place: corners.value(seat, a.place, founding=True) for a in legal}

    def found_value(self, ctx, seat, c: int, worth: float, v: float) -> float:
        """``v``, the position's value at the end of a playout of corner
        ``c`` (of Hard's founding worth ``worth``), with what the layer adds."""
        return v

    def turn(self, ctx, view):
        """The Expert's action in its turn where the layer decides it (None:
        the base game's search decides)."""
        return None
