"""The rule options as a list a front end can build its screens from.

Each ``RuleOption`` gives the option's name, its default (read from
``GameConfig``, never copied), what kind of value it takes (on/off, a
whole number in a range, or one of some choices), its line of help and
the section of docs/rules.md it changes. ``defaults()`` is every option's
default; ``step(name, value, d)`` the next value for a left/right key.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .config import (
    BOARD_CHOICES,
    MIN_VP_TARGET,
    OPTION_HELP,
    GameConfig,
    max_victory_points,
)
from .options import RULES, RULES_PAGE


@dataclass(frozen=True)
class RuleOption:
    name: str
    default: object
    kind: str                       # "bool", "int" or "choice"
    help: str
    section: str                    # in docs/rules.md
    choices: tuple = ()             # kind "choice"
    low: int = 0                    # kind "int": allowed range
    high: int = 0


# The options of every game; scenario and island_bonus belong to the map (docs/seafarers.md) and are
# left out, as GameConfig.to_dict leaves them out at their defaults.
_DEFAULTS = {f.name: f.default for f in fields(GameConfig) if f.name in GameConfig().to_dict()}
# The game's options: name -> (kind, section, choices or (low, high)); ranges as GameConfig checks them.
# Each rule option's comes from its one declaration (options.RULES).
_SPEC = {
    "players": ("int", "§12", (3, 6)),
    "seed": ("int", "§3", (0, 2**63 - 1)),
    "board": ("choice", "§3.2-3.3", BOARD_CHOICES),
    "vp_target": ("int", "§11.4", (MIN_VP_TARGET, max(max_victory_points(n) for n in range(3, 7)))),
    **{name: (r.kind, r.section, r.choices if r.kind == "choice" else (r.low, r.high) if r.kind == "int" else ())
       for name, r in RULES.items()},
}


def _make(name: str) -> RuleOption:
    kind, section, extra = _SPEC[name]
    base = {"name": name, "default": _DEFAULTS[name], "kind": kind, "help": OPTION_HELP[name],
            "section": "docs/rules.md " + section}
    if kind == "choice":
        return RuleOption(**base, choices=tuple(extra))
    if kind == "int":
        return RuleOption(**base, low=extra[0], high=extra[1])
    return RuleOption(**base)


OPTIONS: dict[str, RuleOption] = {name: _make(name) for name in _DEFAULTS}
# The rule options the window's rules page offers, in its order (options.RULES).
PAGE = RULES_PAGE


def defaults() -> dict:
    """Every option's default value."""
    return dict(_DEFAULTS)


def step(name: str, value, d: int):
    """The value after ``value`` moving by ``d`` (left/right): on/off
    toggles, numbers stay in range, choices wrap around."""
    opt = OPTIONS[name]
    if opt.kind == "bool":
        return not value if d else value
    if opt.kind == "choice":
        return opt.choices[(opt.choices.index(value) + d) % len(opt.choices)]
    return max(opt.low, min(opt.high, value + d))
