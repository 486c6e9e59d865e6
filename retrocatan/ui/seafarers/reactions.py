"""The game screen's reactions to the Seafarers' events
(``ui/scenes/game_events.py``): the pirate's next hop starts where he stands."""

from __future__ import annotations

from ..layers import layer_part
from ..scenes.game_events import Reactions


def _pirate(scene, ev) -> None:
    scene.pirate_from = ev["hex"]


@layer_part("seafarers")
class SeaReactions(Reactions):
    act = {**Reactions.act, "pirate": _pirate}
