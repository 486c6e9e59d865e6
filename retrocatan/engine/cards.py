"""Development cards: buying, and playing Knight, Road Building, Monopoly
and Invention (docs/rules.md §10). Victory Point cards are never played; they count at once
(option ``vp_cards_instant``; off: from the owner's next turn).

The current player may play ``dev_cards_per_turn`` cards (default 1) at any
time of their turn, before the roll too, but not a card bought this turn.
Option ``progress_to_deck_bottom``: a played progress card goes under the
deck (the Russian source's wording of the 1996 rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import awards, build, phases
from . import events as E
from .components import COST_DEV_CARD, DEV_CARDS, INVENTION, KNIGHT, MONOPOLY, ROAD_BUILDING

if TYPE_CHECKING:
    from .state import GameState


def can_buy(st: GameState, p: int) -> bool:
    return bool(st.deck) and build.can_afford(st.hands[p], COST_DEV_CARD)


def buy(st: GameState, p: int, events: list) -> None:
    build.pay(st, p, COST_DEV_CARD)
    card = st.deck.pop()
    st.dev_hand[p][card] += 1
    st.dev_new[p][card] += 1
    events.append(E.buy(p, DEV_CARDS[card]))


def may_play(st: GameState) -> bool:
    return (st.phase in (phases.ROLL, phases.MAIN)
            and st.dev_played_turn < st.config.dev_cards_per_turn)


def playable(st: GameState, p: int, card: int) -> bool:
    return st.dev_hand[p][card] - st.dev_new[p][card] > 0


def _use(st: GameState, p: int, card: int, events: list) -> None:
    st.dev_hand[p][card] -= 1
    st.dev_played_turn += 1
    if card != KNIGHT and st.config.progress_to_deck_bottom:
        st.deck.insert(0, card)
    else:
        st.dev_played[p][card] += 1
    events.append(E.play(p, DEV_CARDS[card]))


def road_building_useful(st: GameState, p: int) -> bool:
    """Whether ``p`` has a piece and a place for a free placement (``Rules.can_place_free``)."""
    return st.rules.can_place_free(st, p)


def _free_done(st: GameState, p: int) -> bool:
    """No free placement left, or no piece or place for one."""
    return st.free_roads <= 0 or not st.rules.can_place_free(st, p)


def play_knight(st: GameState, events: list) -> None:
    p = st.current
    _use(st, p, KNIGHT, events)
    awards.update_largest_army(st, p, events)
    st.resume = st.phase
    st.phase = phases.ROBBER


def play_road_building(st: GameState, events: list) -> None:
    p = st.current
    _use(st, p, ROAD_BUILDING, events)
    st.free_roads = min(2, st.rules.free_pieces(st, p))
    st.resume = st.phase
    st.phase = phases.ROAD_BUILDING


def placed_free(st: GameState, p: int) -> None:
    """One free placement of Road Building made (``placing.put``): the
    phase resumes when none is left or none is possible."""
    st.free_roads -= 1
    if _free_done(st, p):
        st.free_roads = 0
        st.phase = st.resume


def play_monopoly(st: GameState, r: int, events: list) -> None:
    p = st.current
    _use(st, p, MONOPOLY, events)
    taken = [0] * st.players
    for q in range(st.players):
        if q != p and st.hands[q][r]:
            taken[q] = st.hands[q][r]
            st.hands[p][r] += taken[q]
            st.hands[q][r] = 0
    events.append(E.monopoly(p, r, taken))


def invention_options(st: GameState) -> list[tuple[int, int]]:
    bank = st.bank
    return [(a, b) for a in range(5) for b in range(a, 5)
            if (bank[a] >= 2 if a == b else bank[a] >= 1 and bank[b] >= 1)]


def play_invention(st: GameState, a: int, b: int, events: list) -> None:
    p = st.current
    _use(st, p, INVENTION, events)
    for r in (a, b):
        st.bank[r] -= 1
        st.hands[p][r] += 1
    events.append(E.invention(p, a, b))
