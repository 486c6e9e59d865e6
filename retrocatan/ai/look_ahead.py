"""The Expert's look-ahead: games made from its view (``engine.determinize``:
what the view hides is dealt anew with its own generator, ``search_rng``),
played on by Hard planners in every seat, its own too, judging by the
Expert's figures and sharing its tables of positions (``_sims``).

A played-on game stops at the start of the Expert's next turn, or the end
of this one, or after ``ROLLOUT_STEPS`` decisions: counted, never timed,
so games replay. A player may also be given a CPU budget for each decision
(``CpuBudget``, the server's): when it is spent, the look-ahead stops and
decides with the games it has played (without one, the counts alone bound it).
"""

from __future__ import annotations

import time

from ..engine import phases
from ..engine.determinize import determinize
from .planner import PlanningPlayer

HARD_BONUS = 0.5        # Hard's own choice wins a near tie (in the searches of the turn and the founding)
ROLLOUT_STEPS = 600     # a played-on game stops after this many decisions anyway


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


class LookAhead:
    """Games played on from the Expert's view (``seat``, ``cfg``, ``tables``
    and ``search_rng`` are the Expert's)."""

    def _sims(self, seed: int, players: int) -> list[PlanningPlayer]:
        """The players of a look-ahead, one per seat: Hard's play, judged by
        the Expert's figures (``expert.COAST``; on a Seafarers map more offers),
        sharing its tables of positions
        (public facts, whoever works them out)."""
        sims = [PlanningPlayer("hard", seed, s) for s in range(players)]
        for sim in sims:
            sim.cfg = self.cfg
            sim.tables = self.tables
        return sims

    def _play_on(self, view, close, me: int, games: int, worth, turn_only: bool) -> tuple[list[float], int]:
        """For each candidate of ``close`` ((value, action, view)), the sum
        over ``games`` games made from ``view`` (the same game for every
        candidate) of the position's worth (``worth``) after the action and
        ``_round``; and the number of games summed: all of them, or those
        every candidate finished before the CPU budget (``budget``) was spent."""
        totals = [0.0] * len(close)
        for k in range(games):
            if self.budget.spent():
                return totals, k
            base = determinize(view, self.search_rng)
            game = []
            for _, a, _ in close:
                g = base.copy()
                g.apply(a)
                sims = self._sims(k, view.players)
                game.append(self._round(g, sims, me, worth, turn_only, self.budget))
            if None in game:
                return totals, k
            for i, v in enumerate(game):
                totals[i] += v
        return totals, games

    @staticmethod
    def _round(g, sims, me: int, worth, turn_only: bool = False, budget: CpuBudget | None = None) -> float | None:
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
