"""The board: one dealt map of a scenario, the base game's islands included.

Every map is a scenario (``scenario.Scenario``): the base game's two
islands are the shipped files ``scenarios/base-3-4.json`` and
``base-5-6.json`` (``base_island``, read once), the Seafarers maps the
others. Its ids are those of the scenario's ``geometry.MapGeometry``:
land (land, desert, gold and fog hexes) first, in reading order, then the
sea. ``scenario_deal`` deals a ``Board`` from a scenario's pools.

Integer plane used for geometry: a hex centre is at ``X = 2q + r``,
``Y = 3r``; its six corners are offset by (0,-2), (1,-1), (1,1), (0,2),
(-1,1), (-1,-1). One X unit is ``sqrt(3)/2`` hex radii, one Y unit half a
radius, so a front end maps ``(X, Y)`` to pixels with two multiplications.

A board knows what each hex is now (fog is turned over during a game:
``reveal``) and the tables that follow from that: which edges take a road
(land on one side) and which a ship (sea on one side, on a map with
ships), which corners touch land, the producing hexes per number and the
region of every land hex. ``layer`` names the rules a game on it plays
(``layers.rules_for``): ``"base"`` on a base island (``scenario_deal.map_layer``),
else ``"seafarers"``; it also picks the board's JSON form, so that saves
and state hashes stay what they were: a base island is written as its
components' ``kind`` and the dealt lists, any other map as its scenario's
id and the dealt lists (``from_json`` reads both).
"""

from __future__ import annotations

from .components import BOARD_KINDS, TERRAIN_RESOURCE
from .geometry import FOG, LAND, SEA, MapGeometry
from .new_world import scenario_map
from .scenario import HARBOUR_KINDS, Scenario, expand_pool, region_of

# The shipped scenario of each base island, by its components (bank, deck and pieces).
BASE_ISLANDS = {"base": "base-3-4", "extension": "base-5-6"}
BASE = "base"           # the layer of a base island (rules.py); every other map plays "seafarers"

# Terrains a hex of a board may show (fog: face down; sea: a fog hex turned out sea).
TERRAINS = ("forest", "hills", "pasture", "fields", "mountains", "desert", "gold", "fog", "sea")


def base_island(kind: str) -> Scenario:
    """The scenario of the base game's island for ``kind`` (``base``: 3-4
    players, ``extension``: 5-6), the shipped file read once."""
    from ..scenarios import load  # the shipped files' package (outside the engine, which reads no files)
    return load(BASE_ISLANDS[kind])


def geometry(kind: str) -> MapGeometry:
    """The geometry of the base island ``kind`` (one object per island, shared by every game)."""
    return base_island(kind).shape.geometry


def harbour_slots(kind: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The harbours' places of the base island ``kind``: ((q, r) of the sea
    hex, (corner, corner)) each, in the file's order (the order of a board's
    ``harbours``)."""
    s = base_island(kind)
    hexes = s.shape.geometry.hexes
    return [(hexes[h], corners) for h, corners in s.harbour_spots]


# id(geometry) -> (geometry, edge ids on the board around each hex id: land ids, then sea ids)
_EDGES_ON: dict[int, tuple] = {}


class Board:
    """One dealt map. See the module docstring."""

    def __init__(self, scenario: Scenario, terrain: list[str], numbers: list[int], letters: list,
                 harbours: list[str], robber_start: int, pirate_start: int, layer: str) -> None:
        self.scenario = scenario
        self.layer = layer
        self.kind = scenario.components
        # A base island's geometry is the shipped file's (the same ids), shared by every game on it.
        self.geo = geometry(self.kind) if layer == BASE else scenario.shape.geometry
        self.terrain = list(terrain)
        self.numbers = list(numbers)
        self.initial = (tuple(terrain), tuple(numbers))     # as dealt, fog face down
        self.letters = letters
        self.harbours = harbours
        self.robber_start = robber_start
        self.pirate_start = pirate_start
        self.ships = scenario.ships
        geo = self.geo
        self.nland = len(geo.land)
        self.founding = list(scenario.start_regions[2])    # corners where founding settlements may stand
        self.stamp = 0
        # (sea hex id, (corner, corner), kind) per harbour, in file order.
        self.harbour_places = [(h, corners, kind) for (h, corners), kind in zip(scenario.harbour_spots, harbours)]
        self.corner_harbour: list[str | None] = [None] * len(geo.corner_xy)
        for _, (a, b), kind in self.harbour_places:
            self.corner_harbour[a] = kind
            self.corner_harbour[b] = kind
        self.refresh()

    @property
    def harbour_slots(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """((q, r) of the sea hex, (corner, corner)) per harbour, in the order of ``harbours``."""
        hexes = self.geo.hexes
        return [(hexes[h], corners) for h, corners, _ in self.harbour_places]

    # --- what each hex is now -------------------------------------------------------
    def refresh(self) -> None:
        """Recompute every table that depends on the terrain (after a reveal)."""
        geo = self.geo
        self.resource = [TERRAIN_RESOURCE.get(t) for t in self.terrain]
        # Number -> hexes that produce on it, as (hex, resource, corners); gold hexes as (hex, corners).
        # ``producer_corners``: the same flat, (hex, resource, corner) for each corner of those hexes;
        # ``corner_yields``: the same per corner, (number, hex, resource) for each hex it yields from.
        self.producers: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {n: [] for n in range(2, 13)}
        self.gold_producers: dict[int, list[tuple[int, tuple[int, ...]]]] = {n: [] for n in range(2, 13)}
        self.producer_corners: dict[int, list[tuple[int, int, int]]] = {n: [] for n in range(2, 13)}
        self.corner_yields: list[list[tuple[int, int, int]]] = [[] for _ in geo.corner_hexes]
        for h, n in enumerate(self.numbers):
            if not n:
                continue
            if self.terrain[h] == "gold":
                self.gold_producers[n].append((h, geo.hex_corners[h]))
            elif (r := self.resource[h]) is not None:
                corners = geo.hex_corners[h]
                self.producers[n].append((h, r, corners))
                self.producer_corners[n] += [(h, r, c) for c in corners]
                for c in corners:
                    self.corner_yields[c].append((n, h, r))
        kinds = tuple(self.kinds())
        key = (id(self.scenario), id(geo), kinds)
        hit = _BY_KINDS.get(key)
        if hit is None or hit[0] is not self.scenario or hit[1] is not geo:
            if len(_BY_KINDS) > 256:
                _BY_KINDS.clear()
            hit = _BY_KINDS[key] = (self.scenario, geo, *_kind_tables(self.scenario, geo, kinds))
        # Shared by every board of this map with these kinds of hexes: read, never changed.
        self.edge_road, self.edge_ship, self.corner_land, self.regions = hit[2:]

    def kinds(self) -> list[int]:
        return [FOG if t == "fog" else SEA if t == "sea" else LAND for t in self.terrain]

    def is_sea_hex(self, h: int) -> bool:
        return h >= self.nland or self.terrain[h] == "sea"

    def sea_hex_edges(self, h: int) -> tuple[int, ...]:
        """The edge ids around hex ``h`` (land id or sea id) that are on the board."""
        geo = self.geo
        hit = _EDGES_ON.get(id(geo))     # the geometry's table, made once (the pirate's moves list every sea hex)
        if hit is None or hit[0] is not geo:
            if len(_EDGES_ON) > 32:
                _EDGES_ON.clear()
            hit = _EDGES_ON[id(geo)] = (geo, [tuple(e for e in edges if e >= 0)
                                              for edges in geo.hex_edges + geo.sea_hex_edges])
        return hit[1][h]

    def reveal(self, h: int, terrain: str, number: int) -> None:
        self.stamp += 1          # tells tables kept by others (the computer players') to renew
        self.terrain[h] = terrain
        self.numbers[h] = number
        self.refresh()

    def copy(self) -> Board:
        """An independent copy. The tables that follow from the terrain are shared: nothing
        changes them in place, and a reveal (``refresh``) makes the copy its own."""
        new = Board.__new__(Board)
        new.__dict__.update(self.__dict__)
        new.terrain = list(self.terrain)
        new.numbers = list(self.numbers)
        return new

    # --- serialisation ------------------------------------------------------------------
    def to_json(self) -> dict:
        if self.layer == BASE:
            return {"kind": self.kind, "terrain": list(self.terrain), "numbers": list(self.numbers),
                    "letters": list(self.letters), "harbours": list(self.harbours), "robber_start": self.robber_start}
        return {"scenario": self.scenario.id, "terrain": list(self.initial[0]), "numbers": list(self.initial[1]),
                "letters": list(self.letters), "harbours": list(self.harbours),
                "robber_start": self.robber_start, "pirate_start": self.pirate_start}

    @classmethod
    def from_json(cls, data: dict, scenario: Scenario | None = None, seed: int = 0) -> Board:
        """A board from either JSON form of ``to_json`` (``ValueError`` on
        anything that does not fit): a base island's (``kind``), or a map
        dealt on ``scenario`` (the config's) for ``seed``."""
        if "scenario" in data:
            if scenario is None or data["scenario"] != scenario.id:
                raise ValueError("the board is not the config's scenario")
            return _scenario_board(data, scenario, seed)
        return _island_board(data)

    def describe(self) -> dict:
        """The documented JSON shape of ``retrocatan board --json``."""
        return _describe_island(self) if self.layer == BASE else _describe_map(self)

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
        facing = {tuple(corners): kind for _, corners, kind in self.harbour_places}
        out = []
        for e, (a, b) in enumerate(geo.edge_corners):
            hexes = sorted(set(geo.corner_hexes[a]) & set(geo.corner_hexes[b]))
            near = sorted((set(geo.corner_edges[a]) | set(geo.corner_edges[b])) - {e})
            out.append({"id": e, "corners": [a, b], "hexes": hexes, "edges": near,
                        "harbour": facing.get((a, b))})
        return out


# (id(scenario), id(geometry), kind per land hex) -> (scenario, geometry, edge_road, edge_ship, corner_land, regions)
_BY_KINDS: dict[tuple, tuple] = {}


def _kind_tables(s: Scenario, geo: MapGeometry, kinds: tuple[int, ...]) -> tuple[list, list, list, list]:
    """The tables of a map that follow from what each land hex is (SEA, LAND or FOG)."""
    nl = len(geo.land)

    def is_land(h: int) -> bool:
        return 0 <= h < nl and kinds[h] == LAND

    def is_sea(h: int) -> bool:
        return h >= nl or (h >= 0 and kinds[h] == SEA)
    edge_road = [is_land(a) or is_land(b) for a, b in geo.edge_hexes]
    edge_ship = [s.ships and (is_sea(a) or is_sea(b)) for a, b in geo.edge_hexes]
    corner_land = [any(kinds[h] == LAND for h in geo.corner_hexes[c]) for c in range(len(geo.corner_xy))]
    regions = region_of(s, geo.islands(kinds))
    if s.regions is not None:   # labels cover fog too; only land counts
        regions = [r if kinds[h] == LAND else -1 for h, r in enumerate(regions)]
    return edge_road, edge_ship, corner_land, regions


# --- the two JSON forms ---------------------------------------------------------------
def _island_board(data: dict) -> Board:
    """A base island's board from its JSON (``kind`` and the dealt lists), checked against its file's pools."""
    kind = data["kind"]
    if kind not in BOARD_KINDS:
        raise ValueError(f"unknown board kind {kind!r}")
    s = base_island(kind)
    n = len(s.shape.geometry.land)
    terrain = [str(t) for t in data["terrain"]]
    numbers = [int(x) for x in data["numbers"]]
    letters = [None if x is None else str(x) for x in data["letters"]]
    harbours = [str(x) for x in data["harbours"]]
    robber = int(data["robber_start"])
    if len(terrain) != n or len(numbers) != n or len(letters) != n:
        raise ValueError("board layout has the wrong number of hexes")
    if sorted(terrain) != sorted(expand_pool(s.terrain_pool)):
        raise ValueError("board terrain does not match the components")
    if sorted(harbours) != sorted(expand_pool(s.harbour_pool) + [h.kind for h in s.harbours if h.kind != "?"]):
        raise ValueError("board harbours do not match the components")
    if sorted(x for x in numbers if x) != sorted(s.tokens):
        raise ValueError("board tokens do not match the components")
    for t, x in zip(terrain, numbers):
        if (t == "desert") != (x == 0):
            raise ValueError("a desert must have no token and every other hex one")
    if not 0 <= robber < n or terrain[robber] != "desert":
        raise ValueError("the robber must start on a desert")
    return Board(s, terrain, numbers, letters, harbours, robber, -1, BASE)


def _scenario_board(data: dict, scenario: Scenario, seed: int) -> Board:
    """A board dealt on ``scenario`` for ``seed`` from its JSON, checked against the scenario."""
    s = scenario_map(scenario, seed)
    geo = s.shape.geometry
    n = len(geo.land)
    terrain = [str(t) for t in data["terrain"]]
    numbers = [int(x) for x in data["numbers"]]
    letters = [None if x is None else str(x) for x in data["letters"]]
    harbours = [str(x) for x in data["harbours"]]
    robber, pirate = int(data["robber_start"]), int(data["pirate_start"])
    if len(terrain) != n or len(numbers) != n or len(letters) != n or len(harbours) != len(s.harbours):
        raise ValueError("board layout does not fit its scenario")
    if any(t not in TERRAINS or t == "sea" for t in terrain):
        raise ValueError("unknown terrain on the board")
    if any(not (x == 0 or 2 <= x <= 12 and x != 7) for x in numbers):
        raise ValueError("bad number token on the board")
    if sum(t == "fog" for t in terrain) != sum(k for _, k in s.fog_pool):
        raise ValueError("the fog does not fit its scenario")
    if not 0 <= robber < n or terrain[robber] in ("fog", "sea"):
        raise ValueError("the robber must start on land")
    if (pirate == -1) != (s.pirate is None) or (pirate != -1 and not n <= pirate < len(geo.hexes)):
        raise ValueError("the pirate must start on the scenario's sea hex")
    if any(k not in HARBOUR_KINDS for k in harbours):
        raise ValueError("unknown harbour kind")
    return Board(s, terrain, numbers, letters, harbours, robber, pirate, "seafarers")


def _describe_island(board: Board) -> dict:
    """``retrocatan board --json`` of a base island: land hexes with ids, the sea ring without."""
    geo = board.geo
    hexes = []
    for h, (q, r) in enumerate(geo.land):
        token = None
        if board.numbers[h]:
            token = {"letter": board.letters[h], "number": board.numbers[h]}
        hexes.append({"id": h, "q": q, "r": r, "terrain": board.terrain[h], "token": token})
    harbour_at = {geo.hexes[h]: kind for h, _, kind in board.harbour_places}
    for q, r in geo.sea:
        entry = {"id": None, "q": q, "r": r, "terrain": "sea", "token": None}
        if (q, r) in harbour_at:
            entry["harbour"] = harbour_at[(q, r)]
        hexes.append(entry)
    harbours = [{"kind": kind, "corners": list(corners), "q": geo.hexes[h][0], "r": geo.hexes[h][1]}
                for h, corners, kind in board.harbour_places]
    rq, rr = geo.land[board.robber_start]
    return {"kind": board.kind, "hexes": hexes, "harbours": harbours,
            "robber": {"q": rq, "r": rr},
            "corners": board.describe_corners(), "edges": board.describe_edges()}


def _describe_map(board: Board) -> dict:
    """``retrocatan board --json`` of any other map: hexes (terrain forest ..
    desert, gold, fog or sea; token; region), harbours, robber, pirate,
    corners and edges (with ``road``/``ship``: which piece the edge takes)."""
    geo = board.geo
    hexes = []
    for h, (q, r) in enumerate(geo.hexes):
        if h < board.nland:
            token = {"letter": board.letters[h], "number": board.numbers[h]} if board.numbers[h] else None
            hexes.append({"id": h, "q": q, "r": r, "terrain": board.terrain[h], "token": token,
                          "region": board.regions[h]})
        else:
            hexes.append({"id": h, "q": q, "r": r, "terrain": "sea", "token": None, "region": -1})
    for h, _, kind in board.harbour_places:
        hexes[h]["harbour"] = kind
    harbours = [{"kind": kind, "corners": list(corners), "hex": h, "q": geo.hexes[h][0], "r": geo.hexes[h][1]}
                for h, corners, kind in board.harbour_places]
    rq, rr = geo.hexes[board.robber_start]
    pirate = None
    if board.pirate_start != -1:
        pq, pr = geo.hexes[board.pirate_start]
        pirate = {"hex": board.pirate_start, "q": pq, "r": pr}
    corners = [{"id": c, "x": x, "y": y, "hexes": [h for h in geo.corner_hexes[c]] + list(geo.corner_sea[c]),
                "corners": sorted(geo.corner_corners[c]), "edges": sorted(geo.corner_edges[c]),
                "harbour": board.corner_harbour[c], "land": board.corner_land[c]}
               for c, (x, y) in enumerate(geo.corner_xy)]
    edges = []
    for e, (a, b) in enumerate(geo.edge_corners):
        near = sorted((set(geo.corner_edges[a]) | set(geo.corner_edges[b])) - {e})
        edges.append({"id": e, "corners": [a, b], "hexes": sorted(h for h in geo.edge_hexes[e] if h >= 0),
                      "edges": near, "road": board.edge_road[e], "ship": board.edge_ship[e]})
    return {"kind": board.kind, "scenario": board.scenario.id, "hexes": hexes, "harbours": harbours,
            "robber": {"hex": board.robber_start, "q": rq, "r": rr}, "pirate": pirate,
            "regions": sorted({r for r in board.regions if r >= 0}),
            "corners": corners, "edges": edges}
