"""The words' part of each rules layer (``engine.layers.Parts``, as the
window's ``ui/layers.py`` and the computer players' ``ai/layers.py``).

A generic module of words declares a *part* (``events.EventLines``: the
lines of the base game's events); a layer's package (``words/seafarers/``)
subclasses it and registers the subclass under the layer's name::

    @word_part("seafarers")
    class SeaEventLines(EventLines): ...

and every client asks for the class of a game's layer, never testing the
layer itself: ``part(EventLines, board.layer)``. A layer's package is
imported when a part of that layer is first asked for; nothing here loads
Pyxel (``tests/test_words.py``).
"""

from __future__ import annotations

from ..engine.layers import Parts

_PARTS = Parts(package=__package__)
word_part = _PARTS.register      # ``@word_part("seafarers")`` on a part's subclass
part = _PARTS.class_of           # ``part(Base, layer)``: the class of part ``Base`` on ``layer``
