"""The actions in words: what a legal action does, shown beside its notation
in a list of choices (``describe_action``: "give 4 Wood for 1 Wheat"), and
what an action did, for a move the clock made a computer play
(``clock_move``: "Jürgen's time ran out: the computer built a road"), from
its notation or, where a client is not told it (another seat's decision),
from the events it made.

``ActionWords.choices`` is the table action kind -> ``reader(action, view,
name, places)``; ``ActionWords.made`` the table event type -> the kind of
the action whose first event it is (``reader(event)``); a rules layer's
part (``words/layers.py``) adds its kinds (``words/seafarers/actions.py``)."""

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
    made: dict[str, Callable[[dict], str]] = {
        "build": lambda ev: "settle" if ev.get("piece") == "settlement" else str(ev.get("piece")),
        "dice": lambda ev: "roll",
        "end_turn": lambda ev: "end",
        "robber": lambda ev: "robber",
        "buy": lambda ev: "buy",
        "play": lambda ev: str(ev.get("card")),
        "discard": lambda ev: "discard",
        "trade_bank": lambda ev: "trade",
        "offer": lambda ev: "offer",
        "answer": lambda ev: str(ev.get("answer")),
        "trade": lambda ev: "confirm",
        "offer_closed": lambda ev: "cancel",
        "special_build": lambda ev: "pass",         # 5-6 players: the next one's special build
        "turn": lambda ev: "pass",                  # ... or, after the last one's, the next turn
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


def kind_made(events) -> str:
    """The kind of the action whose events are ``events`` ("move" where they do not say)."""
    if not events or not isinstance(events[0], dict):
        return "move"
    for words in _parts():
        reader = words.made.get(events[0].get("type"))
        if reader is not None:
            return reader(events[0])
    return "move"


def did(action_text: str | None, events=()) -> str:
    """What an action did: "built a road", from its notation, or from the ``events`` it made
    where the notation is not known (None)."""
    if action_text is None:
        kind = kind_made(events)
    else:
        try:
            kind = parse_action(action_text).kind
        except ActionSyntaxError:
            kind = "move"
    return t(f"did.{kind}") if has(f"did.{kind}") else t("did.move")


def clock_move(name: str, action_text: str | None, events=()) -> str:
    """A move the clock made a computer play for ``name`` (an entry with ``"by": "clock"``):
    "Jürgen's time ran out: the computer built a road"; ``action_text`` its notation (a seat is
    told only its own), else None and ``events`` those the move made."""
    return t("clock.move", name=name, did=did(action_text, events))
