"""The actions in words: what a legal action does, shown beside its notation
in a list of choices (``describe_action``: "give 4 Wood for 1 Wheat"), and
what an action did, for a move the clock made a computer play
(``clock_move``: "Jürgen's time ran out: the computer built a road").

``ActionWords.choices`` is the table action kind -> ``reader(action, view,
name, places)``; a rules layer's part (``words/layers.py``) adds its kinds
(``words/seafarers/actions.py``)."""

from __future__ import annotations

from collections.abc import Callable

from ..engine.actions import ActionSyntaxError, parse_action
from ..engine.layers import LAYERS
from .layers import part
from .names import cards_text, namer
from .text import has, t


def _res(r: int) -> str:
    return t(f"res.{r}")


def robbing(a, v, n, places) -> str:
    hex_text = places.name("hex", a.place)
    if isinstance(a.victim, int) and a.victim >= 0:
        return t("act.rob", hex=hex_text, name=n(a.victim), n=v.card_counts[a.victim])
    return hex_text


def _accept(a, v, n, places) -> str:
    return t("act.accept", give=cards_text(v.offer.get), get=cards_text(v.offer.give)) if v.offer else ""


def _confirm(a, v, n, places) -> str:
    for q, answer, give, get in (v.offer.answers if v.offer else ()):
        if q == a.player:
            if answer == "counter":
                return t("act.confirm.counter", name=n(q), give=cards_text(give), get=cards_text(get))
            return t("act.confirm.accept", name=n(q))
    return ""


def _discard(a, v, n, places) -> str:
    return t("act.discard", res=_res(a.resource), held=(v.hand or (0,) * 5)[a.resource])


class ActionWords:
    """What the base game's actions do, in words, beside their notation."""

    choices: dict[str, Callable] = {
        "settle": lambda a, v, n, places: places.around("corner", a.place),
        "city": lambda a, v, n, places: places.around("corner", a.place),
        "road": lambda a, v, n, places: places.around("edge", a.place),
        "robber": robbing,
        "trade": lambda a, v, n, places: t("act.trade", n=a.ratio, give=_res(a.give), get=_res(a.get)),
        "discard": _discard,
        "monopoly": lambda a, v, n, places: t("act.monopoly", res=_res(a.resource)),
        "invention": lambda a, v, n, places: t("act.invention", a=_res(a.resource), b=_res(a.second)),
        "buy": lambda a, v, n, places: t("act.buy"),
        "accept": _accept,
        "confirm": _confirm,
    }


def _parts() -> list[type[ActionWords]]:
    return list(dict.fromkeys(part(ActionWords, name) for name in LAYERS))


def describe_action(action, view, names, places) -> str:
    """What ``action`` (legal in ``view``) does, in words ("" where its notation says it all);
    ``places``: a ``places.Places`` of the view's board."""
    for words in _parts():
        reader = words.choices.get(action.kind)
        if reader is not None:
            return reader(action, view, namer(names), places)
    return ""


def did(action_text: str) -> str:
    """What an action (in the notation) did: "built a road"."""
    try:
        kind = parse_action(action_text).kind
    except ActionSyntaxError:
        kind = "move"
    return t(f"did.{kind}") if has(f"did.{kind}") else t("did.move")


def clock_move(name: str, action_text: str) -> str:
    """A move the clock made a computer play for ``name`` (an entry with ``"by": "clock"``):
    "Jürgen's time ran out: the computer built a road"."""
    return t("clock.move", name=name, did=did(action_text))
