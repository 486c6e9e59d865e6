"""Trade: only the current player trades, with the bank or another player
(docs/rules.md §7).

Maritime: 4:1 with the bank, 3:1 at a generic harbour, 2:1 of the named
resource at a specific one (a settlement or city on one of its corners).

Domestic: the current player offers cards for cards (no gifts) to one
player or to all others; each addressee in seat order accepts, declines or
counters; then the offerer closes with one of those who accepted or
countered, or withdraws. Strict phase order: no trading once you have built
this turn (option ``free_phase_order`` lifts that). Option
``offers_per_turn`` bounds the offers in one turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from . import phases
from .errors import IllegalAction

if TYPE_CHECKING:
    from .state import GameState


def trading_open(st: GameState) -> bool:
    return st.phase == phases.MAIN and (st.config.free_phase_order or not st.built)


def may_offer(st: GameState) -> bool:
    """Whether the current player may make a domestic offer now."""
    return trading_open(st) and st.offers_made < st.config.offers_per_turn


def maritime_options(st: GameState, p: int) -> list[tuple[int, int, int]]:
    """(give, get, ratio) for every maritime trade player ``p`` can make."""
    hand, ratio, bank = st.hands[p], st.ratio[p], st.bank
    out = []
    for r in range(5):
        k = ratio[r]
        if hand[r] >= k:
            for s in range(5):
                if s != r and bank[s] > 0:
                    out.append((r, s, k))
    return out


def maritime(st: GameState, give: int, get: int, ratio: int, events: list) -> None:
    p = st.current
    st.hands[p][give] -= ratio
    st.bank[give] += ratio
    st.bank[get] -= 1
    st.hands[p][get] += 1
    events.append(E.trade_bank(p, give, ratio, get))


def _check_terms(give, get) -> None:
    for bundle in (give, get):
        if (not isinstance(bundle, tuple) or len(bundle) != 5
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 99 for x in bundle)):
            raise IllegalAction("bad_terms")
    if not any(give) or not any(get):
        raise IllegalAction("no_gifts")
    if any(a and b for a, b in zip(give, get)):
        raise IllegalAction("same_resource_both_sides")


def check_offer(st: GameState, give, get, to) -> None:
    p = st.current
    if not trading_open(st):
        raise IllegalAction("trading_closed" if st.phase == phases.MAIN else "trade_before_roll")
    if st.offers_made >= st.config.offers_per_turn:
        raise IllegalAction("offer_limit", limit=st.config.offers_per_turn)
    _check_terms(give, get)
    if any(h < g for h, g in zip(st.hands[p], give)):
        raise IllegalAction("missing_offered_cards", missing=[max(0, g - h) for h, g in zip(st.hands[p], give)])
    if not isinstance(to, int) or isinstance(to, bool) or not (to == -1 or (0 <= to < st.players and to != p)):
        raise IllegalAction("bad_addressee")


def offer(st: GameState, give, get, to, events: list) -> None:
    p = st.current
    n = st.players
    pending = [to] if to != -1 else [(p + i) % n for i in range(1, n)]
    st.offers_made += 1
    st.offer = {"from": p, "give": tuple(give), "get": tuple(get), "to": to, "pending": pending, "answers": []}
    st.phase = phases.OFFER_RESPONSE
    st.decider = pending[0]
    events.append(E.offer(p, give, get, to))


def can_accept(st: GameState, q: int) -> bool:
    get = st.offer["get"]
    return all(h >= g for h, g in zip(st.hands[q], get))


def check_counter(st: GameState, give, get) -> None:
    q = st.decider
    _check_terms(give, get)
    if (tuple(give), tuple(get)) == (st.offer["give"], st.offer["get"]):
        raise IllegalAction("counter_unchanged")
    if any(h < g for h, g in zip(st.hands[q], get)):
        raise IllegalAction("missing_counter_cards", missing=[max(0, g - h) for h, g in zip(st.hands[q], get)])


def answer(st: GameState, kind: str, give, get, events: list) -> None:
    q = st.decider
    off = st.offer
    if kind == "accept":
        give, get = off["give"], off["get"]
    off["answers"].append((q, kind, tuple(give or ()), tuple(get or ())))
    off["pending"].pop(0)
    events.append(E.answer(q, kind, give, get))
    if off["pending"]:
        st.decider = off["pending"][0]
        return
    if any(a[1] != "decline" for a in off["answers"]):
        st.phase = phases.OFFER_CONFIRM
        st.decider = st.current
    else:
        st.offer = None
        st.phase = phases.MAIN
        st.decider = st.current
        events.append(E.offer_closed(st.current))


def confirmable(st: GameState) -> list[int]:
    """Players whose acceptance or counter the offerer can close with now."""
    p = st.current
    out = []
    for q, kind, give, get in st.offer["answers"]:
        if kind == "decline":
            continue
        if all(h >= g for h, g in zip(st.hands[p], give)) and all(h >= g for h, g in zip(st.hands[q], get)):
            out.append(q)
    return out


def confirm(st: GameState, q: int, events: list) -> None:
    p = st.current
    give, get = next((g1, g2) for who, kind, g1, g2 in st.offer["answers"] if who == q and kind != "decline")
    hp, hq = st.hands[p], st.hands[q]
    for r in range(5):
        hp[r] += get[r] - give[r]
        hq[r] += give[r] - get[r]
    events.append(E.trade(p, q, give, get))
    _close(st)


def cancel(st: GameState, events: list) -> None:
    events.append(E.offer_closed(st.current))
    _close(st)


def _close(st: GameState) -> None:
    st.offer = None
    st.phase = phases.MAIN
    st.decider = st.current
