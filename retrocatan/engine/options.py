"""The values each rule option of a game takes, checked one option at a time.

``check_option(name, value)`` raises ``ConfigError`` for a value an option
does not take. ``GameConfig`` checks its options with it, and so does a
scenario file's ``options`` (the defaults a scenario sets), without a
config: this module sits below both.
"""

from __future__ import annotations


class ConfigError(ValueError):
    """A config value is out of range or unknown."""


MIN_VP_TARGET = 3
SPECIAL_BUILD_CHOICES = ("always", "only_if_active_built", "off")
CUT_ROADS_CHOICES = ("buildable", "abandoned", "lost")
BOARD_CHOICES = ("random", "beginner")
ISLAND_BONUS_CHOICES = ("", "every_settlement", "first_settlement", "none")

# name: bool, (low, high) for a whole number, or the choices of a word. The options that do not
# depend on the others (players, seed, board, vp_target and the scenario are the game's).
RULE_OPTIONS: dict[str, object] = {
    "free_phase_order": bool,
    "dev_cards_per_turn": (1, 30),
    "vp_cards_instant": bool,
    "robber_to_desert": bool,
    "no_red_neighbours": bool,
    "friendly_robber": bool,
    "dice_deck": bool,
    "special_build": SPECIAL_BUILD_CHOICES,
    "turn_limit": (0, 10000),
    "cut_roads": CUT_ROADS_CHOICES,
    "progress_to_deck_bottom": bool,
    "offers_per_turn": (0, 100),
}
_RANGE_TEXT = {"dev_cards_per_turn": "between 1 and 30", "turn_limit": "between 0 (none) and 10000",
               "offers_per_turn": "between 0 and 100"}


def check_option(name: str, value) -> None:
    """``ConfigError`` unless ``value`` is one ``name`` takes (a rule option of ``RULE_OPTIONS``)."""
    kind = RULE_OPTIONS[name]
    if kind is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"option {name} must be true or false")
    elif isinstance(kind, tuple) and isinstance(kind[0], int):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ConfigError(f"option {name} must be a whole number")
        if not kind[0] <= value <= kind[1]:
            raise ConfigError(f"{name} must be {_RANGE_TEXT[name]}")
    else:
        if not isinstance(value, str):
            raise ConfigError(f"option {name} must be a string")
        if value not in kind:
            raise ConfigError(f"{name} must be one of {', '.join(kind)}")
