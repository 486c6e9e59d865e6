"""Scenario files: a map and its rules in a versioned, hand-editable JSON text.

``parse_scenario(text)`` reads and checks a scenario and returns a
``Scenario``; anything wrong raises one ``ScenarioError`` whose message is
one line naming the place ("map row 3, column 5: unknown hex code 'Q'").
``scenario_problems(s)`` lists every rule of a read scenario it breaks,
each a ``Problem`` with its English line and a code of ``PROBLEMS`` with
params, which a front end renders in its own language.
``dump_scenario(s)`` writes the canonical text, so that
``dump_scenario(parse_scenario(t)) == t`` for a canonical file.
``lay_out(s, rng)`` deals a scenario's pools into one concrete map (the
base-game scenarios deal through exactly the random calls of
``board.generate_board``). docs/scenario-format.md documents every field.

Why JSON and not TOML: the standard library reads and writes JSON
(``tomllib`` only reads), the browser build reads it natively, and the
scenario editor will write it back; the map stays readable because each
row is one string of short hex codes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cached_property

from .components import BOARD_KINDS, RESOURCES, token_letters
from .geometry import AXIAL_DIRECTIONS, FOG, LAND, SIDE_NAMES, MapGeometry, distance_rule_pick
from .options import RULE_OPTIONS, ConfigError, check_option
from .rng import Rng

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
# Most victory points a player can reach without island bonuses: 4 cities, 5
# settlements, both awards, the 5 victory point cards.
MAX_VP_WITHOUT_BONUS = 4 * 2 + 5 + 2 + 2 + 5

_ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_REGION_RE = re.compile(r"^[a-z.]$")
_CELL_RE = re.compile(r"^([WBSGCD$?])(\d{1,2})?$")


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

    def hex_id(self, row: int, column: int) -> int:
        """The geometry's hex id of the hex at (row, column), counted from 1."""
        return self.shape.hex_at[(row, column)]


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
        self.geometry = MapGeometry(land, sea, ships) if land else None
        self.place = {a: p for p, a in self.axial.items()}
        geo = self.geometry
        self.hex_at = {p: geo.hex_index[a] for p, a in self.axial.items()} if geo else {}


def axial_neighbour(qr: tuple[int, int], side: str) -> tuple[int, int]:
    dq, dr = AXIAL_DIRECTIONS[SIDE_NAMES.index(side)]
    return qr[0] + dq, qr[1] + dr


# --- reading ------------------------------------------------------------------
def _fail(msg: str):
    msg = " ".join(msg.split())
    raise ScenarioError(msg if len(msg) <= 240 else msg[:237] + "...")


def _check_depth(value, depth: int = 0) -> None:
    if depth > MAX_NESTING:
        _fail(f"nested deeper than {MAX_NESTING} levels")
    if isinstance(value, dict):
        for v in value.values():
            _check_depth(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _check_depth(v, depth + 1)


def _no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            _fail(f"key {k!r} appears twice in one object")
        out[k] = v
    return out


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > 9:
        _fail(f"number {text[:12]}... is too large")
    return int(text)


def _refuse_constant(name: str):
    _fail(f"{name} is not a number a scenario may use")


def load_json(text) -> dict:
    """The JSON object of a scenario text (str or bytes), or ScenarioError."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_FILE_BYTES:
            _fail(f"file larger than {MAX_FILE_BYTES} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            _fail(f"not UTF-8 text (byte {e.start})")
    if not isinstance(text, str):
        _fail("a scenario must be text")
    if len(text) > MAX_FILE_BYTES:
        _fail(f"file larger than {MAX_FILE_BYTES} bytes")
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_small_int,
                          parse_float=lambda s: _fail(f"{s[:12]}: only whole numbers are allowed"),
                          parse_constant=_refuse_constant)
    except json.JSONDecodeError as e:
        _fail(f"line {e.lineno}, column {e.colno}: not valid JSON ({e.msg})")
    except RecursionError:
        _fail(f"nested deeper than {MAX_NESTING} levels")
    if not isinstance(data, dict):
        _fail("a scenario must be a JSON object")
    _check_depth(data)
    return data


def _int(v, where: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        _fail(f"{where}: must be a whole number")
    if not lo <= v <= hi:
        _fail(f"{where}: must be between {lo} and {hi}, not {v}")
    return v


def _bool(v, where: str) -> bool:
    if not isinstance(v, bool):
        _fail(f"{where}: must be true or false")
    return v


def _str(v, where: str, max_len: int) -> str:
    if not isinstance(v, str):
        _fail(f"{where}: must be a string")
    if len(v) > max_len:
        _fail(f"{where}: longer than {max_len} characters")
    if any(ord(ch) < 32 or ord(ch) == 127 or 0xD800 <= ord(ch) <= 0xDFFF for ch in v):
        _fail(f"{where}: contains a control character or a lone surrogate")
    return v


def _choice(v, where: str, choices) -> str:
    if not isinstance(v, str) or v not in choices:
        _fail(f"{where}: must be one of {', '.join(choices)}")
    return v


def _list(v, where: str, max_len: int = MAX_POOL) -> list:
    if not isinstance(v, list):
        _fail(f"{where}: must be a list")
    if len(v) > max_len:
        _fail(f"{where}: more than {max_len} entries")
    return v


def _object(v, where: str, keys: tuple[str, ...], required: tuple[str, ...] = ()) -> dict:
    if not isinstance(v, dict):
        _fail(f"{where}: must be an object")
    for k in v:
        if k not in keys:
            _fail(f"{where}: unknown key {k!r}")
    for k in required:
        if k not in v:
            _fail(f"{where}: missing key {k!r}")
    return v


def _texts(v, where: str, max_len: int) -> dict:
    d = _object(v, where, ("en", "de"), ("en", "de"))
    out = {}
    for lang in ("en", "de"):
        out[lang] = _str(d[lang], f"{where}.{lang}", max_len)
        if not out[lang].strip():
            _fail(f"{where}.{lang}: must not be empty")
    return out


def _pool(v, where: str, kinds) -> tuple[tuple[str, int], ...]:
    if not isinstance(v, dict):
        _fail(f"{where}: must be an object of counts")
    out = []
    for k, n in v.items():
        if k not in kinds:
            _fail(f"{where}: unknown kind {k!r} (use {', '.join(kinds)})")
        out.append((k, _int(n, f"{where}.{k}", 1, MAX_POOL)))
    if sum(n for _, n in out) > MAX_POOL:
        _fail(f"{where}: more than {MAX_POOL} pieces")
    return tuple(out)


def _tokens(v, where: str) -> tuple[int, ...]:
    out = []
    for i, n in enumerate(_list(v, where)):
        if not isinstance(n, int) or isinstance(n, bool) or n not in NUMBERS:
            _fail(f"{where}[{i + 1}]: number tokens are 2-6 and 8-12, not {n!r}")
        out.append(n)
    return tuple(out)


def _place(v, where: str) -> tuple[int, int]:
    if (not isinstance(v, list) or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        _fail(f"{where}: must be [row, column]")
    return _int(v[0], f"{where} row", 1, MAX_ROWS), _int(v[1], f"{where} column", 1, MAX_COLUMNS)


def _map(v, where: str) -> tuple[tuple[str, ...], ...]:
    rows = _list(v, where, MAX_ROWS)
    if not rows:
        _fail(f"{where}: has no rows")
    out = []
    for y, row in enumerate(rows):
        text = _str(row, f"{where} row {y + 1}", 8 * MAX_COLUMNS)
        cells = text.split()
        if len(cells) > MAX_COLUMNS:
            _fail(f"{where} row {y + 1}: more than {MAX_COLUMNS} hexes")
        for x, code in enumerate(cells):
            if code in (NO_HEX, SEA_CODE, FOG_CODE):
                continue
            m = _CELL_RE.match(code)
            if not m:
                _fail(f"{where} row {y + 1}, column {x + 1}: unknown hex code {code!r}")
            if m.group(2) is not None:
                number = int(m.group(2))
                if number not in NUMBERS or m.group(2) != str(number):
                    _fail(f"{where} row {y + 1}, column {x + 1}: {m.group(2)} is not a number token (2-6, 8-12)")
                if m.group(1) == "D":
                    _fail(f"{where} row {y + 1}, column {x + 1}: a desert takes no number")
        if out and len(cells) != len(out[0]):
            _fail(f"{where} row {y + 1}: {len(cells)} hexes, but row 1 has {len(out[0])} (use '.' for no hex)")
        out.append(tuple(cells))
    if not out[0]:
        _fail(f"{where}: rows are empty")
    return tuple(out)


def _regions(v) -> tuple[tuple[str, ...], ...]:
    rows = _list(v, "regions", MAX_ROWS)
    out = []
    for y, row in enumerate(rows):
        cells = tuple(_str(row, f"regions row {y + 1}", 8 * MAX_COLUMNS).split())
        for x, c in enumerate(cells):
            if not _REGION_RE.match(c):
                _fail(f"regions row {y + 1}, column {x + 1}: {c!r} is not a region label (a-z, or '.')")
        out.append(cells)
    return tuple(out)


_KEYS = ("format", "version", "id", "name", "description", "players", "vp_target", "components", "ships",
         "map", "terrain_pool", "numbers", "fog", "harbour_pool", "harbours", "founding", "robber", "pirate",
         "island_bonus", "options", "beginner", "generator", "regions")
_REQUIRED = ("format", "version", "id", "name", "description", "players", "vp_target", "map", "terrain_pool",
             "numbers", "harbour_pool", "harbours", "founding", "robber")


def parse_scenario(text) -> Scenario:
    """Read and check a scenario (str or bytes); ScenarioError names the first fault."""
    d = load_json(text)
    return scenario_from_json(d)


def read_draft(text) -> Scenario:
    """Read a scenario checking its format only (a draft in the editor):
    ScenarioError if it is not a scenario file; ``scenario_problems`` says
    what would still stop the game from loading it."""
    return scenario_from_json(load_json(text), validate=False)


def scenario_from_json(d, validate: bool = True) -> Scenario:
    _object(d, "scenario", _KEYS, ())
    if d.get("format") != FORMAT:
        _fail(f"format: not a scenario file (expected \"format\": \"{FORMAT}\")")
    for k in _REQUIRED:
        if k not in d:
            _fail(f"missing key {k!r}")
    version = _int(d["version"], "version", 1, 10**6)
    if version > FORMAT_VERSION:
        _fail(f"version: {version} is newer than this program reads ({FORMAT_VERSION})")
    sid = _str(d["id"], "id", MAX_ID)
    if not _ID_RE.match(sid):
        _fail("id: use lower-case letters, digits and single hyphens, e.g. 'four-islands'")
    players = _list(d["players"], "players", 4)
    if not players:
        _fail("players: name at least one player count")
    players = tuple(_int(p, "players", 3, 6) for p in players)
    if list(players) != sorted(set(players)):
        _fail("players: list each count once, in increasing order")
    numbers = _object(d["numbers"], "numbers", ("placement", "tokens"), ("placement", "tokens"))
    fog = _object(d.get("fog", {"pool": {}, "tokens": []}), "fog", ("pool", "tokens"), ("pool", "tokens"))
    bonus = _object(d.get("island_bonus", {"form": "none", "points": 0}), "island_bonus",
                    ("form", "points"), ("form", "points"))
    harbours = []
    for i, h in enumerate(_list(d["harbours"], "harbours")):
        where = f"harbours[{i + 1}]"
        h = _object(h, where, ("hex", "side", "kind"), ("hex", "side", "kind"))
        harbours.append(Harbour(_place(h["hex"], f"{where}.hex"), _choice(h["side"], f"{where}.side", SIDE_NAMES),
                                _choice(h["kind"], f"{where}.kind", HARBOUR_KINDS + ("?",))))
    founding = d["founding"]
    if founding != "all":
        if not isinstance(founding, list):
            _fail("founding: \"all\" or a list of hexes, one on each founding region")
        founding = tuple(_place(p, f"founding[{i + 1}]") for i, p in enumerate(_list(founding, "founding")))
        if not founding:
            _fail("founding: \"all\" or a list of hexes, one on each founding island")
    robber = d["robber"]
    robber = "desert" if robber == "desert" else _place(robber, "robber")
    pirate = d.get("pirate")
    pirate = None if pirate is None else _place(pirate, "pirate")
    options = d.get("options", {})
    if not isinstance(options, dict):
        _fail("options: must be an object")
    beginner = d.get("beginner")
    if beginner is not None:
        b = _object(beginner, "beginner", ("map", "harbours", "seed", "no_red_neighbours"))
        if "seed" in b:
            if "map" in b or "harbours" in b:
                _fail("beginner: give either a seed or a map with harbours, not both")
            beginner = Beginner(seed=_int(b["seed"], "beginner.seed", 0, 2**31 - 1),
                                no_red_neighbours=_bool(b.get("no_red_neighbours", False),
                                                        "beginner.no_red_neighbours"))
        else:
            if "map" not in b or "harbours" not in b or "no_red_neighbours" in b:
                _fail("beginner: give either a seed or a map with harbours")
            kinds = tuple(_choice(k, f"beginner.harbours[{i + 1}]", HARBOUR_KINDS)
                          for i, k in enumerate(_list(b["harbours"], "beginner.harbours")))
            beginner = Beginner(map=_map(b["map"], "beginner.map"), harbours=kinds)
    generator = d.get("generator")
    if generator is not None:
        generator = _choice(generator, "generator", GENERATORS)
    s = Scenario(
        id=sid,
        name=_texts(d["name"], "name", MAX_NAME),
        description=_texts(d["description"], "description", MAX_DESCRIPTION),
        players=players,
        vp_target=_int(d["vp_target"], "vp_target", 3, 30),
        components=_choice(d.get("components", "base"), "components", tuple(BOARD_KINDS)),
        ships=_bool(d.get("ships", False), "ships"),
        map=_map(d["map"], "map"),
        terrain_pool=_pool(d["terrain_pool"], "terrain_pool", LAND_TERRAINS),
        placement=_choice(numbers["placement"], "numbers.placement", PLACEMENTS),
        tokens=_tokens(numbers["tokens"], "numbers.tokens"),
        fog_pool=_pool(fog["pool"], "fog.pool", LAND_TERRAINS + ("sea",)),
        fog_tokens=_tokens(fog["tokens"], "fog.tokens"),
        harbour_pool=_pool(d["harbour_pool"], "harbour_pool", HARBOUR_KINDS),
        harbours=tuple(harbours),
        founding=founding,
        robber=robber,
        pirate=pirate,
        island_bonus=_choice(bonus["form"], "island_bonus.form", ISLAND_BONUS_FORMS),
        island_bonus_points=_int(bonus["points"], "island_bonus.points", 0, 2),
        options=tuple(options.items()),
        beginner=beginner,
        generator=generator,
        regions=None if d.get("regions") is None else _regions(d["regions"]),
    )
    if validate:
        validate_scenario(s)
    return s


# --- checking -----------------------------------------------------------------
def _code_at(s: Scenario, p: tuple[int, int], rows=None) -> str | None:
    rows = s.map if rows is None else rows
    y, x = p
    if not (1 <= y <= len(rows) and 1 <= x <= len(rows[0])):
        return None
    return rows[y - 1][x - 1]


def _is_land_code(code: str | None) -> bool:
    return code is not None and code not in (NO_HEX, SEA_CODE, FOG_CODE)


def _pool_size(pool) -> int:
    return sum(n for _, n in pool)


def _pool_count(pool, kind: str) -> int:
    return sum(n for k, n in pool if k == kind)


def _check_options(s: Scenario) -> None:
    for name, value in s.options:
        if name not in RULE_OPTIONS:
            _fail(f"options: {name!r} is not an option a scenario can set")
        if isinstance(value, dict | list) or value is None:
            _fail(f"options.{name}: must be a number, true/false or a word")
        try:
            check_option(name, value)
        except ConfigError as e:
            _fail(f"options: {e}")


# code -> English line of a problem (``str.format`` fields are its params).
# A front end renders the code in its own language; "other" carries a line
# of its own (an option's error), which a front end shows as it is.
# Param conventions: ``row``, ``column`` a hex counted from 1; ``n``, ``other``
# an entry of the harbours / founding list counted from 1; ``side`` a
# harbour's side (e, ne, nw, w, sw, se); ``fixed`` a hex code of the map.
PROBLEMS: dict[str, str] = {
    "other": "{text}",
    "vp_unreachable": "vp_target: {points} points cannot be reached",
    "island_bonus_points": "island_bonus: points must be 0 for form none and 1 or 2 otherwise",
    "components_extension": "components: 5-6 players need the extension components",
    "components_base": "components: 3-4 players play with the base components",
    "pirate_needs_ships": "pirate: a pirate needs \"ships\": true",
    "generated_ocean_only": "map: a generated scenario's map is the ocean only ('~' and '.')",
    "generated_by_generator": "generator: harbours, founding, robber, pirate, fog, regions and beginner come from "
                              "the generator",
    "generated_shuffle": "numbers.placement: a generated map deals its tokens by shuffle",
    "generated_tokens": "numbers.tokens: {tokens} tokens for {need} land hexes that take one",
    "generated_desert": "terrain_pool: a generated map needs a desert for the robber",
    "generated_sea_too_small": "map: {sea} sea hexes are too few for {land} land hexes (at least three times as many)",
    "generated_ships": "ships: a generated map of islands needs ships",
    "no_land": "map: has no land",
    "spiral_fixed_number": "map row {row}, column {column}: a spiral deals every number; give none here",
    "terrain_pool_count": "terrain_pool: {pool} hexes for {cells} '?' hexes on the map",
    "tokens_too_many": "numbers.tokens: more numbers ({tokens}) than hexes that take one ({need})",
    "tokens_too_few": "numbers.tokens: {tokens} numbers for {need} hexes that take one",
    "pool_hex_number": "map: a '?' hex with a number could be dealt a desert; give '?' hexes no number",
    "fog_pool_count": "fog.pool: {pool} hexes for {cells} fog hexes ('=') on the map",
    "fog_tokens_count": "fog.tokens: {tokens} numbers for {need} fog hexes that turn to land with a number",
    "regions_size": "regions: must have the size of the map ({rows} rows of {columns})",
    "region_label": "regions row {row}, column {column}: every land or fog hex has a region label, sea and no hex "
                    "have '.'",
    "spiral_one_island": "numbers.placement: the letter spiral needs one island and no fog; use shuffle",
    "spiral_coast": "numbers.placement: the spiral needs a coastal hex that is sure not to be a desert",
    "robber_no_desert": "robber: \"desert\" but the map has no desert",
    "robber_not_land": "robber: row {row}, column {column} is not a land hex",
    "pirate_not_sea": "pirate: row {row}, column {column} is not a sea hex",
    "harbour_not_on_sea": "harbours[{n}] (row {row}, column {column}): a harbour stands on a sea hex",
    "harbour_twice": "harbours[{n}] (row {row}, column {column}): a second harbour on one sea hex",
    "harbour_not_on_coast": "harbours[{n}] (row {row}, column {column}): side {side} faces no land hex, so the "
                            "harbour is not on the coast",
    "harbour_shared_corner": "harbours[{n}] (row {row}, column {column}): shares a corner with harbours[{other}]",
    "harbour_pool_count": "harbour_pool: {pool} harbours for {wild} harbours of kind '?'",
    "founding_not_land": "founding[{n}] (row {row}, column {column}): not a land hex",
    "founding_region_twice": "founding[{n}] (row {row}, column {column}): names a region already named",
    "founding_room": "founding: room for only {room} founding settlements with the distance rule; {players} "
                     "players need {need}",
    "beginner_size": "beginner.map: must have the size of the map",
    "beginner_kind": "beginner.map row {row}, column {column}: must be the same kind of hex as on the map",
    "beginner_terrain": "beginner.map row {row}, column {column}: a beginner layout gives every terrain",
    "beginner_number": "beginner.map row {row}, column {column}: a beginner layout gives every number",
    "beginner_differs": "beginner.map row {row}, column {column}: differs from the map's fixed hex {fixed!r}",
    "beginner_tokens": "beginner.map: the numbers it gives must be the number tokens of the scenario",
    "beginner_harbours": "beginner.harbours: {kinds} kinds for {harbours} harbours",
    "beginner_robber": "beginner.map: the robber starts on a desert, but there is none",
    "robber_nowhere": "map: {land} land hexes that are not desert or fog, and no pirate; the robber needs two "
                      "to move between",
    "founding_room_any": "founding: {room} corners to found on; settlements placed one by one could leave a "
                         "player of {players} none (each takes up to {most} of them); make the founding land larger",
    "generated_resources": "terrain_pool: a generated main island needs forest, hills, pasture, fields and "
                           "mountains",
    "generated_fails": "the generator finds no fair map for seed {seed}; give it more ocean or other land",
}


def problem_line(text: str) -> str:
    """A problem's line as shown: one space between words, at most 240 characters."""
    text = " ".join(text.split())
    return text if len(text) <= 240 else text[:237] + "..."


@dataclass(frozen=True)
class Problem:
    """One reason the game would not load a scenario: a line of text (in
    English), when the line names a hex that hex's (row, column) counted
    from 1, and the problem's ``code`` (a key of ``PROBLEMS``) with the
    ``params`` its line is made from, for a front end's own language."""

    text: str
    place: tuple[int, int] | None = None
    # Two problems are equal when their lines and hexes are (the line is made from these two).
    code: str = field(default="other", compare=False)
    params: dict = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.text


class _Problems(list):
    """The problems found so far, in the order the checks run."""

    def add(self, code: str, place: tuple[int, int] | None = None, **params) -> None:
        text = problem_line(PROBLEMS[code].format(**params))
        self.append(Problem(text, place, code, params))


def scenario_problems(s: Scenario) -> list[Problem]:
    """Every rule of a scenario's contents that it breaks, in check order
    (the first is what ``validate_scenario`` raises). A check that needs an
    earlier one to pass is skipped when that one failed: nothing past a map
    without land; a region's cells only when the regions have the map's
    size; room for founding settlements only when the regions and the
    founding hexes are sound; a harbour's corners only when it stands on a
    sea hex facing land; the beginner layout's hexes only when it has the
    map's size."""
    out = _Problems()
    if s.generator is not None:
        _validate_template(s, out)
    else:
        _validate_map(s, out)
    return list(out)


def deal_problems(s: Scenario, seeds=range(1, 5)) -> list[Problem]:
    """What only dealing shows (slower than ``scenario_problems``, which must
    pass first; ``retrocatan scenario check`` runs both): a New World
    template whose generator finds no map for one of a few seeds."""
    out = _Problems()
    if s.generator is not None:
        from .new_world import new_world  # it builds on this module
        for seed in seeds:
            try:
                new_world(s, seed)
            except ScenarioError:
                out.add("generated_fails", seed=seed)
                break
    return list(out)


def validate_scenario(s: Scenario) -> None:
    """Every rule of a scenario's contents (types are checked by the reader);
    ScenarioError names the first problem."""
    problems = scenario_problems(s)
    if problems:
        _fail(problems[0].text)


def _validate_common(s: Scenario, out: _Problems) -> None:
    if s.vp_target > MAX_VP_WITHOUT_BONUS + (5 * s.island_bonus_points if s.island_bonus != "none" else 0):
        out.add("vp_unreachable", points=s.vp_target)
    if (s.island_bonus == "none") != (s.island_bonus_points == 0):
        out.add("island_bonus_points")
    if any(p >= 5 for p in s.players) and s.components != "extension":
        out.add("components_extension")
    if any(p <= 4 for p in s.players) and s.components != "base":
        out.add("components_base")
    if s.pirate is not None and not s.ships:
        out.add("pirate_needs_ships")
    try:
        _check_options(s)
    except ScenarioError as e:
        out.add("other", text=str(e))


def _validate_template(s: Scenario, out: _Problems) -> None:
    """A generated map's file: the ocean the generator fills, and its pools."""
    _validate_common(s, out)
    if any(c not in (NO_HEX, SEA_CODE) for row in s.map for c in row):
        out.add("generated_ocean_only")
    if (s.harbours or s.founding != "all" or s.robber != "desert" or s.pirate is not None or s.fog_pool
            or s.fog_tokens or s.regions is not None or s.beginner is not None):
        out.add("generated_by_generator")
    if s.placement != "shuffle":
        out.add("generated_shuffle")
    land = _pool_size(s.terrain_pool)
    need = land - _pool_count(s.terrain_pool, "desert")
    if len(s.tokens) != need:
        out.add("generated_tokens", tokens=len(s.tokens), need=need)
    if _pool_count(s.terrain_pool, "desert") == 0:
        out.add("generated_desert")
    ocean = sum(c == SEA_CODE for row in s.map for c in row)
    if 3 * land > ocean:
        out.add("generated_sea_too_small", sea=ocean, land=land)
    if not s.ships:
        out.add("generated_ships")
    kinds = {k for k, n in s.terrain_pool if n}
    if not {"forest", "hills", "pasture", "fields", "mountains"} <= kinds:
        out.add("generated_resources")


def _validate_map(s: Scenario, out: _Problems) -> None:
    _validate_common(s, out)
    rows = s.map
    shape = s.shape
    geo = shape.geometry
    if geo is None:
        out.add("no_land")
        return
    # Numbers only on land; fixed numbers fit the placement.
    pool_cells = fixed_numbers = needs_token = fog_cells = 0
    deserts = 0
    numbered_pool: tuple[int, int] | None = None
    for y, row in enumerate(rows):
        for x, code in enumerate(row):
            if code == FOG_CODE:
                fog_cells += 1
            if not _is_land_code(code):
                continue
            letter, number = code[0], code[1:]
            if letter == POOL_CODE:
                pool_cells += 1
                if number and numbered_pool is None:
                    numbered_pool = (y + 1, x + 1)
            if letter == "D":
                deserts += 1
            if number:
                fixed_numbers += 1
                if s.placement == "spiral":
                    out.add("spiral_fixed_number", (y + 1, x + 1), row=y + 1, column=x + 1)
            elif letter not in ("D", POOL_CODE):
                needs_token += 1
    pool = _pool_size(s.terrain_pool)
    if pool != pool_cells:
        out.add("terrain_pool_count", pool=pool, cells=pool_cells)
    needs_token += pool_cells - _pool_count(s.terrain_pool, "desert") - sum(
        1 for row in rows for c in row if c.startswith(POOL_CODE) and len(c) > 1)
    if len(s.tokens) > needs_token:
        out.add("tokens_too_many", tokens=len(s.tokens), need=needs_token)
    if len(s.tokens) < needs_token:
        out.add("tokens_too_few", tokens=len(s.tokens), need=needs_token)
    if numbered_pool is not None and any(k == "desert" for k, _ in s.terrain_pool):
        out.add("pool_hex_number", numbered_pool, row=numbered_pool[0], column=numbered_pool[1])
    # Fog.
    if _pool_size(s.fog_pool) != fog_cells:
        out.add("fog_pool_count", pool=_pool_size(s.fog_pool), cells=fog_cells)
    fog_need = fog_cells - _pool_count(s.fog_pool, "sea") - _pool_count(s.fog_pool, "desert")
    if len(s.fog_tokens) != fog_need:
        out.add("fog_tokens_count", tokens=len(s.fog_tokens), need=fog_need)
    land_kinds = [LAND if _is_land_code(_code_at(s, shape.place[h])) else FOG for h in geo.land]
    islands = geo.islands(land_kinds)
    regions_sound = True
    if s.regions is not None:
        if len(s.regions) != len(rows) or any(len(r) != len(rows[0]) for r in s.regions):
            out.add("regions_size", rows=len(rows), columns=len(rows[0]))
            regions_sound = False
        else:
            for y, row in enumerate(rows):
                for x, code in enumerate(row):
                    label = s.regions[y][x]
                    if (code in (NO_HEX, SEA_CODE)) != (label == "."):
                        out.add("region_label", (y + 1, x + 1), row=y + 1, column=x + 1)
                        regions_sound = False
    # Spiral: one island, no fog.
    if s.placement == "spiral":
        if max(islands) != 0 or fog_cells:
            out.add("spiral_one_island")
        coast = [_code_at(s, shape.place[geo.land[h]]) for h in geo.layers[0]]
        if sum(not c.startswith("D") for c in coast) <= _pool_count(s.terrain_pool, "desert"):
            out.add("spiral_coast")
    # Robber and pirate.
    if s.robber == "desert":
        if deserts + _pool_count(s.terrain_pool, "desert") == 0:
            out.add("robber_no_desert")
    else:
        code = _code_at(s, s.robber)
        if not _is_land_code(code):
            out.add("robber_not_land", s.robber, row=s.robber[0], column=s.robber[1])
    if s.pirate is not None and _code_at(s, s.pirate) != SEA_CODE:
        out.add("pirate_not_sea", s.pirate, row=s.pirate[0], column=s.pirate[1])
    _validate_harbours(s, s.harbours, s.harbour_pool, out)
    if regions_sound:
        _validate_founding(s, region_of(s, islands), out)
    if s.beginner is not None:
        _validate_beginner(s, out)
    # After a 7 the robber must have somewhere to go (onto a desert or not, whatever the options),
    # unless the pirate may move instead (docs/rules.md §14.8).
    steady = sum(1 for row in rows for c in row if _is_land_code(c) and c[0] not in ("D", POOL_CODE))
    steady += pool_cells - _pool_count(s.terrain_pool, "desert")
    if steady < 2 and s.pirate is None:
        out.add("robber_nowhere", land=steady)


def _validate_harbours(s: Scenario, harbours, pool, out: _Problems) -> None:
    shape = s.shape
    used_corners: dict[int, int] = {}
    used_hexes = set()
    for i, h in enumerate(harbours):
        where = {"n": i + 1, "row": h.hex[0], "column": h.hex[1]}
        if _code_at(s, h.hex) != SEA_CODE:
            out.add("harbour_not_on_sea", h.hex, **where)
            continue
        if h.hex in used_hexes:
            out.add("harbour_twice", h.hex, **where)
            continue
        used_hexes.add(h.hex)
        nb = axial_neighbour(shape.axial[h.hex], h.side)
        p = shape.place.get(nb)
        if p is None or not _is_land_code(_code_at(s, p)):
            out.add("harbour_not_on_coast", h.hex, side=h.side, **where)
            continue
        for c in harbour_corners(s, h):
            if c in used_corners:
                out.add("harbour_shared_corner", h.hex, other=used_corners[c] + 1, **where)
                break
            used_corners[c] = i
    wild = sum(h.kind == "?" for h in harbours)
    if _pool_size(pool) != wild:
        out.add("harbour_pool_count", pool=_pool_size(pool), wild=wild)


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
    shape = s.shape
    geo = shape.geometry
    if islands is None:
        kinds = [LAND if _is_land_code(_code_at(s, shape.place[h])) else FOG for h in geo.land]
        islands = region_of(s, geo.islands(kinds))
    land = [_is_land_code(_code_at(s, shape.place[h])) for h in geo.land]
    if s.founding == "all":
        chosen = {i for i in islands if i >= 0}
    else:
        chosen = {islands[geo.hex_index[shape.axial[p]]] for p in s.founding}
    return sorted(c for c in range(len(geo.corner_xy))
                  if any(land[h] and islands[h] in chosen for h in geo.corner_hexes[c]))


def _validate_founding(s: Scenario, islands: list[int], out: _Problems) -> None:
    shape = s.shape
    geo = shape.geometry
    if s.founding != "all":
        seen = set()
        sound = True
        for i, p in enumerate(s.founding):
            if not _is_land_code(_code_at(s, p)):
                out.add("founding_not_land", p, n=i + 1, row=p[0], column=p[1])
                sound = False
                continue
            isl = islands[geo.hex_index[shape.axial[p]]]
            if isl in seen:
                out.add("founding_region_twice", p, n=i + 1, row=p[0], column=p[1])
                sound = False
            seen.add(isl)
        if not sound:
            return
    wanted = 2 * max(s.players)
    corners = founding_corners(s, islands)
    got = distance_rule_pick(geo.corner_corners, corners, wanted)
    if len(got) < wanted:
        out.add("founding_room", room=len(got), players=max(s.players), need=wanted)
        return
    # Whatever corners the players take, the last one must still find one: no 2n-1 settlements may
    # take every founding corner (each takes its own and its neighbours').
    inside = set(corners)
    near = {c: [c] + [d for d in geo.corner_corners[c] if d in inside] for c in corners}
    most = max(len(v) for v in near.values())
    if most * (wanted - 1) >= len(corners) and _can_fill(near, inside, wanted - 1, most):
        out.add("founding_room_any", room=len(corners), players=max(s.players), most=most)


def _can_fill(near: dict, corners: set, k: int, most: int, budget: int = 200_000) -> bool:
    """Whether at most ``k`` settlements, none next to another, can take every corner of
    ``corners`` (``near``: a corner and its neighbours among them). A search too long to
    finish answers yes, to be safe."""
    left = [budget]

    def fill(free: frozenset, k: int) -> bool:
        if not free:
            return True
        if k == 0 or len(free) > most * k:
            return False
        left[0] -= 1
        if left[0] < 0:
            return True
        u = min(free)
        return any(fill(free - set(near[v]), k - 1) for v in near[u] if v in free)
    return fill(frozenset(corners), k)


def _validate_beginner(s: Scenario, out: _Problems) -> None:
    b = s.beginner
    if b.seed is not None:
        return
    rows = b.map
    if len(rows) != len(s.map) or len(rows[0]) != len(s.map[0]):
        out.add("beginner_size")
        return
    numbers = []
    terrains = []
    for y, row in enumerate(rows):
        for x, code in enumerate(row):
            main = s.map[y][x]
            where = {"row": y + 1, "column": x + 1}
            place = (y + 1, x + 1)
            if _is_land_code(main) != _is_land_code(code) or (not _is_land_code(main) and main != code):
                out.add("beginner_kind", place, **where)
                continue
            if _is_land_code(code):
                if code[0] == POOL_CODE:
                    out.add("beginner_terrain", place, **where)
                    continue
                if code[0] != "D" and len(code) == 1:
                    out.add("beginner_number", place, **where)
                if main[0] != POOL_CODE and (main[0] != code[0] or (len(main) > 1 and main != code)):
                    out.add("beginner_differs", place, fixed=main, **where)
                terrains.append(TERRAIN_CODES[code[0]])
                if len(code) > 1 and len(main) == 1:
                    numbers.append(int(code[1:]))
    if sorted(numbers) != sorted(s.tokens):
        out.add("beginner_tokens")
    if len(b.harbours) != len(s.harbours):
        out.add("beginner_harbours", kinds=len(b.harbours), harbours=len(s.harbours))
    if s.robber == "desert" and "desert" not in terrains:
        out.add("beginner_robber")


# --- writing ------------------------------------------------------------------
def _j(v) -> str:
    return json.dumps(v, ensure_ascii=False)


def _map_lines(rows, indent: str) -> list[str]:
    out = []
    for y, row in enumerate(rows):
        text = ("  " if y % 2 else "") + " ".join(f"{c:<3}" for c in row)
        out.append(f"{indent}{_j(text.rstrip())}")
    return out


def _pool_text(pool) -> str:
    return "{" + ", ".join(f"{_j(k)}: {n}" for k, n in pool) + "}"


def _place_text(p) -> str:
    return f"[{p[0]}, {p[1]}]"


def dump_scenario(s: Scenario) -> str:
    """The canonical text of a scenario (optional keys at their defaults are left out)."""
    lines = ["{", f'  "format": {_j(FORMAT)},', f'  "version": {FORMAT_VERSION},', f'  "id": {_j(s.id)},']
    for key in ("name", "description"):
        lines.append(f'  "{key}": {{')
        lines.append(f'    "en": {_j(s.__dict__[key]["en"])},')
        lines.append(f'    "de": {_j(s.__dict__[key]["de"])}')
        lines.append("  },")
    lines.append(f'  "players": [{", ".join(str(p) for p in s.players)}],')
    lines.append(f'  "vp_target": {s.vp_target},')
    if s.components != "base":
        lines.append(f'  "components": {_j(s.components)},')
    if s.ships:
        lines.append('  "ships": true,')
    lines.append('  "map": [')
    ml = _map_lines(s.map, "    ")
    lines += [x + "," for x in ml[:-1]] + [ml[-1], "  ],"]
    lines.append(f'  "terrain_pool": {_pool_text(s.terrain_pool)},')
    lines.append(f'  "numbers": {{"placement": {_j(s.placement)}, "tokens": [{", ".join(map(str, s.tokens))}]}},')
    if s.fog_pool or s.fog_tokens:
        lines.append(f'  "fog": {{"pool": {_pool_text(s.fog_pool)}, '
                     f'"tokens": [{", ".join(map(str, s.fog_tokens))}]}},')
    lines.append(f'  "harbour_pool": {_pool_text(s.harbour_pool)},')
    if s.harbours:
        lines.append('  "harbours": [')
        hl = [f'    {{"hex": {_place_text(h.hex)}, "side": {_j(h.side)}, "kind": {_j(h.kind)}}}' for h in s.harbours]
        lines += [x + "," for x in hl[:-1]] + [hl[-1], "  ],"]
    else:
        lines.append('  "harbours": [],')
    if s.founding == "all":
        lines.append('  "founding": "all",')
    else:
        lines.append(f'  "founding": [{", ".join(_place_text(p) for p in s.founding)}],')
    lines.append(f'  "robber": {_j(s.robber) if s.robber == "desert" else _place_text(s.robber)},')
    if s.pirate is not None:
        lines.append(f'  "pirate": {_place_text(s.pirate)},')
    if s.island_bonus != "none":
        lines.append(f'  "island_bonus": {{"form": {_j(s.island_bonus)}, "points": {s.island_bonus_points}}},')
    if s.options:
        lines.append('  "options": {' + ", ".join(f"{_j(k)}: {_j(v)}" for k, v in s.options) + "},")
    if s.beginner is not None:
        b = s.beginner
        if b.seed is not None:
            lines.append(f'  "beginner": {{"seed": {b.seed}, "no_red_neighbours": {_j(b.no_red_neighbours)}}},')
        else:
            lines.append('  "beginner": {')
            lines.append('    "map": [')
            ml = _map_lines(b.map, "      ")
            lines += [x + "," for x in ml[:-1]] + [ml[-1], "    ],"]
            lines.append(f'    "harbours": [{", ".join(_j(k) for k in b.harbours)}]')
            lines.append("  },")
    if s.regions is not None:
        lines.append('  "regions": [')
        ml = _map_lines(s.regions, "    ")
        lines += [x + "," for x in ml[:-1]] + [ml[-1], "  ],"]
    if s.generator is not None:
        lines.append(f'  "generator": {_j(s.generator)},')
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"


# --- laying out ---------------------------------------------------------------
@dataclass
class Layout:
    """One dealt map of a scenario, by the ids of ``geometry`` (land hexes first)."""

    geometry: MapGeometry
    terrain: list[str]              # per land hex id: a terrain, or "fog"
    numbers: list[int]              # per land hex id: 0 for none
    letters: list[str | None]       # letter of each dealt token (None: no token or a fixed number)
    harbours: list[tuple[int, tuple[int, int], str]]   # (sea hex id, (corner, corner), kind), file order
    robber: int                     # land hex id
    pirate: int | None              # sea hex id
    founding: list[int]             # corner ids where founding settlements may stand
    islands: list[int]              # island per land hex id (-1: fog)
    regions: list[int]              # region per land hex id: the scenario's labels, else the islands
    fog_pool: list[str]             # terrain under the fog, in file order (drawn during the game)
    fog_tokens: list[int]

    @property
    def harbour_kinds(self) -> list[str]:
        return [k for _, _, k in self.harbours]


def _expand(pool) -> list[str]:
    return [k for k, n in pool for _ in range(n)]


def _red_touch(geo: MapGeometry, numbers: list[int], fixed: list[int]) -> bool:
    """A dealt 6 or 8 next to another 6 or 8 (two the map fixes side by side are the map's own)."""
    return any(n in (6, 8) and any(numbers[nb] in (6, 8) and not (fixed[h] and fixed[nb])
                                   for nb in geo.hex_neighbours[h])
               for h, n in enumerate(numbers))


def lay_out(s: Scenario, rng: Rng, no_red_neighbours: bool = False, max_tries: int = 10000) -> Layout:
    """Deal the pools of a scenario with ``rng``: harbour kinds, then the
    terrain, then the numbers (spiral from a random coastal hex that is not
    a desert, or shuffled), then the robber on a random desert. For the
    base-game files these are the random calls of ``board.generate_board``,
    so a seed gives the same board."""
    if s.generator is not None:
        raise ScenarioError("generator: generate the map first (generate_map)")
    shape = s.shape
    geo = shape.geometry
    codes = [_code_at(s, shape.place[h]) for h in geo.land]
    harbour_kinds = _expand(s.harbour_pool)
    rng.shuffle(harbour_kinds)
    tiles = _expand(s.terrain_pool)
    letters_all = token_letters(len(s.tokens))
    for _ in range(max_tries):
        drawn = list(tiles)
        rng.shuffle(drawn)
        it = iter(drawn)
        terrain = ["fog" if c == FOG_CODE else next(it) if c[0] == POOL_CODE else TERRAIN_CODES[c[0]] for c in codes]
        fixed = [int(c[1:]) if len(c) > 1 else 0 for c in codes]

        def takes(h: int) -> bool:
            return terrain[h] not in ("desert", "fog") and not fixed[h]
        if s.placement == "spiral":
            starts = [h for h in geo.layers[0] if terrain[h] != "desert"]
            rng.shuffle(starts)
            deals = (_spiral_deal(geo, start, takes) for start in (starts if no_red_neighbours else starts[:1]))
        else:
            deals = (_shuffled_deal(rng, [h for h in range(len(geo.land)) if takes(h)], len(s.tokens))
                     for _ in range(1 if not no_red_neighbours else 20))
        for pairs in deals:
            numbers = list(fixed)
            letters: list[str | None] = [None] * len(codes)
            for h, k in pairs:
                numbers[h] = s.tokens[k]
                letters[h] = letters_all[k]
            if not no_red_neighbours or not _red_touch(geo, numbers, fixed):
                return _finish(s, _robber(s, rng, terrain), terrain, numbers, letters,
                               _harbour_kinds(s.harbours, harbour_kinds))
    raise ScenarioError("no layout without neighbouring 6 and 8 found; play without no_red_neighbours")


def _spiral_deal(geo: MapGeometry, start: int, takes) -> list[tuple[int, int]]:
    return list(zip([h for h in geo.spiral(start) if takes(h)], range(10**6)))


def _shuffled_deal(rng: Rng, hexes: list[int], n: int) -> list[tuple[int, int]]:
    dealt = list(range(n))
    rng.shuffle(dealt)
    return list(zip(hexes, dealt))


def _robber(s: Scenario, rng: Rng, terrain: list[str]) -> int:
    if s.robber == "desert":
        deserts = [h for h, t in enumerate(terrain) if t == "desert"]
        return deserts[rng.below(len(deserts))]
    return s.shape.geometry.hex_index[s.shape.axial[s.robber]]


def _harbour_kinds(harbours, drawn: list[str]) -> list[str]:
    it = iter(drawn)
    return [next(it) if h.kind == "?" else h.kind for h in harbours]


_BACK = {"e": "w", "w": "e", "ne": "sw", "sw": "ne", "nw": "se", "se": "nw"}


def harbour_corners(s: Scenario, h: Harbour) -> tuple[int, int]:
    """The two corner ids a harbour serves (the edge its sea hex shares with the land it faces)."""
    shape = s.shape
    land_id = shape.geometry.hex_index[axial_neighbour(shape.axial[h.hex], h.side)]
    return shape.geometry.side_corners(land_id, SIDE_NAMES.index(_BACK[h.side]))


def _finish(s: Scenario, robber: int, terrain, numbers, letters, kinds: list[str]) -> Layout:
    shape = s.shape
    geo = shape.geometry
    harbours = [(geo.hex_index[shape.axial[h.hex]], harbour_corners(s, h), kind) for h, kind in zip(s.harbours, kinds)]
    islands = geo.islands([FOG if t == "fog" else LAND for t in terrain])
    regions = region_of(s, islands)
    pirate = None if s.pirate is None else geo.hex_index[shape.axial[s.pirate]]
    return Layout(geo, terrain, numbers, letters, harbours, robber, pirate, founding_corners(s, regions),
                  islands, regions, _expand(s.fog_pool), list(s.fog_tokens))


def beginner_layout(s: Scenario) -> Layout:
    """The scenario's fixed learning layout (ScenarioError if it has none).
    A given map's tokens get letters as ``board.beginner_board`` gives them:
    each the first unused letter of a token with that number, in reading order."""
    b = s.beginner
    if b is None:
        raise ScenarioError("this scenario has no beginner layout")
    if b.seed is not None:
        return lay_out(s, Rng(b.seed), b.no_red_neighbours)
    shape = s.shape
    geo = shape.geometry
    codes = [b.map[shape.place[h][0] - 1][shape.place[h][1] - 1] for h in geo.land]
    terrain = ["fog" if c == FOG_CODE else TERRAIN_CODES[c[0]] for c in codes]
    numbers = [int(c[1:]) if len(c) > 1 else 0 for c in codes]
    free = list(zip(s.tokens, token_letters(len(s.tokens))))
    letters: list[str | None] = []
    for h, n in zip(geo.land, numbers):
        if n == 0 or len(_code_at(s, shape.place[h])) > 1:     # no number, or the map's fixed one: no token
            letters.append(None)
            continue
        i = next(i for i, (t, _) in enumerate(free) if t == n)
        letters.append(free.pop(i)[1])
    robber = terrain.index("desert") if s.robber == "desert" else _robber(s, Rng(0), terrain)
    return _finish(s, robber, terrain, numbers, letters, list(b.harbours))


def to_board(s: Scenario, layout: Layout):
    """The ``board.Board`` of a layout of a base-game scenario (whose map is
    exactly the island of its ``components``); ScenarioError for any other."""
    from .board import Board, geometry
    geo = geometry(s.components)
    if s.ships or layout.geometry.land != geo.land or layout.geometry.sea != geo.sea or any(
            corners != slot[1] for (_, corners, _), slot in zip(layout.harbours, geo.harbour_slots)) or len(
            layout.harbours) != len(geo.harbour_slots):
        raise ScenarioError(f"{s.id}: not the {s.components} island, so it has no classic board")
    return Board(s.components, list(layout.terrain), list(layout.numbers), list(layout.letters),
                 layout.harbour_kinds, layout.robber)
