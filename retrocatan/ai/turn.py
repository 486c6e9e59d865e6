"""A planning player's own turn after the roll (``Turn``): a winning build,
a card that helps, the layer's ship moves, the top goal built or traded
toward, the second goal, anything affordable, the end; and the special
build phase, which builds without trading."""

from __future__ import annotations

from ..engine import Action
from ..engine import actions as A
from .knowledge import Seat
from .layers import plan_for


class Turn:
    """The main phase and the special build phase, by its planner's level
    (``planner``: the ``Planner`` it is a part of)."""

    def __init__(self, planner) -> None:
        self.planner = planner
        self.figures = planner.figures

    def main(self, seat: Seat, legal) -> Action:
        """The main phase's next action."""
        planner = self.planner
        # 1. A winning move, if there is one.
        if seat.my_vp() >= seat.target - 2:
            for a in legal:
                if a.kind in (A.SETTLE, A.CITY):
                    gain = 1
                    if seat.my_vp() + gain >= seat.target:
                        return a
        # 2. Development cards that help now.
        if self.figures.use_cards:
            act = planner.cards.play_card(seat, legal)
            if act is not None:
                return act
        elif (self.figures.whim_knights and any(a.kind == A.KNIGHT for a in legal)
              and planner.memory.rng.below(3) == 0):
            return Action(A.KNIGHT)
        # 3. The layer's pieces: a ship on a dead route sails to the head of the best voyage.
        plan = plan_for(seat.board)
        act = plan.reroute(planner, seat, legal)
        if act is not None:
            return act
        # 4. Trade toward the goal, then build.
        act = self.build_step(seat, legal, allow_trade=True)
        if act is not None:
            return act
        # 5. Nothing to build: perhaps move a ship nearer a good corner (the layer's).
        act = plan.ship_move(planner, seat, legal)
        if act is not None:
            return act
        return Action(A.END)

    def build_step(self, seat: Seat, legal, allow_trade: bool) -> Action | None:
        """The top goal (or the second) built, else with ``allow_trade`` a
        trade toward the top goal, else anything worthwhile it can pay
        (None: nothing)."""
        planner = self.planner
        goals = planner.goals.ranked(seat)
        plan = plan_for(seat.board)
        legal_set = set(legal)
        hand = seat.hand
        for rank, (_, kind, place) in enumerate(goals[:2]):
            act = planner.goals.action(kind, place, legal_set, seat)
            if act is not None:
                return act
            if not allow_trade or rank > 0:
                continue
            act = plan.spare_ship(planner, seat, goals, kind, legal_set)
            if act is not None:
                return act
            trade = planner.trader.toward(seat, seat.view.costs[kind], legal)
            if trade is not None:
                return trade
        # Nothing planned is possible: build anything worthwhile that is affordable.
        for kind in ("city", "settlement"):
            for a in legal:
                if a.kind == (A.CITY if kind == "city" else A.SETTLE):
                    return planner.judge.pick([x for x in legal if x.kind == a.kind],
                                              lambda x: planner.corners.value(seat, x.place))
        if sum(hand) > 7 and any(a.kind == A.BUY for a in legal):
            return Action(A.BUY)
        if sum(hand) > 7 and any(a.kind == A.ROAD for a in legal):
            return planner.goals.best_road(seat, legal)
        return None

    def special_build(self, seat: Seat, legal) -> Action:
        """The special build phase: build without trading, else pass."""
        return self.build_step(seat, legal, allow_trade=False) or Action(A.PASS)
