"""The places of a game's board in words, for a client that names them by
number (the terminal): a hex by its terrain's code and number ("hex 7 G9"),
a corner and an edge by the hexes around them ("corner 23 (G9 C4 S3, 3:1
harbour)"). The codes are the scenario files' (``engine/scenario.py``):
W forest, B hills, S pasture, G fields, C mountains, D desert, $ gold,
= fog, ~ sea."""

from __future__ import annotations

from ..engine.components import RESOURCES
from ..engine.scenario import CODE_FOR_TERRAIN, FOG_CODE, SEA_CODE
from .text import t

_CODES = {**CODE_FOR_TERRAIN, "fog": FOG_CODE, "sea": SEA_CODE}


class Places:
    """The places of the board of ``view`` (a ``PlayerView``) in words."""

    def __init__(self, view) -> None:
        self.view = view

    def code(self, h: int) -> str:
        """A land hex's code and number ("G9"), "~" for the sea."""
        v = self.view
        if not 0 <= h < len(v.terrain):
            return SEA_CODE
        return f"{_CODES.get(v.terrain[h], '?')}{v.numbers[h] or ''}"

    def _hexes(self, hexes) -> str:
        codes = [self.code(h) for h in hexes if 0 <= h < len(self.view.terrain) and self.view.terrain[h] != "sea"]
        return " ".join(codes) if codes else t("place.sea")

    def around(self, kind: str, at: int) -> str:
        """What is around a corner or an edge ("G9 C4 S3, 3:1 harbour"); a hex's code."""
        geo = self.view.geo
        if kind == "hex":
            return self.code(at)
        if kind == "edge":
            if not 0 <= at < len(geo.edge_corners):
                return "?"
            a, b = geo.edge_corners[at]
            return self._hexes(sorted(set(geo.corner_hexes[a]) & set(geo.corner_hexes[b])))
        if not 0 <= at < len(geo.corner_hexes):
            return "?"
        text = self._hexes(geo.corner_hexes[at])
        harbour = self.view.board.corner_harbour[at]
        if harbour:
            name = t(f"res.{RESOURCES.index(harbour)}") if harbour in RESOURCES else harbour
            text = t("place.harbour", hexes=text, kind=name)
        return text

    def name(self, kind: str, at: int) -> str:
        """A place by its kind ("hex", "corner" or "edge") and number, with what is around it."""
        if kind == "hex":
            return t("place.hex", id=at, code=self.code(at))
        return t(f"place.{kind}", id=at, around=self.around(kind, at))

    __call__ = name
