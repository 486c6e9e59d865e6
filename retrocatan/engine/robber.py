"""The robber: moved by a 7 or a Knight to another hex; the mover may rob
one random resource card from a player with a building on that hex
(docs/rules.md §6).

Options: ``robber_to_desert`` off forbids the deserts (Polish source);
``friendly_robber`` forbids hexes touching a building of another player
with fewer than 3 visible points (the desert is always allowed).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from . import events as E
from .options import FRIENDLY_MIN_VP

if TYPE_CHECKING:
    from .state import GameState


def hexes(st: GameState) -> list[int]:
    """Hexes the robber may move to now."""
    board, cfg = st.board, st.config
    if cfg.robber_to_desert and not cfg.friendly_robber:
        return list(_others(len(board.terrain), st.robber))
    mover = st.current
    out = []
    for h, terrain in enumerate(board.terrain):
        if h == st.robber:
            continue
        desert = terrain == "desert"
        if desert and not cfg.robber_to_desert:
            continue
        if cfg.friendly_robber and not desert and touches_small_player(st, h, mover):
            continue
        out.append(h)
    if not out:  # every hex forbidden by the options: any other hex will do
        out = [h for h in range(len(board.terrain)) if h != st.robber]
    return out


@lru_cache(maxsize=1024)
def _others(n: int, h: int) -> tuple[int, ...]:
    """Hexes 0..n-1 but ``h``."""
    return tuple(x for x in range(n) if x != h)


def hex_players(st: GameState) -> list[list[int]]:
    """For each hex, the players with a building on it: kept in the state's
    cache until a building comes (a building never leaves its corner and a
    city keeps its owner); a new table then (``moves.robber_rows`` keeps
    its rows by the table)."""
    hit = st._cache.get("hex_players")
    counts = None
    if hit is not None:
        if hit[0] == st.version:
            return hit[1]
        counts = list(map(len, st.building_corners))
        if hit[2] == counts:
            st._cache["hex_players"] = (st.version, hit[1], counts)
            return hit[1]
    # From each player's buildings, players in seat order: each row comes out sorted, without repeats.
    corner_hexes = st.geo.corner_hexes
    table: list[list[int]] = [[] for _ in st.geo.hex_corners]
    for p, corners in enumerate(st.building_corners):
        for c in corners:
            for h in corner_hexes[c]:
                row = table[h]
                if not row or row[-1] != p:
                    row.append(p)
    st._cache["hex_players"] = (st.version, table, counts or list(map(len, st.building_corners)))
    return table


def touches_small_player(st: GameState, h: int, mover: int) -> bool:
    for c in st.geo.hex_corners[h]:
        o = st.corner_owner[c]
        if o != -1 and o != mover and st.public_vp(o) < FRIENDLY_MIN_VP:
            return True
    return False


def victims(st: GameState, h: int) -> list[int]:
    """Players the mover may rob on hex ``h``: a building there, a card in hand."""
    mover, hands = st.current, st.hands
    return [o for o in hex_players(st)[h] if o != mover and any(hands[o])]


def robbable(st: GameState) -> list[bool]:
    """For each player: may the mover rob them (another player with cards)?"""
    mover = st.current
    out = []
    for q, hand in enumerate(st.hands):
        out.append(q != mover and (hand[0] or hand[1] or hand[2] or hand[3] or hand[4]) > 0)
    return out


def move(st: GameState, h: int, victim: int, events: list) -> None:
    st.robber = h
    events.append(E.robber(st.current, h, victim))
    steal_and_resume(st, victim, events)


def steal_and_resume(st: GameState, victim: int, events: list) -> None:
    """The mover takes one random card from ``victim`` (-1: nobody), then the
    turn goes on where the 7 or the Knight interrupted it. Used by the robber
    and by a layer's other robbing pieces."""
    if victim != -1:
        hand = st.hands[victim]
        k = st.rng.below(sum(hand))
        r = 0
        while k >= hand[r]:
            k -= hand[r]
            r += 1
        hand[r] -= 1
        st.hands[st.current][r] += 1
        events.append(E.steal(st.current, victim, r))
    st.phase = st.resume
    st.decider = st.current
