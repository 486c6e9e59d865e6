"""Dealing a scenario: one concrete map from its pools.

``lay_out(s, rng)`` deals the harbour kinds, the terrain, the number tokens
and the robber (the base-game scenarios deal through exactly the random
calls of ``board.generate_board``); ``beginner_layout`` gives a scenario's
fixed learning layout; ``to_board`` turns a base-game layout into a
``board.Board``. A pool is dealt in its deal order (``TERRAIN_DEAL_ORDER``,
``FOG_DEAL_ORDER``, ``HARBOUR_KINDS``), not in a file's key order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import token_letters
from .geometry import FOG, LAND, MapGeometry
from .rng import Rng
from .scenario import (
    FOG_CODE,
    POOL_CODE,
    TERRAIN_CODES,
    Scenario,
    ScenarioError,
    code_at,
    expand_pool,
    founding_corners,
    harbour_corners,
    region_of,
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
    base-game files these are the random calls of ``board.generate_board``,
    so a seed gives the same board."""
    if s.generator is not None:
        raise ScenarioError("generator: generate the map first (generate_map)")
    shape = s.shape
    geo = shape.geometry
    codes = [code_at(s, shape.place[h]) for h in geo.land]
    harbour_kinds = expand_pool(s.harbour_pool)
    rng.shuffle(harbour_kinds)
    tiles = expand_pool(s.terrain_pool)
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


def _finish(s: Scenario, robber: int, terrain, numbers, letters, kinds: list[str]) -> Layout:
    shape = s.shape
    geo = shape.geometry
    harbours = [(geo.hex_index[shape.axial[h.hex]], harbour_corners(s, h), kind) for h, kind in zip(s.harbours, kinds)]
    islands = geo.islands([FOG if t == "fog" else LAND for t in terrain])
    regions = region_of(s, islands)
    pirate = None if s.pirate is None else geo.hex_index[shape.axial[s.pirate]]
    return Layout(geo, terrain, numbers, letters, harbours, robber, pirate, founding_corners(s, regions),
                  islands, regions, expand_pool(s.fog_pool), list(s.fog_tokens))


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
        if n == 0 or len(code_at(s, shape.place[h])) > 1:     # no number, or the map's fixed one: no token
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
