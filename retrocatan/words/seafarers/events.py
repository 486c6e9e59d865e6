"""The lines of the Seafarers' events (``words/events.py``): ships moved,
the pirate, gold fields, fog hexes explored and island bonuses."""

from __future__ import annotations

from ..events import EventLines
from ..layers import word_part
from ..text import t


def _explore(ev, n):
    """The turned hex, and the card the explorer took from it (a gold field's
    choice follows as a gold line)."""
    land = t(f"land.{ev['terrain']}")
    take = ev.get("reward", -1) >= 0
    values = {"name": n(ev["player"]), "res": land, "total": ev["number"]}
    if take:
        values["card"] = t(f"res.{ev['reward']}")
    key = ("log.explore_number" if ev["number"] else "log.explore") + ("_take" if take else "")
    return [t(key, **values)]


def _island_bonus(ev, n):
    key = "log.island_bonus_1" if ev["points"] == 1 else "log.island_bonus_n"
    return [t(key, name=n(ev["player"]), n=ev["points"])]


@word_part("seafarers")
class SeaEventLines(EventLines):
    lines = {
        **EventLines.lines,
        "ship_moved": lambda ev, n: [t("log.ship_moved", name=n(ev["player"]))],
        "pirate": lambda ev, n: [t("log.pirate", name=n(ev["player"]))],
        "gold_due": lambda ev, n: [t("log.gold_due", name=n(p), n=k) for p, k in ev["players"]],
        "gold_choice": lambda ev, n: [t("log.gold_choice", name=n(ev["player"]),
                                        res=t(f"res.{ev['resource']}"))],
        "gold_lost": lambda ev, n: [t("log.gold_lost", name=n(p)) for p, _ in ev["players"]],
        "explore": _explore,
        "island_bonus": _island_bonus,
    }
    places = {
        **EventLines.places,
        "ship_moved": lambda ev: [("edge", ev["from"]), ("edge", ev["to"])],
        "pirate": lambda ev: [("hex", ev["hex"])],
        "explore": lambda ev: [("hex", ev["hex"])],
        "island_bonus": lambda ev: [("corner", ev["corner"])],
    }

    @staticmethod
    def told_by_next(ev: dict, following: dict) -> bool:
        """A roll that pays only gold (no field cards, no shortage) says
        nothing of its own: the gold line that follows says who chooses."""
        return (ev["type"] == "production" and following["type"] == "gold_due" and not ev["shortage"]
                and not any(any(g) for g in ev["gains"]))
