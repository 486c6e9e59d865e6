"""The window's part of each rules layer (docs/engine.md has the engine's).

The engine's ``Rules`` subclasses say what a layer plays; this module says
what the window draws, asks and sounds differently on each. A generic
module declares a *part*: a class whose methods and tables are the base
game's look and behaviour. A layer's package (``ui/seafarers/``) subclasses
it and registers the subclass under the layer's name (``Board.layer``,
``Rules.name``)::

    @layer_part("seafarers")
    class SeaPieces(Pieces): ...

Generic code asks for the class of a game's layer and never tests the
layer itself::

    pieces = part(Pieces, board.layer)()

A layer's package (``ui/<layer>/``) is imported, and so registers its
parts, when a part of that layer is first asked for: its modules load
Pyxel, which the commands without a window never do
(``tests/test_pyxel_imports.py``).
"""

from __future__ import annotations

import importlib
from typing import TypeVar

T = TypeVar("T", bound=type)

_PARTS: dict[tuple[type, str], type] = {}
_LOADED: set[str] = {"base"}       # the layers whose package has been imported


def layer_part(layer: str):
    """Register the decorated class as its base part's class on ``layer``
    (the base part is the class it directly subclasses)."""
    def register(cls: T) -> T:
        base = cls.__mro__[1]
        key = (base, layer)
        if key in _PARTS and _PARTS[key] is not cls:
            raise ValueError(f"{base.__name__} already has a part on layer {layer!r}")
        _PARTS[key] = cls
        return cls
    return register


def part(base: T, layer: str) -> T:
    """The class of part ``base`` on ``layer``: the layer's subclass, or
    ``base`` itself where the layer changes nothing of it."""
    if layer not in _LOADED:
        _load(layer)
    return _PARTS.get((base, layer), base)


def _load(layer: str) -> None:
    """Import the window's package of ``layer``, if it has one."""
    _LOADED.add(layer)
    name = f"{__package__}.{layer}"
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
