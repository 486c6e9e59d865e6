"""What the Seafarers layer adds to the faces of the state: ships, the
pirate, fog and island bonuses in a seat's view, the refusals' reasons,
the state's JSON and loading it (``faces.Faces``)."""

from __future__ import annotations

from ..faces import Faces


class SeaFaces(Faces):
    """The Seafarers faces (see the module docstring)."""
