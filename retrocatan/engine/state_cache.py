"""The state's cache of figures that change only when a piece is placed,
moved or removed: ``kept(name)`` makes a function of ``(st, p)`` (or of
``st`` alone) answer from ``st._cache`` while ``st.version`` is the one it
was made at (docs/engine.md, "Speed"). ``GameState.copy`` and loading
start with an empty cache.

A kept figure is shared: its caller must not change the list it gets."""

from __future__ import annotations

from functools import wraps


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
