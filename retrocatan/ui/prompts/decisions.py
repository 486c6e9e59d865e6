"""The prompt that opens a person's decision, by the engine's phase.

``Decisions.first`` is the table: phase -> ``opener(board_view, ui,
session, legal)`` giving the first prompt (a board pick or a dialog); a
phase not in it is decided in the action menu alone. The base game's
phases are here; a rules layer's part (``ui/layers.py``) adds its own
(``ui/seafarers/decisions.py``)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine import actions as A
from ...engine import phases
from . import Prompt
from .answer import OfferAnswer, OfferConfirm
from .board_pick import BoardPick
from .discard import Discard
from .robber import RobberPick

Opener = Callable[..., Prompt]


def _founding_settlement(view, ui, session, legal) -> Prompt:
    return BoardPick(view, ui, None, [a for a in legal if a.kind == A.SETTLE], cancel=False)


def _road(view, ui, session, legal) -> Prompt:
    return BoardPick(view, ui, "edge", [a for a in legal if a.kind == A.ROAD], cancel=False)


class Decisions:
    """The openers of the base game's decisions."""

    first: dict[str, Opener] = {
        phases.SETUP_SETTLEMENT: _founding_settlement,
        phases.SETUP_ROAD: _road,
        phases.ROAD_BUILDING: _road,
        phases.ROBBER: lambda view, ui, session, legal: RobberPick(view, ui, session, legal),
        phases.DISCARD: lambda view, ui, session, legal: Discard(session),
        phases.OFFER_RESPONSE: lambda view, ui, session, legal: OfferAnswer(session),
        phases.OFFER_CONFIRM: lambda view, ui, session, legal: OfferConfirm(session),
    }

    @classmethod
    def opening(cls, phase: str, view, ui, session, legal: list) -> Prompt | None:
        """The first prompt of a decision in ``phase`` (None: the action menu's)."""
        opener = cls.first.get(phase)
        return opener(view, ui, session, legal) if opener is not None else None
