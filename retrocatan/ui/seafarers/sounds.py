"""The Seafarers' sounds (``ui/audio.py``): a ship is built with the
road's sound."""

from __future__ import annotations

from ..audio import Sounds
from ..layers import layer_part


@layer_part("seafarers")
class SeaSounds(Sounds):
    pieces = {**Sounds.pieces, "ship": "road"}
