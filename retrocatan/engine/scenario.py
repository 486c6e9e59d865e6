"""A scenario: a map and its rules, as the game holds it.

A scenario file (docs/scenario-format.md) is a versioned, hand-editable JSON
text. This module is its model only: the ``Scenario`` and its small value
types, the hex codes and bounds of the format, the map's shape and the
places it names (regions, founding corners, harbour corners), and the
scenario's canonical JSON object (``Scenario.to_dict``), which a game's
config carries. The other jobs have a module each:

- ``scenario_read``: a file's text (or a config's JSON object) into a
  checked ``Scenario``; ``scenario_check``: every rule a scenario breaks
  (``scenario_problems``, ``PROBLEMS``);
- ``scenario_write``: the canonical text (``dump_scenario``);
- ``scenario_deal``: one concrete map dealt from a scenario's pools.

Why JSON and not TOML: the standard library reads and writes JSON
(``tomllib`` only reads), the browser build reads it natively, and the
scenario editor writes it back; the map stays readable because each
row is one string of short hex codes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from .components import RESOURCES
from .geometry import AXIAL_DIRECTIONS, FOG, LAND, SIDE_NAMES, MapGeometry

FORMAT = "retrocatan-scenario"
FORMAT_VERSION = 1

# Bounds (a scenario file is small; anything beyond these is refused).
MAX_FILE_BYTES = 256 * 1024
MAX_ROWS = 21
MAX_COLUMNS = 21
MAX_ID = 40
MAX_NAME = 60
MAX_DESCRIPTION = 600
MAX_POOL = 200          # hexes, tokens or harbours in one pool
MAX_NESTING = 8

# Hex codes of the map. A land code may carry a number token: "W5", "$10".
TERRAIN_CODES = {"W": "forest", "B": "hills", "S": "pasture", "G": "fields", "C": "mountains",
                 "D": "desert", "$": "gold"}
CODE_FOR_TERRAIN = {t: c for c, t in TERRAIN_CODES.items()}
NO_HEX, SEA_CODE, POOL_CODE, FOG_CODE = ".", "~", "?", "="
LAND_TERRAINS = ("forest", "hills", "pasture", "fields", "mountains", "desert", "gold")
HARBOUR_KINDS = ("3:1",) + RESOURCES
NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
PLACEMENTS = ("spiral", "shuffle")
ISLAND_BONUS_FORMS = ("none", "every_settlement", "first_settlement")
GENERATORS = ("new-world",)
# Config fields a scenario fixes itself or that belong to the game, not to a scenario.
NOT_SCENARIO_OPTIONS = ("players", "seed", "board", "vp_target")


class ScenarioError(ValueError):
    """A scenario file is unreadable or breaks a rule; the message is one line."""


@dataclass(frozen=True)
class Harbour:
    hex: tuple[int, int]    # (row, column) of its sea hex, counted from 1 as in the file
    side: str               # direction of the land hex it faces: e, ne, nw, w, sw, se
    kind: str               # "3:1", a resource name, or "?" (drawn from the harbour pool)


@dataclass(frozen=True)
class Beginner:
    """A fixed layout for learning games: either a whole map with every
    terrain and number given (``map``, ``harbours``) or a seed from which
    the layout is dealt (``seed``, ``no_red_neighbours``)."""

    map: tuple[tuple[str, ...], ...] | None = None
    harbours: tuple[str, ...] | None = None
    seed: int | None = None
    no_red_neighbours: bool = False


# The order in which a pool's kinds are dealt, whatever order a file lists them in (the shipped
# scenarios list them so).
TERRAIN_DEAL_ORDER = ("forest", "pasture", "fields", "hills", "mountains", "desert", "gold")
FOG_DEAL_ORDER = ("sea", "forest", "pasture", "fields", "hills", "mountains", "gold", "desert")


def _in_order(pool, order) -> tuple:
    return tuple(sorted(pool, key=lambda kn: order.index(kn[0]) if kn[0] in order else len(order)))


@dataclass(frozen=True)
class Scenario:
    id: str
    name: dict                              # {"en": ..., "de": ...}
    description: dict                       # {"en": ..., "de": ...}
    players: tuple[int, ...]                # e.g. (3, 4)
    vp_target: int
    map: tuple[tuple[str, ...], ...]        # hex codes, row by row, every row equally long
    terrain_pool: tuple[tuple[str, int], ...]   # for "?" hexes, in TERRAIN_DEAL_ORDER
    placement: str                          # "spiral" (letter spiral) or "shuffle"
    tokens: tuple[int, ...]                 # number tokens in letter order
    harbour_pool: tuple[tuple[str, int], ...]   # for harbours of kind "?"
    harbours: tuple[Harbour, ...]
    founding: str | tuple[tuple[int, int], ...]     # "all", or hexes naming the founding islands
    robber: str | tuple[int, int]           # "desert" (a random desert) or a (row, column)
    components: str = "base"                # bank, deck and pieces of BOARD_KINDS: base or extension
    ships: bool = False                     # Seafarers: ships and sea edges
    pirate: tuple[int, int] | None = None
    fog_pool: tuple[tuple[str, int], ...] = ()  # terrain under the fog hexes ("sea" allowed)
    fog_tokens: tuple[int, ...] = ()
    island_bonus: str = "none"
    island_bonus_points: int = 0
    options: tuple[tuple[str, object], ...] = ()  # defaults of game options
    beginner: Beginner | None = None
    generator: str | None = None
    regions: tuple[tuple[str, ...], ...] | None = None  # a label per land or fog hex; None: islands

    def __post_init__(self) -> None:
        # A pool is a bag: the deal takes its pieces in one fixed order, not in the file's key
        # order, so a record whose JSON keys were sorted deals the same map.
        for name, order in (("terrain_pool", TERRAIN_DEAL_ORDER), ("fog_pool", FOG_DEAL_ORDER),
                            ("harbour_pool", HARBOUR_KINDS)):
            object.__setattr__(self, name, _in_order(getattr(self, name), order))

    # --- derived shape -------------------------------------------------------
    @cached_property
    def shape(self) -> MapShape:
        return MapShape(self.map, self.ships)

    @cached_property
    def harbour_spots(self) -> tuple[tuple[int, tuple[int, int]], ...]:
        """(sea hex id, (corner, corner)) of each harbour, in file order."""
        return tuple((self.shape.hex_at[h.hex], harbour_corners(self, h)) for h in self.harbours)

    @cached_property
    def start_regions(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """(islands, regions, founding corners) of the map before play, fog not being land (see
        ``region_of`` and ``founding_corners``): the same for every deal, so worked out once."""
        shape = self.shape
        geo = shape.geometry
        islands = geo.islands([LAND if is_land_code(code_at(self, shape.place[h])) else FOG for h in geo.land])
        regions = region_of(self, islands)
        return tuple(islands), tuple(regions), tuple(founding_corners(self, regions))

    def hex_id(self, row: int, column: int) -> int:
        """The geometry's hex id of the hex at (row, column), counted from 1."""
        return self.shape.hex_at[(row, column)]

    # --- canonical form ------------------------------------------------------
    @cached_property
    def map_text(self) -> tuple[str, ...]:
        """The map's rows as a canonical file writes them (``map_rows_text``): every state's
        config carries them, so they are laid out once."""
        return tuple(map_rows_text(self.map))

    def to_dict(self) -> dict:
        """The scenario's canonical JSON object: the keys of a file in the file's order, optional
        keys at their defaults left out, each map row as the one string a canonical file holds
        (``scenario_write.dump_scenario`` lays this object out as text; a config carries it)."""
        d = {"format": FORMAT, "version": FORMAT_VERSION, "id": self.id,
             "name": {"en": self.name["en"], "de": self.name["de"]},
             "description": {"en": self.description["en"], "de": self.description["de"]},
             "players": list(self.players), "vp_target": self.vp_target}
        if self.components != "base":
            d["components"] = self.components
        if self.ships:
            d["ships"] = True
        d["map"] = list(self.map_text)
        d["terrain_pool"] = dict(self.terrain_pool)
        d["numbers"] = {"placement": self.placement, "tokens": list(self.tokens)}
        if self.fog_pool or self.fog_tokens:
            d["fog"] = {"pool": dict(self.fog_pool), "tokens": list(self.fog_tokens)}
        d["harbour_pool"] = dict(self.harbour_pool)
        d["harbours"] = [{"hex": list(h.hex), "side": h.side, "kind": h.kind} for h in self.harbours]
        d["founding"] = "all" if self.founding == "all" else [list(p) for p in self.founding]
        d["robber"] = "desert" if self.robber == "desert" else list(self.robber)
        if self.pirate is not None:
            d["pirate"] = list(self.pirate)
        if self.island_bonus != "none":
            d["island_bonus"] = {"form": self.island_bonus, "points": self.island_bonus_points}
        if self.options:
            d["options"] = dict(self.options)
        b = self.beginner
        if b is not None:
            d["beginner"] = ({"seed": b.seed, "no_red_neighbours": b.no_red_neighbours} if b.seed is not None
                             else {"map": map_rows_text(b.map), "harbours": list(b.harbours)})
        if self.regions is not None:
            d["regions"] = map_rows_text(self.regions)
        if self.generator is not None:
            d["generator"] = self.generator
        return d


def map_rows_text(rows) -> list[str]:
    """Rows of hex codes as a canonical file writes them: codes in columns three wide, odd rows
    (counted from 0) half a hex to the right."""
    return [(("  " if y % 2 else "") + " ".join(f"{c:<3}" for c in row)).rstrip() for y, row in enumerate(rows)]

class MapShape:
    """Where each hex of a scenario's map lies, and its geometry.

    File row ``y`` and column ``x`` (from 0) give axial ``r = y - rows // 2``
    and ``q = (X - r) / 2`` with ``X = 2x + (y odd) - X0``, where ``X0`` is
    the number of columns, or one less, whichever has the parity of
    ``rows // 2``: odd rows are drawn half a hex to the right, and the
    middle of the map is near the axial origin."""

    def __init__(self, rows: tuple[tuple[str, ...], ...], ships: bool) -> None:
        n_rows, n_cols = len(rows), len(rows[0]) if rows else 0
        y0 = n_rows // 2
        x0 = n_cols if (n_cols - y0) % 2 == 0 else n_cols - 1
        self.axial: dict[tuple[int, int], tuple[int, int]] = {}
        land, sea = [], []
        for y, row in enumerate(rows):
            for x, code in enumerate(row):
                if code == NO_HEX:
                    continue
                r = y - y0
                big_x = 2 * x + (y & 1) - x0
                q = (big_x - r) // 2
                self.axial[(y + 1, x + 1)] = (q, r)
                (sea if code == SEA_CODE else land).append((q, r))
        self.geometry = _geometry(tuple(land), tuple(sea), ships) if land else None
        self.place = {a: p for p, a in self.axial.items()}
        geo = self.geometry
        self.hex_at = {p: geo.hex_index[a] for p, a in self.axial.items()} if geo else {}


@lru_cache(maxsize=64)
def _geometry(land: tuple, sea: tuple, ships: bool) -> MapGeometry:
    """The geometry of hexes at these places, one for every map of that shape
    (its tables are read, never changed): the editor checks a map at every
    edit, and each deal or load of a scenario reads its shape."""
    return MapGeometry(land, sea, ships)


def axial_neighbour(qr: tuple[int, int], side: str) -> tuple[int, int]:
    dq, dr = AXIAL_DIRECTIONS[SIDE_NAMES.index(side)]
    return qr[0] + dq, qr[1] + dr


# --- pools -------------------------------------------------------------------------
def expand_pool(pool) -> list[str]:
    """A pool's pieces one by one, in its deal order: (("forest", 2),) -> ["forest", "forest"]."""
    return [k for k, n in pool for _ in range(n)]


def pool_size(pool) -> int:
    return sum(n for _, n in pool)


def pool_count(pool, kind: str) -> int:
    return sum(n for k, n in pool if k == kind)


# --- places the map names -------------------------------------------------------
def code_at(s: Scenario, p: tuple[int, int], rows=None) -> str | None:
    """The hex code at (row, column) counted from 1 (of ``rows``, by default the map); None off it."""
    rows = s.map if rows is None else rows
    y, x = p
    if not (1 <= y <= len(rows) and 1 <= x <= len(rows[0])):
        return None
    return rows[y - 1][x - 1]


def is_land_code(code: str | None) -> bool:
    """Whether a hex code is land (a terrain or '?'), not sea, fog or no hex."""
    return code is not None and code not in (NO_HEX, SEA_CODE, FOG_CODE)


def region_of(s: Scenario, islands: list[int]) -> list[int]:
    """Region per land hex id: the scenario's own labels (numbered in
    alphabetical order) if it names regions, else the islands."""
    if s.regions is None:
        return list(islands)
    shape = s.shape
    labels = sorted({c for row in s.regions for c in row if c != "."})
    number = {c: i for i, c in enumerate(labels)}
    return [number[s.regions[shape.place[h][0] - 1][shape.place[h][1] - 1]] for h in shape.geometry.land]


def founding_corners(s: Scenario, islands: list[int] | None = None) -> list[int]:
    """Corner ids where founding settlements may stand: corners of a land
    hex of a founding region (``islands``: region per land hex id; by
    default the regions before the game, fog not being land). Sorted."""
    if islands is None:
        return list(s.start_regions[2])
    shape = s.shape
    geo = shape.geometry
    land = [is_land_code(code_at(s, shape.place[h])) for h in geo.land]
    if s.founding == "all":
        chosen = {i for i in islands if i >= 0}
    else:
        chosen = {islands[geo.hex_index[shape.axial[p]]] for p in s.founding}
    return sorted(c for c in range(len(geo.corner_xy))
                  if any(land[h] and islands[h] in chosen for h in geo.corner_hexes[c]))


_BACK = {"e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}


def harbour_corners(s: Scenario, h: Harbour) -> tuple[int, int]:
    """The two corner ids a harbour serves (the edge its sea hex shares with the land it faces)."""
    shape = s.shape
    land_id = shape.geometry.hex_index[axial_neighbour(shape.axial[h.hex], h.side)]
    return shape.geometry.side_corners(land_id, SIDE_NAMES.index(_BACK[h.side]))

