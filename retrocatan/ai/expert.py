"""The Expert computer player: Hard's plans checked by look-ahead
(docs/ai.md, "The Expert", says it in full).

The Expert has a planner (``planner.Planner``) with Hard's figures but the
coast's (``COAST``), and parts with one job each around it: the value of
a position (``worth.py``), its look-ahead (``look_ahead.py``), its founding
by playouts (``expert_founding.py``), its trading (``expert_trading.py``)
and what a layer's map changes (``expert_plan.py``, the layer's part;
``ai/seafarers/expert.py`` on a Seafarers map), which gets its context
(``ExpertContext``). This module holds the player and the base game's
turn (``_search``): every build, card purchase, bank trade (and the best
build it allows) and the end of the turn is applied to one game made from
its view and scored, at most ``BUDGET`` positions; Hard's own choice wins
a near tie (``look_ahead.HARD_BONUS``). When up to ``ROLLOUT_WIDTH``
actions lie within ``ROLLOUT_MARGIN`` of the best, each is played on to
the start of its next turn in ``ROLLOUT_SAMPLES`` games (``_rollouts``;
only with at most ``ROLLOUT_PLAYERS`` players), and the best on average
is taken. Before it ends the turn, and before a build of the kinds
``GREEDY_FIRST``, it makes its two-for-one offer. Hard's, as Hard plays
them: the robber and the pirate, discards, card plays, counter-offers,
gold and the founding roads.

The search is bounded by counts, never by the clock, so games replay;
a server may give each decision a CPU budget on top (``cpu_budget``,
``look_ahead.CpuBudget``): when it is spent, the search stops and decides
with what it has weighed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine import Action, phases
from ..engine import actions as A
from ..engine.rng import Rng
from . import look_ahead
from .expert_founding import FoundingSearch
from .expert_plan import ExpertPlan
from .expert_trading import ExpertTrading
from .knowledge import Seat, Tables, view_of
from .layers import part_for
from .level import HARD, Level
from .look_ahead import HARD_BONUS, ROLLOUT_MARGIN, ROLLOUT_WIDTH, SEARCHED, CpuBudget, LookAhead, search_rng
from .memory import PlayerMemory
from .planner import Planner, advise
from .worth import VP, decided, figures, value

__all__ = ["ExpertContext", "ExpertPlayer", "VP", "decided", "figures", "value"]

BUDGET = 160            # positions evaluated per decision, at most
ROLLOUT_SAMPLES = 4     # close calls of the turn: games played on to this player's next turn, per candidate
GREEDY_FIRST = (A.ROAD, A.BUY)  # the two-for-one offer also before building a road or buying a card
#                                 (trading closes with a build)
COAST = 0.0             # a corner's worth for the first building on the coast (Hard: 3), for the Expert
#                         and the players of its look-ahead alike
TABLES = 512            # positions whose tables (``knowledge.Tables``, its figures) it and its look-ahead keep
_BUILDS = frozenset((A.ROAD, A.SETTLE, A.CITY, A.BUY))
_CARD_PLAYS = frozenset((A.KNIGHT, A.MONOPOLY, A.INVENTION, A.ROAD_BUILDING))     # Hard's judgement stands


@dataclass(frozen=True)
class ExpertContext:
    """What the Expert's part of a layer (``expert_plan.ExpertPlan``) and
    its founding search work with: its seat, its planner (Hard's plan by
    the Expert's figures, its memory of the turn and tables), its
    look-ahead and its trading."""

    seat: int
    planner: Planner
    look_ahead: LookAhead
    trading: ExpertTrading

    def hard(self, view) -> Action:
        """What Hard would do here, by the Expert's figures (its memory of the turn goes on)."""
        return self.planner.choose(view)


class ExpertPlayer:
    """The Expert level (see the module docstring)."""

    level = "expert"

    def __init__(self, seed: int, seat: int, cpu_budget: float | None = None) -> None:
        self.seat = seat
        self.memory = PlayerMemory.of_seat(seed, seat)      # its memory of the turn, its planner's
        self.budget = CpuBudget(cpu_budget)     # CPU seconds a decision may take (None: the counts alone)
        self.figures = replace(HARD, name="expert", coast=COAST)   # its own: Hard's but the coast's
        self._compose(self.figures, search_rng(seed, seat))

    def _compose(self, figures: Level, rng: Rng) -> None:
        """Its parts, judging by ``figures``, its look-ahead drawing on ``rng``."""
        self.planner = Planner(figures, self.memory, Tables(figures, TABLES))   # tables shared with its look-ahead
        self.trading = ExpertTrading(self.planner)
        self.planner.phases[phases.OFFER_RESPONSE] = self.trading.answer     # its own answers to offers
        self.look_ahead = LookAhead(self.planner, rng, self.budget)
        self.ctx = ExpertContext(self.seat, self.planner, self.look_ahead, self.trading)
        self.founding = FoundingSearch(self.ctx)

    @property
    def evaluations(self) -> int:
        """Positions valued in the last decision."""
        return self.look_ahead.evaluations

    def choose(self, view) -> Action:
        view = view_of(view)
        self.budget.start()
        plan = part_for(ExpertPlan, view.board)
        figures_here = plan.figures(view, self.figures)
        if figures_here != self.planner.figures:      # a map with figures of its own (a Seafarers map's)
            self._compose(figures_here, self.look_ahead.rng)
        look = self.look_ahead
        look.evaluations, look.weighed = 0, None     # the record of this decision
        memory = self.memory
        memory.new_turn(view)   # before its memory is saved and put back (``saved``): a new turn's offers count anew
        ph = view.phase
        if ph == phases.SETUP_SETTLEMENT and view.decider == self.seat and len(view.legal) > 1:
            return self.founding.found(view)
        act = plan.turn(self.ctx, view)
        if act is not None:
            return act          # the layer's turn (a Seafarers map: Hard's plan checked by rollouts)
        hard_of = self.ctx.hard
        if ph not in (phases.MAIN, phases.SPECIAL_BUILD) or view.decider != self.seat or len(view.legal) == 1:
            return hard_of(view)
        saved = memory.copy()
        hard = hard_of(view)
        if hard.kind in _CARD_PLAYS:
            return hard         # card plays: Hard's judgement
        best, best_v, end_v = self._search(view, hard)
        voyage = plan.voyage_kinds
        if hard.kind in voyage and (best is None or best_v < end_v + VP / 2):
            return hard         # a voyage goes on unless a point can be built now
        if best is None or best_v <= end_v + HARD_BONUS:
            if ph == phases.MAIN:
                memory.recall(saved)
                offer = self.trading.greedy_offer(view)
                if offer is not None:
                    return offer
                hard = hard_of(view)
        if best is None or ((hard.kind in _CARD_PLAYS or hard.kind == A.OFFER or hard.kind in voyage)
                            and best_v <= end_v + HARD_BONUS):
            return hard         # nothing searched beats ending: Hard's offer or ship, if it has one
        if ph == phases.MAIN and best.kind in GREEDY_FIRST and view.may_offer:
            offer = self.trading.offer_first(view, saved)
            if offer is not None:
                return offer    # trading closes with the first build: ask before building
        if best != hard:
            memory.recall(saved)
        return best

    def _search(self, view, hard: Action):
        me = self.seat
        look = self.look_ahead
        game = look.deal(view)
        look.evaluations = 0
        legal = [a for a in view.legal if a.kind in SEARCHED]
        before = frozenset(legal)       # after a bank trade, only the builds it made possible
        if not legal:
            return None, 0.0, 0.0
        end_view = game.seat_view(me)
        end_v = value(end_view, me)
        look.evaluations = 1
        best, best_v = None, -1e18
        scored = []
        for a in legal:
            if scored and self.budget.spent():
                break           # decides among what it has weighed
            if a.kind in (A.END, A.PASS):
                v, seen = end_v, end_view
            else:
                g = game.copy()
                g.apply(a)
                v, seen = self._after(g, a, me, before)
            if a == hard:
                v += HARD_BONUS
            scored.append((v, a, seen))
            if v > best_v:
                best, best_v = a, v
        look.weighed = ("turn", scored, end_view, None, None)
        if ROLLOUT_SAMPLES and len(scored) > 1 and view.players <= look_ahead.ROLLOUT_PLAYERS:
            ranked = sorted(scored, key=lambda x: -x[0])
            close = [x for x in ranked if x[0] >= ranked[0][0] - ROLLOUT_MARGIN][:ROLLOUT_WIDTH]
            if len(close) > 1:
                pick, played, games = self._rollouts(view, close, me)
                if not games:           # the CPU budget was spent first: the best by value
                    return best, best_v, end_v
                look.weighed = ("turn", scored, end_view, played, ("next", games))
                if pick.kind in (A.END, A.PASS):     # the two-for-one offer, else Hard's own choice stands
                    look.weighed = None                 # (the advisor gives Hard's reason)
                    return None, end_v, end_v
                return pick, max(best_v, end_v + HARD_BONUS + 1.0), end_v
        return best, best_v, end_v

    def _rollouts(self, view, close, me: int) -> tuple[Action, list[tuple[float, Action]], int]:
        """Of the close candidates ``close`` ((value, action, view)), the one
        whose position at the start of this player's next turn is worth most
        on average over ``ROLLOUT_SAMPLES`` games made from its view, every
        seat (this one too) playing on as Hard would; each candidate's
        average, as (average, action); and the games played (fewer when the
        CPU budget was spent; 0: none, and the averages mean nothing)."""
        totals, games = self.look_ahead.play_on(view, close, me, ROLLOUT_SAMPLES, value, False)
        i = max(range(len(close)), key=lambda i: (totals[i], close[i][0]))
        return close[i][1], [(t / max(games, 1), a) for t, (_, a, _) in zip(totals, close)], games

    def _after(self, g, a: Action, me: int, before: frozenset) -> tuple[float, object]:
        """The value after action ``a`` (applied to ``g``): after a bank
        trade, the best of stopping there and one build it allows (one not
        legal ``before`` it); and the view of the position valued."""
        look = self.look_ahead
        look.evaluations += 1
        here = g.seat_view(me)
        v = value(here, me)
        if a.kind != A.TRADE or g.over or g.decider != me:
            return v, here
        follow = [b for b in here.legal if b.kind in _BUILDS and b not in before]
        for b in follow:
            if look.evaluations >= BUDGET or self.budget.spent():
                break
            g2 = g.copy()
            g2.apply(b)
            look.evaluations += 1
            there = g2.seat_view(me)
            v2 = value(there, me)
            if v2 > v:
                v, here = v2, there
        return v, here

    def advise(self, seen, made=()):
        """As ``planner.advise``; the look-ahead's generator is put back
        too. When the action advised is one the search weighed, ``params``
        also says what it weighed: ``"figures"``, the figures (``figures``)
        that changed from ending the turn to the position after the action
        (or, founding, from the next best corner's position), the weightiest
        first, as (name, change); ``"corner"``, founding, the corner's
        (dots, resources); and ``"next"``, the two best other kinds of
        action weighed, as (kind, how many points' worth less), kind
        ``"found"`` for another founding corner; when the rollouts chose
        among close actions, ``"played"`` (games a candidate), ``"until"``
        (how far they were played on: ``"next"``, to the start of this
        player's next turn, or ``"end"``, to the end of this one, on a
        scenario map) and ``"next"`` the other candidates by how much less
        they were worth on average then."""
        saved = Rng.from_state(*self.look_ahead.rng.get_state())
        try:
            action, code, params = advise(self, seen, made)
        finally:
            self.look_ahead.rng = saved
        weighed, self.look_ahead.weighed = self.look_ahead.weighed, None
        if weighed is None:
            return action, code, params
        kind, scored, end_view, played, until = weighed
        chosen = [x for x in scored if x[1] == action]
        if not chosen:
            return action, code, params
        v, _, seen_view = chosen[0]
        me = self.seat
        rest = sorted((x for x in scored if x[1] != action), key=lambda x: -x[0])
        params = dict(params)
        if kind == "found":
            params["figures"] = decided(figures(seen_view, me), figures(rest[0][2], me)) if rest else []
            row = Seat(seen_view).yields[action.place]
            params["corner"] = (sum(row), sum(1 for x in row if x))
            params["next"] = [("found", round((v - x[0]) / VP, 2)) for x in rest[:2]]
            return action, code, params
        params["figures"] = decided(figures(seen_view, me), figures(end_view, me))
        nxt, kinds = [], {action.kind}
        mine = [x for x in played or () if x[1] == action]
        if mine:        # the rollouts decided: the others played on, by their average then
            params["until"], params["played"] = until
            v = mine[0][0]
            rest = sorted((x for x in played if x[1] != action), key=lambda x: -x[0])
        for x in rest:
            if x[1].kind not in kinds and len(nxt) < 2:
                kinds.add(x[1].kind)
                nxt.append((x[1].kind, round((v - x[0]) / VP, 2)))
        params["next"] = nxt
        return action, code, params
