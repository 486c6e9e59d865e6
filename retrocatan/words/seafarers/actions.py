"""What the Seafarers' actions do, in words (``words/actions.py``): a ship's
edge, a ship moved, the pirate's hex and victim, a gold field's resource;
and which of them made an event (a ship moved, the pirate, gold chosen)."""

from __future__ import annotations

from ..actions import ActionWords, robbing
from ..layers import word_part
from ..text import t


@word_part("seafarers")
class SeaActionWords(ActionWords):
    choices = {
        **ActionWords.choices,
        "ship": lambda a, v, n, places: places.around("edge", a.place),
        "move_ship": lambda a, v, n, places: t("act.move_ship", a=a.place, b=a.target,
                                                 place=places.around("edge", a.target)),
        "pirate": robbing,
        "gold": lambda a, v, n, places: t(f"res.{a.resource}"),
    }
    made = {
        **ActionWords.made,
        "ship_moved": lambda ev: "move_ship",
        "pirate": lambda ev: "pirate",
        "gold_choice": lambda ev: "gold",
    }
