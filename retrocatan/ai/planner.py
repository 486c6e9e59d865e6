"""The planning players Easy, Normal and Hard (``PlanningPlayer``), and the
``Planner`` they decide with (docs/ai.md says how they decide).

A planner is made of parts with one job each, all judging by its level's
figures (``Level``, ``level.py``) and sharing its memory of the turn
(``PlayerMemory``) and its tables of positions (``Tables``): the scoring
(``judge``, ``judging.py``), what a corner is worth and the founding
(``corners``, ``corners.py``), the goals and where roads lead (``goals``,
``goals.py``), trades and answers to offers (``trader``, ``trading.py``),
the robber, discards and development cards (``cards``,
``robber_cards.py``) and the turn after the roll (``turn``, ``turn.py``).
Each decision is answered from the seat's own knowledge (``Seat``, read
from the engine's ``PlayerView`` of the seat) by the part its phase table
names (``Planner.phases``; the layer's own phases, gold on a Seafarers
map, by the layer's plan). What the layer's map adds (ships, gold, the
pirate, the island bonus) comes from the layer's plan (``layers.plan_for``;
``ai/seafarers/``), which gets the planner as its context: these parts,
never the player.

Every choice that needs chance uses the memory's generator, seeded from
the game seed and its seat, so games of computer players replay. What a
position's public facts alone give (the value of each corner, road
targets, voyages, where ships can reach) is kept past the decision in its
``Tables`` (``knowledge.py``): only a cache, no decision changes
(``tests/test_ai_tables.py``).
"""

from __future__ import annotations

from ..engine import Action, phases
from ..engine import actions as A
from .corners import CornerValue
from .goals import Goals
from .judging import Judge
from .knowledge import Seat, Tables, view_of
from .layers import plan_for
from .level import EASY, HARD, NORMAL, PLANNING_LEVELS, Level
from .memory import PlayerMemory
from .robber_cards import RobberAndCards
from .trading import Trader
from .turn import Turn

__all__ = ["EASY", "HARD", "NORMAL", "PLANNING_LEVELS", "Level", "Planner", "PlanningPlayer", "advise"]

# action kind -> the advisor's reason code (a settlement in the founding: "found")
REASONS = {A.SETTLE: "settlement", A.ROAD: "road", A.CITY: "city", A.BUY: "card", A.TRADE: "trade",
           A.OFFER: "offer", A.KNIGHT: "knight", A.ROAD_BUILDING: "play", A.MONOPOLY: "play",
           A.INVENTION: "play", A.ROLL: "roll", A.END: "end", A.PASS: "pass", A.ROBBER: "robber",
           A.DISCARD: "discard", A.ACCEPT: "accept", A.DECLINE: "decline", A.COUNTER: "counter",
           A.CONFIRM: "confirm", A.CANCEL: "withdraw"}


class Planner:
    """A level's judgement made of parts (the module docstring): the context
    every part, and every layer's plan, gets. ``choose(view)`` is its
    action for the seat whose view it is given."""

    #: its members, all a part or a layer's plan may use of it (its declared context)
    __slots__ = ("figures", "memory", "tables", "judge", "corners", "goals", "trader", "cards", "turn", "phases")

    def __init__(self, figures: Level, memory: PlayerMemory, tables: Tables) -> None:
        self.figures = figures      # its level's figures
        self.memory = memory        # its memory of the turn (its generator)
        self.tables = tables        # corner values, road targets, voyages, reach: by position, past the decision
        self.judge = Judge(figures, memory)
        self.corners = CornerValue(self)
        self.goals = Goals(self)
        self.trader = Trader(self)
        self.cards = RobberAndCards(self)
        self.turn = Turn(self)
        #: phase -> the part's method deciding it, ``f(seat, legal)`` (a layer's own phases: its plan's ``phases``)
        self.phases = {
            phases.SETUP_SETTLEMENT: self.corners.found,
            phases.SETUP_ROAD: self.goals.best_road,
            phases.ROAD_BUILDING: self.goals.best_road,
            phases.ROLL: self.cards.before_roll,
            phases.DISCARD: self.cards.discard,
            phases.ROBBER: self.cards.robber,
            phases.OFFER_RESPONSE: self.trader.answer,
            phases.OFFER_CONFIRM: self.trader.confirm,
            phases.SPECIAL_BUILD: self.turn.special_build,
            phases.MAIN: self.turn.main,
        }

    def fellow(self, seed: int, seat: int) -> Planner:
        """A planner for ``seat`` of a game of ``seed`` that judges by these
        figures and shares these tables, with its own memory (the players of
        the Expert's look-ahead)."""
        return Planner(self.figures, PlayerMemory.of_seat(seed, seat), self.tables)

    def choose(self, view) -> Action:
        """The action for the decider whose view (or game) ``view`` is."""
        view = view_of(view)
        ph = view.phase
        legal = view.legal
        if len(legal) == 1 and ph != phases.MAIN:
            return legal[0]
        seat = Seat(view)
        seat.shared = self.tables if self.tables.judge == self.figures else None   # another level's: none
        self.memory.new_turn(view)
        decide = self.phases.get(ph)
        if decide is not None:
            return decide(seat, legal)
        layer = plan_for(seat.board).phases.get(ph)
        return layer(self, seat, legal) if layer is not None else legal[0]


class PlanningPlayer:
    """A computer player of level Easy, Normal or Hard; ``choose(view)``
    returns its next action, given the ``PlayerView`` of its seat (or a
    game: its deciding seat's view)."""

    def __init__(self, level: str, seed: int, seat: int) -> None:
        if level not in PLANNING_LEVELS:
            raise ValueError(f"unknown level {level!r} (easy, normal, hard)")
        self.level = level
        self.seat = seat
        figures = PLANNING_LEVELS[level]
        self.planner = Planner(figures, PlayerMemory.of_seat(seed, seat), Tables(figures))

    def choose(self, view) -> Action:
        return self.planner.choose(view)

    def advise(self, seen, made=()) -> tuple[Action, str, dict]:
        """What this player would do now in the decider's seat (``advise``)."""
        return advise(self, seen, made)


def advise(player, seen, made=()) -> tuple[Action, str, dict]:
    """What ``player`` (a planning player or the Expert: its ``choose`` and
    its ``planner``) would do now in the decider's seat, with a short
    reason: (action, reason code, params). ``made``: the offers the
    decider made this turn (``OFFER`` actions), which it counts as its
    own, so an offer that was declined is not advised again. The player's
    memory (its generator and the turn's offers) is put back afterwards,
    so asking never changes its own later decisions. Reason codes: found,
    road, settlement, city, card, trade, offer, knight, play, roll, end,
    pass, robber, discard, accept, decline, counter, confirm, withdraw,
    other; params may name the goal (city, settlement, road, card)."""
    view = view_of(seen)
    memory = player.planner.memory
    saved = memory.copy()
    try:
        if made:
            memory.new_turn(view)
            memory.tried.update((a.give, a.get) for a in made)
            memory.offers = max(memory.offers, len(made))
        action = player.choose(view)
        goals = player.planner.goals.ranked(Seat(view)) if view.phase in (phases.MAIN, phases.DISCARD) else []
    finally:
        memory.recall(saved)
    params = {"goal": goals[0][1]} if goals else {}
    k = action.kind
    founding = view.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)
    code = "found" if founding and k == A.SETTLE else REASONS.get(k, "other")
    return action, code, params
