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

from ..engine.layers import Parts

_PARTS = Parts(package=__package__)
layer_part = _PARTS.register      # ``@layer_part("seafarers")`` on a part's subclass
part = _PARTS.class_of            # ``part(Base, layer)``: the class of part ``Base`` on ``layer``
