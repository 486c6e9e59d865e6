"""The board of a scenario game: any map of sea, land, gold and fog.

``SeaBoard`` has the interface of ``board.Board`` that the rules read
(``kind``, ``geo``, ``terrain``, ``numbers``, ``letters``, ``harbours``,
``robber_start``, ``resource``, ``corner_harbour``, ``producers``), on the
ids of the scenario's ``geometry.MapGeometry`` (land, desert, gold and fog
hexes first, then the sea). Besides it knows what each hex is now (fog is
turned over during a game: ``reveal``), and the tables that follow from
that: which edges take a road (land on one side), which a ship (sea on
one side), which corners touch land, the gold hexes per number and the
region of every land hex.

A board is the scenario's id plus what was dealt; ``to_json`` writes that
and ``from_json`` rebuilds it on the config's scenario (a New World map
from the template and the game's seed, ``scenario_map``). What the fog turned into is part of the game state
(``seafarers.state.SeaState``), replayed onto the board when a state is loaded.
"""

from __future__ import annotations

from .components import BOARD_KINDS, TERRAIN_RESOURCE
from .geometry import FOG, LAND, SEA
from .new_world import new_world
from .scenario import Scenario, ScenarioError, founding_corners, harbour_corners, region_of
from .scenario_deal import Layout

# Terrains a hex of a scenario board may show (fog: face down; sea: a fog hex turned out sea).
SEA_TERRAINS = ("forest", "hills", "pasture", "fields", "mountains", "desert", "gold", "fog", "sea")

# New World maps made in this process: (id of the template, seed) -> (template, map). The template
# is kept with its map so that its id() cannot be reused while the entry lives.
_MAPS: dict[tuple[int, int], tuple[Scenario, Scenario]] = {}


def scenario_map(s: Scenario, seed: int) -> Scenario:
    """The map a game on scenario ``s`` with ``seed`` is played on: ``s``
    itself, or for a generated scenario (New World) the map made from the
    template ``s`` and the seed (made once, then shared)."""
    if s.generator is None:
        return s
    key = (id(s), seed)
    hit = _MAPS.get(key)
    if hit is None or hit[0] is not s:
        if len(_MAPS) >= 64:
            _MAPS.clear()
        hit = _MAPS[key] = (s, new_world(s, seed))
    return hit[1]


# id(geometry) -> (geometry, edge ids on the board around each hex id: land ids, then sea ids)
_EDGES_ON: dict[int, tuple] = {}

class SeaBoard:
    """One dealt scenario map. See the module docstring."""

    layer = "seafarers"         # the rules played on this board (rules.rules_for)

    def __init__(self, scenario: Scenario, terrain: list[str], numbers: list[int], letters: list,
                 harbours: list[str], robber_start: int, pirate_start: int) -> None:
        self.scenario = scenario
        self.kind = scenario.components
        self.geo = scenario.shape.geometry
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
        self.founding = founding_corners(scenario)
        self.stamp = 0     # corners where founding settlements may stand
        # (sea hex id, (corner, corner), kind) per harbour, in file order.
        self.harbour_places = []
        for h, kind in zip(scenario.harbours, harbours):
            self.harbour_places.append((scenario.hex_id(*h.hex), harbour_corners(scenario, h), kind))
        self.corner_harbour: list[str | None] = [None] * len(geo.corner_xy)
        for _, (a, b), kind in self.harbour_places:
            self.corner_harbour[a] = kind
            self.corner_harbour[b] = kind
        self.refresh()

    # --- what each hex is now -------------------------------------------------------
    def refresh(self) -> None:
        """Recompute every table that depends on the terrain (after a reveal)."""
        geo = self.geo
        self.resource = [TERRAIN_RESOURCE.get(t) for t in self.terrain]
        self.producers: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {n: [] for n in range(2, 13)}
        self.gold_producers: dict[int, list[tuple[int, tuple[int, ...]]]] = {n: [] for n in range(2, 13)}
        for h, n in enumerate(self.numbers):
            if not n:
                continue
            if self.terrain[h] == "gold":
                self.gold_producers[n].append((h, geo.hex_corners[h]))
            elif self.resource[h] is not None:
                self.producers[n].append((h, self.resource[h], geo.hex_corners[h]))
        kinds = self.kinds()
        nl = self.nland

        def is_land(h: int) -> bool:
            return 0 <= h < nl and kinds[h] == LAND

        def is_sea(h: int) -> bool:
            return h >= nl or (h >= 0 and kinds[h] == SEA)
        self.edge_road = [is_land(a) or is_land(b) for a, b in geo.edge_hexes]
        self.edge_ship = [self.ships and (is_sea(a) or is_sea(b)) for a, b in geo.edge_hexes]
        self.corner_land = [any(kinds[h] == LAND for h in geo.corner_hexes[c]) for c in range(len(geo.corner_xy))]
        self.regions = region_of(self.scenario, geo.islands(kinds))
        if self.scenario.regions is not None:   # labels cover fog too; only land counts
            self.regions = [r if kinds[h] == LAND else -1 for h, r in enumerate(self.regions)]

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

    def copy(self) -> SeaBoard:
        new = SeaBoard.__new__(SeaBoard)
        new.__dict__.update(self.__dict__)
        new.terrain = list(self.terrain)
        new.numbers = list(self.numbers)
        new.refresh()
        return new

    # --- serialisation ------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"scenario": self.scenario.id, "terrain": list(self.initial[0]), "numbers": list(self.initial[1]),
                "letters": list(self.letters), "harbours": list(self.harbours),
                "robber_start": self.robber_start, "pirate_start": self.pirate_start}

    @classmethod
    def from_layout(cls, s: Scenario, layout: Layout) -> SeaBoard:
        return cls(s, list(layout.terrain), list(layout.numbers), list(layout.letters), layout.harbour_kinds,
                   layout.robber, -1 if layout.pirate is None else layout.pirate)

    @classmethod
    def from_json(cls, data: dict, scenario: Scenario, seed: int) -> SeaBoard:
        """Rebuild a board dealt on ``scenario`` (the config's) for ``seed``
        (``ValueError`` on anything that does not fit the scenario)."""
        if data["scenario"] != scenario.id:
            raise ValueError("the board is not the config's scenario")
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
        if any(t not in SEA_TERRAINS or t == "sea" for t in terrain):
            raise ValueError("unknown terrain on the board")
        if any(not (x == 0 or 2 <= x <= 12 and x != 7) for x in numbers):
            raise ValueError("bad number token on the board")
        if sum(t == "fog" for t in terrain) != sum(k for _, k in s.fog_pool):
            raise ValueError("the fog does not fit its scenario")
        if not 0 <= robber < n or terrain[robber] in ("fog", "sea"):
            raise ValueError("the robber must start on land")
        if (pirate == -1) != (s.pirate is None) or (pirate != -1 and not n <= pirate < len(geo.hexes)):
            raise ValueError("the pirate must start on the scenario's sea hex")
        allowed = set(BOARD_KINDS[s.components]["harbours"]) | {"3:1", "wood", "brick", "sheep", "wheat", "coal"}
        if any(k not in allowed for k in harbours):
            raise ValueError("unknown harbour kind")
        return cls(s, terrain, numbers, letters, harbours, robber, pirate)

    def describe(self) -> dict:
        """The JSON of ``retrocatan board --json`` for a scenario map: hexes
        (terrain forest .. desert, gold, fog or sea; token; region), harbours,
        robber, pirate, corners and edges (with ``road``/``ship``: which
        piece the edge takes)."""
        geo = self.geo
        hexes = []
        for h, (q, r) in enumerate(geo.hexes):
            if h < self.nland:
                token = {"letter": self.letters[h], "number": self.numbers[h]} if self.numbers[h] else None
                hexes.append({"id": h, "q": q, "r": r, "terrain": self.terrain[h], "token": token,
                              "region": self.regions[h]})
            else:
                hexes.append({"id": h, "q": q, "r": r, "terrain": "sea", "token": None, "region": -1})
        for h, _, kind in self.harbour_places:
            hexes[h]["harbour"] = kind
        harbours = [{"kind": kind, "corners": list(corners), "hex": h, "q": geo.hexes[h][0], "r": geo.hexes[h][1]}
                    for h, corners, kind in self.harbour_places]
        rq, rr = geo.hexes[self.robber_start]
        pirate = None
        if self.pirate_start != -1:
            pq, pr = geo.hexes[self.pirate_start]
            pirate = {"hex": self.pirate_start, "q": pq, "r": pr}
        corners = [{"id": c, "x": x, "y": y, "hexes": [h for h in geo.corner_hexes[c]] + list(geo.corner_sea[c]),
                    "corners": sorted(geo.corner_corners[c]), "edges": sorted(geo.corner_edges[c]),
                    "harbour": self.corner_harbour[c], "land": self.corner_land[c]}
                   for c, (x, y) in enumerate(geo.corner_xy)]
        edges = []
        for e, (a, b) in enumerate(geo.edge_corners):
            near = sorted((set(geo.corner_edges[a]) | set(geo.corner_edges[b])) - {e})
            edges.append({"id": e, "corners": [a, b], "hexes": sorted(h for h in geo.edge_hexes[e] if h >= 0),
                          "edges": near, "road": self.edge_road[e], "ship": self.edge_ship[e]})
        return {"kind": self.kind, "scenario": self.scenario.id, "hexes": hexes, "harbours": harbours,
                "robber": {"hex": self.robber_start, "q": rq, "r": rr}, "pirate": pirate,
                "regions": sorted({r for r in self.regions if r >= 0}),
                "corners": corners, "edges": edges}


def scenario_options(s: Scenario, players: int) -> dict:
    """The config options of a game on scenario ``s``: the scenario, its
    victory point target and its default rule options (``ScenarioError``
    for a player count the scenario is not made for)."""
    if players not in s.players:
        raise ScenarioError(f"scenario {s.id} is for {' or '.join(map(str, s.players))} players")
    return {"scenario": s, "vp_target": s.vp_target, **dict(s.options)}
