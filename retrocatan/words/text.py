"""The one language of the program and its text tables: ``t(key, **values)``
in the current language, ``fill`` for a template, ``set_language``.

The tables are *areas*: modules with the same keys in ``EN`` and ``DE``.
The game's words (``words/texts/``) are in the tables from the start; a
client adds the areas of its own screens (``add_areas``: the window's
``ui/texts/``, the terminal's ``clients/texts.py``). A key in two areas is
an error: each text has one home. Costs and rule numbers are not typed:
``words/costs.py`` fills them in from the engine when the tables are built.

A text is a ``str.format`` template: ``{name}`` is filled when it is shown,
``{n:card|cards}`` is the word for the count ``n`` (the first for exactly 1).
The 1996 names: Wood, Brick, Sheep, Wheat, Coal / Holz, Lehm, Wolle,
Getreide, Erz.
"""

from __future__ import annotations

import re

from . import texts
from .costs import cost_texts, engine_fields

LANGUAGES = ("en", "de")
_current = ["en"]
_areas: list = []
TEXTS: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
_FIELD = re.compile(r"\{(\w+)\}")
_PLURAL = re.compile(r"\{(\w+):([^{}|]*)\|([^{}]*)\}")


def area_name(area) -> str:
    """'ui/texts/setup.py' for the module ``retrocatan.ui.texts.setup``."""
    return area.__name__.removeprefix("retrocatan.").replace(".", "/") + ".py"


def build(areas) -> dict[str, dict[str, str]]:
    """{language: {key: text}}: the areas' tables, with the costs and numbers
    from the engine filled in. A key in two areas is an error."""
    tables: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for area in areas:
        for lang, part in (("en", area.EN), ("de", area.DE)):
            twice = tables[lang].keys() & part.keys()
            if twice:
                raise ValueError(f"{area_name(area)} repeats keys: {sorted(twice)}")
            tables[lang].update(part)
    out = {}
    for lang, table in tables.items():
        table.update(cost_texts(table))
        fields = engine_fields(table)
        out[lang] = {key: _FIELD.sub(lambda m: fields.get(m.group(1), m.group(0)), text)
                     for key, text in table.items()}
    return out


def add_areas(areas) -> None:
    """Add a client's areas of texts to the tables (once each; a key that
    is already in the tables is an error and changes nothing)."""
    new = [a for a in areas if a not in _areas]
    if not new:
        return
    built = build(_areas + new)
    _areas.extend(new)
    for lang in LANGUAGES:
        TEXTS[lang].clear()
        TEXTS[lang].update(built[lang])


def areas() -> tuple:
    """The areas in the tables, the game's words first."""
    return tuple(_areas)


def set_language(lang: str) -> None:
    if lang not in TEXTS:
        raise ValueError(f"unknown language {lang!r}")
    _current[0] = lang


def language() -> str:
    return _current[0]


def t(key: str, **values) -> str:
    """The text ``key`` in the current language with ``values`` filled in.
    ``{n:card|cards}`` in a text is the word for that count: the first for
    exactly 1, else the second."""
    text = TEXTS[_current[0]].get(key)
    if text is None:
        text = TEXTS["en"].get(key, key)
    return fill(text, **values) if values else text


def has(key: str) -> bool:
    """Whether the tables have a text ``key`` in the current language."""
    return key in TEXTS[_current[0]]


def fill(text: str, **values) -> str:
    """``text`` (a template of the tables) with ``values`` filled in, a
    ``{n:one|many}`` choosing the word for the count."""
    if "|" in text:
        text = _PLURAL.sub(lambda m: m.group(2) if values.get(m.group(1)) == 1 else m.group(3), text)
    return text.format(**values)


add_areas(texts.AREAS)
