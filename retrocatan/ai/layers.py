"""The computer players' part of each rules layer (docs/engine.md has the
engine's, ``ui/layers.py`` the window's).

What a computer player weighs differently on a layer's map comes from the
layer's *parts*: a generic module declares a part, a class whose methods
are the base game's (``MapPlan`` here, the planner's: nothing at sea;
``expert_plan.ExpertPlan``, the Expert's); a layer's package
(``ai/seafarers/``) subclasses it and registers the subclass under the
layer's name (``Board.layer``, ``Rules.name``)::

    @layer_part("seafarers")
    class SeaPlan(MapPlan): ...

Generic code asks for the part of the map it plays and never tests the
layer itself::

    plan_for(seat.board).reroute(planner, seat, legal)
    part_for(ExpertPlan, view.board).turn(expert, view)

A part holds no state (one object per part and layer, like the engine's
``Rules``). Each method gets a declared context and what it decides from,
never the player: a ``MapPlan`` method the ``planner.Planner`` it plans
for (its level's ``figures``, ``memory`` of the turn and ``tables``, and
its parts ``judge``, ``corners``, ``goals``, ``trader``, ``cards``, each
asked through its public methods); an ``ExpertPlan`` method the Expert's
``expert.ExpertContext``. The layer packages register themselves when
``retrocatan.ai`` is imported (``ai/__init__.py``).
"""

from __future__ import annotations

from typing import TypeVar

from ..engine import actions as A
from ..engine.layers import Parts

T = TypeVar("T", bound=type)
P = TypeVar("P")

_PARTS = Parts()                  # the layers' packages register when ``retrocatan.ai`` is imported
_ONE: dict[tuple[type, str], object] = {}


class MapPlan:
    """The base game's plan: no ships, no gold, no pirate, no island bonus."""

    #: phase -> ``f(planner, seat, legal)`` deciding it, for the phases only this layer has
    phases: dict = {}
    #: goal kind -> the kind of action that builds it on its place (else: buy a card)
    goal_actions = {"city": A.CITY, "settlement": A.SETTLE, "road": A.ROAD}
    #: kinds of action that lay a piece of a route (the founding's, Road Building's)
    route_kinds = frozenset((A.ROAD,))

    def found_worth(self, planner, seat, c: int) -> float:
        """What a founding settlement on corner ``c`` is worth."""
        return planner.corners.value(seat, c, founding=True)

    def corner_worth(self, planner, seat, c: int, founding: bool, value: float) -> float:
        """``value``, a settlement's worth on corner ``c`` by what it yields
        and its harbour, with what the layer's map adds to it."""
        return value

    def settlement_goal(self, planner, seat, c: int, value: float) -> float:
        """``value``, a settlement on corner ``c`` as a goal, with what the layer adds."""
        return value

    def ship_goals(self, planner, seat) -> list:
        """The goals of the layer's pieces beyond roads and buildings, as ``(score, kind, place)``."""
        return []

    def fog(self, view):
        """Hexes still to be turned over, each worth something to reach."""
        return ()

    def route_scores(self, planner, seat, routes) -> dict:
        """Action kind -> score of such an action among ``routes``, for the
        kinds of ``route_kinds`` other than a road."""
        return {}

    def spare_ship(self, planner, seat, goals, kind: str, legal_set):
        """A piece to build with cards the top goal (of ``kind``) does not need (None: none)."""
        return None

    def reroute(self, planner, seat, legal):
        """A piece moved off a route that leads nowhere (None: none)."""
        return None

    def ship_move(self, planner, seat, legal):
        """A piece moved nearer a good corner when nothing is to be built (None: none)."""
        return None

    def robber_moves(self, planner, seat, legal):
        """(an action, or None to move the robber among ``legal``): where the
        layer has other pieces to move when a 7 is rolled."""
        return None, legal


layer_part = _PARTS.register      # ``@layer_part("seafarers")`` on a part's subclass


def part_for(base: type[P], board) -> P:
    """The one object of part ``base`` on the layer ``board`` plays (of
    ``base`` itself where the layer changes nothing of it)."""
    key = (base, board.layer)
    one = _ONE.get(key)
    if one is None:
        one = _ONE[key] = _PARTS.class_of(base, board.layer)()
    return one


def plan_for(board) -> MapPlan:
    """The planner's part of the layer ``board`` plays."""
    return part_for(MapPlan, board)
