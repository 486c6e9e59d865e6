"""The rules as layers (docs/engine.md).

``Rules`` is the base game: one object per game (``GameState.rules``),
holding no state of its own, whose methods are the extension points a
layer overrides: the piece kinds and where each may go, what a roll pays,
where the robber may go, what joins a route, points for a settlement,
what a player may do in each phase. An expansion is a subclass in its own
package that registers itself under a name (``register``); a game's
config names the layer it plays (``rules_for``). The base rule modules
never import a layer.
"""

from __future__ import annotations

from .faces import Faces


class Rules(Faces):
    """The base game's rules (see the module docstring)."""

    name = "base"


LAYERS: dict[str, type[Rules]] = {Rules.name: Rules}
_ONE: dict[str, Rules] = {}


def register(cls: type[Rules]) -> type[Rules]:
    """Make a layer known by its ``name`` (a class decorator)."""
    LAYERS[cls.name] = cls
    return cls


def rules_for(name: str) -> Rules:
    """The one ``Rules`` object of the layer ``name`` (shared: it holds no state)."""
    rules = _ONE.get(name)
    if rules is None:
        rules = _ONE[name] = LAYERS[name]()
    return rules
