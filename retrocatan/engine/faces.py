"""The faces of the state as extension points: what a layer adds to a
seat's view, to a refusal's reasons, to the state's JSON and to loading
it back (docs/engine.md). ``rules.Rules`` inherits these; the base game's
versions add nothing."""

from __future__ import annotations


class Faces:
    """The base game's faces: nothing added (see the module docstring)."""
