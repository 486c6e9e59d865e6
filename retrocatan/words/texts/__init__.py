"""The game's words, one module per area, each with the same keys in ``EN``
and ``DE`` (``words/text.py`` reads them): the names of things, the
lines of the events, the refusals, the decisions' status lines, the
actions and the board's places. The
clients' own screens have tables of their own (``ui/texts/``,
``clients/texts.py``) that build on these."""

from __future__ import annotations

from . import actions, board, events, names, prompts, refusals

AREAS = (names, events, refusals, prompts, actions, board)
