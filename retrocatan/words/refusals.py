"""Why the rules refuse an action, in words: an ``IllegalAction``'s code and
params (``engine/refusals.py``) in the current language, what every client
says when an action is refused."""

from __future__ import annotations

from ..engine import phases
from ..engine.errors import REFUSALS
from .names import cards_text, namer
from .text import t

#: phases that come only after the turn's roll (docs/rules.md §4): the roll
#: key refused in one says the dice are rolled (a Knight before the roll
#: moves the robber, Road Building builds: those phases may come before it)
AFTER_THE_ROLL = frozenset({phases.MAIN, phases.DISCARD, phases.OFFER_RESPONSE, phases.OFFER_CONFIRM})


def refusal(code: str, params: dict, names, action: str | None = None) -> str:
    """An ``IllegalAction``'s code and params in the current language
    (``action``: the name in ``PlayerView.menu`` of the refused action)."""
    n = namer(names)
    shown = {}
    for key, value in params.items():
        if key == "player" and isinstance(value, int):
            value = n(value)
        elif key in ("missing", "cards") and isinstance(value, (list, tuple)):
            value = cards_text(value)
        elif key == "resource" and isinstance(value, int):
            value = t(f"res.{value}")
        elif key in ("piece", "what"):
            value = t(f"thing.{value}")
        elif key == "card":
            value = t(f"dev.{value}") if value != "development" else t("thing.development")
        elif key == "phase":
            value = t(f"phase.{value}")
        shown[key] = value
    if code == "wrong_phase" and params.get("phase") == "roll":
        return t("roll.first")          # before the roll: nothing but the roll (or a card) is open
    if code == "wrong_phase" and action == "roll" and params.get("phase") in AFTER_THE_ROLL:
        return t("roll.done", phase=shown["phase"])
    try:
        return t(f"refusal.{code}", **shown)
    except (KeyError, IndexError):
        return t(f"refusal.{code}")


def refusal_of(exc, names) -> str:
    """``refusal`` for an ``IllegalAction``."""
    return refusal(exc.code, exc.params, names)


def answer_refusal(msg: dict, names) -> str:
    """A server's ``error`` answer to an action in words (docs/protocol.md): a refusal of
    the rules (its ``refusal`` or ``code``, one of the engine's, with its params) through
    ``refusal``; any other error as the server's own message."""
    code = msg.get("refusal") or msg.get("code")
    if code in REFUSALS:
        params = {k: v for k, v in msg.items() if k not in ("type", "code", "message", "re", "id", "refusal")}
        return refusal(code, params, names)
    return str(msg.get("message") or code)
