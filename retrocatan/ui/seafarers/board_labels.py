"""The Seafarers map's labels (``ui/board/labels.py``): a fog hex shows
no number token until it turns over."""

from __future__ import annotations

from ..board.labels import Labels
from ..layers import layer_part


@layer_part("seafarers")
class SeaLabels(Labels):
    NUMBERLESS = ("sea", "fog")
