"""The game's words, one module per area, each with the same keys in ``EN``
and ``DE`` (``words/text.py`` reads them): the names of things, the
lines of the events, the refusals and the decisions' status lines. The
clients' own screens have tables of their own (``ui/texts/``,
``clients/texts.py``) that build on these."""

from __future__ import annotations

from . import events, names, prompts, refusals

AREAS = (names, events, refusals, prompts)
