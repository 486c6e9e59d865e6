"""The costs and rule numbers the texts show, from the engine, never typed
(``text.build`` fills them into every area's table).

Costs, from each rules layer's costs (``Rules.costs``: its pieces', the ship's on a Seafarers map, and a
development card's) in the language's resource names: the
action menu's short form (``cost.road``: "Wo Br", "2Wh 3Co": two letters of
each name, the count before it when more than one) and the words of the
help pages (``{cost_road}`` in a template: "Wood Brick", "2 Wheat 3 Coal").
Numbers of the rules (``{award_points}`` in a template): the engine's
constants, where the engine's face (its config, its view) says them."""

from __future__ import annotations

from ..engine import PlayerView
from ..engine.config import AWARD_POINTS
from ..engine.layers import LAYERS, rules_for

# What is bought -> its cost as a resource bundle (wood, brick, sheep, wheat, coal): every rules layer's.
COSTS = {thing: cost for layer in LAYERS for thing, cost in rules_for(layer).costs.items()}
# Numbers of the rules the help pages and option lines name.
NUMBERS = {"award_points": AWARD_POINTS, "discard_limit": PlayerView.discard_limit,
           "friendly_robber_points": PlayerView.friendly_robber_points,
           "dice_deck_reshuffle_at": PlayerView.dice_deck_reshuffle_at}


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


def engine_fields(table: dict[str, str]) -> dict[str, str]:
    """The values of the fields the tables' templates take from the engine:
    ``{cost_<thing>}`` in words in the language of ``table``, and the rule
    numbers."""
    names = [table[f"res.{r}"] for r in range(5)]
    fields = {f"cost_{thing}": words(bundle, names) for thing, bundle in COSTS.items()}
    return fields | {name: str(n) for name, n in NUMBERS.items()}
