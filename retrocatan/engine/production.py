"""Production: the roll, what each hex yields, the bank shortage rule, and a 7
(docs/rules.md §5).

On 2-6 and 8-12 every hex with that number and without the robber yields
1 card per adjacent settlement and 2 per city. If the bank cannot pay a
resource to everyone owed it, nobody gets that resource, unless only one
player is owed it: that player gets what is left. On a 7 every player with
more than 7 cards gives up half (rounded down) and the roller moves the robber.
Option ``dice_deck``: the 36 outcomes of two dice as a deck, reshuffled
when 5 cards remain.
"""

from __future__ import annotations

from operator import gt
from typing import TYPE_CHECKING

from . import events as E
from . import phases

if TYPE_CHECKING:
    from .state import GameState

DISCARD_LIMIT = 7
DICE_DECK_RESHUFFLE_AT = 5
_MAIN = phases.MAIN
_NO_GAINS = {n: ((0,) * 5,) * n for n in range(3, 7)}   # shared, immutable


def throw(st: GameState) -> tuple[int, int]:
    if st.fixed_dice:              # tests only: Game.fix_dice
        return st.fixed_dice.pop(0)
    rng = st.rng
    if st.config.dice_deck:
        if len(st.dice_deck) <= DICE_DECK_RESHUFFLE_AT:
            st.dice_deck = list(range(36))
            rng.shuffle(st.dice_deck)
        outcome = st.dice_deck.pop()
        return outcome // 6 + 1, outcome % 6 + 1
    outcome = rng.below(36)   # one of the 36 equally likely results of two dice
    return outcome // 6 + 1, outcome % 6 + 1


def roll(st: GameState, events: list) -> None:
    d1, d2 = throw(st)
    st.dice = (d1, d2)
    total = d1 + d2
    st.stats_dice[total] += 1
    events.append(E.dice(st.current, d1, d2))
    if total == 7:
        seven(st, events)
    else:
        st.phase = _MAIN
        st.rules.produce(st, total, events)     # what a roll pays: produce, and a layer's more


def yields(st: GameState) -> dict[int, list[tuple[int, int, int, int]]]:
    """Number -> (hex, resource, owner, corner) for each building on a hex
    that yields on that number: the board's producers met with the
    buildings, kept in the state's cache and extended as buildings come (a
    building never leaves its corner; a city changes only its level, read
    at the roll); made anew when the board's producers change (a hex turned over)."""
    hit = st._cache.get("yields")
    if hit is not None and hit[0] == st.version:
        return hit[1]
    board, buildings = st.board, st.building_corners
    source = board.producer_corners
    counts = list(map(len, buildings))
    if hit is None or hit[2] is not source:
        table: dict[int, list[tuple[int, int, int, int]]] = {n: [] for n in source}
        seen = [0] * len(buildings)
    else:
        table, seen = hit[1], hit[3]
    if counts != seen:
        corner_yields = board.corner_yields
        for p, corners in enumerate(buildings):
            for c in corners[seen[p]:]:
                for n, h, r in corner_yields[c]:
                    table[n].append((h, r, p, c))
    st._cache["yields"] = (st.version, table, source, counts)
    return table


def produce(st: GameState, number: int, events: list) -> None:
    # (hex, resource, player, corner) for each building on a hex with that number
    row = yields(st)[number]
    n = st.players
    short: list[int] = []
    robber = st.robber
    if not row:
        events.append(E.production(number, _NO_GAINS[n], short))
        return
    level, bank, hands, gained = st.corner_level, st.bank, st.hands, st.stats_gained
    gains = list(map(list, _NO_GAINS[n]))
    unpaid = ()
    most = len(row) * 2         # no building pays more than 2: a shortage is possible only below that
    if most > bank[0] or most > bank[1] or most > bank[2] or most > bank[3] or most > bank[4]:
        unpaid = _shortage([(r, o, level[c]) for h, r, o, c in row if h != robber], bank, hands, gained, gains, short)
    paid = False
    for h, r, o, c in row:
        if h != robber:
            paid = True
            if r not in unpaid:
                k = level[c]
                bank[r] -= k
                hands[o][r] += k
                gained[o][r] += k
                gains[o][r] += k
    events.append(E.production(number, gains if paid else _NO_GAINS[n], short))


def _shortage(pay: list, bank: list, hands: list, gained: list, gains: list, short: list) -> set | tuple:
    """The resources the bank cannot pay to everyone owed them (``pay``:
    (resource, player, cards) per building): nobody gets one, unless one
    player alone is owed it (that player gets what is left)."""
    need = [0] * 5
    for r, _, k in pay:
        need[r] += k
    if not any(map(gt, need, bank)):
        return ()
    unpaid = set()
    for r in range(5):
        if need[r] > bank[r]:
            short.append(r)
            unpaid.add(r)
            takers = {o for s, o, _ in pay if s == r}
            k = bank[r]
            if len(takers) == 1 and k:
                (o,) = takers
                bank[r] = 0
                hands[o][r] += k
                gained[o][r] += k
                gains[o][r] += k
    return unpaid


def seven(st: GameState, events: list) -> None:
    n = st.players
    queue = []
    hands = st.hands
    for i in range(n):
        p = (st.current + i) % n
        w, b, s, g, c = hands[p]
        size = w + b + s + g + c
        if size > DISCARD_LIMIT:
            queue.append([p, size // 2])
    st.discards = queue
    if queue:
        st.phase = phases.DISCARD
        st.decider = queue[0][0]
        events.append(E.must_discard([[p, k] for p, k in queue]))
    else:
        st.resume = phases.MAIN
        st.phase = phases.ROBBER
        st.decider = st.current


def discard(st: GameState, r: int, events: list) -> None:
    entry = st.discards[0]
    p = entry[0]
    st.hands[p][r] -= 1
    st.bank[r] += 1
    entry[1] -= 1
    events.append(E.discard(p, r))
    if entry[1] == 0:
        st.discards.pop(0)
    if st.discards:
        st.decider = st.discards[0][0]
    else:
        st.resume = phases.MAIN
        st.phase = phases.ROBBER
        st.decider = st.current
