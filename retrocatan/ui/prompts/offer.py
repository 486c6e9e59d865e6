"""The offer editor: cards to give and to get (left/right change them),
to whom, send. A counter-offer starts from the offer being answered."""

from __future__ import annotations

from ...engine import Action
from ...engine import actions as A
from ..text import t
from ..widgets import Item
from . import POP
from .dialog import Dialog


class OfferEditor(Dialog):
    def __init__(self, session, counter: bool) -> None:
        self.session = session
        self.counter = counter
        if counter:
            off = session.game.state.offer
            # Start from the offer seen from the offerer's side.
            self.terms = {"give": list(off["give"]), "get": list(off["get"]), "to": -1}
        else:
            self.terms = {"give": [0] * 5, "get": [0] * 5, "to": -1}
        super().__init__(t("dialog.offer"), self._items())

    def _items(self) -> list[Item]:
        terms = self.terms
        # In a counter-offer the person answering gives what the offerer gets.
        mine, theirs = ("get", "give") if self.counter else ("give", "get")
        items = []
        for r in range(5):
            items.append(Item(t("dialog.give", res=t(f"res.{r}"), n=terms[mine][r]), (mine, r), adjustable=True))
        for r in range(5):
            items.append(Item(t("dialog.get", res=t(f"res.{r}"), n=terms[theirs][r]), (theirs, r),
                              adjustable=True))
        if not self.counter:
            who = t("dialog.all") if terms["to"] == -1 else self.session.name(terms["to"])
            items.append(Item(t("dialog.to", who=who), "to", adjustable=True))
        items.append(Item(t("dialog.send_counter") if self.counter else t("dialog.send"), "send"))
        items.append(Item(t("menu.cancel"), "cancel"))
        return items

    def adjust(self, key, delta: int):
        terms = self.terms
        if key == "to":
            n = self.session.game.state.players
            me = self.session.game.decider
            choices = [-1] + [p for p in range(n) if p != me]
            terms["to"] = choices[(choices.index(terms["to"]) + delta) % len(choices)]
        else:
            side, r = key
            terms[side][r] = max(0, min(9, terms[side][r] + delta))
        index = self.menu.index
        self.menu = self.make_menu(self._items())
        self.menu.index = index
        self.menu._first_enabled()
        return None

    def select(self, value):
        if value == "cancel":
            return POP
        if value != "send":
            return None
        terms = self.terms
        if self.counter:
            return Action(A.COUNTER, tuple(terms["give"]), tuple(terms["get"]))
        return Action(A.OFFER, tuple(terms["give"]), tuple(terms["get"]), terms["to"])

    def back(self):
        return POP
