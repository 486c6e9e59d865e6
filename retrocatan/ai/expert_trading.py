"""The Expert's trading (``ExpertTrading``): before it ends a turn, and
before it builds a road or buys a card (``expert.GREEDY_FIRST``: trading
closes with a build), while its top goal misses at most ``GREEDY_NEED``
cards, it asks everyone for two cards (or the one and the one it wants
most next) for one spare card, while it has made fewer than
``GREEDY_PER_TURN`` offers that turn (``greedy_offer``); then Hard's
offers. It accepts another player's offer only for a gain over
``ANSWER_GAIN`` (Hard: 0.2).
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import Action
from ..engine import actions as A
from ..engine.refusals import missing
from .knowledge import Seat
from .memory import PlayerMemory

GREEDY_NEED = 2         # ask for two cards for one when the top goal misses at most this many cards
GREEDY_PER_TURN = 3     # ... at most this many a turn
ANSWER_GAIN = 1.0       # accept another player's offer only if it brings this much (Hard: 0.2)


class ExpertTrading:
    """The two-for-one offer, and the Expert's answers, for the Expert's
    ``planner`` (its goals, its judge's card weights, its memory of the turn)."""

    def __init__(self, planner) -> None:
        self.planner = planner

    def greedy_offer(self, view) -> Action | None:
        """An offer to everyone of one spare card for two the top goal
        misses (or one it misses and the one it would want most next)."""
        memory = self.planner.memory
        if not view.may_offer or not view.offers_left or memory.offers >= GREEDY_PER_TURN:
            return None
        seat = Seat(view)
        goals = self.planner.goals.ranked(seat)
        if not goals or goals[0][1] == "ship":
            return None
        cost = view.costs[goals[0][1]]
        hand = seat.hand
        need = missing(hand, cost)
        if not 1 <= sum(need) <= GREEDY_NEED:
            return None
        spare = [max(0, h - c) for h, c in zip(hand, cost)]
        w = self.planner.judge.weights(seat)
        wants = [r for r in range(5) for _ in range(need[r])][:2]
        if len(wants) == 1:
            wants.append(max((r for r in range(5) if r != wants[0]), key=lambda r: (w[r], -r)))
        get = [0] * 5
        for r in wants:
            get[r] += 1
        for g in sorted((r for r in range(5) if spare[r]), key=lambda r: (w[r], r)):
            if get[g]:
                continue
            give = [0] * 5
            give[g] = 1
            key = (tuple(give), tuple(get))
            if key in memory.tried:
                continue
            memory.tried.add(key)
            offer = Action(A.OFFER, *key, -1)
            if view.is_legal(offer):
                memory.offers += 1
                return offer
        return None

    def offer_first(self, view, saved: PlayerMemory) -> Action | None:
        """The two-for-one offer (``greedy_offer``) made before a build of
        the kinds ``GREEDY_FIRST``, from the memory before Hard's choice
        (``saved``), as before ending the turn; None, and the memory as it
        was, when there is none to make."""
        memory = self.planner.memory
        now = replace(memory)
        memory.recall(saved.copy())
        offer = self.greedy_offer(view)
        if offer is None:
            memory.recall(now)
        return offer

    def answer(self, seat: Seat, legal) -> Action:
        """Hard's answer, but an offer is accepted only for a gain over ``ANSWER_GAIN``."""
        trader = self.planner.trader
        act = trader.answer(seat, legal)
        off = seat.view.offer
        if act.kind == A.ACCEPT and trader.gain(seat, off.get, off.give) <= ANSWER_GAIN:
            act = Action(A.DECLINE)
        return act
