"""Reading a scenario: a file's text (or the JSON object a config carries) into a ``Scenario``.

``parse_scenario(text)`` reads a file and checks it (``scenario_check``);
anything wrong raises one ``ScenarioError`` whose message is one line
naming the place ("map row 3, column 5: unknown hex code 'Q'").
``read_draft`` reads the format only (the editor's drafts);
``read_scenario_object`` reads the JSON object a config carries
(``Scenario.to_dict``; ``GameConfig.from_dict`` reads the config).
docs/scenario-format.md documents every field.
"""

from __future__ import annotations

import json
import re

from .components import BOARD_KINDS
from .geometry import SIDE_NAMES
from .options import MIN_VP_TARGET, ConfigError
from .scenario import (
    FOG_CODE,
    FORMAT,
    FORMAT_VERSION,
    GENERATORS,
    HARBOUR_KINDS,
    ISLAND_BONUS_FORMS,
    LAND_TERRAINS,
    MAX_COLUMNS,
    MAX_DESCRIPTION,
    MAX_FILE_BYTES,
    MAX_ID,
    MAX_NAME,
    MAX_NESTING,
    MAX_POOL,
    MAX_ROWS,
    NO_HEX,
    NUMBERS,
    PLACEMENTS,
    SEA_CODE,
    Beginner,
    Harbour,
    Scenario,
    ScenarioError,
)
from .scenario_check import validate_scenario
from .targets import MOST_BONUS_POINTS, highest_target

_ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_REGION_RE = re.compile(r"^[a-z.]$")
_CELL_RE = re.compile(r"^([WBSGCD$?])(\d{1,2})?$")


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
        vp_target=_int(d["vp_target"], "vp_target", MIN_VP_TARGET, highest_target()),
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
        island_bonus_points=_int(bonus["points"], "island_bonus.points", 0, MOST_BONUS_POINTS),
        options=tuple(options.items()),
        beginner=beginner,
        generator=generator,
        regions=None if d.get("regions") is None else _regions(d["regions"]),
    )
    if validate:
        validate_scenario(s)
    return s


# The scenarios read last, by their JSON text: the same text gives the same (frozen) scenario, so a
# client that loads a state at every decision reads and checks its map, and builds its geometry, once.
_READ: dict[str, Scenario] = {}
_READ_MAX = 16


def read_scenario_object(d: dict) -> Scenario:
    """The scenario of a config's "scenario", its JSON object, read and checked as a file is
    (``ConfigError`` names what is wrong; the same object read again gives the same scenario)."""
    try:
        key = json.dumps(d, sort_keys=True, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        key = None
    hit = _READ.get(key) if key is not None else None
    if hit is not None:
        return hit
    try:
        s = scenario_from_json(d)
    except ScenarioError as exc:
        raise ConfigError(f"scenario: {exc}") from None
    if key is not None:
        if len(_READ) >= _READ_MAX:
            del _READ[next(iter(_READ))]
        _READ[key] = s
    return s
