"""The founding phase: settlement and road each, in order, then in reverse
(docs/rules.md §3.6).

The second settlement yields one card per adjacent producing hex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from . import phases

if TYPE_CHECKING:
    from .state import GameState


def founding_order(st: GameState) -> list[int]:
    n = st.players
    order = [(st.first + i) % n for i in range(n)]
    return order + order[::-1]


def road_spots(st: GameState) -> list[int]:
    """Free edges beside the founding settlement just placed."""
    c = st.last_settlement
    return [e for e in st.geo.corner_edges[c] if st.edge_owner[e] == -1]


def founded(st: GameState, p: int, c: int, events: list) -> None:
    """After a founding settlement on ``c`` (``placing.put``): the second one
    yields its cards; then its road."""
    st.last_settlement = c
    if st.setup_step >= st.players:  # second round: income
        gains = [0] * 5
        for h in st.geo.corner_hexes[c]:
            r = st.board.resource[h]
            if r is not None and st.bank[r] > 0:
                st.bank[r] -= 1
                st.hands[p][r] += 1
                st.stats_gained[p][r] += 1
                gains[r] += 1
        events.append(E.founding_income(p, gains))
    st.phase = phases.SETUP_ROAD


def next_founder(st: GameState) -> bool:
    """After a founding road (or a layer's piece beside the settlement): the
    next placement; True when the founding phase is over."""
    st.setup_step += 1
    order = founding_order(st)
    if st.setup_step >= len(order):
        return True
    st.decider = order[st.setup_step]
    st.phase = phases.SETUP_SETTLEMENT
    return False
