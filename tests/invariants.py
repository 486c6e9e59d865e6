"""Checks that must hold after every action of every game, computed from
scratch and independently of the engine's own bookkeeping."""

from __future__ import annotations

from itertools import combinations

from retrocatan.engine.components import BOARD_KINDS, KNIGHT, PIECES, VICTORY_POINT
from retrocatan.engine.stalemate import nobody_can_win
from retrocatan.engine.turn import MAX_ROUNDS


def check_all(game, check_routes: bool = True) -> None:
    st = game.state
    spec = BOARD_KINDS[st.board.kind]
    n = st.players
    # Resource cards are conserved.
    for r in range(5):
        assert st.bank[r] + sum(st.hands[p][r] for p in range(n)) == spec["bank"], "resources not conserved"
        assert st.bank[r] >= 0 and all(st.hands[p][r] >= 0 for p in range(n))
    # Development cards: deck + hands + played = the deck's size.
    total = len(st.deck) + sum(map(sum, st.dev_hand)) + sum(map(sum, st.dev_played))
    assert total == sum(spec["deck"]), "development cards not conserved"
    for i in range(5):
        assert (st.deck.count(i) + sum(h[i] for h in st.dev_hand) + sum(h[i] for h in st.dev_played)
                == spec["deck"][i])
    # Pieces add up (on a scenario map the ships apart: whole_games.check_sea).
    ships = st.sea.ship if st.sea is not None else [False] * len(st.edge_owner)
    settlements, cities, roads = [0] * n, [0] * n, [0] * n      # counted on the board, one pass each
    for c, o in enumerate(st.corner_owner):
        if o != -1:
            level = st.corner_level[c]
            settlements[o] += level == 1
            cities[o] += level == 2
    for e, o in enumerate(st.edge_owner):
        if o != -1 and not ships[e]:
            roads[o] += 1
    for p in range(n):
        s, c_, rd = settlements[p], cities[p], roads[p]
        assert s + st.pieces[p]["settlements"] == PIECES["settlements"]
        assert c_ + st.pieces[p]["cities"] == PIECES["cities"]
        assert rd + st.pieces[p]["roads"] == PIECES["roads"]
        assert min(st.pieces[p].values()) >= 0
    # Distance rule.
    geo = st.geo
    for c, o in enumerate(st.corner_owner):
        if o != -1:
            assert all(st.corner_owner[d] == -1 for d in geo.corner_corners[c]), "distance rule broken"
    # Victory points from scratch.
    for p in range(n):
        s, c_ = settlements[p], cities[p]
        cards = st.dev_hand[p][VICTORY_POINT] - (0 if st.config.vp_cards_instant else st.dev_new[p][VICTORY_POINT])
        expect = s + 2 * c_ + cards + 2 * (st.longest == p) + 2 * (st.army == p)
        if st.sea is not None:
            expect += sum(k for _, k in st.sea.bonus_corners[p])
        assert game.vp(p) == expect, "victory points differ from a recount"
    # Awards.
    if st.army != -1:
        k = st.dev_played[st.army][KNIGHT]
        assert k >= 3 and all(st.dev_played[q][KNIGHT] <= k for q in range(n))
    if check_routes and st.sea is None:    # scenario maps: whole_games.sea_route
        for p in range(n):
            assert st.route_len[p] == brute_route(st, p), f"route length of player {p + 1} wrong"
    if st.longest != -1:
        top = st.route_len[st.longest]
        assert top >= 5 and all(x <= top for x in st.route_len)
    # Winner.
    if game.over:
        assert st.winner != -1
        if game.vp(st.winner) < st.config.vp_target:
            # Ended by the leader rule: the turn limit, the safety cap, or nobody can win any more.
            assert st.turn >= (st.config.turn_limit or MAX_ROUNDS * n) or nobody_can_win(st)
            assert game.vp(st.winner) == max(game.vp(q) for q in range(n))


# brute_route's answers by all they depend on: the board's geometry, the player, their roads and
# who owns each corner those roads touch (another player's road or building elsewhere changes nothing).
_ROUTES: dict[tuple, int] = {}


def brute_route(st, p: int) -> int:
    """Longest trade route by exhaustive search over sets of roads: the
    largest connected set of own roads that can be walked in one trail
    (0 or 2 corners of odd degree) where an opponent's building is only
    ever an end. Independent of the engine's search."""
    geo = st.geo
    mine = tuple(e for e, o in enumerate(st.edge_owner) if o == p)
    if not mine:
        return 0
    key = (geo, p, mine, tuple(st.corner_owner[c] for e in mine for c in geo.edge_corners[e]))
    best = _ROUTES.get(key)
    if best is None:
        if len(_ROUTES) >= 20_000:
            _ROUTES.clear()
        best = _ROUTES[key] = _longest_trail(st, p, mine)
    return best


def _longest_trail(st, p: int, mine: tuple[int, ...]) -> int:
    geo = st.geo
    best = 0
    for comp in _components(geo, mine):
        if len(comp) <= best:
            continue
        for k in range(len(comp), best, -1):
            if any(_walkable(st, p, subset) for subset in combinations(comp, k)):
                best = k
                break
    return best


def _components(geo, edges):
    left = set(edges)
    out = []
    while left:
        e = left.pop()
        comp = [e]
        stack = [e]
        while stack:
            x = stack.pop()
            for c in geo.edge_corners[x]:
                for y in geo.corner_edges[c]:
                    if y in left:
                        left.remove(y)
                        comp.append(y)
                        stack.append(y)
        out.append(sorted(comp))
    return out


def _walkable(st, p, subset) -> bool:
    geo = st.geo
    degree: dict[int, int] = {}
    for e in subset:
        for c in geo.edge_corners[e]:
            degree[c] = degree.get(c, 0) + 1
    odd = sum(1 for d in degree.values() if d % 2)
    if odd not in (0, 2):
        return False
    # An opponent's building may only be an end of the trail: degree 1, or
    # degree 2 when it is both ends of a closed trail (no odd corners).
    doubly_ended = 0
    for c, d in degree.items():
        o = st.corner_owner[c]
        if o != -1 and o != p:
            if d > 2:
                return False
            if d == 2:
                doubly_ended += 1
    if doubly_ended > 1 or (doubly_ended and odd):
        return False
    # connected?
    sub = set(subset)
    start = subset[0]
    seen = {start}
    stack = [start]
    while stack:
        x = stack.pop()
        for c in geo.edge_corners[x]:
            for y in geo.corner_edges[c]:
                if y in sub and y not in seen:
                    seen.add(y)
                    stack.append(y)
    return len(seen) == len(sub)
