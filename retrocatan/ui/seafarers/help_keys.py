"""The help pages' key lines on a map with ships (``ui/help.py``): the
ship keys of the action menu, the pirate in the robber's pick."""

from __future__ import annotations

from ..help import HelpKeys
from ..layers import layer_part
from ..text import t

PAGES = ("game.menu", "game.robber")


@layer_part("seafarers")
class SeaHelpKeys(HelpKeys):
    @staticmethod
    def added(page: str, view) -> list[str]:
        if page not in PAGES or not view.has_ships:
            return []
        return t(f"help.{page}.sea").split("\n")
