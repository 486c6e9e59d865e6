"""The Expert's founding (``FoundingSearch``): Hard's best corners (as many
as the layer's part says, ``ExpertPlan.found_widths``), each played out to
the end of the founding, every other seat placing as Hard would, and the
corner whose position is worth most then (``worth.value``, plus what the
part adds) is taken; where the part says so, its own second settlement in
each playout is the best of the same search among Hard's best few. When
the CPU budget is spent, the best of the corners played out so far (Hard's
best is always played out first).
"""

from __future__ import annotations

from ..engine import Action, phases
from .expert_plan import ExpertPlan
from .knowledge import Seat
from .layers import part_for
from .look_ahead import HARD_BONUS
from .worth import value


class FoundingSearch:
    """The founding settlement by playouts, for the Expert whose context
    (``expert.ExpertContext``) is ``ctx``."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx

    def found(self, view) -> Action:
        """A founding settlement: Hard's best few corners, each played out
        to the end of the founding (every other seat places as Hard would;
        where the layer's part says so, this player's own later
        settlement is searched the same way among Hard's best few), scored by the value of the position then."""
        look = self.ctx.look_ahead
        look.evaluations = 0
        game = look.deal(view)
        best, scored = self._search(view, game, look.sims(0, view.players), nested=False)
        look.weighed = ("found", scored, None, None, None)
        return best

    def _search(self, view, game, sims: list, nested: bool):
        """The best founding corner of this player in ``view``, the position
        of ``game``, and [(value, corner's action, view at the end of the
        founding)] of the candidates: Hard's best corners, as many as the
        layer's part says (``ExpertPlan.found_widths``), or, ``nested``, its
        best few for its own second settlement; ranked by the part's worth
        (``ExpertPlan.found_worths``)."""
        ctx = self.ctx
        look = ctx.look_ahead
        me = ctx.seat
        seat = Seat(view)
        plan = part_for(ExpertPlan, view.board)
        hard = plan.found_worths(ctx, seat, view.legal)       # Hard's founding worth of each corner
        ranked = sorted(view.legal, key=lambda a: (-hard[a.place], a.place))
        nest, candidates = plan.found_widths(view)
        width = nest if nested else candidates
        best, best_v = ranked[0], None
        scored = []
        for i, a in enumerate(ranked[:width]):
            if scored and look.budget.spent():
                break           # the CPU budget: the best of the corners played out
            g = game.copy()
            g.apply(a)
            v = None
            while g.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD):
                d = g.decider
                if nest and not nested and d == me and g.phase == phases.SETUP_SETTLEMENT:
                    # its own next settlement: the best of its own search
                    _, inner = self._search(g.seat_view(me), g, sims, nested=True)
                    v, _, seen = max(inner, key=lambda x: x[0])
                    break
                g.apply(sims[d].choose(g.seat_view(d)))
            if v is None:
                look.evaluations += 1
                seen = g.seat_view(me)
                v = value(seen, me)
            v += HARD_BONUS if i == 0 else 0.0
            v = plan.found_value(ctx, seat, a.place, hard[a.place], v)     # what the value does not see
            scored.append((v, a, seen))
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best, scored
