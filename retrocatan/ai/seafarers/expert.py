"""The Expert on a Seafarers map (``SeaExpertPlan``, the layer's part of
``expert_plan.ExpertPlan``).

Its figures there: up to ``SEA_OFFERS`` offers a turn and a city worth
``SEA_CITY`` as a goal, for itself and the players of its look-ahead. Its
founding plays Hard's best ``SEA_FOUND_CANDIDATES`` corners out, its own
second settlement in each playout the best of the same search among Hard's
best ``SEA_FOUND_NEST``; corners are ranked without Hard's pull to the first
settlement's island, and the worth of the sea a corner opens (fog, other
islands in the ships' reach) is added to the position's value, times
``SEA_FOUND_EXTRA``.

Its turn is Hard's plan checked by short rollouts (``sea_rollouts``):
where Hard would build, buy, trade with the bank or end the turn, Hard's
choice, the actions the sea value (``sea_worth``) likes best and every ship
it may build are played on to the end of this turn in ``SEA_ROLLOUTS``
games; where a corner with the island bonus lies within ``LAND_LIMIT``
roads over land (``voyage.land_reach``), in ``SEA_ROLLOUTS_LAND`` games
and, with at most ``look_ahead.ROLLOUT_PLAYERS`` players, to the start of
its next turn. A ship Hard builds or moves stands (``SEA_ROLLOUT_SKIP``).
Before it ends the turn or makes Hard's offer, it makes its two-for-one
offer (``sea_trade``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from ...engine import Action, phases
from ...engine.seafarers import actions as A
from .. import look_ahead
from ..expert_plan import ExpertPlan
from ..knowledge import Seat
from ..layers import layer_part
from ..look_ahead import HARD_BONUS, ROLLOUT_MARGIN, ROLLOUT_WIDTH, SEARCHED
from ..worth import VP, value
from . import sailing
from .plan import founding_value
from .voyage import land_reach

SEA_FOUND_CANDIDATES = 8    # founding: Hard's best corners played out (Hard's founding here is slower)
SEA_FOUND_NEST = 4      # ... in each playout of a first settlement, its own second one is the best of the same
#                         search among Hard's best this many corners (0: Hard's choice)
SEA_FOUND_EXTRA = 2.0   # ... plus Hard's worth of the sea a corner opens (fog, other islands' bonus), times this
SEA_OFFERS = 5          # offers to other players a turn, its two-for-one and Hard's one-for-one together
#                         (Hard and the base game: 3)
SEA_CITY = 2.7          # a city's worth as a goal before its corner's yield (Hard: 2.2; ``Level.city_goal``),
#                         for it and its look-ahead's players
SEA_ROLLOUTS = 2        # Hard's choice and the value's best few, each played on in this many games made
#                         from its view
SEA_ROLLOUTS_LAND = 6   # ... in this many where a corner with the island bonus lies within LAND_LIMIT roads
LAND_LIMIT = 6          # ... over land (``voyage.land_reach``: in effect, Through the Desert)
SEA_PLAY_ON = "end"     # ... to the "end" of this turn ("next": to the start of the next, as on the base game)
SEA_PLAY_ON_LAND = "next"   # ... but where the bonus lies over land (as SEA_ROLLOUTS_LAND), to the start of
#                             the next, in games of at most ``look_ahead.ROLLOUT_PLAYERS`` players
SEA_ROLLOUT_VALUE = 0.3 # ... the position then also counts the best voyage Hard would plan, times this
SEA_DECAY = 0.8         # ... less 20% for every ship it still needs
SEA_FOG = 40.0          # ... and every fog hex still hidden costs this much
SEA_ROLLOUT_SKIP = (A.SHIP, A.MOVE_SHIP)    # ... Hard's choices of these kinds stand (its voyages go on)


def voyage_worth(planner, view, me: int) -> float:
    """The worth of the best voyage Hard would plan from the position
    ``view`` shows (``sailing.voyages``: a settlement, an island
    bonus or fog within the ships' reach), in half points, less for
    every ship it still needs (``SEA_DECAY``); 0 if none."""
    seat = Seat(view)
    seat.shared = planner.tables      # Hard's tables of this position, as in Hard's own decisions
    voyages = sailing.voyages(planner, seat)  # Hard's, by its level's figures
    if not voyages:
        return 0.0
    top = voyages[0][1]
    return (VP / 2) * top.value * SEA_DECAY ** top.ships


def sea_worth(planner, view, me: int) -> float:
    """The value of a position on a scenario map for the sea rollouts:
    ``value``, plus the best voyage (``voyage_worth``, times
    ``SEA_ROLLOUT_VALUE``), less ``SEA_FOG`` for every fog hex still
    hidden (whoever turns one, its resources and coast come to light)."""
    v = value(view, me)
    if view.over:
        return v
    return v + SEA_ROLLOUT_VALUE * voyage_worth(planner, view, me) - SEA_FOG * len(view.fog_hexes)


def sea_rollouts(ctx, view) -> Action | None:
    """On a scenario map, the Expert's own turn: Hard's choice (a
    build, ship, bank trade or the end of the turn) and the actions the
    sea value (``sea_worth``) likes best (every ship it may build
    among them), up to ``ROLLOUT_WIDTH`` within
    ``ROLLOUT_MARGIN`` of the best, Hard's always among them, are each
    played on to the end of this turn (``SEA_PLAY_ON``; every seat
    playing as Hard) in ``SEA_ROLLOUTS`` games made from its view;
    where a corner with the island bonus lies within ``LAND_LIMIT``
    roads over land (``voyage.land_reach``), in ``SEA_ROLLOUTS_LAND``
    games, and with at most ``ROLLOUT_PLAYERS`` players to the start of
    its next turn (``SEA_PLAY_ON_LAND``), as on the base game. The one
    worth most then on average is played, Hard's winning a tie by
    ``HARD_BONUS``. None when Hard's choice stands, or when ending the
    turn wins (then the two-for-one offer comes first, as on the base
    game)."""
    planner, look = ctx.planner, ctx.look_ahead
    saved = planner.memory.copy()
    hard = ctx.hard(view)
    planner.memory.recall(saved)
    if (hard.kind not in SEARCHED and hard.kind not in (A.SHIP, A.MOVE_SHIP)) or hard.kind in SEA_ROLLOUT_SKIP:
        return None         # a card play or an offer (Hard's, or the two-for-one first), or a voyage going on
    me = ctx.seat
    game = look.deal(view)
    end_view = game.seat_view(me)
    scored = []
    for a in view.legal:
        if a.kind not in SEARCHED and a != hard and a.kind != A.SHIP:
            continue
        if a != hard and look.budget.spent():
            continue        # the CPU budget: Hard's choice and what is weighed so far
        if a.kind in (A.END, A.PASS):
            seen = end_view
        else:
            g = game.copy()
            g.apply(a)
            seen = g.seat_view(me)
        scored.append((sea_worth(planner, seen, me) + (HARD_BONUS if a == hard else 0.0), a, seen))
    ranked = sorted(scored, key=lambda x: -x[0])
    close = [x for x in ranked if x[0] >= ranked[0][0] - ROLLOUT_MARGIN][:ROLLOUT_WIDTH]
    if all(x[1] != hard for x in close):
        close = close[:ROLLOUT_WIDTH - 1] + [next(x for x in scored if x[1] == hard)]
    if len(close) < 2:
        return None
    until, games = SEA_PLAY_ON, SEA_ROLLOUTS
    if land_reach(view, me, LAND_LIMIT) is not None:       # the bonus lies over land: look further
        games = SEA_ROLLOUTS_LAND
        if view.players <= look_ahead.ROLLOUT_PLAYERS:
            until = SEA_PLAY_ON_LAND
    totals, games = look.play_on(view, close, me, games, partial(sea_worth, planner), until == "end")
    if not games:
        return None         # the CPU budget was spent first: Hard's choice
    avg = [t / games + (HARD_BONUS if x[1] == hard else 0.0) for t, x in zip(totals, close)]
    i = max(range(len(close)), key=lambda i: (avg[i], close[i][1] == hard, close[i][0]))
    pick = close[i][1]
    if pick == hard or pick.kind in (A.END, A.PASS):
        return None
    look.weighed = ("turn", scored, end_view, [(v, x[1]) for v, x in zip(avg, close)], (until, games))
    return pick


def sea_trade(ctx, view) -> Action:
    """Hard's choice, but before ending the turn (or Hard's own offer)
    the two-for-one offer of the base game."""
    memory = ctx.planner.memory
    saved = memory.copy()
    hard = ctx.hard(view)
    if hard.kind not in (A.END, A.OFFER):
        return hard
    memory.recall(saved)
    offer = ctx.trading.greedy_offer(view)
    if offer is not None:
        return offer
    return ctx.hard(view)


@layer_part("seafarers")
class SeaExpertPlan(ExpertPlan):
    """The Expert on a Seafarers map (see the module docstring)."""

    voyage_kinds = frozenset(SEA_ROLLOUT_SKIP)

    def figures(self, view, figures):
        """On a scenario map its figures there (``SEA_OFFERS``, ``SEA_CITY``)."""
        if view.regions:
            return replace(figures, offers_per_turn=SEA_OFFERS, city_goal=SEA_CITY)
        return figures

    def found_widths(self, view) -> tuple[int, int]:
        if view.regions:
            return SEA_FOUND_NEST, SEA_FOUND_CANDIDATES
        return super().found_widths(view)

    def found_worths(self, ctx, seat, legal) -> dict:
        """Hard's founding value with the sea's, without its pull to the
        first settlement's island (so it founds on two islands more often)."""
        planner = ctx.planner
        if seat.view.island_bonus_points and planner.figures.smart_setup:
            return {a.place: founding_value(planner, seat, a.place, same_island=False) for a in legal}
        return super().found_worths(ctx, seat, legal)

    def found_value(self, ctx, seat, c: int, worth: float, v: float) -> float:
        """What the value does not see: the fog and other islands within the ships' reach."""
        planner = ctx.planner
        if seat.view.island_bonus_points and planner.figures.smart_setup:
            v += SEA_FOUND_EXTRA * (worth - planner.corners.value(seat, c, founding=True))
        return v

    def turn(self, ctx, view):
        """Where Hard would build, buy, trade with the bank or end the
        turn: the rollouts' pick; else Hard's play, with the two-for-one
        offer before it ends the turn (module docstring)."""
        if not view.regions:
            return None
        ph = view.phase
        if ph in (phases.MAIN, phases.SPECIAL_BUILD) and view.decider == ctx.seat and len(view.legal) > 1:
            pick = sea_rollouts(ctx, view)
            if pick is not None:
                return pick
        if ph == phases.MAIN and view.decider == ctx.seat:
            return sea_trade(ctx, view)
        return ctx.hard(view)
