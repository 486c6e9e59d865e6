"""The values each rule option of a game takes, checked one option at a time.

``check_option(name, value)`` raises ``ConfigError`` for a value an option
does not take. ``GameConfig`` checks its options with it, and so does a
scenario file's ``options`` (the defaults a scenario sets), without a
config: this module sits below both.
"""

from __future__ import annotations

from dataclasses import dataclass


class ConfigError(ValueError):
    """A config value is out of range or unknown."""


MIN_VP_TARGET = 3
FRIENDLY_MIN_VP = 3     # friendly_robber: the robber may not go next to a player with fewer points than this
MAX_ROUNDS = 500        # turn_limit 0: a game ends after this many rounds anyway (turn.py)
SPECIAL_BUILD_CHOICES = ("always", "only_if_active_built", "off")
CUT_ROADS_CHOICES = ("buildable", "abandoned", "lost")
BOARD_CHOICES = ("random", "beginner")
ISLAND_BONUS_CHOICES = ("", "every_settlement", "first_settlement", "none")



@dataclass(frozen=True)
class Rule:
    """One rule option, declared once: what it takes (``kind`` "bool", "int"
    in ``low``..``high``, or "choice" of ``choices``), the section of
    docs/rules.md it changes, its line of help, and whether the window's
    rules page offers it (``page``). Its default is ``GameConfig``'s."""

    kind: str
    section: str
    help: str
    choices: tuple = ()
    low: int = 0
    high: int = 0
    range_text: str = ""             # an "int" option's range in words ("" : between low and high)
    page: bool = True


# Every rule option (docs/rules.md §13), in the order of the window's rules page. The options that do
# not depend on the others; players, seed, board, vp_target and the scenario are the game's (config.py).
RULES: dict[str, Rule] = {
    "free_phase_order": Rule("bool", "§4.1", "trade and build interleaved (later editions); off: roll, then "
                                             "trade, then build"),
    "vp_cards_instant": Rule("bool", "§10.6", "victory point cards count at once, even to win on purchase"),
    "robber_to_desert": Rule("bool", "§6.3", "the robber may be moved back to the desert"),
    "dev_cards_per_turn": Rule("int", "§10.1", "development cards a player may play in one turn", low=1, high=30),
    "no_red_neighbours": Rule("bool", "§3.2", "no 6 or 8 token touches another 6 or 8"),
    "friendly_robber": Rule("bool", "§6.4", f"the robber may not go next to a player with fewer than "
                                            f"{FRIENDLY_MIN_VP} points"),
    "dice_deck": Rule("bool", "§5.4", "draw dice results from a deck of the 36 outcomes instead of rolling"),
    "special_build": Rule("choice", "§12.2", "5-6 players: " + " | ".join(SPECIAL_BUILD_CHOICES),
                          choices=SPECIAL_BUILD_CHOICES),
    "turn_limit": Rule("int", "§11.5", f"end after this many turns (0: after {MAX_ROUNDS} rounds); the leader wins",
                       low=0, high=10000, range_text="between 0 (none) and 10000"),
    "cut_roads": Rule("choice", "§9.5", "roads cut off by an opponent's settlement: " + " | ".join(CUT_ROADS_CHOICES),
                      choices=CUT_ROADS_CHOICES),
    "progress_to_deck_bottom": Rule("bool", "§10.7", "played progress cards go under the development deck "
                                                     "(Russian source)"),
    "offers_per_turn": Rule("int", "§7.4", "domestic trade offers the current player may make in one turn",
                            low=0, high=100, page=False),
}
# name -> bool, (low, high) for a whole number, or the choices of a word (what ``check_option`` takes)
RULE_OPTIONS: dict[str, object] = {
    name: bool if r.kind == "bool" else (r.low, r.high) if r.kind == "int" else r.choices
    for name, r in RULES.items()}
# The rule options the window's rules page offers, in its order.
RULES_PAGE = tuple(name for name, r in RULES.items() if r.page)


def check_option(name: str, value) -> None:
    """``ConfigError`` unless ``value`` is one ``name`` takes (a rule option of ``RULES``)."""
    rule = RULES[name]
    if rule.kind == "bool":
        if not isinstance(value, bool):
            raise ConfigError(f"option {name} must be true or false")
    elif rule.kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise ConfigError(f"option {name} must be a whole number")
        if not rule.low <= value <= rule.high:
            raise ConfigError(f"{name} must be {rule.range_text or f'between {rule.low} and {rule.high}'}")
    else:
        if not isinstance(value, str):
            raise ConfigError(f"option {name} must be a string")
        if value not in rule.choices:
            raise ConfigError(f"{name} must be one of {', '.join(rule.choices)}")
