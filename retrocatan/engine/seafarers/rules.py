"""The Seafarers layer: ``SeafarersRules`` overrides the base rules'
extension points (``rules.Rules``; docs/engine.md)."""

from __future__ import annotations

from ..rules import Rules, register
from .faces import SeaFaces


@register
class SeafarersRules(SeaFaces, Rules):
    """The base rules with ships, the pirate, gold, fog and island bonuses."""

    name = "seafarers"
