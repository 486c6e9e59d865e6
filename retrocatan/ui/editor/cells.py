"""The cells of a scenario's map, for the editor's edits (no Pyxel): the
codes a hex can be painted with (the engine's), land or not, the
neighbour towards a side, the code at a place, and the pools as counts."""

from __future__ import annotations

from ...engine.scenario import (
    CODE_FOR_TERRAIN,
    FOG_CODE,
    NO_HEX,
    POOL_CODE,
    SEA_CODE,
    TERRAIN_CODES,
    Scenario,
)

# Codes a hex can be painted with (a land code may carry a number, see set_number).
PAINT_CODES = (NO_HEX, SEA_CODE) + tuple(TERRAIN_CODES) + (POOL_CODE, FOG_CODE)
DESERT_CODE = CODE_FOR_TERRAIN["desert"]


class EditError(ValueError):
    """An edit that cannot be made; the message is one line."""


def is_land(code: str) -> bool:
    return code not in (NO_HEX, SEA_CODE, FOG_CODE)


def neighbour(place: tuple[int, int], side: str) -> tuple[int, int]:
    """The place next to ``place`` towards ``side`` (even file rows, 2, 4,
    ..., lie half a hex to the right)."""
    y, x = place
    odd = 1 if y % 2 == 0 else 0      # counted from 1: row 2 is the first shifted row
    dy, dx = {"e": (0, 1), "w": (0, -1), "ne": (-1, odd), "nw": (-1, odd - 1),
              "se": (1, odd), "sw": (1, odd - 1)}[side]
    return y + dy, x + dx


def code_at(s: Scenario, p: tuple[int, int]) -> str | None:
    """The hex code at a place, or None off the map."""
    y, x = p
    if 1 <= y <= len(s.map) and 1 <= x <= len(s.map[0]):
        return s.map[y - 1][x - 1]
    return None


def with_cell(rows, p, value):
    """The rows of a grid with one cell changed."""
    y, x = p
    out = [list(r) for r in rows]
    out[y - 1][x - 1] = value
    return tuple(tuple(r) for r in out)


def pool_counts(pool) -> dict:
    """A pool ((kind, count), ...) as a dict."""
    return {k: n for k, n in pool}


def pool_tuple(counts: dict, order) -> tuple[tuple[str, int], ...]:
    """Counts as a pool, in ``order``, without empty kinds."""
    return tuple((k, counts[k]) for k in order if counts.get(k, 0) > 0)
