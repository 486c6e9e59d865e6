"""Answers to an offer: the person asked (accept, decline, counter), and the
person who offered choosing among the answers."""

from __future__ import annotations

from ...engine import Action
from ...engine import actions as A
from ...words.names import cards_text
from ..text import t
from ..widgets import Item
from . import Push
from .dialog import Dialog
from .offer import OfferEditor


def worth_asking(view, last_asked_turn: int | None) -> bool:
    """Whether a computer's offer is put to the person ``view`` belongs to:
    one they can pay, giving them at least as many cards as it asks, and
    the first of the round (since their question ``last_asked_turn``, every
    player has had a turn). The others are declined for them, as "decline
    all" in Options declines every one."""
    off = view.offer
    hand = view.hand
    if hand is None or any(held < asked for held, asked in zip(hand, off.get)):
        return False                    # cards they do not hold: no question
    if sum(off.give) < sum(off.get):
        return False                    # fewer cards for more: not worth a question
    return last_asked_turn is None or view.turn - last_asked_turn >= view.players


class OfferAnswer(Dialog):
    help_page = "game.answer"

    def __init__(self, session) -> None:
        self.session = session
        view = session.game.seat_view(session.game.decider)
        legal = view.legal
        off = view.offer
        lines = [t("dialog.answer", name=session.name(off.offerer), give=cards_text(off.give)),
                 t("dialog.answer_for", get=cards_text(off.get))]
        if session.is_computer(off.offerer):
            lines.append(t("dialog.offers_option"))     # where to have them all declined
        items = [Item(t("dialog.accept"), Action(A.ACCEPT), "y", enabled=Action(A.ACCEPT) in legal),
                 Item(t("dialog.decline"), Action(A.DECLINE), "n"),
                 Item(t("dialog.counter"), "counter", "c")]
        super().__init__(t("dialog.offer"), items, lines)
        self.menu.rest_on_disabled = True     # OK on a greyed answer: the engine says why

    def select(self, value):
        if value == "counter":
            return Push(OfferEditor(self.session, counter=True))
        return value


class OfferConfirm(Dialog):
    help_page = "game.confirm"

    def __init__(self, session) -> None:
        view = session.game.seat_view(session.game.decider)
        legal = view.legal
        items = []
        for q, kind, give, get in view.offer.answers:
            if kind == "decline":
                continue
            act = Action(A.CONFIRM, q)
            items.append(Item(t("dialog.take", name=session.name(q), give=cards_text(give), get=cards_text(get)),
                              act, enabled=act in legal))
        items.append(Item(t("dialog.withdraw"), Action(A.CANCEL)))
        super().__init__(t("dialog.confirm"), items, [t("dialog.take_head")])
        self.menu.rest_on_disabled = True
