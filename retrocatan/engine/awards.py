"""The two awards: Longest Trade Route and Largest Army (2 points each).

Longest Trade Route (docs/rules.md §11.3): the longest trail through a player's own
roads using no road twice (loops allowed), never passing through an
opponent's building (it may end at one). The first route of 5+ takes the
card; afterwards only a strictly longer one. When the holder's route is
broken, a clear longest route of 5+ takes (or keeps) the card; with a tie at
the top, or no route of 5+, the card is set aside until there is a clear one.

Largest Army (docs/rules.md §11.2): the first player with 3 Knights played; afterwards only a
player with strictly more Knights than the holder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from .components import KNIGHT

if TYPE_CHECKING:
    from .state import GameState

MIN_ROUTE = 5
MIN_ARMY = 3
# The longest trail of each route graph with a cycle met so far, by the graph
# itself ((road bit, end, end) per road): a pure function of the graph, kept
# for any game (cleared past 512 graphs: a few megabytes at most).
_TRAILS: dict[tuple, int] = {}


def route_length(st: GameState, p: int) -> int:
    """Length of player ``p``'s longest trade route: what joins a route is
    the rules' (``Rules.route_length``; the base game's is ``road_route_length``)."""
    return st.rules.route_length(st, p)


def road_route_length(st: GameState, p: int) -> int:
    """Length of player ``p``'s longest trade route of roads.

    The roads form a graph on corners, in which an opponent's building is
    split into one end per road (a route may end there, not pass through).
    Where that graph has no cycle (the usual case) the longest trail is the
    longest path of a tree, found in linear time; otherwise an exhaustive
    depth-first search over trails finds it."""
    edge_corners = st.geo.edge_corners
    corner_owner = st.corner_owner
    mine = st.road_edges[p]
    if not mine:
        return 0
    # A road added to roads without a cycle, no opponent's building come at
    # their ends: the longest path through it joins the farthest ends on
    # either side, and the rest stays as it was (kept in the state's cache
    # with the roads and the buildings it was for).
    key = ("route", p)
    built = list(map(len, st.building_corners))
    was = st._cache.get(key)
    if (was is not None and was[2] and len(was[0]) == len(mine) - 1 and was[0] == tuple(mine[:-1])
            and (was[1] == built or _none_split(st, p, was[1]))):
        through = _through(st, p, mine[-1])
        if through is not None:
            length = max(was[3], through)
            st._cache[key] = (tuple(mine), built, True, length)
            return length
    length, forest = _longest_and_forest(_graph(mine, edge_corners, corner_owner, p), len(mine))
    st._cache[key] = (tuple(mine), built, forest, length)
    return length


def _none_split(st: GameState, p: int, before: list[int]) -> bool:
    """Whether no building that the other players placed since they had
    ``before`` (their counts of buildings then) stands at an end of one of
    ``p``'s roads. Only such a building splits ``p``'s route graph (a
    building never leaves its corner, a city keeps its owner, ``p``'s own
    buildings join ``p``'s roads)."""
    corner_edges, edge_owner = st.geo.corner_edges, st.edge_owner
    for q, corners in enumerate(st.building_corners):
        if q != p:
            for c in corners[before[q]:]:
                for e in corner_edges[c]:
                    if edge_owner[e] == p:
                        return False
    return True


def _through(st: GameState, p: int, e: int) -> int | None:
    """The longest path through ``p``'s road ``e`` where ``p``'s other roads
    hold no cycle; None if ``e`` closes one."""
    a, b = st.geo.edge_corners[e]
    far_a = _eccentricity(st, p, e, a, b)
    if far_a is None:
        return None
    far_b = _eccentricity(st, p, e, b, a)
    return None if far_b is None else far_a + 1 + far_b


def _eccentricity(st: GameState, p: int, e: int, start: int, other: int) -> int | None:
    """The farthest any road of ``p`` but ``e`` leads from corner ``start``
    (a tree: each corner is reached once; an opponent's building is an end
    of its own for each road); None if ``other`` is reached (``e`` would close a cycle)."""
    owner = st.corner_owner
    o = owner[start]
    if o != -1 and o != p:
        return 0                    # e's own end at an opponent's building
    corner_edges, edge_corners, edge_owner = st.geo.corner_edges, st.geo.edge_corners, st.edge_owner
    dist = {start: 0}
    stack = [start]
    far = 0
    while stack:
        x = stack.pop()
        d = dist[x] + 1
        for f in corner_edges[x]:
            if f == e or edge_owner[f] != p:
                continue
            y, z = edge_corners[f]
            if y == x:
                y = z
            if y in dist:
                continue            # the road just walked, seen from its far end
            if d > far:
                far = d
            o = owner[y]
            if o != -1 and o != p:
                continue            # an end at an opponent's building
            if y == other:
                return None
            dist[y] = d
            stack.append(y)
    return far


def _graph(mine, edge_corners, corner_owner, p: int) -> dict:
    # Node of a road's end: its corner, or (for an opponent's building) a
    # node of its own for this road: -1 - 2 * edge - side.
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in mine:
        a, b = edge_corners[e]
        o = corner_owner[a]
        if o != -1 and o != p:
            a = -1 - 2 * e
        o = corner_owner[b]
        if o != -1 and o != p:
            b = -2 - 2 * e
        bit = 1 << e
        if a in adj:
            adj[a].append((bit, b))
        else:
            adj[a] = [(bit, b)]
        if b in adj:
            adj[b].append((bit, a))
        else:
            adj[b] = [(bit, a)]
    return adj


def _longest(adj: dict, total: int) -> int:
    """The longest trail of a route graph (``total`` roads)."""
    return _longest_and_forest(adj, total)[0]


def _longest_and_forest(adj: dict, total: int) -> tuple[int, bool]:
    """The longest trail of a route graph (``total`` roads), and whether the
    graph holds no cycle."""
    forest = True
    # Each component is a tree (edges = nodes - 1) or holds a cycle.
    seen: set[int] = set()
    best = 0
    for root in sorted(adj):
        if root in seen:
            continue
        # One walk finds the component, its roads and (were it a tree) the
        # node farthest from the root: the first half of the tree diameter.
        seen.add(root)
        dist = {root: 0}
        stack = [root]
        nodes = [root]
        far, far_d = root, 0
        degrees = 0
        while stack:
            x = stack.pop()
            step = adj[x]
            degrees += len(step)
            d = dist[x] + 1
            for _, y in step:
                if y not in seen:
                    seen.add(y)
                    dist[y] = d
                    if d > far_d:
                        far, far_d = y, d
                    stack.append(y)
                    nodes.append(y)
        edges = degrees // 2
        if edges != len(nodes) - 1:
            forest = False
            # (the same graph comes back as pieces move to and fro: its length is kept)
            key = tuple(sorted([(bit, x, y) for x in nodes for bit, y in adj[x] if x < y]))
            length = _TRAILS.get(key)
            if length is None:
                if len(_TRAILS) > 512:
                    _TRAILS.clear()
                length = _TRAILS[key] = _trail_search(adj, nodes, edges)
        else:
            length = _farthest(adj, far)[1]
        if length > best:
            best = length
            if best == total:
                break
    return best, forest


def _farthest(adj: dict, start: int) -> tuple[int, int]:
    """(node, distance) farthest from ``start`` in a tree."""
    dist = {start: 0}
    stack = [start]
    far, far_d = start, 0
    while stack:
        x = stack.pop()
        d = dist[x] + 1
        for _, y in adj[x]:
            if y not in dist:
                dist[y] = d
                if d > far_d:
                    far, far_d = y, d
                stack.append(y)
    return far, far_d


def _trail_search(adj: dict, nodes: list[int], edges: int) -> int:
    """Longest trail of one component with a cycle (``edges`` roads), by
    depth-first search over unused roads.

    Where every node has even degree, the whole component is one closed
    trail. Else a longest trail starts at a node of odd degree (a split
    opponent's building has degree 1): from a node of even degree it could
    be made longer by an unused road there, or, were it closed, by one
    leaving it somewhere. The search walks a smaller graph: each chain of
    roads through nodes of degree 2 is one step of its length (a trail
    that enters such a chain goes through to its end), and each tree that
    hangs from the rest by one chain is a tail of its longest way in (a
    trail that enters it ends there; one that starts there is longest from
    its deepest end; one inside it is a path of the tree)."""
    odd = [x for x in nodes if len(adj[x]) % 2]
    if not odd:
        return edges
    # The chains between junctions (nodes of degree other than 2; some are odd, so every road is on one).
    steps: dict[int, list[tuple[int, int, int]]] = {x: [] for x in nodes if len(adj[x]) != 2}
    done = 0
    k = 0
    for x, out in steps.items():
        for bit, y in adj[x]:
            if done & bit:
                continue
            done |= bit
            length, prev_bit = 1, bit
            while y not in steps:      # a node of degree 2: on along its other road
                (b1, y1), (b2, y2) = adj[y]
                bit, y = (b2, y2) if b1 == prev_bit else (b1, y1)
                done |= bit
                prev_bit = bit
                length += 1
            chain = 1 << k
            k += 1
            out.append((chain, y, length))
            if y != x:
                steps[y].append((chain, x, length))
    # Fold the hanging trees, from their leaves in: a junction with one
    # chain left (not a loop) becomes a tail (length, chain) of its neighbour.
    tails: dict[int, list[tuple[int, int]]] = {x: [] for x in steps}
    best = 0
    folds = [x for x, out in steps.items() if len(out) == 1 and out[0][1] != x]
    while folds:
        x = folds.pop()
        ((chain, y, n),) = steps.pop(x)
        hanging = sorted(tails.pop(x), reverse=True)
        if len(hanging) >= 2 and hanging[0][0] + hanging[1][0] > best:
            best = hanging[0][0] + hanging[1][0]       # a path through x inside its tree
        tails[y].append((n + hanging[0][0] if hanging else n, chain))
        rest = steps[y]
        rest.remove(next(s for s in rest if s[0] == chain))
        if len(rest) == 1 and rest[0][1] != y:
            folds.append(y)
    # Trails start at the end of a node's longest tail, or at an odd node without one.
    starts = []
    for x, hanging in tails.items():
        if hanging:
            hanging.sort(reverse=True)
            starts.append((x, hanging[0][1], hanging[0][0]))
        elif len(adj[x]) % 2:
            starts.append((x, 0, 0))
    # Each odd node but a trail's two ends keeps an unused road: no trail is longer.
    bound = edges - (len(odd) // 2 - 1)

    def walk(x: int, used: int, length: int) -> None:
        nonlocal best
        end = length
        for n, chain in tails[x]:      # ending in the longest unused tail here
            if not used & chain:
                end += n
                break
        if end > best:
            best = end
        for chain, y, n in steps[x]:
            if not used & chain:
                walk(y, used | chain, length + n)

    for x, used, length in sorted(starts):
        walk(x, used, length)
        if best == bound:
            break
    return best


def update_longest_route(st: GameState, changed: list[int], events: list) -> None:
    """Recompute the route lengths of ``changed`` players and move the card."""
    before = list(st.route_len)
    length = st.rules.route_length
    for p in changed:
        st.route_len[p] = length(st, p)
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
        events.append(E.longest_route(new, holder, lengths[new] if new != -1 else 0))


def update_largest_army(st: GameState, p: int, events: list) -> None:
    k = st.dev_played[p][KNIGHT]
    holder = st.army
    if holder == p or k < MIN_ARMY:
        return
    if holder == -1 or k > st.dev_played[holder][KNIGHT]:
        st.army = p
        events.append(E.largest_army(p, holder, k))
