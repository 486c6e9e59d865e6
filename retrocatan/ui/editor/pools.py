"""The pools of a scenario (no Pyxel): the land, fog, harbours and number
tokens the map deals from, set by count or fitted to what the map asks."""

from __future__ import annotations

from dataclasses import replace

from ...engine.scenario import FOG_CODE, HARBOUR_KINDS, LAND_TERRAINS, NUMBERS, POOL_CODE, Scenario
from .cells import DESERT_CODE, EditError, is_land, pool_counts, pool_tuple

# The base game's tokens in letter order: "fit the pools" deals from this sequence.
STANDARD_TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
POOL_ORDER = ("forest", "pasture", "fields", "hills", "mountains")
FOG_ORDER = ("sea", "forest", "pasture", "fields", "hills", "mountains", "gold")


def set_pool_count(s: Scenario, which: str, kind: str, count: int) -> Scenario:
    """Count of one kind in the terrain, fog or harbour pool."""
    order = {"terrain_pool": LAND_TERRAINS, "fog_pool": LAND_TERRAINS + ("sea",), "harbour_pool": HARBOUR_KINDS}
    if which not in order or kind not in order[which]:
        raise EditError(f"no {kind!r} in {which}")
    counts = pool_counts(getattr(s, which))
    counts[kind] = max(0, min(200, count))
    keep = [k for k, _ in getattr(s, which)] + [k for k in order[which] if k not in counts or k == kind]
    seen = []
    for k in keep:
        if k not in seen:
            seen.append(k)
    return replace(s, **{which: pool_tuple(counts, seen)})


def set_token_count(s: Scenario, which: str, number: int, count: int) -> Scenario:
    """How many tokens of ``number`` the pool (``tokens``) or the fog (``fog_tokens``)
    holds: more are added at the end, fewer taken from the end."""
    if which not in ("tokens", "fog_tokens") or number not in NUMBERS:
        raise EditError(f"no token {number} in {which}")
    tokens = list(getattr(s, which))
    count = max(0, min(200, count))
    while tokens.count(number) < count:
        tokens.append(number)
    while tokens.count(number) > count:
        del tokens[len(tokens) - 1 - tokens[::-1].index(number)]
    return replace(s, **{which: tuple(tokens)})


def needs(s: Scenario) -> dict:
    """What the map asks of the pools: '?' hexes, tokens, fog hexes, fog
    tokens, harbours of kind '?'."""
    cells = [c for row in s.map for c in row]
    pool_hexes = sum(c[0] == POOL_CODE for c in cells)
    fog = sum(c == FOG_CODE for c in cells)
    deserts = pool_counts(s.terrain_pool).get("desert", 0)
    plain = sum(is_land(c) and c[0] not in (DESERT_CODE, POOL_CODE) and len(c) == 1 for c in cells)
    pool_plain = sum(c == POOL_CODE for c in cells)
    fog_counts = pool_counts(s.fog_pool)
    return {"pool_hexes": pool_hexes, "tokens": plain + max(0, pool_plain - deserts), "fog": fog,
            "fog_tokens": max(0, fog - fog_counts.get("sea", 0) - fog_counts.get("desert", 0)),
            "harbours": sum(h.kind == "?" for h in s.harbours)}


def _fit_pool(counts: dict, want: int, order) -> dict:
    counts = {k: n for k, n in counts.items() if n > 0}
    i = 0
    while sum(counts.values()) < want:
        k = order[i % len(order)]
        counts[k] = counts.get(k, 0) + 1
        i += 1
    i = 0
    while sum(counts.values()) > want:
        # take from the largest count (deserts and gold last)
        k = max(counts, key=lambda k: (k not in ("desert", "gold"), counts[k], k))
        counts[k] -= 1
        if counts[k] == 0:
            del counts[k]
    return counts


def _fit_tokens(tokens: tuple[int, ...], want: int) -> tuple[int, ...]:
    out = list(tokens[:want])
    i = len(out)
    while len(out) < want:
        out.append(STANDARD_TOKENS[i % len(STANDARD_TOKENS)])
        i += 1
    return tuple(out)


def fit_pools(s: Scenario) -> Scenario:
    """Make the pools as large as the map needs: land for the '?' hexes,
    tokens for the hexes that take one, what lies under the fog and its
    tokens, and kinds for the '?' harbours. Existing entries are kept."""
    need = needs(s)
    terrain = _fit_pool(pool_counts(s.terrain_pool), need["pool_hexes"], POOL_ORDER)
    s = replace(s, terrain_pool=pool_tuple(terrain, [k for k, _ in s.terrain_pool] +
                                      [k for k in LAND_TERRAINS if k not in pool_counts(s.terrain_pool)]))
    need = needs(s)
    fog = _fit_pool(pool_counts(s.fog_pool), need["fog"], FOG_ORDER)
    s = replace(s, fog_pool=pool_tuple(fog, [k for k, _ in s.fog_pool] +
                                  [k for k in LAND_TERRAINS + ("sea",) if k not in pool_counts(s.fog_pool)]))
    need = needs(s)
    harbours = _fit_pool(pool_counts(s.harbour_pool), need["harbours"], HARBOUR_KINDS)
    return replace(s, tokens=_fit_tokens(s.tokens, need["tokens"]),
                   fog_tokens=_fit_tokens(s.fog_tokens, need["fog_tokens"]),
                   harbour_pool=pool_tuple(harbours, [k for k, _ in s.harbour_pool] +
                                      [k for k in HARBOUR_KINDS if k not in pool_counts(s.harbour_pool)]))
