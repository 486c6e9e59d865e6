"""The rules layers by name: each layer's ``Rules`` class registers itself
here (``register``), and a game takes the one object of the layer its map
names (``rules_for(board.layer)``, docs/engine.md).

This module imports nothing of the engine, so the state and every rule
module may ask for a layer without importing the rules.
"""

from __future__ import annotations

import importlib

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


class Parts:
    """A client's parts of the layers (the window's ``ui/layers.py``, the
    computer players' ``ai/layers.py``). A generic module of the client
    declares a *part*: a class whose methods and tables are the base
    game's. A layer's package of that client subclasses it and registers
    the subclass under the layer's name (``register``); generic code asks
    for the class of a layer (``class_of``) and never tests the layer.

    ``package``, if given, is the client's package (``__package__`` of its
    ``layers`` module): the first time a layer is asked for, its package
    ``<package>.<layer>`` is imported, if it has one, which registers its
    parts (the window's layer packages load Pyxel, so the commands without
    a window never ask the window's parts)."""

    def __init__(self, package: str | None = None) -> None:
        self._classes: dict[tuple[type, str], type] = {}
        self._package = package
        self._loaded: set[str] = set()

    def register(self, layer: str):
        """Decorator: the class is its base part's class on ``layer`` (the
        base part is the class it directly subclasses)."""
        def put(cls):
            key = (cls.__mro__[1], layer)
            if self._classes.get(key, cls) is not cls:
                raise ValueError(f"{key[0].__name__} already has a part on layer {layer!r}")
            self._classes[key] = cls
            return cls
        return put

    def class_of(self, base: type, layer: str) -> type:
        """The class of part ``base`` on ``layer``: the layer's subclass, or
        ``base`` itself where the layer changes nothing of it."""
        if layer not in self._loaded:
            self._loaded.add(layer)
            if self._package is not None:
                self._load(layer)
        return self._classes.get((base, layer), base)

    def _load(self, layer: str) -> None:
        name = f"{self._package}.{layer}"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
