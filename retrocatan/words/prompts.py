"""The status line of a decision: ``PlayerView.prompt`` (its code and
params) in words, who decides and what (words/texts/prompts.py)."""

from __future__ import annotations

from ..engine.layers import LAYERS
from .layers import part
from .names import namer
from .text import t


class StatusLines:
    """The base game's status lines: ``status.<code>``. A rules layer's
    part (``words/layers.py``) names its own variants (``status_key``)."""

    @staticmethod
    def status_key(code: str, params: dict) -> str | None:
        """The layer's own status text for ``PlayerView.prompt`` (code,
        params), or None: the base game's ``status.<code>``."""
        return None


def prompt(code: str, params: dict, names) -> str:
    """The status line for ``PlayerView.prompt`` (what the decider is asked)."""
    n = namer(names)
    values = {"name": n(params.get("player", -1))}
    if "cards" in params:
        values["n"] = params["cards"]
    if "offerer" in params:
        values["offerer"] = n(params["offerer"])
    if code == "over":
        return t("status.over", **values)
    layers = dict.fromkeys(part(StatusLines, name) for name in LAYERS)
    key = next((k for lines in layers if (k := lines.status_key(code, params)) is not None), f"status.{code}")
    return t(key, **values)
