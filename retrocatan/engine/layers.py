"""The rules layers by name: each layer's ``Rules`` class registers itself
here (``register``), and a game takes the one object of the layer its map
names (``rules_for(board.layer)``, docs/engine.md).

This module imports nothing of the engine, so the state and every rule
module may ask for a layer without importing the rules.
"""

from __future__ import annotations

LAYERS: dict[str, type] = {}     # layer name -> its ``rules.Rules`` class
_ONE: dict[str, object] = {}


def register(cls: type) -> type:
    """Make a layer known by its ``name`` (a class decorator on a ``Rules`` class)."""
    LAYERS[cls.name] = cls
    return cls


def rules_for(name: str):
    """The one ``Rules`` object of the layer ``name`` (shared: it holds no state)."""
    rules = _ONE.get(name)
    if rules is None:
        rules = _ONE[name] = LAYERS[name]()
    return rules
