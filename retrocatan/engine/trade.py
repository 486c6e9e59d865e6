"""Trade: only the current player trades, with the bank or another player.

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

from . import phases
from .errors import IllegalAction
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
    events.append({"type": "trade_bank", "player": p, "give": give, "count": ratio, "get": get})


def _check_terms(give, get) -> None:
    for bundle in (give, get):
        if (not isinstance(bundle, tuple) or len(bundle) != 5
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 99 for x in bundle)):
            raise IllegalAction("an offer names cards of the five resources")
    if not any(give) or not any(get):
        raise IllegalAction("no gifts: both sides of a trade must give something")
    if any(a and b for a, b in zip(give, get)):
        raise IllegalAction("a trade may not have the same resource on both sides")


def check_offer(st: GameState, give, get, to) -> None:
    p = st.current
    if not trading_open(st):
        raise IllegalAction("trading is over for this turn" if st.phase == phases.MAIN
                            else "you can only offer a trade after rolling")
    if st.offers_made >= st.config.offers_per_turn:
        raise IllegalAction("no more trade offers this turn")
    _check_terms(give, get)
    if any(h < g for h, g in zip(st.hands[p], give)):
        raise IllegalAction("you do not have the cards you offer")
    if not isinstance(to, int) or isinstance(to, bool) or not (to == -1 or (0 <= to < st.players and to != p)):
        raise IllegalAction("an offer goes to all players or to one other player")


def offer(st: GameState, give, get, to, events: list) -> None:
    p = st.current
    n = st.players
    pending = [to] if to != -1 else [(p + i) % n for i in range(1, n)]
    st.offers_made += 1
    st.offer = {"from": p, "give": tuple(give), "get": tuple(get), "to": to, "pending": pending, "answers": []}
    st.phase = phases.OFFER_RESPONSE
    st.decider = pending[0]
    events.append({"type": "offer", "player": p, "give": list(give), "get": list(get), "to": to})


def can_accept(st: GameState, q: int) -> bool:
    get = st.offer["get"]
    return all(h >= g for h, g in zip(st.hands[q], get))


def check_counter(st: GameState, give, get) -> None:
    q = st.decider
    _check_terms(give, get)
    if (tuple(give), tuple(get)) == (st.offer["give"], st.offer["get"]):
        raise IllegalAction("a counter-offer must change the terms (accept instead)")
    if any(h < g for h, g in zip(st.hands[q], get)):
        raise IllegalAction("you do not have the cards your counter-offer gives")


def answer(st: GameState, kind: str, give, get, events: list) -> None:
    q = st.decider
    off = st.offer
    if kind == "accept":
        give, get = off["give"], off["get"]
    off["answers"].append((q, kind, tuple(give or ()), tuple(get or ())))
    off["pending"].pop(0)
    ev = {"type": "answer", "player": q, "answer": kind}
    if kind == "counter":
        ev["give"], ev["get"] = list(give), list(get)
    events.append(ev)
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
        events.append({"type": "offer_closed", "player": st.current, "with": -1})


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
    events.append({"type": "trade", "player": p, "with": q, "give": list(give), "get": list(get)})
    _close(st)


def cancel(st: GameState, events: list) -> None:
    events.append({"type": "offer_closed", "player": st.current, "with": -1})
    _close(st)


def _close(st: GameState) -> None:
    st.offer = None
    st.phase = phases.MAIN
    st.decider = st.current
