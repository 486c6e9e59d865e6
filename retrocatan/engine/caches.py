"""Figures kept until what they were made from changes, in one of two
ways (docs/engine.md, "Speed"):

- ``kept(name)``: a figure of the state that changes only when a piece
  is placed, moved or removed, kept in ``st._cache`` while ``st.version``
  is the one it was made at (``GameState.copy`` and loading start with an
  empty cache);
- ``kept_per_object``: a figure of one object (a board, a scenario), kept
  by the object's identity while its ``stamp`` (0 for an object without
  one; a board's grows when a hex of it is turned over) is the one it was made at.

A kept figure is shared: its caller must not change what it gets."""

from __future__ import annotations

from functools import wraps

MAX_OBJECTS = 64       # objects a ``kept_per_object`` figure remembers (then it starts afresh)


def kept(name: str):
    """Decorator: ``make(st)`` or ``make(st, p)`` kept in ``st._cache`` under
    ``(name, p)`` until ``st.version`` changes (a hit costs what the plain
    function's own look-up did: one call, one dict get, one comparison)."""
    def wrap(make):
        @wraps(make)
        def get(st, p=None):
            key = (name, p)
            hit = st._cache.get(key)
            if hit is not None and hit[0] == st.version:
                return hit[1]
            value = make(st) if p is None else make(st, p)
            st._cache[key] = (st.version, value)
            return value
        return get
    return wrap


def kept_per_object(make):
    """Decorator: ``make(obj)`` kept by ``obj``'s identity and ``stamp``
    (the object itself is kept with its figure, so its id cannot be reused
    while the entry lives)."""
    table: dict[int, tuple] = {}

    @wraps(make)
    def get(obj):
        stamp = getattr(obj, "stamp", 0)
        hit = table.get(id(obj))
        if hit is not None and hit[0] is obj and hit[1] == stamp:
            return hit[2]
        value = make(obj)
        if len(table) >= MAX_OBJECTS:
            table.clear()
        table[id(obj)] = (obj, stamp, value)
        return value
    get.cache_clear = table.clear
    return get
