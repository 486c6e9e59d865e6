"""The rules engine: pure Python, standard library only, deterministic.

Public objects: ``Game``, ``GameConfig``, ``Action``, ``parse_action``,
``IllegalAction`` (with a refusal ``code`` and ``params``, ``errors.py``),
``PlayerView`` (``Game.seat_view``: what one seat may know and may do,
``view.py``), ``Position`` (positions for tests and scenarios,
``position.py``). Events are declared in ``events.py``, rule options in
``rule_options.py``. See ``game.py`` for the API, ``actions.py`` for the
text notation of actions and docs/rules.md for the rules.
"""

from . import seafarers  # noqa: F401  (the Seafarers layer registers itself)
from .actions import Action, ActionSyntaxError, format_action, parse_action
from .config import ConfigError, GameConfig
from .errors import IllegalAction
from .game import Game
from .position import Position, PositionError
from .view import PlayerView

__all__ = ["Action", "ActionSyntaxError", "ConfigError", "Game", "GameConfig", "IllegalAction", "PlayerView",
           "Position", "PositionError", "format_action", "parse_action"]
