"""The robber: moved by a 7 or a Knight to another hex; the mover may rob
one random resource card from a player with a building on that hex.

Options: ``robber_to_desert`` off forbids the deserts (Polish source);
``friendly_robber`` forbids hexes touching a building of another player
with fewer than 3 visible points (the desert is always allowed).
"""

from __future__ import annotations

from .state import GameState

FRIENDLY_MIN_VP = 3


def hexes(st: GameState) -> list[int]:
    """Hexes the robber may move to now."""
    board, cfg = st.board, st.config
    mover = st.current
    out = []
    for h, terrain in enumerate(board.terrain):
        if h == st.robber:
            continue
        desert = terrain == "desert"
        if desert and not cfg.robber_to_desert:
            continue
        if cfg.friendly_robber and not desert and _touches_small_player(st, h, mover):
            continue
        out.append(h)
    if not out:  # every hex forbidden by the options: any other hex will do
        out = [h for h in range(len(board.terrain)) if h != st.robber]
    return out


def _touches_small_player(st: GameState, h: int, mover: int) -> bool:
    for c in st.geo.hex_corners[h]:
        o = st.corner_owner[c]
        if o != -1 and o != mover and st.public_vp(o) < FRIENDLY_MIN_VP:
            return True
    return False


def victims(st: GameState, h: int) -> list[int]:
    """Players the mover may rob on hex ``h``: a building there, a card in hand."""
    mover = st.current
    found = []
    for c in st.geo.hex_corners[h]:
        o = st.corner_owner[c]
        if o != -1 and o != mover and o not in found and st.hand_size(o) > 0:
            found.append(o)
    return sorted(found)


def move(st: GameState, h: int, victim: int, events: list) -> None:
    st.robber = h
    events.append({"type": "robber", "player": st.current, "hex": h, "victim": victim})
    if victim != -1:
        hand = st.hands[victim]
        k = st.rng.below(sum(hand))
        r = 0
        while k >= hand[r]:
            k -= hand[r]
            r += 1
        hand[r] -= 1
        st.hands[st.current][r] += 1
        events.append({"type": "steal", "player": st.current, "victim": victim, "resource": r})
    st.phase = st.resume
    st.decider = st.current
