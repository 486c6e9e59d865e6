"""Reading the texts the player sees in the window: the program's one
language and tables (``words/text.py``: ``t``, ``fill``,
``set_language``) with the window's screens added (``ui/texts/``), and
``hint`` for the input device in use.

The game's words (resources, colours, levels, events, refusals, status
lines, costs) are ``words/``'s; the screens' own texts are ``ui/texts/``'s.
"""

from __future__ import annotations

from ..words.text import LANGUAGES, TEXTS, add_areas, fill, has, language, set_language, t
from .texts import AREAS

__all__ = ["LANGUAGES", "TEXTS", "fill", "hint", "language", "set_language", "t"]

add_areas(AREAS)

HINT_SUFFIX = {"gamepad": ".pad", "pad": ".pad", "mouse": ".mouse"}


def hint(key: str, device: str, **values) -> str:
    """The hint ``key`` for the input device in use ("keyboard", "gamepad"
    or "mouse"): its ``.pad`` / ``.mouse`` variant where there is one, else
    the keyboard's text."""
    suffix = HINT_SUFFIX.get(device)
    if suffix and has(key + suffix):
        return t(key + suffix, **values)
    return t(key, **values)
