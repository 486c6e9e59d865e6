"""The Seafarers' questions on a scenario map: an edge that takes a road or
a ship (which one, when both are legal there), moving a ship in two steps
(which ship, then where it sails), and the resource a gold field gives.
Each reads only the legal actions of the deciding seat's view."""

from __future__ import annotations

from ...engine import Action
from ...engine import actions as A
from ..text import t
from ..widgets import Item
from . import POP, Push
from .board_pick import BoardPick
from .dialog import Dialog

ROUTE_KINDS = (A.ROAD, A.SHIP)


class RoutePick(BoardPick):
    """An edge for a road or a ship (founding, Road Building): an edge where
    both are legal asks "Road or ship?" next (back returns here)."""

    def __init__(self, view, ui, acts: list, cancel: bool = True, player=None) -> None:
        super().__init__(view, ui, "edge", [a for a in acts if a.kind in ROUTE_KINDS], cancel=cancel,
                         player=player)
        if any(a.kind == A.SHIP for a in acts):
            self.hint_key = "pick.hint.route"

    def both(self, place: int) -> bool:
        return {a.kind for a in self.actions[place]} >= set(ROUTE_KINDS)

    def needs_confirm(self, place: int) -> bool:
        return not self.both(place)          # the dialog asks next: no mark first

    def chosen(self, place: int):
        if self.both(place):
            return Push(RoadOrShip(place))
        return self.actions[place][0]


class RoadOrShip(Dialog):
    """Road or ship on one coast edge; back: another edge."""

    def __init__(self, edge: int) -> None:
        items = [Item(t("sea.road"), Action(A.ROAD, edge)), Item(t("sea.ship"), Action(A.SHIP, edge))]
        super().__init__(t("sea.road_or_ship"), items, [t("sea.road_or_ship_line")])

    def back(self):
        return POP


class ShipPick(BoardPick):
    """An edge for a new ship (the ship stands there as a preview)."""

    hint_key = "pick.hint.ship"

    def __init__(self, view, ui, acts: list, player=None) -> None:
        super().__init__(view, ui, "edge", [a for a in acts if a.kind == A.SHIP], player=player)


class MoveShipFrom(BoardPick):
    """Step 1 of moving a ship: which ship (the ``a`` of the legal moves).
    A ship built this turn is not among them."""

    hint_key = "pick.hint.move_from"

    def __init__(self, view, ui, acts: list, player=None) -> None:
        self.moves = [a for a in acts if a.kind == A.MOVE_SHIP]
        self.ui = ui
        super().__init__(view, ui, "edge", self.moves, player=player, confirm=False)

    def piece_at(self, place):
        return None             # the ship is already there

    def chosen(self, place: int):
        return Push(MoveShipTo(self.view, self.ui, place, self.actions[place], self.player))


class MoveShipTo(BoardPick):
    """Step 2: where the chosen ship sails (the ``b`` of its moves); back:
    another ship."""

    hint_key = "pick.hint.move_to"

    def __init__(self, view, ui, ship: int, moves: list, player=None) -> None:
        self.ship = ship
        super().__init__(view, ui, "edge", [a for a in moves if a.a == ship], player=player, field="b")


class GoldChoice(Dialog):
    """One resource for a gold field (one dialog a card due): only the
    resources the engine allows (the bank may run out of some)."""

    def __init__(self, session) -> None:
        view = session.view
        left = dict(view.gold_due).get(view.decider, 1)
        choices = sorted({a.a for a in view.legal if a.kind == A.GOLD})
        items = [Item(t(f"res.{r}"), Action(A.GOLD, r)) for r in choices]
        super().__init__(t("gold.title"), items, [t("gold.line", n=left)])
