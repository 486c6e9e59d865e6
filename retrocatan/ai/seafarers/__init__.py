"""The computer players on a Seafarers map: the layer's parts, registered
under the layer's name (``ai/layers.py``): the planner's (``plan``, with
its voyages and ship moves, ``sailing``, and where ships can reach,
``voyage``) and the Expert's (``expert``)."""

from __future__ import annotations

from . import expert, plan  # noqa: F401  (register the layer's parts)
