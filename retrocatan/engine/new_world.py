"""New World: islands generated from the seed, different in every game.

``generate_map(template, rng)`` turns a scenario whose ``generator`` is
``"new-world"`` (its map is the open ocean, its pools the land to place)
into an ordinary scenario with every hex, number and harbour fixed, which
passes the same checks as a hand-made file. What the generator promises:

- a main island where everybody founds, large enough for twice the largest
  player count of settlements under the distance rule, holding all five
  resources, with room for every founding settlement on a corner worth at
  least ``FAIR_PIPS`` dots;
- smaller islands around it, each at least one sea hex away from every
  other island, the gold fields among them;
- one connected sea, so that ships reach every island;
- no 6 or 8 next to another 6 or 8; harbours on the main island's coast;
  the robber on a desert, the pirate on the open sea.
"""

from __future__ import annotations

from dataclasses import fields

from . import giving_up
from .components import pips
from .geometry import AXIAL_DIRECTIONS, CORNER_OFFSETS, SIDE_CORNERS, SIDE_NAMES, distance_rule_pick, hex_centre
from .rng import Rng, derive_seed
from .scenario import (
    CODE_FOR_TERRAIN,
    Harbour,
    MapShape,
    Scenario,
    ScenarioError,
    founding_corners,
)
from .scenario_check import Problem, Problems, validate_scenario

FAIR_PIPS = 5           # the weakest founding corner of a fair deal is worth this many dots
MAX_ATTEMPTS = 400      # whole maps tried before giving up (never reached in the tests)


def main_island_size(template: Scenario) -> int:
    """Hexes of the main island: about 4 per player, at most half the land."""
    land = sum(n for _, n in template.terrain_pool)
    return min(land // 2, 4 * max(template.players) + 1)


def generate_map(template: Scenario, rng: Rng) -> Scenario:
    """A concrete scenario from a New World template, dealt with ``rng``."""
    if template.generator != "new-world":
        raise ScenarioError("generator: this scenario is not a New World template")
    shape = MapShape(template.map, True)
    rows, cols = len(template.map), len(template.map[0])
    cells = sorted(shape.axial.values(), key=lambda h: (h[1], h[0]))
    cell_set = set(cells)
    interior = [h for h in cells
                if all((h[0] + dq, h[1] + dr) in cell_set for dq, dr in AXIAL_DIRECTIONS)]
    land_total = sum(n for _, n in template.terrain_pool)
    main_size = main_island_size(template)
    for _ in range(MAX_ATTEMPTS):
        giving_up.check()       # a window's deal given up ends here (``giving_up.py``)
        islands = _grow_islands(rng, interior, land_total, main_size)
        if islands is None or not _sea_connected(cell_set, islands):
            continue
        dealt = _deal(template, rng, islands)
        if dealt is None:
            continue
        terrain, numbers = dealt
        scenario = _build(template, rng, shape, rows, cols, islands, terrain, numbers)
        if scenario is None:
            continue
        validate_scenario(scenario)
        return scenario
    raise ScenarioError("New World: no fair map found; the ocean is too small for the land")


def _neighbours(h):
    return [(h[0] + dq, h[1] + dr) for dq, dr in AXIAL_DIRECTIONS]


def _grow_islands(rng: Rng, interior, land_total: int, main_size: int):
    """Island hex lists, the main island first, or None if they did not fit."""
    sizes = [main_size]
    rest = land_total - main_size
    while rest > 0:
        n = min(rest, 3 + rng.below(4))
        if rest - n in (1, 2):       # no island of one or two hexes
            n = rest
        sizes.append(n)
        rest -= n
    owner: dict[tuple[int, int], int] = {}
    interior_set = set(interior)
    islands = []
    for k, size in enumerate(sizes):
        # A seed hex away from every island (no shared edge, one sea hex between).
        free = [h for h in interior if h not in owner and all(
            owner.get(nb, k) == k for nb in _neighbours(h))]
        if k == 0:
            # The main island starts near the middle of the ocean.
            cx = sum(2 * q + r for q, r in interior) / len(interior)
            cy = sum(3 * r for _, r in interior) / len(interior)
            free.sort(key=lambda h: ((2 * h[0] + h[1] - cx) ** 2 + 3 * (3 * h[1] - cy) ** 2, h[1], h[0]))
            free = free[:7]
        if not free:
            return None
        start = free[rng.below(len(free))]
        island = [start]
        owner[start] = k
        while len(island) < size:
            frontier = sorted({nb for h in island for nb in _neighbours(h)
                               if nb in interior_set and nb not in owner
                               and all(owner.get(x, k) == k for x in _neighbours(nb))},
                              key=lambda h: (h[1], h[0]))
            if not frontier:
                return None
            # Prefer hexes touching more of the island: compact shapes.
            weight = [sum(owner.get(x) == k for x in _neighbours(h)) ** 2 for h in frontier]
            pick = rng.below(sum(weight))
            i = 0
            while pick >= weight[i]:
                pick -= weight[i]
                i += 1
            h = frontier[i]
            island.append(h)
            owner[h] = k
        islands.append(island)
    return islands


def _sea_connected(cell_set, islands) -> bool:
    land = {h for island in islands for h in island}
    sea = [h for h in cell_set if h not in land]
    seen = {sea[0]}
    stack = [sea[0]]
    while stack:
        h = stack.pop()
        for nb in _neighbours(h):
            if nb in cell_set and nb not in land and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return len(seen) == len(sea)


def _deal(template: Scenario, rng: Rng, islands):
    """Terrain and numbers per land hex (dicts by axial position), or None."""
    tiles = [t for t, n in template.terrain_pool for _ in range(n)]
    rng.shuffle(tiles)
    gold = [t for t in tiles if t == "gold"]
    plain = [t for t in tiles if t != "gold"]
    main = islands[0]
    others = [h for island in islands[1:] for h in island]
    if len(gold) > len(others):
        return None
    terrain = dict(zip(main, plain[:len(main)]))
    rest = plain[len(main):] + gold
    rng.shuffle(rest)
    terrain.update(zip(others, rest))
    if {t for h, t in terrain.items() if h in set(main)} < {"forest", "hills", "pasture", "fields", "mountains"}:
        return None
    takers = sorted((h for h, t in terrain.items() if t != "desert"), key=lambda h: (h[1], h[0]))
    for _ in range(30):
        tokens = list(template.tokens)
        rng.shuffle(tokens)
        numbers = dict(zip(takers, tokens))
        if not any(numbers.get(h) in (6, 8) and any(numbers.get(nb) in (6, 8) for nb in _neighbours(h))
                   for h in takers):
            return terrain, numbers
    return None


def _build(template: Scenario, rng: Rng, shape: MapShape, rows: int, cols: int, islands, terrain, numbers):
    grid = [list(row) for row in template.map]
    for h, t in terrain.items():
        y, x = shape.place[h]
        grid[y - 1][x - 1] = CODE_FOR_TERRAIN[t] + (str(numbers[h]) if h in numbers else "")
    main = islands[0]
    main_set = set(main)
    land = set(terrain)
    # Harbours: on sea hexes along the main island, no two sharing a corner.
    kinds = [k for k, n in template.harbour_pool for _ in range(n)]
    rng.shuffle(kinds)
    coast = sorted({nb for h in main for nb in _neighbours(h) if nb in shape.place and nb not in land},
                   key=lambda h: (h[1], h[0]))
    rng.shuffle(coast)
    harbours = []
    used_points: set[tuple[int, int]] = set()
    for sea_hex in coast:
        if len(harbours) == len(kinds):
            break
        sides = [s for s, (dq, dr) in enumerate(AXIAL_DIRECTIONS) if (sea_hex[0] + dq, sea_hex[1] + dr) in main_set]
        side = sides[rng.below(len(sides))]
        points = _side_points(sea_hex, side)
        if points & used_points:
            continue
        used_points |= points
        harbours.append(Harbour(shape.place[sea_hex], SIDE_NAMES[side], kinds[len(harbours)]))
    if len(harbours) < len(kinds):
        return None
    # The pirate: on a sea hex touching no land.
    open_sea = sorted((h for h in shape.place if h not in land and all(nb not in land for nb in _neighbours(h))),
                      key=lambda h: (h[1], h[0]))
    if not open_sea:
        return None
    pirate = shape.place[open_sea[rng.below(len(open_sea))]]
    keep = {f.name: getattr(template, f.name) for f in fields(template)}
    keep.update(map=tuple(tuple(r) for r in grid), terrain_pool=(), tokens=(), harbour_pool=(),
                harbours=tuple(harbours), founding=(shape.place[min(main, key=lambda h: (h[1], h[0]))],),
                robber="desert", pirate=pirate, generator=None)
    scenario = Scenario(**keep)
    if not _fair(scenario):
        return None
    return scenario


def _side_points(h, side: int) -> frozenset:
    cx, cy = hex_centre(*h)
    return frozenset((cx + CORNER_OFFSETS[i][0], cy + CORNER_OFFSETS[i][1]) for i in SIDE_CORNERS[side])


def founding_value(scenario: Scenario, corner: int) -> int:
    """Dots of the numbers around a corner (what a founding settlement there earns on average)."""
    shape = scenario.shape
    geo = shape.geometry
    total = 0
    for h in geo.corner_hexes[corner]:
        y, x = shape.place[geo.land[h]]
        code = scenario.map[y - 1][x - 1]
        if len(code) > 1:
            total += pips(int(code[1:]))
    return total


def _fair(scenario: Scenario) -> bool:
    """Every founding settlement of the largest player count can stand on a
    corner worth FAIR_PIPS dots or more."""
    geo = scenario.shape.geometry
    good = [c for c in founding_corners(scenario) if founding_value(scenario, c) >= FAIR_PIPS]
    good.sort(key=lambda c: (-founding_value(scenario, c), c))
    wanted = 2 * max(scenario.players)
    return len(distance_rule_pick(geo.corner_corners, good, wanted)) >= wanted


def new_world(template: Scenario, seed: int) -> Scenario:
    """The map of a New World game from its seed alone (its own generator,
    so the game's random numbers stay as they are)."""
    return generate_map(template, Rng(derive_seed(seed, 0x4E57)))


# New World maps made in this process: (id of the template, seed) -> (template, map), or for a
# seed whose generator finds no map (template, why). The template is kept with its map so that its
# id() cannot be reused while the entry lives.
_MAPS: dict[tuple[int, int], tuple[Scenario, Scenario | str]] = {}


def scenario_map(s: Scenario, seed: int) -> Scenario:
    """The map a game on scenario ``s`` with ``seed`` is played on: ``s``
    itself, or for a generated scenario (New World) the map made from the
    template ``s`` and the seed (made once, then shared). A seed without a
    map raises ScenarioError, every time, from the one search (a preview
    drawn in every frame does not search again)."""
    if s.generator is None:
        return s
    key = (id(s), seed)
    hit = _MAPS.get(key)
    if hit is None or hit[0] is not s:
        try:
            made: Scenario | str = new_world(s, seed)
        except ScenarioError as e:
            made = str(e)
        if len(_MAPS) >= 64:
            _MAPS.clear()
        hit = _MAPS[key] = (s, made)
    if isinstance(hit[1], str):
        raise ScenarioError(hit[1])
    return hit[1]


def deal_problems(s: Scenario, seeds=range(1, 5)) -> list[Problem]:
    """What only dealing shows (slower than ``scenario_check.scenario_problems``,
    which must pass first; ``retrocatan scenario check`` runs both): a New
    World template whose generator finds no map for one of a few seeds."""
    out = Problems()
    if s.generator is not None:
        for seed in seeds:
            try:
                new_world(s, seed)
            except ScenarioError:
                out.add("generated_fails", seed=seed)
                break
    return list(out)
