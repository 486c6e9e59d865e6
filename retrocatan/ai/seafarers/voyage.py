"""Sea expansion for the computer players on a scenario map: where ships
can take this player, and what is worth sailing to.

A strong player on a Seafarers map looks past the home island: a free
corner on another island may bring the island bonus, a resource the player
lacks, or gold; fog that nobody has turned may hide new land and pays a
card for every hex turned. ``reach`` finds, from the seat's view only,
every corner a chain of new ships could get to (from the player's coastal
buildings and the open ends of its ships), with the number of ships
needed, the first edge to build on and the anchor it grows from. The
planner (``sailing``) turns the corners into voyages:
(value, ships, settlement or fog), values them per expected wait for all
their cards, and builds the first ship of the best; an open-end ship whose
route leads to nothing worth having is moved to the head of the best route
instead of building a new one.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Voyage:
    """A place the player's ships could reach: settle there (``settle``),
    or turn the fog hexes there (``fog``)."""

    kind: str           # "settle" | "fog"
    corner: int         # the corner reached
    ships: int          # new ships needed
    first: int          # the edge of the first of them
    root: int           # the anchor corner the route grows from
    value: float        # what reaching it is worth (goal scale: a victory point is about 2)


def anchors(view, p: int) -> set[int]:
    """Corners ships of seat ``p`` may grow from: its buildings and the
    free corners of its ships (the engine's rule, read from the view)."""
    owner = view.corner_owner
    found = {c for c, o in enumerate(owner) if o == p}
    edge_corners = view.geo.edge_corners
    for e, o in view.ships:
        if o == p:
            for c in edge_corners[e]:
                if owner[c] == -1:
                    found.add(c)
    return found


def blocked_edges(view) -> frozenset:
    """Edges no ship may be built on now (the pirate's hex)."""
    if view.pirate < 0:
        return frozenset()
    return frozenset(view.board.sea_hex_edges(view.pirate))


def reach(view, p: int, limit: int, starts: set[int] | None = None) -> dict[int, tuple[int, int, int, int]]:
    """Corner -> (ships needed, first edge, anchor corner, previous corner)
    for every corner seat ``p`` could reach with at most ``limit`` new
    ships (nearest anchor first; ties go to the anchor and edge met first
    in id order, so the answer does not depend on set order). A route ends
    at another player's building."""
    geo = view.geo
    owner, edge_owner = view.corner_owner, view.edge_owner
    lane = view.board.edge_ship
    blocked = blocked_edges(view)
    roots = sorted(anchors(view, p) if starts is None else starts)
    out: dict[int, tuple[int, int, int, int]] = {c: (0, -1, c, -1) for c in roots}
    frontier = roots
    d = 0
    while frontier and d < limit:
        nxt_frontier = []
        for c in frontier:
            first, root = out[c][1], out[c][2]
            for e in geo.corner_edges[c]:
                if edge_owner[e] != -1 or not lane[e] or e in blocked:
                    continue
                a, b = geo.edge_corners[e]
                n = b if a == c else a
                if n in out:
                    continue
                o = owner[n]
                if o != -1 and o != p:
                    continue
                out[n] = (d + 1, e if first == -1 else first, root, c)
                nxt_frontier.append(n)
        frontier = nxt_frontier
        d += 1
    return out


def fog_on_route(view, routes: dict, c: int, memo: dict) -> frozenset:
    """The fog hexes the ships of the route to ``c`` would turn (every
    corner of the route, its anchor included, touches them)."""
    hit = memo.get(c)
    if hit is not None:
        return hit
    terrain = view.board.terrain
    here = frozenset(h for h in view.geo.corner_hexes[c] if terrain[h] == "fog")
    prev = routes[c][3]
    hit = here if prev == -1 else here | fog_on_route(view, routes, prev, memo)
    memo[c] = hit
    return hit


def bonus_points(seat, c: int) -> int:
    """Island bonus points a settlement of ``seat``'s player on corner
    ``c`` would earn now: the engine's own reckoning, public in the view
    (``island_bonus_at``), so the players count the bonus as the rules pay it."""
    view = seat.view
    if not view.island_bonus_points:
        return 0
    memo = seat.__dict__.setdefault("bonus_at", {})       # the decision's position: asked once a corner
    hit = memo.get(c)
    if hit is None:
        hit = memo[c] = view.island_bonus_at(seat.me, c)
    return hit


def bonus_regions(seat, c: int) -> frozenset:
    """The regions a settlement on corner ``c`` stands in for the island
    bonus (the view's ``bonus_regions``), asked once a corner per decision."""
    memo = seat.__dict__.setdefault("bonus_regions", {})
    hit = memo.get(c)
    if hit is None:
        hit = memo[c] = seat.view.bonus_regions(c)
    return hit


def land_reach(view, p: int, limit: int) -> int | None:
    """The fewest new roads seat ``p`` needs to a corner where a settlement
    of its would earn the island bonus (``island_bonus_at``), or None when
    no such corner lies within ``limit`` roads over land. Roads grow from
    its buildings and the free ends of its roads, over free road edges,
    and stop at another player's building; the corner must be free by the
    distance rule (``corner_open``). On Through the Desert the bonus lies
    beyond the desert, over land; on the islands' maps it lies over the sea."""
    if not view.island_bonus_points:
        return None
    geo = view.geo
    owner, edge_owner = view.corner_owner, view.edge_owner
    road = view.board.edge_road
    starts = {c for c, o in enumerate(owner) if o == p}
    for e, o in view.roads:
        if o == p:
            starts.update(c for c in geo.edge_corners[e] if owner[c] == -1)
    seen = set(starts)
    frontier = sorted(starts)
    for d in range(limit + 1):
        for c in frontier:
            if owner[c] == -1 and view.corner_open(c) and view.island_bonus_at(p, c) > 0:
                return d
        if d == limit:
            break
        nxt = []
        for c in frontier:
            if owner[c] not in (-1, p):
                continue        # a route ends at another player's building
            for e in geo.corner_edges[c]:
                if edge_owner[e] != -1 or not road[e]:
                    continue
                a, b = geo.edge_corners[e]
                n = b if a == c else a
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return None
