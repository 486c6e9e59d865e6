"""Computer opponents. They read only the engine's ``PlayerView`` of their
own seat (``choose(view)``) and answer every decision with an ``Action``,
the same path as a person's. Levels: ``easy``, ``normal``, ``hard``,
``expert`` (Hard's plans checked by look-ahead, ``expert.py``); ``random``
plays any legal action (for tests and the simulator). ``make_player`` and
the names of the levels: ``players.py``; docs/ai.md has the map."""

from __future__ import annotations

from . import seafarers  # noqa: F401  (the Seafarers layer's parts register themselves: layers.py)
from .players import COMPUTER_LEVELS, LEVEL_NAMES, SEAT_KINDS, make_player  # noqa: F401
