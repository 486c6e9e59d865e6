"""The two awards: Longest Trade Route and Largest Army (2 points each).

Longest Trade Route (RULES.md): the longest trail through a player's own
roads using no road twice (loops allowed), never passing through an
opponent's building (it may end at one). The first route of 5+ takes the
card; afterwards only a strictly longer one. When the holder's route is
broken, a clear longest route of 5+ takes (or keeps) the card; with a tie at
the top, or no route of 5+, the card is set aside until there is a clear one.

Largest Army: the first player with 3 Knights played; afterwards only a
player with strictly more Knights than the holder.
"""

from __future__ import annotations

from .state import GameState

MIN_ROUTE = 5
MIN_ARMY = 3


def route_length(st: GameState, p: int) -> int:
    """Length of player ``p``'s longest trade route (depth-first search)."""
    geo = st.geo
    edge_owner, corner_owner = st.edge_owner, st.corner_owner
    edge_corners = geo.edge_corners
    mine = [e for e, o in enumerate(edge_owner) if o == p]
    if not mine:
        return 0
    # Own edges at each corner, and which corners stop a route.
    at: dict[int, list[int]] = {}
    for e in mine:
        for c in edge_corners[e]:
            at.setdefault(c, []).append(e)
    stop = {c for c in at if corner_owner[c] != -1 and corner_owner[c] != p}

    best = 0

    def walk(c: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and c in stop:
            return
        for e in at[c]:
            bit = 1 << e
            if not used & bit:
                a, b = edge_corners[e]
                walk(b if a == c else a, used | bit, length + 1)

    # A longest trail starts at a corner of odd degree, a stop, or (for a
    # pure cycle) anywhere; trying every corner is simple and cheap at 15 roads.
    for c in sorted(at):
        walk(c, 0, 0)
        if best == len(mine):
            break
    return best


def update_longest_route(st: GameState, changed: list[int], events: list) -> None:
    """Recompute the route lengths of ``changed`` players and move the card."""
    before = list(st.route_len)
    for p in changed:
        st.route_len[p] = route_length(st, p)
    lengths = st.route_len
    top = max(lengths)
    leaders = [p for p, n in enumerate(lengths) if n == top]
    clear = leaders[0] if top >= MIN_ROUTE and len(leaders) == 1 else -1
    holder = st.longest
    if holder == -1:
        new = clear
    elif lengths[holder] < before[holder]:
        new = clear          # the holder's route was broken
    elif top > lengths[holder] and clear != -1:
        new = clear          # a strictly longer route
    else:
        new = holder
    if new != holder:
        st.longest = new
        events.append({"type": "longest_route", "player": new, "from": holder,
                       "length": lengths[new] if new != -1 else 0})


def update_largest_army(st: GameState, p: int, events: list) -> None:
    k = st.dev_played[p][0]
    holder = st.army
    if holder == p or k < MIN_ARMY:
        return
    if holder == -1 or k > st.dev_played[holder][0]:
        st.army = p
        events.append({"type": "largest_army", "player": p, "from": holder, "knights": k})
