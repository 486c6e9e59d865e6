"""The turn cycle: ending a turn, the special build phase of 5-6 player
games, starting the next turn, and victory.

Victory: the game ends when the current player, on their own turn, has
``vp_target`` points; nobody wins on another player's turn (a player who
reaches the target then wins at the start of their own turn). Option
``turn_limit``: after that many turns the leader wins (a tie goes to the
tied player who comes first in turn order from the starting player).

Special build phase (5-6 players): after a turn ends, each other player in
seat order may build (roads, settlements, cities, development cards); no
trading, no playing cards, no winning. Option ``special_build``:
``always``, ``only_if_active_built`` or ``off``.
"""

from __future__ import annotations

from . import phases
from .state import GameState


def end_turn(st: GameState, events: list) -> None:
    events.append({"type": "end_turn", "player": st.current, "turn": st.turn})
    cfg = st.config
    if cfg.turn_limit and st.turn >= cfg.turn_limit:
        finish_by_limit(st, events)
        return
    n = st.players
    if n >= 5 and (cfg.special_build == "always" or (cfg.special_build == "only_if_active_built" and st.built)):
        st.special_queue = [(st.current + i) % n for i in range(1, n)]
        st.phase = phases.SPECIAL_BUILD
        st.decider = st.special_queue[0]
        events.append({"type": "special_build", "player": st.decider})
        return
    start_turn(st, (st.current + 1) % n, events)


def special_pass(st: GameState, events: list) -> None:
    st.special_queue.pop(0)
    if st.special_queue:
        st.decider = st.special_queue[0]
        events.append({"type": "special_build", "player": st.decider})
    else:
        start_turn(st, (st.current + 1) % st.players, events)


def start_turn(st: GameState, p: int, events: list) -> None:
    st.current = p
    st.decider = p
    st.turn += 1
    if any(st.dev_new[p]):
        st.dev_new[p] = [0] * 5
    st.dev_played_turn = 0
    st.built = False
    st.offers_made = 0
    st.dice = None
    st.phase = phases.ROLL
    events.append({"type": "turn", "player": p, "turn": st.turn})
    check_victory(st, events)


def check_victory(st: GameState, events: list) -> None:
    if st.phase in (phases.OVER, phases.SETUP_SETTLEMENT, phases.SETUP_ROAD, phases.SPECIAL_BUILD):
        return
    p = st.current
    if st.vp(p) >= st.config.vp_target:
        win(st, p, events)


def win(st: GameState, p: int, events: list, reason: str = "points") -> None:
    st.winner = p
    st.phase = phases.OVER
    st.decider = -1
    events.append({"type": "win", "player": p, "points": [st.vp(q) for q in range(st.players)],
                   "reason": reason})


def finish_by_limit(st: GameState, events: list) -> None:
    n = st.players
    order = [(st.first + i) % n for i in range(n)]
    best = max(order, key=lambda q: (st.vp(q), -order.index(q)))
    win(st, best, events, reason="turn_limit")
