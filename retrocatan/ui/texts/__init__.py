"""Every text of the window's screens, one module per screen or area, each
with the same keys in ``EN`` and ``DE``; ``ui/text.py`` adds them to the
program's tables (``words/text.py``), beside the game's words
(``words/texts/``: names, events, refusals, status lines).

A text is a ``str.format`` template: ``{name}`` is filled when it is shown,
``{n:card|cards}`` is the word for the count ``n`` (the first for exactly 1).
Costs and rule numbers are not typed: ``words/costs.py`` renders the menu's
``cost.<thing>`` and the ``{cost_<thing>}`` and ``{award_points}`` fields of
the templates from the engine (costs in the language's resource names) when
the tables are built."""

from __future__ import annotations

from ...words import text
from ...words import texts as game_words
from . import (
    advice,
    common,
    editor,
    end,
    game,
    help_pages,
    net_game,
    network,
    options,
    prompts,
    replay,
    saves,
    scenario_problems,
    setup,
    title,
    trade,
)

# The areas, in the order of the screens a player meets.
AREAS = (common, title, setup, network, options, saves, game, net_game, prompts, trade, advice, end, replay,
         help_pages, editor, scenario_problems)


def build() -> dict[str, dict[str, str]]:
    """{language: {key: text}}: the game's words and every screen's table,
    with the costs and numbers from the engine filled in. A key in two areas
    is an error (each text has one home)."""
    return text.build(game_words.AREAS + AREAS)
