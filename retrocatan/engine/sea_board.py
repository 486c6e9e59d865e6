"""Old names, kept while engine/validate.py imports them: every map's board
is one ``board.Board`` (issue 21) and ``scenario_map`` lives with the dealer
(``scenario_deal``). ``SeaBoard.from_json`` is ``Board.from_json``, which
reads both JSON forms of a board."""

from __future__ import annotations

from .board import Board as SeaBoard
from .scenario_deal import scenario_map

__all__ = ["SeaBoard", "scenario_map"]
