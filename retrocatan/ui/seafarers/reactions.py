"""The game screen's reactions to the Seafarers' events
(``ui/scenes/game_events.py``): the pirate's next hop starts where he
stands; the gold fields of the number rolled flash with the producing hexes."""

from __future__ import annotations

from ..layers import layer_part
from ..scenes.game_events import Reactions


def _pirate(scene, ev) -> None:
    scene.pirate_from = ev["hex"]


def _dice(scene, ev) -> None:
    """The producing hexes flash, and so do the gold fields of the number
    rolled (they pay a resource of their owner's choice; the robber's excepted)."""
    Reactions.act["dice"](scene, ev)
    if scene.flash is not None and ev["total"] != 7:
        v = scene.session.view
        gold = [h for h in v.gold_hexes if v.numbers[h] == ev["total"] and h not in v.blocked_hexes]
        scene.flash.hexes = sorted(scene.flash.hexes + gold)


@layer_part("seafarers")
class SeaReactions(Reactions):
    act = {**Reactions.act, "pirate": _pirate, "dice": _dice}
