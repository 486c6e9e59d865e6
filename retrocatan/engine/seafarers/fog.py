"""Fog (docs/rules.md §14): a road or ship whose end touches a fog hex
turns it over: its terrain is drawn from the remaining fog pool with the
game's generator, a land hex other than desert takes the next fog token
(from then on the roll of its number pays it: ``board.reveal``); the
explorer gets one card of the new land (gold: a choice)."""

from __future__ import annotations

from ..components import TERRAIN_RESOURCE
from . import events as E
from .gold import queue_gold


def explore(st, p: int, e: int, events: list) -> None:
    """Turn every fog hex at the ends of the new road or ship on edge ``e``."""
    board = st.board
    if "fog" not in board.terrain:
        return
    for c in st.geo.edge_corners[e]:
        for h in st.geo.corner_hexes[c]:
            if board.terrain[h] == "fog":
                _reveal(st, p, h, events)


def _reveal(st, p: int, h: int, events: list) -> None:
    sea = st.sea
    terrain = sea.fog_pool.pop(st.rng.below(len(sea.fog_pool)))
    number = 0
    if terrain not in ("sea", "desert") and sea.fog_tokens:
        number = sea.fog_tokens.pop(0)
    st.board.reveal(h, terrain, number)
    st.version += 1
    sea.explored.append([h, terrain, number, p])
    r = TERRAIN_RESOURCE.get(terrain)
    reward = -1
    if r is not None and st.bank[r] > 0:
        st.bank[r] -= 1
        st.hands[p][r] += 1
        st.stats_gained[p][r] += 1
        reward = r
    events.append(E.explore(p, h, terrain, number, reward))
    if terrain == "gold":
        queue_gold(st, [[p, 1]], events)


def after_edge(st, p: int, e: int, events: list) -> None:
    """After a road or ship is placed on edge ``e``: fog."""
    explore(st, p, e, events)
