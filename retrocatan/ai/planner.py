"""The computer opponents: a planning player at three levels (``Level``,
``level.py``; docs/ai.md says how they decide).

Each decision is answered from the seat's own knowledge (``Seat``, read
from the engine's ``PlayerView`` of the seat), by phase (``PHASES``, and
the phases of the layer's plan). The player is made of parts, one job
each: what a corner is worth and the founding (``founding.py``), its goals
and where roads lead (``goals.py``), trades and answers to offers
(``trading.py``), the robber, discards and development cards
(``robber_cards.py``), on the scoring they share (``judging.py``); what
the layer's map adds (ships, gold, the pirate, the island bonus) comes
from the layer's plan (``layers.plan_for``; ``ai/seafarers/``). This
module holds the player and its turn: a winning build, a card that helps,
the layer's ship moves, the top goal built or traded toward, the second
goal, anything affordable, the end.

Every choice that needs chance uses the player's own generator, seeded
from the game seed and its seat, so games of computer players replay.
What a position's public facts alone give (the value of each corner, road
targets, voyages, where ships can reach) is kept past the decision in its
``Tables`` (``knowledge.py``): only a cache, no decision changes
(``tests/test_ai_tables.py``).
"""

from __future__ import annotations

from ..engine import Action, phases
from ..engine import actions as A
from ..engine.rng import Rng, derive_seed
from .knowledge import Seat, Tables, view_of
from .layers import plan_for
from .level import EASY, HARD, LEVELS, NORMAL, Level
from .robber_cards import RobberAndCards
from .trading import Trading

__all__ = ["EASY", "HARD", "LEVELS", "NORMAL", "Level", "PlanningPlayer", "copy_memory"]

# action kind -> the advisor's reason code (a settlement in the founding: "found")
REASONS = {A.SETTLE: "settlement", A.ROAD: "road", A.CITY: "city", A.BUY: "card", A.TRADE: "trade",
           A.OFFER: "offer", A.KNIGHT: "knight", A.ROAD_BUILDING: "play", A.MONOPOLY: "play",
           A.INVENTION: "play", A.ROLL: "roll", A.END: "end", A.PASS: "pass", A.ROBBER: "robber",
           A.DISCARD: "discard", A.ACCEPT: "accept", A.DECLINE: "decline", A.COUNTER: "counter",
           A.CONFIRM: "confirm", A.CANCEL: "withdraw"}


def copy_memory(memory: tuple) -> tuple:
    """A copy of a player's memory of the turn (``PlanningPlayer._memory``)."""
    rng, turn, offers, tried, left = memory
    return Rng.from_state(*rng.get_state()), turn, offers, set(tried), set(left)


class PlanningPlayer(Trading, RobberAndCards):
    """A computer player; ``choose(view)`` returns its next action, given
    the ``PlayerView`` of its seat (or a game: its deciding seat's view)."""

    def __init__(self, level: str, seed: int, seat: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (easy, normal, hard)")
        self.level = level
        self.cfg = LEVELS[level]
        self.seat = seat
        self.rng = Rng(derive_seed(seed, seat, 0xC47A))
        self._turn_key = None
        self._offers = 0
        self._tried: set = set()
        self._left: set = set()     # edges this player moved a ship off: never moved onto again
        self.tables = Tables(self.cfg)  # corner values, road targets, voyages, reach: by position, past the decision

    # --- entry point ---------------------------------------------------------------
    def _new_turn(self, view) -> None:
        """A new turn (or another player's) forgets the offers of the last:
        their count (``Level.offers_per_turn``) and the ones tried."""
        key = (view.turn, view.current)
        if key != self._turn_key:
            self._turn_key, self._offers, self._tried = key, 0, set()

    def _memory(self) -> tuple:
        """A copy of its memory of the turn, to put back with ``_recall``:
        its generator, the turn, the offers made and tried, and the edges it
        moved ships off."""
        return copy_memory((self.rng, self._turn_key, self._offers, self._tried, self._left))

    def _recall(self, memory: tuple) -> None:
        """Its memory of the turn as ``memory`` holds it (``_memory``)."""
        self.rng, self._turn_key, self._offers, self._tried, self._left = memory

    def choose(self, view) -> Action:
        view = view_of(view)
        ph = view.phase
        legal = view.legal
        if len(legal) == 1 and ph != phases.MAIN:
            return legal[0]
        seat = Seat(view)
        seat.shared = self.tables if self.tables.judge == self.cfg else None      # another level's: none
        self._new_turn(view)
        decide = PHASES.get(ph) or plan_for(seat.board).phases.get(ph)
        return decide(self, seat, legal) if decide is not None else legal[0]

    # --- the advisor ----------------------------------------------------------------
    def advise(self, seen, made=()) -> tuple[Action, str, dict]:
        """What this player would do now in the decider's seat, with a short
        reason: (action, reason code, params). ``made``: the offers the
        decider made this turn (``OFFER`` actions), which it counts as its
        own, so an offer that was declined is not advised again. The
        player's memory (its generator and the turn's offers) is put back
        afterwards, so asking never changes its own later decisions. Reason
        codes: found, road, settlement, city, card, trade, offer, knight,
        play, roll, end, pass, robber, discard, accept, decline, counter,
        confirm, withdraw, other; params may name the goal (city,
        settlement, road, card)."""
        view = view_of(seen)
        saved = self._memory()
        try:
            if made:
                self._new_turn(view)
                self._tried.update((a.a, a.b) for a in made)
                self._offers = max(self._offers, len(made))
            action = self.choose(view)
            goals = self._goals(Seat(view)) if view.phase in (phases.MAIN, phases.DISCARD) else []
        finally:
            self._recall(saved)
        params = {"goal": goals[0][1]} if goals else {}
        k = action.kind
        founding = view.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)
        code = "found" if founding and k == A.SETTLE else REASONS.get(k, "other")
        return action, code, params

    # --- the turn ------------------------------------------------------------------
    def _main(self, seat: Seat, legal) -> Action:
        # 1. A winning move, if there is one.
        if seat.my_vp() >= seat.target - 2:
            for a in legal:
                if a.kind in (A.SETTLE, A.CITY):
                    gain = 1
                    if seat.my_vp() + gain >= seat.target:
                        return a
        # 2. Development cards that help now.
        if self.cfg.use_cards:
            act = self._play_card(seat, legal)
            if act is not None:
                return act
        elif self.cfg.whim_knights and any(a.kind == A.KNIGHT for a in legal) and self.rng.below(3) == 0:
            return Action(A.KNIGHT)
        # 3. The layer's pieces: a ship on a dead route sails to the head of the best voyage.
        plan = plan_for(seat.board)
        act = plan.reroute(self, seat, legal)
        if act is not None:
            return act
        # 4. Trade toward the goal, then build.
        act = self._build_step(seat, legal, allow_trade=True)
        if act is not None:
            return act
        # 5. Nothing to build: perhaps move a ship nearer a good corner (the layer's).
        act = plan.ship_move(self, seat, legal)
        if act is not None:
            return act
        return Action(A.END)

    def _build_step(self, seat: Seat, legal, allow_trade: bool) -> Action | None:
        goals = self._goals(seat)
        plan = plan_for(seat.board)
        legal_set = set(legal)
        hand = seat.hand
        for rank, (_, kind, place) in enumerate(goals[:2]):
            act = self._goal_action(kind, place, legal_set, seat)
            if act is not None:
                return act
            if not allow_trade or rank > 0:
                continue
            act = plan.spare_ship(self, seat, goals, kind, legal_set)
            if act is not None:
                return act
            trade = self._trade_toward(seat, plan.costs[kind], legal)
            if trade is not None:
                return trade
        # Nothing planned is possible: build anything worthwhile that is affordable.
        for kind in ("city", "settlement"):
            for a in legal:
                if a.kind == (A.CITY if kind == "city" else A.SETTLE):
                    return self._pick([x for x in legal if x.kind == a.kind],
                                      lambda x: self._corner_value(seat, x.a))
        if sum(hand) > 7 and any(a.kind == A.BUY for a in legal):
            return Action(A.BUY)
        if sum(hand) > 7 and any(a.kind == A.ROAD for a in legal):
            return self._best_road(seat, legal)
        return None

    def _special_build(self, seat: Seat, legal) -> Action:
        """The special build phase: build without trading, else pass."""
        return self._build_step(seat, legal, allow_trade=False) or Action(A.PASS)


# phase -> how a planning player decides it (a layer's own phases: its plan's ``phases``)
PHASES = {
    phases.SETUP_SETTLEMENT: lambda p, seat, legal: p._found(seat, legal),
    phases.SETUP_ROAD: lambda p, seat, legal: p._best_road(seat, legal),
    phases.ROAD_BUILDING: lambda p, seat, legal: p._best_road(seat, legal),
    phases.ROLL: lambda p, seat, legal: p._before_roll(seat, legal),
    phases.DISCARD: lambda p, seat, legal: p._discard(seat, legal),
    phases.ROBBER: lambda p, seat, legal: p._robber(seat, legal),
    phases.OFFER_RESPONSE: lambda p, seat, legal: p._answer(seat, legal),
    phases.OFFER_CONFIRM: lambda p, seat, legal: p._confirm(seat, legal),
    phases.SPECIAL_BUILD: lambda p, seat, legal: p._special_build(seat, legal),
    phases.MAIN: lambda p, seat, legal: p._main(seat, legal),
}
