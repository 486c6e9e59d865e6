"""Development cards: buying, and playing Knight, Road Building, Monopoly
and Invention (docs/rules.md §10). Victory Point cards are never played; they count at once
(option ``vp_cards_instant``; off: from the owner's next turn).

The current player may play ``dev_cards_per_turn`` cards (default 1) at any
time of their turn, before the roll too, but not a card bought this turn.
Option ``progress_to_deck_bottom``: a played progress card goes under the
deck (the Russian source's wording of the 1996 rules).
"""

from __future__ import annotations

from . import awards, build, phases, seafarers
from . import events as E
from .components import COST_DEV_CARD, DEV_CARDS, INVENTION, KNIGHT, MONOPOLY, ROAD_BUILDING
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
    if st.pieces[p]["roads"] > 0 and build.road_spots(st, p):
        return True
    return st.sea is not None and st.pieces[p]["ships"] > 0 and bool(seafarers.ship_spots(st, p))


def _free_done(st: GameState, p: int) -> bool:
    """No free road (or ship) left to place, or nowhere to place one."""
    if st.free_roads <= 0:
        return True
    if st.pieces[p]["roads"] > 0 and build.road_spots(st, p):
        return False
    return not (st.sea is not None and st.pieces[p]["ships"] > 0 and seafarers.ship_spots(st, p))


def play_knight(st: GameState, events: list) -> None:
    p = st.current
    _use(st, p, KNIGHT, events)
    awards.update_largest_army(st, p, events)
    st.resume = st.phase
    st.phase = phases.ROBBER


def play_road_building(st: GameState, events: list) -> None:
    p = st.current
    _use(st, p, ROAD_BUILDING, events)
    left = st.pieces[p]["roads"] + (st.pieces[p]["ships"] if st.sea is not None else 0)
    st.free_roads = min(2, left)
    st.resume = st.phase
    st.phase = phases.ROAD_BUILDING


def place_free_road(st: GameState, e: int, events: list) -> None:
    p = st.current
    build.place_road(st, p, e)
    events.append(E.build(p, "road", e, free=True))
    awards.update_longest_route(st, [p], events)
    st.free_roads -= 1
    if _free_done(st, p):
        st.free_roads = 0
        st.phase = st.resume


def place_free_ship(st: GameState, e: int, events: list) -> None:
    """Road Building on a scenario map: a free ship instead of a road."""
    p = st.current
    seafarers.place_ship(st, p, e)
    st.sea.new_ships.append(e)
    events.append(E.build(p, "ship", e, free=True))
    awards.update_longest_route(st, [p], events)
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
