"""The island: hex geometry, corners, edges, harbours, and laying out a board.

Hexes use axial coordinates ``(q, r)`` with pointy tops, rows of constant
``r``. Corners and edges get integer ids in reading order (top to bottom,
left to right) with precomputed adjacency tables, so the rules work with
plain integer lists. The tables are those of ``geometry.MapGeometry`` (one
geometry for every map); ``Geometry`` adds the island shapes and the
harbour slots of the base game.

Integer plane used for geometry: a hex centre is at ``X = 2q + r``,
``Y = 3r``; its six corners are offset by (0,-2), (1,-1), (1,1), (0,2),
(-1,1), (-1,-1). One X unit is ``sqrt(3)/2`` hex radii, one Y unit half a
radius, so a front end maps ``(X, Y)`` to pixels with two multiplications.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import BOARD_KINDS, TERRAIN_RESOURCE, token_letters
from .geometry import AXIAL_DIRECTIONS, CORNER_OFFSETS, MapGeometry, hex_centre
from .rng import Rng

# Island shapes: for each row r, the range of q (inclusive).
_SHAPES = {
    "base": {-2: (0, 2), -1: (-1, 2), 0: (-2, 2), 1: (-2, 1), 2: (-2, 0)},
    "extension": {-3: (0, 2), -2: (-1, 2), -1: (-2, 2), 0: (-3, 2), 1: (-3, 1), 2: (-3, 0), 3: (-3, -1)},
}

# The beginner layout of the base game (rows top to bottom, as printed in
# the rule books for a first game): terrain and token number per hex.
BEGINNER_BASE = [
    ("mountains", 10), ("pasture", 2), ("forest", 9),
    ("fields", 12), ("hills", 6), ("pasture", 4), ("hills", 10),
    ("fields", 9), ("forest", 11), ("desert", 0), ("forest", 3), ("mountains", 8),
    ("forest", 8), ("mountains", 3), ("fields", 4), ("pasture", 5),
    ("hills", 5), ("fields", 6), ("pasture", 11),
]
BEGINNER_HARBOURS_BASE = ["3:1", "sheep", "3:1", "3:1", "brick", "wood", "3:1", "wheat", "coal"]
# The 5-6 player board has no printed beginner layout; ours is the board
# generated from this fixed seed with no neighbouring 6/8 tokens.
BEGINNER_EXTENSION_SEED = 1996


class Geometry(MapGeometry):
    """The shape of a base-game island (``kind`` base or extension): the
    tables of ``geometry.MapGeometry`` for its land and the ring of sea
    around it, and the harbour slots."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        shape = _SHAPES[kind]
        land = [(q, r) for r in sorted(shape) for q in range(shape[r][0], shape[r][1] + 1)]
        land_set = set(land)
        ring = {(q + dq, r + dr) for q, r in land for dq, dr in AXIAL_DIRECTIONS} - land_set
        super().__init__(land, ring)
        corner_id = {k: i for i, k in enumerate(self.corner_xy)}
        # Harbour slots: every other sea hex, facing one land edge.
        self.harbour_slots: list[tuple[tuple[int, int], tuple[int, int]]] = []
        for i, (q, r) in enumerate(self.sea):
            if i % 2:
                continue
            self.harbour_slots.append(((q, r), self._harbour_edge(q, r, land_set, corner_id)))

    def _harbour_edge(self, q, r, land_set, corner_id) -> tuple[int, int]:
        cx, cy = hex_centre(q, r)
        best = None
        for dq, dr in AXIAL_DIRECTIONS:
            nb = (q + dq, r + dr)
            if nb not in land_set:
                continue
            nx, ny = hex_centre(*nb)
            dist = (nx - self.centre[0]) ** 2 + 3 * (ny - self.centre[1]) ** 2
            key = (round(dist, 6), -self._angle(nx, ny))
            if best is None or key < best[0]:
                best = (key, nb)
        nx, ny = hex_centre(*best[1])
        # The two corners the sea hex and that land hex share.
        mine = {(cx + ox, cy + oy) for ox, oy in CORNER_OFFSETS}
        theirs = {(nx + ox, ny + oy) for ox, oy in CORNER_OFFSETS}
        shared = sorted(corner_id[k] for k in mine & theirs)
        return shared[0], shared[1]


_GEOMETRIES: dict[str, Geometry] = {}


def geometry(kind: str) -> Geometry:
    g = _GEOMETRIES.get(kind)
    if g is None:
        g = _GEOMETRIES[kind] = Geometry(kind)
    return g


@dataclass
class Board:
    """One laid-out island: terrain and token per land hex, harbour kinds."""

    layer = "base"              # the rules played on this board (rules.rules_for); not a field
    kind: str
    terrain: list[str]
    numbers: list[int]          # 0 on a desert
    letters: list[str | None]   # letter on the back of the token, None on a desert
    harbours: list[str]         # kind per harbour slot: "3:1" or a resource name
    robber_start: int

    def __post_init__(self) -> None:
        self.geo = geometry(self.kind)
        self.resource = [TERRAIN_RESOURCE[t] for t in self.terrain]
        # Harbour kind at each corner (None, "3:1" or resource name).
        self.corner_harbour: list[str | None] = [None] * len(self.geo.corner_xy)
        for (_, (a, b)), kind in zip(self.geo.harbour_slots, self.harbours):
            self.corner_harbour[a] = kind
            self.corner_harbour[b] = kind
        # Number -> hexes that produce on it, as (hex, resource, corners).
        self.producers: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {n: [] for n in range(2, 13)}
        for h, n in enumerate(self.numbers):
            if n:
                self.producers[n].append((h, self.resource[h], self.geo.hex_corners[h]))

    # --- serialisation -------------------------------------------------
    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "terrain": list(self.terrain),
            "numbers": list(self.numbers),
            "letters": list(self.letters),
            "harbours": list(self.harbours),
            "robber_start": self.robber_start,
        }

    @classmethod
    def from_json(cls, data: dict) -> Board:
        kind = data["kind"]
        if kind not in BOARD_KINDS:
            raise ValueError(f"unknown board kind {kind!r}")
        geo = geometry(kind)
        n = len(geo.land)
        spec = BOARD_KINDS[kind]
        terrain = [str(t) for t in data["terrain"]]
        numbers = [int(x) for x in data["numbers"]]
        letters = [None if x is None else str(x) for x in data["letters"]]
        harbours = [str(x) for x in data["harbours"]]
        robber = int(data["robber_start"])
        if len(terrain) != n or len(numbers) != n or len(letters) != n:
            raise ValueError("board layout has the wrong number of hexes")
        if sorted(terrain) != sorted(t for t, k in spec["terrains"].items() for _ in range(k)):
            raise ValueError("board terrain does not match the components")
        if sorted(harbours) != sorted(spec["harbours"]):
            raise ValueError("board harbours do not match the components")
        if sorted(x for x in numbers if x) != sorted(spec["tokens"]):
            raise ValueError("board tokens do not match the components")
        for t, x in zip(terrain, numbers):
            if (t == "desert") != (x == 0):
                raise ValueError("a desert must have no token and every other hex one")
        if not 0 <= robber < n or terrain[robber] != "desert":
            raise ValueError("the robber must start on a desert")
        return cls(kind, terrain, numbers, letters, harbours, robber)

    def describe(self) -> dict:
        """The documented JSON shape of ``retrocatan board --json``."""
        geo = self.geo
        hexes = []
        for h, (q, r) in enumerate(geo.land):
            token = None
            if self.numbers[h]:
                token = {"letter": self.letters[h], "number": self.numbers[h]}
            hexes.append({"id": h, "q": q, "r": r, "terrain": self.terrain[h], "token": token})
        harbour_at = {slot[0]: (slot[1], kind) for slot, kind in zip(geo.harbour_slots, self.harbours)}
        for q, r in geo.sea:
            entry = {"id": None, "q": q, "r": r, "terrain": "sea", "token": None}
            if (q, r) in harbour_at:
                entry["harbour"] = harbour_at[(q, r)][1]
            hexes.append(entry)
        harbours = [{"kind": kind, "corners": list(corners), "q": q, "r": r}
                    for ((q, r), corners), kind in zip(geo.harbour_slots, self.harbours)]
        rq, rr = geo.land[self.robber_start]
        return {"kind": self.kind, "hexes": hexes, "harbours": harbours,
                "robber": {"q": rq, "r": rr},
                "corners": self.describe_corners(), "edges": self.describe_edges()}

    def describe_corners(self) -> list[dict]:
        """Every corner: its id, place (x, y in the integer plane of the module
        docstring), the land hexes it touches, its neighbouring corners, its
        edges, and its harbour (None, "3:1" or a resource)."""
        geo = self.geo
        return [{"id": c, "x": x, "y": y, "hexes": list(geo.corner_hexes[c]),
                 "corners": sorted(geo.corner_corners[c]), "edges": sorted(geo.corner_edges[c]),
                 "harbour": self.corner_harbour[c]}
                for c, (x, y) in enumerate(geo.corner_xy)]

    def describe_edges(self) -> list[dict]:
        """Every edge: its id, its two corners, the land hexes on either side
        (one on the coast), the edges that meet it at its ends, and the
        harbour it faces (None, "3:1" or a resource)."""
        geo = self.geo
        facing = {tuple(corners): kind for (_, corners), kind in zip(geo.harbour_slots, self.harbours)}
        out = []
        for e, (a, b) in enumerate(geo.edge_corners):
            hexes = sorted(set(geo.corner_hexes[a]) & set(geo.corner_hexes[b]))
            near = sorted((set(geo.corner_edges[a]) | set(geo.corner_edges[b])) - {e})
            out.append({"id": e, "corners": [a, b], "hexes": hexes, "edges": near,
                        "harbour": facing.get((a, b))})
        return out


def _red_neighbours(geo: Geometry, numbers: list[int]) -> bool:
    for h, n in enumerate(numbers):
        if n in (6, 8):
            for nb in geo.hex_neighbours[h]:
                if numbers[nb] in (6, 8):
                    return True
    return False


def generate_board(kind: str, rng: Rng, no_red_neighbours: bool = False) -> Board:
    """A random island: shuffled terrain, tokens by the letter spiral from a
    random coastal hex, shuffled harbours, robber on a desert."""
    geo = geometry(kind)
    spec = BOARD_KINDS[kind]
    tiles = [t for t, k in spec["terrains"].items() for _ in range(k)]
    harbours = list(spec["harbours"])
    rng.shuffle(harbours)
    tokens = spec["tokens"]
    letters_all = token_letters(len(tokens))
    while True:
        terrain = list(tiles)
        rng.shuffle(terrain)
        coast = geo.layers[0]
        # Try spiral starts in a random order until the tokens fit the
        # red-number option; if none fits, re-shuffle the terrain.
        starts = [h for h in coast if terrain[h] != "desert"]
        rng.shuffle(starts)
        for start in (starts if no_red_neighbours else starts[:1]):
            numbers = [0] * len(terrain)
            letters: list[str | None] = [None] * len(terrain)
            k = 0
            for h in geo.spiral(start):
                if terrain[h] == "desert":
                    continue
                numbers[h] = tokens[k]
                letters[h] = letters_all[k]
                k += 1
            if not no_red_neighbours or not _red_neighbours(geo, numbers):
                deserts = [h for h, t in enumerate(terrain) if t == "desert"]
                robber = deserts[rng.below(len(deserts))]
                return Board(kind, terrain, numbers, letters, harbours, robber)


def beginner_board(kind: str) -> Board:
    """The fixed layout for learning games."""
    if kind == "extension":
        return generate_board(kind, Rng(BEGINNER_EXTENSION_SEED), no_red_neighbours=True)
    terrain = [t for t, _ in BEGINNER_BASE]
    numbers = [n for _, n in BEGINNER_BASE]
    # Give each token the letter of a token with that number, in reading order.
    tokens = BOARD_KINDS[kind]["tokens"]
    letters_all = token_letters(len(tokens))
    free = list(zip(tokens, letters_all))
    letters: list[str | None] = []
    for n in numbers:
        if n == 0:
            letters.append(None)
            continue
        i = next(i for i, (t, _) in enumerate(free) if t == n)
        letters.append(free.pop(i)[1])
    robber = terrain.index("desert")
    return Board(kind, terrain, numbers, letters, list(BEGINNER_HARBOURS_BASE), robber)
