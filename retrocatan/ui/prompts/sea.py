"""The Seafarers' questions on a scenario map: an edge that takes a road or
a ship (which one, when both are legal there), moving a ship in two steps
(which ship, then where it sails), and the resource a gold field gives.
Each reads only the legal actions of the deciding seat's view."""

from __future__ import annotations

from ...engine import Action
from ...engine.pieces import EDGE, check
from ...engine.seafarers import actions as A
from ..layout import BOARD_AREA
from ..text import t
from ..widgets import Item, Menu, box
from . import POP, Push
from .board_pick import BoardPick
from .dialog import Dialog

ROUTE_KINDS = (A.ROAD, A.SHIP)


class RoutePick(BoardPick):
    """An edge for a road or a ship (founding, Road Building): an edge where
    both are legal asks "Road or ship?" next (back returns here)."""

    help_page = property(lambda self: "game.ship" if self.hint_key else "game.pick")

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
            return Push(RoadOrShip(place, self.view))
        return self.actions[place][0]


class RoadOrShip(Dialog):
    """Road or ship on one coast edge, in a small box beside the edge (which
    stays in sight, the piece of the line chosen standing on it); back:
    another edge."""

    help_page = "game.ship"
    W, H = 190, 60

    def __init__(self, edge: int, view=None) -> None:
        if view is not None:
            check(view.geo, EDGE, edge)     # WrongPlaceKind: not an edge of this board
        self.edge = edge
        self.box = self._place(view)
        items = [Item(t("sea.road"), Action(A.ROAD, edge)), Item(t("sea.ship"), Action(A.SHIP, edge))]
        super().__init__(t("sea.road_or_ship"), items)

    def _place(self, view) -> tuple[int, int]:
        """Top left of the box: under the edge, or over it in the lower half."""
        x, y, w, h = BOARD_AREA
        if view is None:
            return x + (w - self.W) // 2, y + (h - self.H) // 2
        ex, ey = view.edge_px(self.edge)
        bx = int(min(max(x + 4, ex - self.W / 2), x + w - self.W - 4))
        by = int(ey + 18) if ey < y + h / 2 else int(ey - 18 - self.H)
        return bx, by

    def make_menu(self, items: list[Item]) -> Menu:
        bx, by = self.box
        return Menu(items, x=bx + 8, y=by + 22, w=self.W - 16)

    def highlight(self):
        """The edge, with the road or the ship of the line chosen on it."""
        piece = "ship" if self.menu.selected.value.kind == A.SHIP else "road"
        return ("edge", [self.edge]), ("edge", self.edge, piece, True)

    def back(self):
        return POP

    def draw(self) -> None:
        bx, by = self.box
        box(bx, by, self.W, self.H, self.title)
        self.menu.draw()


class ShipPick(BoardPick):
    """An edge for a new ship (the ship stands there as a preview)."""

    help_page = "game.ship"
    hint_key = "pick.hint.ship"

    def __init__(self, view, ui, acts: list, player=None) -> None:
        super().__init__(view, ui, "edge", [a for a in acts if a.kind == A.SHIP], player=player)


class MoveShipFrom(BoardPick):
    """Step 1 of moving a ship: which ship (the ``a`` of the legal moves).
    A ship built this turn is not among them."""

    help_page = "game.move"
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

    help_page = "game.move"
    hint_key = "pick.hint.move_to"

    def __init__(self, view, ui, ship: int, moves: list, player=None) -> None:
        self.ship = ship
        super().__init__(view, ui, "edge", [a for a in moves if a.place == ship], player=player, field="target")


class GoldChoice(Dialog):
    """One resource for a gold field (one dialog a card due): only the
    resources the engine allows (the bank may run out of some)."""

    help_page = "game.gold"

    def __init__(self, session) -> None:
        view = session.view
        left = dict(view.gold_due).get(view.decider, 1)
        choices = sorted({a.resource for a in view.legal if a.kind == A.GOLD})
        items = [Item(t(f"res.{r}"), Action(A.GOLD, r)) for r in choices]
        super().__init__(t("gold.title"), items, [t("gold.line", n=left)])
