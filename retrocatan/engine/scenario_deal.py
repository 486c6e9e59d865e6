"""Dealing a scenario: one concrete map from its pools. The one dealer of
every board, the base game's islands included (``board.base_island``).

``deal_board(s, rng)`` is the ``board.Board`` of a game on scenario ``s``
(``beginner_board(s)`` its fixed learning layout); ``generate_board(kind,
rng)`` and ``island_beginner_board(kind)`` the base game's. Underneath,
``lay_out(s, rng)`` deals the harbour kinds, the terrain, the number tokens
and the robber, and ``beginner_layout`` gives a scenario's fixed learning
layout. A pool is dealt in its deal order (``TERRAIN_DEAL_ORDER``,
``FOG_DEAL_ORDER``, ``HARBOUR_KINDS``), not in a file's key order.
``map_layer`` is which rules a game on a map plays (the map of a generated
scenario is ``new_world.scenario_map``).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import giving_up
from .board import BASE, Board, base_island
from .caches import kept_per_object
from .components import token_letters
from .geometry import MapGeometry
from .rng import Rng
from .scenario import (
    CODE_FOR_TERRAIN,
    FOG_CODE,
    POOL_CODE,
    TERRAIN_CODES,
    Scenario,
    ScenarioError,
    code_at,
    expand_pool,
    pool_count,
)


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


def _red_touch(geo: MapGeometry, numbers: list[int], fixed: list[int]) -> bool:
    """A dealt 6 or 8 next to another 6 or 8 (two the map fixes side by side are the map's own)."""
    return any(n in (6, 8) and any(numbers[nb] in (6, 8) and not (fixed[h] and fixed[nb])
                                   for nb in geo.hex_neighbours[h])
               for h, n in enumerate(numbers))


def lay_out(s: Scenario, rng: Rng, no_red_neighbours: bool = False, max_tries: int = 10000) -> Layout:
    """Deal the pools of a scenario with ``rng``: harbour kinds, then the
    terrain, then the numbers (spiral from a random coastal hex that is not
    a desert, or shuffled), then the robber on a random desert. For the
    base islands these are the random calls the base game always made, so a
    seed gives the same board (tests/data/boards.json)."""
    if s.generator is not None:
        raise ScenarioError("generator: generate the map first (generate_map)")
    shape = s.shape
    geo = shape.geometry
    codes = _codes(s)
    harbour_kinds = expand_pool(s.harbour_pool)
    rng.shuffle(harbour_kinds)
    tiles = expand_pool(s.terrain_pool)
    letters_all = token_letters(len(s.tokens))
    for _ in range(max_tries):
        giving_up.check()       # a window's deal given up ends here (``giving_up.py``)
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


# id(scenario) -> (scenario, the map's code of each land hex id): read once per map
_CODES: dict[int, tuple[Scenario, list]] = {}


def _codes(s: Scenario) -> list:
    hit = _CODES.get(id(s))
    if hit is None or hit[0] is not s:
        if len(_CODES) > 64:
            _CODES.clear()
        shape = s.shape
        hit = _CODES[id(s)] = (s, [code_at(s, shape.place[h]) for h in shape.geometry.land])
    return hit[1]


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


def _finish(s: Scenario, robber: int, terrain, numbers, letters, kinds: list[str]) -> Layout:
    shape = s.shape
    geo = shape.geometry
    harbours = [(h, corners, kind) for (h, corners), kind in zip(s.harbour_spots, kinds)]
    islands, regions, founding = s.start_regions      # fog lies where the map has it: the same every deal
    pirate = None if s.pirate is None else geo.hex_index[shape.axial[s.pirate]]
    return Layout(geo, terrain, numbers, letters, harbours, robber, pirate, list(founding),
                  list(islands), list(regions), expand_pool(s.fog_pool), list(s.fog_tokens))


def beginner_layout(s: Scenario) -> Layout:
    """The scenario's fixed learning layout (ScenarioError if it has none).
    A given map's tokens get letters as the base game's beginner board always
    had them: each the first unused letter of a token with that number, in reading order."""
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
        if n == 0 or len(code_at(s, shape.place[h])) > 1:     # no number, or the map's fixed one: no token
            letters.append(None)
            continue
        i = next(i for i, (t, _) in enumerate(free) if t == n)
        letters.append(free.pop(i)[1])
    robber = terrain.index("desert") if s.robber == "desert" else _robber(s, Rng(0), terrain)
    return _finish(s, robber, terrain, numbers, letters, list(b.harbours))


# --- boards ----------------------------------------------------------------------------
@kept_per_object
def map_layer(s: Scenario) -> str:
    """The rules a game on map ``s`` plays (``layers.rules_for``): the base
    game's (``"base"``) on a base island, a map without ships, gold or fog
    whose land, sea and harbour places are those of its components' island
    (scenarios/base-3-4.json, base-5-6.json); the Seafarers layer on every
    other map. A saved board keeps its layer through its JSON form."""
    geo, island = s.shape.geometry, base_island(s.components)
    rows = s.map + (s.beginner.map if s.beginner is not None and s.beginner.map is not None else ())
    if s.ships or s.fog_pool or pool_count(s.terrain_pool, "gold") or any(
            c[0] in (FOG_CODE, CODE_FOR_TERRAIN["gold"]) for row in rows for c in row if c):
        return "seafarers"     # the base rules know no ships, gold or fog
    base = island.shape.geometry
    if (geo.land != base.land or geo.sea != base.sea
            or [c for _, c in s.harbour_spots] != [c for _, c in island.harbour_spots]):
        return "seafarers"
    return BASE


def board_of(s: Scenario, layout: Layout) -> Board:
    """The ``board.Board`` of a layout dealt on ``s``."""
    return Board(s, list(layout.terrain), list(layout.numbers), list(layout.letters), layout.harbour_kinds,
                 layout.robber, -1 if layout.pirate is None else layout.pirate, map_layer(s))


def deal_board(s: Scenario, rng: Rng, no_red_neighbours: bool = False) -> Board:
    """A random board of map ``s`` (``lay_out``; ScenarioError if it cannot be dealt)."""
    return board_of(s, lay_out(s, rng, no_red_neighbours))


def beginner_board(s: Scenario) -> Board:
    """The fixed learning board of map ``s`` (ScenarioError if it has none)."""
    return board_of(s, beginner_layout(s))


def generate_board(kind: str, rng: Rng, no_red_neighbours: bool = False) -> Board:
    """A random base island ``kind``: shuffled harbours and terrain, tokens by
    the letter spiral from a random coastal hex, robber on a desert."""
    return deal_board(base_island(kind), rng, no_red_neighbours)


def island_beginner_board(kind: str) -> Board:
    """The base island ``kind``'s fixed layout for learning games (the rule
    book's for 3-4 players; for 5-6 the board dealt from seed 1996 with no
    neighbouring 6 and 8)."""
    return beginner_board(base_island(kind))
