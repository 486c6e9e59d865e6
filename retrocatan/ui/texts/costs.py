"""The costs the texts show, rendered from the engine's cost table in the
language's resource names, never typed: the action menu's short form
(``cost.road``: "Wo Br", "2Wh 3Co": two letters of each name, the count
before it when more than one) and the words of the help pages
(``{cost_road}`` in a template: "Wood Brick", "2 Wheat 3 Coal")."""

from __future__ import annotations

from ...engine.components import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT
from ...engine.seafarers import COST_SHIP

# What is bought -> its cost as a resource bundle (wood, brick, sheep, wheat, coal).
COSTS = {"road": COST_ROAD, "settlement": COST_SETTLEMENT, "city": COST_CITY, "card": COST_DEV_CARD,
         "ship": COST_SHIP}


def short(bundle, names) -> str:
    """``bundle`` in the menu's short form: (0,0,0,2,3) -> '2Wh 3Co'."""
    return " ".join(f"{n if n > 1 else ''}{names[r][:2]}" for r, n in enumerate(bundle) if n)


def words(bundle, names) -> str:
    """``bundle`` in words: (0,0,0,2,3) -> '2 Wheat 3 Coal'."""
    return " ".join(f"{f'{n} ' if n > 1 else ''}{names[r]}" for r, n in enumerate(bundle) if n)


def cost_texts(table: dict[str, str]) -> dict[str, str]:
    """The menu's ``cost.<thing>`` texts in the language of ``table`` (which
    holds the resource names ``res.0`` .. ``res.4``)."""
    names = [table[f"res.{r}"] for r in range(5)]
    return {f"cost.{thing}": short(bundle, names) for thing, bundle in COSTS.items()}


def cost_fields(table: dict[str, str]) -> dict[str, str]:
    """The values of the ``{cost_<thing>}`` fields of the templates, in words."""
    names = [table[f"res.{r}"] for r in range(5)]
    return {f"cost_{thing}": words(bundle, names) for thing, bundle in COSTS.items()}
