"""A planning player's robber, discards and development cards (``RobberAndCards``).

The robber goes to the hex that hurts most: pips times building size, times
0.5 + twice how near its owner is to winning, minus three times its own
(``Level.crude_robber``: every building of another player counts the
same); it robs the player nearest to winning, then the one with most
cards. A discard keeps what the top goal needs. Before the roll (with
``Level.use_cards``) it plays a Knight when the robber stands on one of its
hexes or the Largest Army is within one Knight; in its turn also to keep
the Largest Army (``Level.keep_army``), Monopoly on what the others hold
most of (at least 4 cards), Invention for the one or two cards its top
goal misses, Road Building when a road leads somewhere.
"""

from __future__ import annotations

from ..engine import Action
from ..engine import actions as A
from ..engine.components import DEV_CARDS, KNIGHT, pips
from ..engine.refusals import missing
from .knowledge import Seat
from .layers import plan_for


class RobberAndCards:
    """The robber, discards and development cards, by its planner's level
    (``planner``: the ``Planner`` it is a part of)."""

    def __init__(self, planner) -> None:
        self.planner = planner
        self.figures = planner.figures

    def before_roll(self, seat: Seat, legal) -> Action:
        """Before the roll: a Knight where it helps (``Level.use_cards``), else the roll."""
        v = seat.view
        if any(a.kind == A.KNIGHT for a in legal) and self.figures.use_cards:
            blocked_me = any(v.corner_owner[c] == seat.me for c in seat.geo.hex_corners[v.robber])
            if blocked_me or self.army_within_reach(seat):
                return Action(A.KNIGHT)
        return Action(A.ROLL)

    @staticmethod
    def army_within_reach(seat: Seat) -> bool:
        """One more Knight would give this player the Largest Army."""
        v = seat.view
        mine = v.knights[seat.me] + 1
        army = v.largest_army
        if army == seat.me:
            return False
        if army == -1:
            return mine >= v.min_army
        return mine > v.knights[army]

    def play_card(self, seat: Seat, legal) -> Action | None:
        """A development card that helps now (None: none)."""
        v = seat.view
        kinds = {a.kind for a in legal}
        if A.KNIGHT in kinds:
            blocked_me = any(v.corner_owner[c] == seat.me for c in seat.geo.hex_corners[v.robber])
            if blocked_me or self.army_within_reach(seat) or (self.figures.keep_army and v.largest_army == seat.me
                                                               and v.dev_hands[seat.me][DEV_CARDS[KNIGHT]] > 1):
                return Action(A.KNIGHT)
        if A.MONOPOLY in kinds:
            best_r = max(range(5), key=lambda r: seat.others_hold(r))
            if seat.others_hold(best_r) >= 4:
                return Action(A.MONOPOLY, best_r)
        if A.INVENTION in kinds:
            goals = self.planner.goals.ranked(seat)
            if goals:
                need = missing(seat.hand, seat.view.costs[goals[0][1]])
                wanted = [r for r in range(5) for _ in range(need[r])]
                if 1 <= len(wanted) <= 2:
                    a, b = (wanted + wanted)[:2] if len(wanted) == 1 else wanted
                    if len(wanted) == 1:
                        w = self.planner.judge.weights(seat)
                        b = max(range(5), key=lambda r: w[r])
                    act = Action(A.INVENTION, min(a, b), max(a, b))
                    if act in set(legal):
                        return act
        if A.ROAD_BUILDING in kinds and v.pieces_left[seat.me]["roads"] >= 2:
            targets = self.planner.goals.road_targets(seat)
            if any(v > 0 for v, _ in targets.values()):
                return Action(A.ROAD_BUILDING)
        return None

    def robber(self, seat: Seat, legal) -> Action:
        """Where the robber goes, and whom it robs (the layer's: other pieces, ``MapPlan.robber_moves``)."""
        v = seat.view
        me = seat.me
        board = seat.board
        other, legal = plan_for(board).robber_moves(self.planner, seat, legal)    # the layer's (the pirate)
        if other is not None:
            return other

        def hex_score(h: int) -> float:
            num = board.numbers[h]
            p = pips(num) if num else 0
            s = 0.0
            for c in seat.geo.hex_corners[h]:
                o = v.corner_owner[c]
                if o == -1:
                    continue
                lv = v.corner_level[c]
                if o == me:
                    s -= 3.0 * p * lv
                elif self.figures.crude_robber:
                    s += 1.0
                else:
                    s += p * lv * (0.5 + 2.0 * seat.threat(o))
            return s

        def victim_score(a) -> float:
            if a.victim == -1:
                return 0.0
            return 1.0 + seat.threat(a.victim) * 3 + 0.1 * seat.cards(a.victim)

        scores = {}
        for a in legal:
            if a.place not in scores:
                scores[a.place] = hex_score(a.place)
        return self.planner.judge.pick(legal, lambda a: scores[a.place] * 10 + victim_score(a))

    def discard(self, seat: Seat, legal) -> Action:
        """A card to give up: what the top goal needs is kept."""
        cost = self.planner.goals.top_cost(seat)
        hand = seat.hand
        w = self.planner.judge.weights(seat)
        judge = self.planner.judge

        def keep_value(a) -> float:
            r = a.resource
            surplus = hand[r] - cost[r]
            return (surplus * 2.0) - w[r] + judge.jitter()
        return max(legal, key=keep_value)
