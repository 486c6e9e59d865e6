"""The computer players on a Seafarers map: the layer's plan (``plan``,
registered under the layer's name, ``ai/layers.py``), its voyages and ship
moves (``sailing``) and where ships can reach (``voyage``)."""

from __future__ import annotations

from . import plan  # noqa: F401  (registers the layer's plan)
