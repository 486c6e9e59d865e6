"""The offer editor: cards to give and to get (left/right change them),
to whom, send. A counter-offer starts from the offer being answered.
Your hand stands above the list, and you may give only what you hold."""

from __future__ import annotations

from ...engine import Action
from ...engine import actions as A
from ..text import hint, t
from ..widgets import Item
from . import POP
from .dialog import Dialog


def short_hand(hand) -> str:
    """The hand in the short form of the cost lines ("3Wo 2Br"), to fit one line."""
    return " ".join(f"{n}{t(f'res.{r}')[:2]}" for r, n in enumerate(hand) if n) or t("nothing")


class OfferEditor(Dialog):
    help_page = "game.offer"

    def __init__(self, session, counter: bool) -> None:
        self.session = session
        self.counter = counter
        g = session.game
        view = self.player = g.seat_view(g.decider)
        self.hand = list(view.hand or [0] * 5)
        if counter:
            off = view.offer
            # Start from the offer seen from the offerer's side.
            self.terms = {"give": list(off.give), "get": list(off.get), "to": -1}
        else:
            self.terms = {"give": [0] * 5, "get": [0] * 5, "to": -1}
        super().__init__(t("dialog.offer_hint"), self._items(), [t("dialog.your_cards", cards=short_hand(self.hand))])

    @property
    def mine(self) -> str:
        """The side of the terms that the person gives (in a counter-offer
        the person answering gives what the offerer gets)."""
        return "get" if self.counter else "give"

    def _items(self) -> list[Item]:
        terms = self.terms
        # In a counter-offer the person answering gives what the offerer gets.
        mine, theirs = ("get", "give") if self.counter else ("give", "get")
        items = []
        for r in range(5):
            items.append(Item(t("dialog.give", res=t(f"res.{r}"), n=terms[mine][r], held=self.hand[r]), (mine, r),
                              adjustable=True, enabled=self.hand[r] > 0 or terms[mine][r] > 0))
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
            n = self.player.players
            me = self.player.decider
            choices = [-1] + [p for p in range(n) if p != me]
            terms["to"] = choices[(choices.index(terms["to"]) + delta) % len(choices)]
        else:
            side, r = key
            top = self.hand[r] if side == self.mine else 9       # you give only what you hold
            terms[side][r] = max(0, min(top, terms[side][r] + delta))
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

    def draw(self) -> None:
        self.title = hint("dialog.offer_hint", self.device)     # the title names how to change a line
        super().draw()
