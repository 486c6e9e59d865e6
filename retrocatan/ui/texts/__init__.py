"""Every text the player sees, one module per screen or area, each with the
same keys in ``EN`` and ``DE``; ``ui/text.py`` reads them (``t``, ``fill``,
``hint``).

A text is a ``str.format`` template: ``{name}`` is filled when it is shown,
``{n:card|cards}`` is the word for the count ``n`` (the first for exactly 1).
Costs and rule numbers are not typed: ``from_engine.py`` renders the menu's
``cost.<thing>`` and the ``{cost_<thing>}`` and ``{award_points}`` fields of
the templates from the engine (costs in the language's resource names) when
the tables are built."""

from __future__ import annotations

import re

from . import (
    advice,
    common,
    editor,
    end,
    game,
    help_pages,
    log,
    network,
    options,
    prompts,
    refusals,
    replay,
    saves,
    scenario_problems,
    setup,
    title,
    trade,
)
from .from_engine import cost_texts, engine_fields

# The areas, in the order of the screens a player meets.
AREAS = (common, title, setup, network, options, saves, game, prompts, trade, advice, log, refusals, end, replay,
         help_pages, editor, scenario_problems)
_FIELD = re.compile(r"\{(\w+)\}")


def build() -> dict[str, dict[str, str]]:
    """{language: {key: text}}: every area's table, with the costs and numbers
    from the engine filled in. A key in two areas is an error (each text has
    one home)."""
    tables: dict[str, dict[str, str]] = {"en": {}, "de": {}}
    for area in AREAS:
        for lang, part in (("en", area.EN), ("de", area.DE)):
            twice = tables[lang].keys() & part.keys()
            if twice:
                raise ValueError(f"texts/{area.__name__.rsplit('.', 1)[-1]}.py repeats keys: {sorted(twice)}")
            tables[lang].update(part)
    out = {}
    for lang, table in tables.items():
        table.update(cost_texts(table))
        fields = engine_fields(table)
        out[lang] = {key: _FIELD.sub(lambda m: fields.get(m.group(1), m.group(0)), text)
                     for key, text in table.items()}
    return out
