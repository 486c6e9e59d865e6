"""The Seafarers map's static picture (``ui/board/terrain.py``): fog turns
over and the numbers under it show, so the picture follows the view's
terrain and numbers and is drawn anew, mid-frame, when they change."""

from __future__ import annotations

from ..board.terrain import Terrain
from ..layers import layer_part


@layer_part("seafarers")
class SeaTerrain(Terrain):
    def follow(self, st) -> None:
        shown = (tuple(st.terrain), tuple(st.numbers))
        if shown != self.shown:
            self.shown = shown
            self.images.clear()
