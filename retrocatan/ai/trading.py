"""A planning player's trades (``Trader``): with the bank and harbours, offers to the
other players, and its answers to theirs.

Toward its top goal it trades spare cards with the bank or a harbour at the
best ratio; else, with at most ``OFFER_WHEN_MISSING`` cards missing, it
offers everyone one spare card for one missing, up to
``Level.offers_per_turn``, each offer once a turn (``PlayerMemory.tried``,
the offers by their bundles). An offer to it is accepted (``Level.whim_answers``: on
a whim) when it brings the player nearer its top goal (1.5 a card nearer,
plus a little for the cards' weights; more than 0.2 in all), never from a
player 2 points from winning (``Level.guard_leader``); with
``Level.counter_offers`` it counters a one-for-one offer it would not take
with its most spare card. Of the answers to its own offer it confirms the
best.
"""

from __future__ import annotations

from ..engine import Action, phases
from ..engine import actions as A
from ..engine.refusals import missing
from .knowledge import Seat

OFFER_WHEN_MISSING = 2     # offer trades only for a goal this many cards away or nearer


class Trader:
    """Trades toward the top goal, and answers to offers, by its planner's
    level (``planner``: the ``Planner`` it is a part of)."""

    def __init__(self, planner) -> None:
        self.planner = planner
        self.figures = planner.figures

    def toward(self, seat: Seat, cost, legal) -> Action | None:
        """A trade that brings the cards ``cost`` nearer: with the bank or a
        harbour, else an offer to everyone (None: none)."""
        memory = self.planner.memory
        hand = seat.hand
        need = missing(hand, cost)
        if not any(need):
            return None
        spare = [max(0, h - c) for h, c in zip(hand, cost)]
        # Bank and harbours: give what is spare at the best ratio.
        trades = [a for a in legal if a.kind == A.TRADE and need[a.get] and spare[a.give] >= a.ratio]
        if trades:
            w = self.planner.judge.weights(seat)
            return min(trades, key=lambda a: (a.ratio * w[a.give], a.give, a.get))
        # Other players: one spare card for one needed card, and only when the
        # goal is near (people at the table are not asked for every card).
        if memory.offers >= min(self.figures.offers_per_turn, seat.view.offers_left):
            return None
        if sum(need) > OFFER_WHEN_MISSING:
            return None
        if seat.view.phase != phases.MAIN:
            return None
        w = self.planner.judge.weights(seat)
        gives = sorted((r for r in range(5) if spare[r]), key=lambda r: w[r])
        wants = [r for r in range(5) if need[r]]
        for g in gives:
            for r in wants:
                give = [0] * 5
                get = [0] * 5
                give[g] = 1
                get[r] = 1
                key = (tuple(give), tuple(get))
                if key in memory.tried:
                    continue
                memory.tried.add(key)
                offer = Action(A.OFFER, *key, -1)
                if seat.view.is_legal(offer):
                    memory.offers += 1
                    return offer
        return None

    def gain(self, seat: Seat, give, get) -> float:
        """How much better off this player is after giving ``give`` and
        getting ``get``: cards toward its goal count most."""
        cost = self.planner.goals.top_cost(seat)
        hand = seat.hand
        after = [h - g + t for h, g, t in zip(hand, give, get)]
        if any(x < 0 for x in after):
            return -99.0
        before_need = sum(missing(hand, cost))
        after_need = sum(missing(after, cost))
        w = self.planner.judge.weights(seat)
        value = (before_need - after_need) * 1.5
        value += sum(w[r] * (get[r] - give[r]) for r in range(5)) * 0.3
        return value

    def answer(self, seat: Seat, legal) -> Action:
        """The answer to another player's offer."""
        off = seat.view.offer
        offerer = off.offerer
        # The offerer gives ``give`` and gets ``get``: for me it is the reverse.
        my_give, my_get = off.get, off.give
        can_accept = any(a.kind == A.ACCEPT for a in legal)
        if self.figures.guard_leader and seat.visible_vp(offerer) >= seat.target - 2:
            return Action(A.DECLINE)
        if self.figures.whim_answers:
            if can_accept and self.planner.memory.rng.below(3) == 0:
                return Action(A.ACCEPT)
            return Action(A.DECLINE)
        gain = self.gain(seat, my_give, my_get)
        if can_accept and gain > 0.2:
            return Action(A.ACCEPT)
        if self.figures.counter_offers and sum(my_get) == 1 and sum(my_give) == 1:
            # Counter with what I can spare instead of what was asked.
            cost = self.planner.goals.top_cost(seat)
            spare = [max(0, h - c) for h, c in zip(seat.hand, cost)]
            want = my_get.index(1)
            for r in sorted(range(5), key=lambda r: -spare[r]):
                if spare[r] and r != want:
                    give = [0] * 5
                    give[r] = 1
                    counter = Action(A.COUNTER, tuple(my_get), tuple(give))
                    if self.gain(seat, tuple(give), tuple(my_get)) > 0.2 and seat.view.is_legal(counter):
                        return counter
                    break
        return Action(A.DECLINE)

    def confirm(self, seat: Seat, legal) -> Action:
        """Of the answers to its own offer, the best (none: withdraw it)."""
        off = seat.view.offer
        best, best_gain = None, 0.0
        for a in legal:
            if a.kind != A.CONFIRM:
                continue
            for q, kind, give, get in off.answers:
                if q == a.player and kind != "decline":
                    gain = self.gain(seat, give, get)
                    if self.figures.guard_leader and seat.visible_vp(q) >= seat.target - 2:
                        gain -= 5
                    if gain > best_gain:
                        best, best_gain = a, gain
        return best or Action(A.CANCEL)
