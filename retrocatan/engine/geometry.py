"""Corners, edges and adjacency tables of any set of hexes (a scenario's map).

The one geometry of every map (the base game's two islands are the
shipped scenario files ``base-3-4`` and ``base-5-6``, ``board.base_island``):
axial coordinates ``(q, r)``, pointy tops; a hex centre sits at
``X = 2q + r``, ``Y = 3r`` in the integer plane and its six corners at the
offsets ``CORNER_OFFSETS``; corners are numbered in reading order of
``(Y, X)``, edges in order of their ``(low corner, high corner)``
pair. The base islands' ids never change (saves and replays depend on
them; tests/test_geometry.py pins their tables).

Hex ids: the hexes that are not sea in the scenario (land, desert, gold and
fog) come first, in reading order (``land``); the sea hexes follow, numbered
``len(land) + i`` for the i-th hex of ``sea``, which runs clockwise around
the land's centroid (as today's sea ring).

Which corners and edges exist: every corner and edge of a land hex; with
``ships=True`` also every edge two sea hexes of the map share (a ship's
water). Without ships the tables are today's, so a base-game scenario plays
on the very same ids.

Tables that depend on what a hex currently is (fog is turned over during a
game) are functions of a per-hex kind list: ``islands`` and ``coast_edges``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
# Names of the six directions, in the order of AXIAL_DIRECTIONS.
SIDE_NAMES = ("e", "ne", "nw", "w", "sw", "se")
CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
# The two corners (indices into CORNER_OFFSETS) of the edge towards each direction.
SIDE_CORNERS = ((1, 2), (0, 1), (5, 0), (4, 5), (3, 4), (2, 3))

# What a hex is, for the tables that depend on it.
SEA, LAND, FOG = 0, 1, 2


def hex_centre(q: int, r: int) -> tuple[int, int]:
    return 2 * q + r, 3 * r


class MapGeometry:
    """The shape of a map: hex, corner and edge ids with integer tables.

    ``land``: coordinates of the hexes that are not sea (land, desert, gold,
    fog); ``sea_hexes``: coordinates of the sea hexes. ``ships``: whether
    edges between two sea hexes exist (Seafarers) or not (the base game).
    """

    def __init__(self, land: Iterable[tuple[int, int]], sea_hexes: Iterable[tuple[int, int]] = (),
                 ships: bool = False) -> None:
        land = sorted(set(land), key=lambda h: (h[1], h[0]))
        sea_set = set(sea_hexes)
        land_set = set(land)
        if not land:
            raise ValueError("a map needs at least one hex that is not sea")
        if land_set & sea_set:
            raise ValueError("a hex cannot be both land and sea")
        self.ships = ships
        self.land: list[tuple[int, int]] = land
        self.land_index = {h: i for i, h in enumerate(land)}
        n = len(land)
        sx = sum(hex_centre(q, r)[0] for q, r in land)
        sy = sum(hex_centre(q, r)[1] for q, r in land)
        self.centre = (sx / n, sy / n)

        # Land neighbours of land hexes.
        self.hex_neighbours: list[tuple[int, ...]] = []
        for q, r in land:
            nb = [self.land_index[(q + dq, r + dr)] for dq, dr in AXIAL_DIRECTIONS
                  if (q + dq, r + dr) in land_set]
            self.hex_neighbours.append(tuple(sorted(nb)))

        # Sea hexes clockwise around the land's centroid (nearer first on a tie).
        def sea_key(h):
            x, y = hex_centre(*h)
            d = (x - self.centre[0]) ** 2 + 3 * (y - self.centre[1]) ** 2
            return (self._angle(x, y), round(d, 6), h[1], h[0])
        self.sea: list[tuple[int, int]] = sorted(sea_set, key=sea_key)
        self.hexes: list[tuple[int, int]] = land + self.sea
        self.hex_index = {h: i for i, h in enumerate(self.hexes)}
        # Every hex's neighbours in the six directions (-1: off the map).
        self.hex_sides: list[tuple[int, ...]] = [
            tuple(self.hex_index.get((q + dq, r + dr), -1) for dq, dr in AXIAL_DIRECTIONS)
            for q, r in self.hexes]

        # Edges as pairs of corner points: those of land hexes, and with
        # ships those between two sea hexes.
        edge_points: set[tuple[tuple[int, int], tuple[int, int]]] = set()

        def side_points(h, side):
            cx, cy = hex_centre(*h)
            a, b = SIDE_CORNERS[side]
            pa = (cx + CORNER_OFFSETS[a][0], cy + CORNER_OFFSETS[a][1])
            pb = (cx + CORNER_OFFSETS[b][0], cy + CORNER_OFFSETS[b][1])
            return (pa, pb) if (pa[1], pa[0]) < (pb[1], pb[0]) else (pb, pa)

        for h in land:
            for side in range(6):
                edge_points.add(side_points(h, side))
        if ships:
            for h in self.sea:
                for side, (dq, dr) in enumerate(AXIAL_DIRECTIONS):
                    if (h[0] + dq, h[1] + dr) in sea_set:
                        edge_points.add(side_points(h, side))
        points = {p for e in edge_points for p in e}
        self.corner_xy: list[tuple[int, int]] = sorted(points, key=lambda k: (k[1], k[0]))
        corner_id = {k: i for i, k in enumerate(self.corner_xy)}
        self.edge_corners: list[tuple[int, int]] = sorted(
            (min(corner_id[a], corner_id[b]), max(corner_id[a], corner_id[b])) for a, b in edge_points)
        self.edge_index = {e: i for i, e in enumerate(self.edge_corners)}
        nc = len(self.corner_xy)

        def corners_of(h) -> tuple[int, ...]:
            cx, cy = hex_centre(*h)
            return tuple(corner_id.get((cx + ox, cy + oy), -1) for ox, oy in CORNER_OFFSETS)

        def edges_of(ids) -> tuple[int, ...]:
            out = []
            for i in range(6):
                a, b = ids[i], ids[(i + 1) % 6]
                out.append(self.edge_index.get((min(a, b), max(a, b)), -1) if a >= 0 and b >= 0 else -1)
            return tuple(out)

        # hex_corners[h][k]: corner k (CORNER_OFFSETS order); hex_edges[h][k]: the edge from corner k to k+1.
        self.hex_corners: list[tuple[int, ...]] = [corners_of(h) for h in land]
        self.hex_edges: list[tuple[int, ...]] = [edges_of(ids) for ids in self.hex_corners]
        # Sea hexes: the same tables, -1 where a corner or edge is not on the board.
        self.sea_hex_corners: list[tuple[int, ...]] = [corners_of(h) for h in self.sea]
        self.sea_hex_edges: list[tuple[int, ...]] = [edges_of(ids) for ids in self.sea_hex_corners]

        cc: list[list[int]] = [[] for _ in range(nc)]
        ce: list[list[int]] = [[] for _ in range(nc)]
        for e, (a, b) in enumerate(self.edge_corners):
            cc[a].append(b)
            cc[b].append(a)
            ce[a].append(e)
            ce[b].append(e)
        self.corner_corners = [tuple(x) for x in cc]
        self.corner_edges = [tuple(x) for x in ce]
        ch: list[list[int]] = [[] for _ in range(nc)]
        for h, ids in enumerate(self.hex_corners):
            for c in ids:
                ch[c].append(h)
        self.corner_hexes = [tuple(x) for x in ch]
        cs: list[list[int]] = [[] for _ in range(nc)]
        for i, ids in enumerate(self.sea_hex_corners):
            for c in ids:
                if c >= 0:
                    cs[c].append(n + i)
        # Sea hex ids (len(land) + i) touching each corner.
        self.corner_sea = [tuple(x) for x in cs]
        # The hexes on the two sides of each edge (hex ids; -1: off the map).
        eh: list[list[int]] = [[] for _ in range(len(self.edge_corners))]
        for h, edges in enumerate(self.hex_edges + self.sea_hex_edges):
            for e in edges:
                if e >= 0:
                    eh[e].append(h)
        self.edge_hexes: list[tuple[int, int]] = [(x[0], x[1] if len(x) > 1 else -1) for x in eh]

        # The spiral of the letter tokens: layers of land from the coast inwards.
        self.layers: list[list[int]] = []
        remaining = set(land)
        while remaining:
            layer = [h for h in remaining
                     if any((h[0] + dq, h[1] + dr) not in remaining for dq, dr in AXIAL_DIRECTIONS)]
            layer.sort(key=lambda h: self._angle(*hex_centre(*h)))
            self.layers.append([self.land_index[h] for h in layer])
            remaining -= set(layer)

    def _angle(self, x: float, y: float) -> float:
        # Clockwise on screen; rounded so that C library
        # last-bit differences cannot change an order.
        return round(math.atan2(y - self.centre[1], x - self.centre[0]), 9)

    def spiral(self, start: int) -> list[int]:
        """Land hexes in token order from the coastal hex ``start``: the same
        walk the base game always made (tests/test_geometry.py pins it)."""
        memo = self.__dict__.setdefault("_spirals", {})      # a pure function of the map: walked once per start
        hit = memo.get(start)
        if hit is None:
            hit = memo[start] = tuple(self._spiral(start))
        return list(hit)

    def _spiral(self, start: int) -> list[int]:
        outer = self.layers[0]
        i = outer.index(start)
        order = outer[i:] + outer[:i]
        a0 = self._angle(*hex_centre(*self.land[start]))
        for layer in self.layers[1:]:
            def offset(h: int) -> float:
                a = self._angle(*hex_centre(*self.land[h]))
                d = (a - a0) % (2 * math.pi)
                return 0.0 if d > 2 * math.pi - 1e-6 else round(d, 6)
            last = order[-1]
            touching = [k for k in range(len(layer)) if layer[k] in self.hex_neighbours[last]]
            j = min(touching or range(len(layer)), key=lambda k: (offset(layer[k]), k))
            order += layer[j:] + layer[:j]
        return order

    def side_corners(self, hex_id: int, side: int) -> tuple[int, int]:
        """The two corner ids (low, high) of a hex's edge towards ``side``
        (an index into SIDE_NAMES); -1 for a corner not on the board."""
        ids = self.hex_corners[hex_id] if hex_id < len(self.land) else self.sea_hex_corners[hex_id - len(self.land)]
        a, b = ids[SIDE_CORNERS[side][0]], ids[SIDE_CORNERS[side][1]]
        return (a, b) if a <= b else (b, a)

    # --- tables that depend on what each hex is --------------------------------
    def islands(self, kinds: Sequence[int]) -> list[int]:
        """Island number per land hex id (-1 for fog or sea): land hexes
        joined edge to edge form an island; islands are numbered in reading
        order of their first hex. ``kinds``: SEA, LAND or FOG per land hex id."""
        island = [-1] * len(self.land)
        count = 0
        for start in range(len(self.land)):
            if kinds[start] != LAND or island[start] >= 0:
                continue
            island[start] = count
            stack = [start]
            while stack:
                h = stack.pop()
                for nb in self.hex_neighbours[h]:
                    if kinds[nb] == LAND and island[nb] < 0:
                        island[nb] = count
                        stack.append(nb)
            count += 1
        return island

    def coast_edges(self, kinds: Sequence[int]) -> list[int]:
        """Edge ids between a land hex and a sea hex (a fog hex is neither).
        ``kinds``: SEA, LAND or FOG per land hex id; the sea hexes are sea."""
        def kind(h: int) -> int:
            return -1 if h < 0 else (kinds[h] if h < len(self.land) else SEA)
        out = []
        for e, (a, b) in enumerate(self.edge_hexes):
            ka, kb = kind(a), kind(b)
            if {ka, kb} == {LAND, SEA}:
                out.append(e)
        return out


def distance_rule_pick(corner_corners: Sequence[Sequence[int]], candidates: Iterable[int], wanted: int) -> list[int]:
    """Up to ``wanted`` corners from ``candidates`` (in the given order) with
    no two neighbouring: a greedy pick, used to check that a founding region
    holds room for every founding settlement."""
    taken: set[int] = set()
    blocked: set[int] = set()
    for c in candidates:
        if len(taken) >= wanted:
            break
        if c in blocked:
            continue
        taken.add(c)
        blocked.add(c)
        blocked.update(corner_corners[c])
    return sorted(taken)
