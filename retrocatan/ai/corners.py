"""What a settlement on a corner is worth to a planning player
(``CornerValue``), and its founding settlement.

With ``Level.smart_setup``, each resource's pips at the corner count more
the less the player already produces of it (1 + 1.5 / (1 + production)),
weighted for the game's stage (in the founding wood and brick 1.15, sheep
0.95, wheat 1.05; later wheat 1.1 and coal 1.15 for cities), plus 0.6 for
every kind it yields; a 3:1 harbour adds 1.2, a 2:1 harbour a quarter of
the pips of its resource the player would produce; what the layer's map
adds (``layers.MapPlan.corner_worth``); a hex with the robber costs 0.7 a
pip. Without it, a corner is worth the sum of its pips. A founding
settlement goes on the best corner by the layer's founding worth
(``MapPlan.found_worth``).
"""

from __future__ import annotations

from ..engine import Action
from ..engine.components import RESOURCES, pips
from .knowledge import Seat
from .layers import plan_for


class CornerValue:
    """A corner's worth and the founding settlement, by its planner's level
    (``planner``: the ``Planner`` it is a part of)."""

    def __init__(self, planner) -> None:
        self.planner = planner
        self.figures = planner.figures

    def found(self, seat: Seat, legal) -> Action:
        """The founding settlement: the best corner by its founding worth."""
        plan = plan_for(seat.board)
        return self.planner.judge.pick(legal, lambda a: plan.found_worth(self.planner, seat, a.place))

    def value(self, seat: Seat, c: int, founding: bool = False) -> float:
        """What a settlement on corner ``c`` is worth to this player (kept
        on ``seat`` for the decision: it depends on nothing else)."""
        return seat.memo("corner_values", (c, founding), lambda: self._worked_out(seat, c, founding))

    def _worked_out(self, seat: Seat, c: int, founding: bool) -> float:
        y = seat.yields[c]
        total = sum(y)
        if not self.figures.smart_setup:
            return total
        prod = seat.production(seat.me, skip_robber=False)
        value = 0.0
        for r in range(5):
            if y[r]:
                # Resources the player lacks are worth more; brick and wood
                # early, wheat and coal for cities.
                scarcity = 1.0 + 1.5 / (1.0 + prod[r])
                early = (1.15, 1.15, 0.95, 1.05, 1.0)[r] if founding else (0.95, 0.95, 1.0, 1.1, 1.15)[r]
                value += y[r] * scarcity * early
        kinds = sum(1 for r in range(5) if y[r])
        value += 0.6 * kinds
        harbour = seat.board.corner_harbour[c]
        if harbour is not None:
            if harbour == "3:1":
                value += 1.2
            else:
                r = RESOURCES.index(harbour)
                value += 0.25 * (prod[r] + y[r])
        value = plan_for(seat.board).corner_worth(self.planner, seat, c, founding, value)  # the layer's map
        # Next to the robber: worth less.
        if seat.view.robber in seat.geo.corner_hexes[c]:
            h = seat.view.robber
            value -= 0.7 * pips(seat.board.numbers[h]) if seat.board.numbers[h] else 0
        return value
