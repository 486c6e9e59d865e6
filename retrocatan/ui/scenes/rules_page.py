"""The rules page's lines, shared by the new-game screen and Host a game:
the engine's rule options (``engine/rule_options.py`` ``PAGE``) as menu
items, each changed by Left/Right, and the line of help of the option
under the cursor."""

from __future__ import annotations

from ...engine.rule_options import OPTIONS, PAGE
from .. import font
from ..palette import DARK_GREY
from ..text import t
from ..widgets import Item, Menu

RULE_OPTIONS = PAGE
BOOL_OPTIONS = tuple(name for name in PAGE if OPTIONS[name].kind == "bool")


def _onoff(v: bool) -> str:
    return t("on") if v else t("off")


def rule_items(o: dict) -> list[Item]:
    """The page's lines for the options ``o`` (name -> value), then Done (``rules_done``)."""
    items = [Item(t(f"opt.{name}", v=_onoff(o[name])), name, adjustable=True) for name in BOOL_OPTIONS]
    items.append(Item(t("opt.dev_cards_per_turn", v=o["dev_cards_per_turn"]), "dev_cards_per_turn",
                      adjustable=True))
    items.append(Item(t("opt.special_build", v=t(f"optval.{o['special_build']}")), "special_build",
                      adjustable=True))
    items.append(Item(t("opt.turn_limit", v=o["turn_limit"] or "-"), "turn_limit", adjustable=True))
    items.append(Item(t("opt.cut_roads", v=t(f"optval.{o['cut_roads']}")), "cut_roads", adjustable=True))
    items.append(Item(t("rules.done"), "rules_done"))
    return items


def adjust(o: dict, key, d: int) -> bool:
    """Option ``key`` of ``o`` moved by ``d`` (Left/Right); False if ``key`` is no rule option."""
    if key in BOOL_OPTIONS:
        o[key] = not o[key]
    elif key == "dev_cards_per_turn":
        o[key] = min(5, max(1, o[key] + d))
    elif key in ("special_build", "cut_roads"):
        choices = OPTIONS[key].choices
        o[key] = choices[(choices.index(o[key]) + d) % len(choices)]
    elif key == "turn_limit":
        o[key] = max(0, min(400, o[key] + 20 * d))
    else:
        return False
    return True


def draw_help(menu: Menu, x: int, w: int) -> None:
    """What the option under the cursor does, under the page's lines (``x``, ``w``: the box)."""
    from ..boxes import wrap
    sel = menu.selected
    if sel is None or sel.value not in RULE_OPTIONS:
        return
    _, y, _, h = menu.item_rect(len(menu.items) - 1)
    for i, row in enumerate(wrap(t(f"optdesc.{sel.value}"), w - 32)):
        font.text(x + 16, y + h + 16 + 11 * i, row.strip(), DARK_GREY, "small")
