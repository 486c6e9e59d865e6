"""Playing a development card: which card, then for Monopoly the resource
and for Invention the two resources."""

from __future__ import annotations

from ...engine import Action
from ...engine import actions as A
from ..text import t
from ..widgets import Item
from . import CLOSE, POP, Push
from .dialog import Dialog

CARD_NAMES = {A.KNIGHT: "knight", A.ROAD_BUILDING: "road_building", A.MONOPOLY: "monopoly",
              A.INVENTION: "invention"}


class CardPlay(Dialog):
    help_page = "game.cards"

    def __init__(self, session) -> None:
        self.session = session
        kinds = {a.kind for a in session.view.legal}
        items = [Item(t(f"dev.{name}"), kind) for kind, name in CARD_NAMES.items() if kind in kinds]
        items.append(Item(t("menu.cancel"), "cancel"))
        super().__init__(t("dialog.card"), items)

    def select(self, value):
        if value == "cancel":
            return CLOSE
        if value in (A.KNIGHT, A.ROAD_BUILDING):
            return Action(value)
        if value == A.MONOPOLY:
            return Push(Monopoly())
        if value == A.INVENTION:
            return Push(Invention(self.session))
        return None

    def back(self):
        return POP


class Monopoly(Dialog):
    help_page = "game.cards"

    def __init__(self) -> None:
        super().__init__(t("dialog.monopoly"), [Item(t(f"res.{r}"), Action(A.MONOPOLY, r)) for r in range(5)])

    def back(self):
        return POP


class Invention(Dialog):
    """Two resources from the bank, one choice at a time (the second in the
    same box: back leaves the card)."""

    help_page = "game.cards"

    def __init__(self, session) -> None:
        self.options = [a for a in session.view.legal if a.kind == A.INVENTION]
        self.picked: list[int] = []
        super().__init__(self._title(), self._items())

    def _title(self) -> str:
        return t("dialog.invention", n=2 - len(self.picked))

    def _items(self) -> list[Item]:
        possible = set()
        for a in self.options:
            pair = [a.resource, a.second]
            ok = True
            for r in self.picked:
                if r in pair:
                    pair.remove(r)
                else:
                    ok = False
            if ok:
                possible.update(pair)
        return [Item(t(f"res.{r}"), r) for r in range(5) if r in possible]

    def select(self, value):
        now = self.picked + [value]
        if len(now) == 2:
            a, b = sorted(now)
            return Action(A.INVENTION, a, b)
        self.picked = now
        self.title = self._title()
        self.menu = self.make_menu(self._items())
        return None

    def back(self):
        return POP
