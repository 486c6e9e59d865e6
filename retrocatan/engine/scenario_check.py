"""Checking a scenario: every rule of its contents that it breaks.

``scenario_problems(s)`` lists each as a ``Problem`` with its English line
and a code of ``PROBLEMS`` with params, which a front end renders in its
own language; ``validate_scenario`` raises the first as a ``ScenarioError``;
``new_world.deal_problems`` adds what only dealing shows. Whatever passes, the game
can deal and play to the end (the types are checked by ``scenario_read``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .geometry import FOG, LAND, distance_rule_pick
from .options import RULE_OPTIONS, ConfigError, check_option
from .scenario import (
    FOG_CODE,
    NO_HEX,
    POOL_CODE,
    SEA_CODE,
    TERRAIN_CODES,
    Scenario,
    ScenarioError,
    axial_neighbour,
    code_at,
    founding_corners,
    harbour_corners,
    is_land_code,
    pool_count,
    pool_size,
    region_of,
)
from .targets import max_victory_points


def _check_options(s: Scenario) -> None:
    for name, value in s.options:
        if name not in RULE_OPTIONS:
            raise ScenarioError(f"options: {name!r} is not an option a scenario can set")
        if isinstance(value, dict | list) or value is None:
            raise ScenarioError(f"options.{name}: must be a number, true/false or a word")
        try:
            check_option(name, value)
        except ConfigError as e:
            raise ScenarioError(problem_line(f"options: {e}")) from None

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


class Problems(list):
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
    out = Problems()
    if s.generator is not None:
        _validate_template(s, out)
    else:
        _validate_map(s, out)
    return list(out)


def validate_scenario(s: Scenario) -> None:
    """Every rule of a scenario's contents (types are checked by the reader);
    ScenarioError names the first problem."""
    problems = scenario_problems(s)
    if problems:
        raise ScenarioError(problems[0].text)


def _validate_common(s: Scenario, out: Problems) -> None:
    if s.players and s.vp_target > min(max_victory_points(n, s) for n in s.players):   # the game's own limit
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


def _validate_template(s: Scenario, out: Problems) -> None:
    """A generated map's file: the ocean the generator fills, and its pools."""
    _validate_common(s, out)
    if any(c not in (NO_HEX, SEA_CODE) for row in s.map for c in row):
        out.add("generated_ocean_only")
    if (s.harbours or s.founding != "all" or s.robber != "desert" or s.pirate is not None or s.fog_pool
            or s.fog_tokens or s.regions is not None or s.beginner is not None):
        out.add("generated_by_generator")
    if s.placement != "shuffle":
        out.add("generated_shuffle")
    land = pool_size(s.terrain_pool)
    need = land - pool_count(s.terrain_pool, "desert")
    if len(s.tokens) != need:
        out.add("generated_tokens", tokens=len(s.tokens), need=need)
    if pool_count(s.terrain_pool, "desert") == 0:
        out.add("generated_desert")
    ocean = sum(c == SEA_CODE for row in s.map for c in row)
    if 3 * land > ocean:
        out.add("generated_sea_too_small", sea=ocean, land=land)
    if not s.ships:
        out.add("generated_ships")
    kinds = {k for k, n in s.terrain_pool if n}
    if not {"forest", "hills", "pasture", "fields", "mountains"} <= kinds:
        out.add("generated_resources")


def _validate_map(s: Scenario, out: Problems) -> None:
    _validate_common(s, out)
    rows = s.map
    shape = s.shape
    geo = shape.geometry
    if geo is None:
        out.add("no_land")
        return
    # Numbers only on land; fixed numbers fit the placement.
    pool_cells = needs_token = fog_cells = 0
    deserts = 0
    numbered_pool: tuple[int, int] | None = None
    for y, row in enumerate(rows):
        for x, code in enumerate(row):
            if code == FOG_CODE:
                fog_cells += 1
            if not is_land_code(code):
                continue
            letter, number = code[0], code[1:]
            if letter == POOL_CODE:
                pool_cells += 1
                if number and numbered_pool is None:
                    numbered_pool = (y + 1, x + 1)
            if letter == "D":
                deserts += 1
            if number:
                if s.placement == "spiral":
                    out.add("spiral_fixed_number", (y + 1, x + 1), row=y + 1, column=x + 1)
            elif letter not in ("D", POOL_CODE):
                needs_token += 1
    pool = pool_size(s.terrain_pool)
    if pool != pool_cells:
        out.add("terrain_pool_count", pool=pool, cells=pool_cells)
    needs_token += pool_cells - pool_count(s.terrain_pool, "desert") - sum(
        1 for row in rows for c in row if c.startswith(POOL_CODE) and len(c) > 1)
    if len(s.tokens) > needs_token:
        out.add("tokens_too_many", tokens=len(s.tokens), need=needs_token)
    if len(s.tokens) < needs_token:
        out.add("tokens_too_few", tokens=len(s.tokens), need=needs_token)
    if numbered_pool is not None and any(k == "desert" for k, _ in s.terrain_pool):
        out.add("pool_hex_number", numbered_pool, row=numbered_pool[0], column=numbered_pool[1])
    # Fog.
    if pool_size(s.fog_pool) != fog_cells:
        out.add("fog_pool_count", pool=pool_size(s.fog_pool), cells=fog_cells)
    fog_need = fog_cells - pool_count(s.fog_pool, "sea") - pool_count(s.fog_pool, "desert")
    if len(s.fog_tokens) != fog_need:
        out.add("fog_tokens_count", tokens=len(s.fog_tokens), need=fog_need)
    land_kinds = [LAND if is_land_code(code_at(s, shape.place[h])) else FOG for h in geo.land]
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
        coast = [code_at(s, shape.place[geo.land[h]]) for h in geo.layers[0]]
        if sum(not c.startswith("D") for c in coast) <= pool_count(s.terrain_pool, "desert"):
            out.add("spiral_coast")
    # Robber and pirate.
    if s.robber == "desert":
        if deserts + pool_count(s.terrain_pool, "desert") == 0:
            out.add("robber_no_desert")
    else:
        code = code_at(s, s.robber)
        if not is_land_code(code):
            out.add("robber_not_land", s.robber, row=s.robber[0], column=s.robber[1])
    if s.pirate is not None and code_at(s, s.pirate) != SEA_CODE:
        out.add("pirate_not_sea", s.pirate, row=s.pirate[0], column=s.pirate[1])
    _validate_harbours(s, s.harbours, s.harbour_pool, out)
    if regions_sound:
        _validate_founding(s, region_of(s, islands), out)
    if s.beginner is not None:
        _validate_beginner(s, out)
    # After a 7 the robber must have somewhere to go (onto a desert or not, whatever the options),
    # unless the pirate may move instead (docs/rules.md §14.8).
    steady = sum(1 for row in rows for c in row if is_land_code(c) and c[0] not in ("D", POOL_CODE))
    steady += pool_cells - pool_count(s.terrain_pool, "desert")
    if steady < 2 and s.pirate is None:
        out.add("robber_nowhere", land=steady)


def _validate_harbours(s: Scenario, harbours, pool, out: Problems) -> None:
    shape = s.shape
    used_corners: dict[int, int] = {}
    used_hexes = set()
    for i, h in enumerate(harbours):
        where = {"n": i + 1, "row": h.hex[0], "column": h.hex[1]}
        if code_at(s, h.hex) != SEA_CODE:
            out.add("harbour_not_on_sea", h.hex, **where)
            continue
        if h.hex in used_hexes:
            out.add("harbour_twice", h.hex, **where)
            continue
        used_hexes.add(h.hex)
        nb = axial_neighbour(shape.axial[h.hex], h.side)
        p = shape.place.get(nb)
        if p is None or not is_land_code(code_at(s, p)):
            out.add("harbour_not_on_coast", h.hex, side=h.side, **where)
            continue
        for c in harbour_corners(s, h):
            if c in used_corners:
                out.add("harbour_shared_corner", h.hex, other=used_corners[c] + 1, **where)
                break
            used_corners[c] = i
    wild = sum(h.kind == "?" for h in harbours)
    if pool_size(pool) != wild:
        out.add("harbour_pool_count", pool=pool_size(pool), wild=wild)


def _validate_founding(s: Scenario, islands: list[int], out: Problems) -> None:
    shape = s.shape
    geo = shape.geometry
    if s.founding != "all":
        seen = set()
        sound = True
        for i, p in enumerate(s.founding):
            if not is_land_code(code_at(s, p)):
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


def _validate_beginner(s: Scenario, out: Problems) -> None:
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
            if is_land_code(main) != is_land_code(code) or (not is_land_code(main) and main != code):
                out.add("beginner_kind", place, **where)
                continue
            if is_land_code(code):
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

