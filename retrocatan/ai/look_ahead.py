"""The Expert's look-ahead (``LookAhead``): games made from its view
(``engine.determinize``: what the view hides is dealt anew with its own
generator), played on by planners in every seat, its own too, judging by
the Expert's figures and sharing its tables of positions
(``Planner.fellow``); what its searches weighed in the last decision, for
the advisor.

A played-on game stops at the start of the Expert's next turn, or the end
of this one, or after ``ROLLOUT_STEPS`` decisions: counted, never timed,
so games replay. A player may also be given a CPU budget for each decision
(``CpuBudget``, the server's): when it is spent, the look-ahead stops and
decides with the games it has played (without one, the counts alone bound it).
"""

from __future__ import annotations

import time

from ..engine import Game, phases
from ..engine import actions as A
from ..engine.determinize import determinize
from ..engine.rng import Rng, derive_seed

HARD_BONUS = 0.5        # Hard's own choice wins a near tie (in the searches of the turn and the founding)
ROLLOUT_STEPS = 600     # a played-on game stops after this many decisions anyway
ROLLOUT_MARGIN = 30.0   # close calls of the turn: the candidates within this much of the best are played on
ROLLOUT_WIDTH = 3       # ... at most this many
ROLLOUT_PLAYERS = 4     # ... to the start of the next turn only in games of at most this many players (more:
#                         more turns to play on)
SEARCHED = frozenset((A.ROAD, A.SETTLE, A.CITY, A.BUY, A.TRADE, A.END, A.PASS))   # the kinds of action searched


class CpuBudget:
    """The CPU time one decision may take (``seconds``; None: no limit, and
    the clock is never read, so the decision depends on the counts alone)."""

    def __init__(self, seconds: float | None = None) -> None:
        if seconds is not None and not seconds >= 0:
            raise ValueError(f"a CPU budget is a number of seconds >= 0, not {seconds!r}")
        self.seconds = seconds
        self._end: float | None = None

    def start(self) -> None:
        """A decision begins: its budget counts from now (the thread's CPU time)."""
        if self.seconds is not None:
            self._end = time.thread_time() + self.seconds

    def spent(self) -> bool:
        """The decision's CPU time is used up."""
        return self._end is not None and time.thread_time() >= self._end


def search_rng(seed: int, seat: int) -> Rng:
    """The generator of the Expert's look-ahead in ``seat`` of a game of ``seed``."""
    return Rng(derive_seed(seed, seat, 0xE4E7))


class LookAhead:
    """Games played on from the Expert's view (module docstring): its
    generator (``rng``), its CPU budget (``budget``), the planner whose
    fellows play on (``planner``: the Expert's), and the record of its last
    decision (``evaluations``: positions valued; ``weighed``: what was
    weighed, for the advisor, as (kind, [(value, action, view)], the view
    if the turn ends, the played-on averages or None, (how far they were
    played on: "next" turn or the "end" of this one, games each)))."""

    def __init__(self, planner, rng: Rng, budget: CpuBudget) -> None:
        self.planner = planner
        self.rng = rng
        self.budget = budget
        self.evaluations = 0
        self.weighed: tuple | None = None

    def deal(self, view) -> Game:
        """A game made from ``view``: what it hides dealt anew."""
        return determinize(view, self.rng)

    def sims(self, seed: int, players: int) -> list:
        """The players of a look-ahead, one per seat: Hard's play, judged by
        the Expert's figures (``expert.COAST``; on a Seafarers map more offers),
        sharing its tables of positions (public facts, whoever works them out)."""
        return [self.planner.fellow(seed, s) for s in range(players)]

    def play_on(self, view, close, me: int, games: int, worth, turn_only: bool) -> tuple[list[float], int]:
        """For each candidate of ``close`` ((value, action, view)), the sum
        over ``games`` games made from ``view`` (the same game for every
        candidate) of the position's worth (``worth``) after the action and
        ``play_round``; and the number of games summed: all of them, or those
        every candidate finished before the CPU budget (``budget``) was spent."""
        totals = [0.0] * len(close)
        for k in range(games):
            if self.budget.spent():
                return totals, k
            base = self.deal(view)
            game = []
            for _, a, _ in close:
                g = base.copy()
                g.apply(a)
                sims = self.sims(k, view.players)
                game.append(self.play_round(g, sims, me, worth, turn_only, self.budget))
            if None in game:
                return totals, k
            for i, v in enumerate(game):
                totals[i] += v
        return totals, games

    @staticmethod
    def play_round(g, sims, me: int, worth, turn_only: bool = False, budget: CpuBudget | None = None) -> float | None:
        """Play ``g`` on with ``sims`` (a player per seat) to the start of
        ``me``'s next turn, or with ``turn_only`` to the end of this one (or
        the end of the game, or ``ROLLOUT_STEPS`` decisions); the value of
        the position then for ``me`` (a won or lost game: +-1e4); None when
        ``budget`` was spent before."""
        left = g.current != me
        steps = 0
        while not g.over and steps < ROLLOUT_STEPS:
            if budget is not None and budget.spent():
                return None
            if g.current != me:
                if turn_only:
                    break
                left = True
            elif left and g.phase == phases.ROLL:
                break
            d = g.decider
            g.apply(sims[d].choose(g.seat_view(d)))
            steps += 1
        if g.over:
            return 1e4 if g.winner == me else -1e4
        return worth(g.seat_view(me), me)
