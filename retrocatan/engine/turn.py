"""The turn cycle: ending a turn, the special build phase of 5-6 player
games, starting the next turn, and victory.

Victory: the game ends when the current player, on their own turn, has
``vp_target`` points; nobody wins on another player's turn (a player who
reaches the target then wins at the start of their own turn). Option
``turn_limit``: after that many turns the leader wins (a tie goes to the
tied player who comes first in turn order from the starting player).
A game nobody can win any more ends at the start of a turn, the leader
winning by the same tie rule (``stalemate.py``, docs/rules.md §11.6).
Safety cap: without a ``turn_limit``, a game ends after ``MAX_ROUNDS``
rounds (500 turns per player), the leader winning by the same rule, so
every game ends even when nobody ever builds what they still could.

Special build phase (5-6 players): after a turn ends, each other player in
seat order may build (roads, settlements, cities, development cards); no
trading, no playing cards, no winning. Option ``special_build``:
``always``, ``only_if_active_built`` or ``off``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from . import phases
from .components import VICTORY_POINT
from .options import MAX_ROUNDS
from .stalemate import nobody_can_win

if TYPE_CHECKING:
    from .state import GameState

# The safety cap (docs/rules.md §11.7): without a turn_limit, the game ends
# after this many rounds, the leader winning (reason "turn_cap").


def end_turn(st: GameState, events: list) -> None:
    events.append(E.end_turn(st.current, st.turn))
    cfg = st.config
    if st.turn >= (cfg.turn_limit or MAX_ROUNDS * st.players):
        finish_by_leader(st, events, "turn_limit" if cfg.turn_limit else "turn_cap")
        return
    n = st.players
    if n >= 5 and (cfg.special_build == "always" or (cfg.special_build == "only_if_active_built" and st.built)):
        st.special_queue = [(st.current + i) % n for i in range(1, n)]
        st.phase = phases.SPECIAL_BUILD
        st.decider = st.special_queue[0]
        events.append(E.special_build(st.decider))
        return
    p = st.current + 1
    start_turn(st, p if p < n else 0, events)


def special_pass(st: GameState, events: list) -> None:
    st.special_queue.pop(0)
    if st.special_queue:
        st.decider = st.special_queue[0]
        events.append(E.special_build(st.decider))
    else:
        start_turn(st, (st.current + 1) % st.players, events)


def start_turn(st: GameState, p: int, events: list) -> None:
    st.current = p
    st.decider = p
    st.turn += 1
    new = st.dev_new[p]
    if new[0] or new[1] or new[2] or new[3] or new[4]:
        st.dev_new[p] = [0] * 5
    st.dev_played_turn = 0
    st.built = False
    st.offers_made = 0
    st.dice = None
    st.phase = _ROLL
    events.append(E.turn(p, st.turn))
    check_victory(st, events)
    if st.phase == phases.OVER:
        return
    if nobody_can_win(st):
        events.append(E.stalemate(st.turn))
        finish_by_leader(st, events, "stalemate")
        return
    st.rules.turn_start(st)


_ROLL = phases.ROLL
_NO_VICTORY = frozenset((phases.OVER, phases.SETUP_SETTLEMENT, phases.SETUP_ROAD, phases.SPECIAL_BUILD))


def check_victory(st: GameState, events: list) -> None:
    if st.phase in _NO_VICTORY:
        return
    p = st.current
    target = st.config.vp_target
    # vp(p) is at most the public points plus every VP card held: asked only when that reaches the target
    if st.public_vp(p) + st.dev_hand[p][VICTORY_POINT] >= target and st.vp(p) >= target:
        win(st, p, events)


def win(st: GameState, p: int, events: list, reason: str = "points") -> None:
    st.winner = p
    st.phase = phases.OVER
    st.decider = -1
    events.append(E.win(p, [st.vp(q) for q in range(st.players)], reason))


def finish_by_leader(st: GameState, events: list, reason: str) -> None:
    """The leader wins; a tie goes to the tied player first in turn order
    from the starting player."""
    n = st.players
    order = [(st.first + i) % n for i in range(n)]
    best = max(order, key=lambda q: (st.vp(q), -order.index(q)))
    win(st, best, events, reason=reason)
