"""What the Seafarers' actions do, in words (``words/actions.py``): a ship's
edge, a ship moved, the pirate's hex and victim, a gold field's resource."""

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
