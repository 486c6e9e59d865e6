"""The rules engine: pure Python, standard library only, deterministic.

Public objects: ``Game``, ``GameConfig``, ``Action``, ``parse_action``,
``IllegalAction``. See ``game.py`` for the API and ``actions.py`` for the
text notation of actions.
"""

from .actions import Action, ActionSyntaxError, format_action, parse_action
from .config import ConfigError, GameConfig
from .errors import IllegalAction
from .game import Game

__all__ = ["Action", "ActionSyntaxError", "ConfigError", "Game", "GameConfig", "IllegalAction",
           "format_action", "parse_action"]
