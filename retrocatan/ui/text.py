"""Reading the texts the player sees: ``t(key, **values)`` in the current
language, ``fill`` for a template, ``hint`` for the input device in use.

The texts themselves are in ``ui/texts/``, one module per screen or area,
each with the same keys in English and German. The 1996 names: Wood, Brick,
Sheep, Wheat, Coal / Holz, Lehm, Wolle, Getreide, Erz.
"""

from __future__ import annotations

import re

from .texts import build

LANGUAGES = ("en", "de")
_current = ["en"]

TEXTS: dict[str, dict[str, str]] = build()


def set_language(lang: str) -> None:
    if lang not in TEXTS:
        raise ValueError(f"unknown language {lang!r}")
    _current[0] = lang


def language() -> str:
    return _current[0]


_PLURAL = re.compile(r"\{(\w+):([^{}|]*)\|([^{}]*)\}")


def t(key: str, **values) -> str:
    """The text ``key`` in the current language with ``values`` filled in.
    ``{n:card|cards}`` in a text is the word for that count: the first for
    exactly 1, else the second."""
    table = TEXTS[_current[0]]
    text = table.get(key)
    if text is None:
        text = TEXTS["en"].get(key, key)
    return fill(text, **values) if values else text


def fill(text: str, **values) -> str:
    """``text`` (a template of the tables) with ``values`` filled in, a
    ``{n:one|many}`` choosing the word for the count."""
    if "|" in text:
        text = _PLURAL.sub(lambda m: m.group(2) if values.get(m.group(1)) == 1 else m.group(3), text)
    return text.format(**values)


def cards_text(bundle) -> str:
    parts = [f"{n} {t(f'res.{r}')}" for r, n in enumerate(bundle) if n]
    return ", ".join(parts) if parts else t("nothing")


HINT_SUFFIX = {"gamepad": ".pad", "pad": ".pad", "mouse": ".mouse"}


def hint(key: str, device: str, **values) -> str:
    """The hint ``key`` for the input device in use ("keyboard", "gamepad"
    or "mouse"): its ``.pad`` / ``.mouse`` variant where there is one, else
    the keyboard's text."""
    suffix = HINT_SUFFIX.get(device)
    if suffix and key + suffix in TEXTS[_current[0]]:
        return t(key + suffix, **values)
    return t(key, **values)
