"""The Seafarers' decisions: a route's edge takes a road or a ship, and a
gold field's resource is chosen (``ui/prompts/decisions.py``)."""

from __future__ import annotations

from ...engine.seafarers import phases
from ..layers import layer_part
from ..prompts.decisions import Decisions
from ..prompts.sea import GoldChoice, RoutePick


def _route(view, ui, session, legal):
    return RoutePick(view, ui, legal, cancel=False)


@layer_part("seafarers")
class SeaDecisions(Decisions):
    first = {
        **Decisions.first,
        phases.SETUP_ROAD: _route,
        phases.ROAD_BUILDING: _route,
        phases.GOLD: lambda view, ui, session, legal: GoldChoice(session),
    }
