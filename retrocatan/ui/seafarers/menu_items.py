"""The action menu's lines on a map with ships (``ui/prompts/action_menu.py``):
build a ship (5), move one (6, in the main phase only)."""

from __future__ import annotations

from ...engine.seafarers import phases
from ..layers import layer_part
from ..prompts import Push
from ..prompts.action_menu import MenuItems
from ..prompts.sea import MoveShipFrom, ShipPick
from ..text import t
from ..widgets import Item


@layer_part("seafarers")
class SeaMenuItems(MenuItems):
    keys = {**MenuItems.keys, "5": "ship", "6": "move"}
    opens = {
        **MenuItems.opens,
        "ship": lambda m, ui: Push(ShipPick(m.view, ui, m.player.legal, player=m.player)),
        "move": lambda m, ui: Push(MoveShipFrom(m.view, ui, m.player.legal, player=m.player)),
    }

    @staticmethod
    def build_items(view, menu: dict) -> list[Item]:
        if "ship" not in menu or not view.has_ships:        # a scenario map without ships
            return []
        items = [Item(f"{t('menu.ship')} {t('cost.ship')}", "ship", "5", enabled=menu["ship"] is None)]
        if view.phase == phases.MAIN:
            items.append(Item(t("menu.move"), "move", "6", enabled=menu["move"] is None))
        return items
