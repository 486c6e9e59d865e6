"""The game config: players, seed, board, and every rule option of docs/rules.md §13.

A config is part of every save and replay. ``GameConfig.from_dict`` checks
every value and refuses unknown keys with a clear ``ConfigError``. A config
holds its scenario as the model (``scenario.Scenario``) and writes it as its
canonical JSON object, which ``from_dict`` reads back (checked as a file
is); the config opens no files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

from .components import board_kind_for
from .options import (
    BOARD_CHOICES,
    CUT_ROADS_CHOICES,
    ISLAND_BONUS_CHOICES,
    MIN_VP_TARGET,
    RULE_OPTIONS,
    RULES,
    SPECIAL_BUILD_CHOICES,
    ConfigError,
    check_option,
)
from .scenario import Scenario, ScenarioError
from .scenario_read import read_scenario_object
from .targets import AWARD_POINTS, max_bonus, max_victory_points, vp_targets

__all__ = ["AWARD_POINTS", "BOARD_CHOICES", "CUT_ROADS_CHOICES", "ISLAND_BONUS_CHOICES", "MIN_VP_TARGET",
           "SPECIAL_BUILD_CHOICES", "ConfigError", "GameConfig", "max_bonus", "max_victory_points",
           "scenario_options", "vp_targets"]


def scenario_options(s: Scenario, players: int) -> dict:
    """The config options of a game on scenario ``s``: the scenario, its
    victory point target and its default rule options (``ScenarioError``
    for a player count the scenario is not made for)."""
    if players not in s.players:
        raise ScenarioError(f"scenario {s.id} is for {' or '.join(map(str, s.players))} players")
    return {"scenario": s, "vp_target": s.vp_target, **dict(s.options)}



# One line of documentation per option, for --help texts and the options screen: the game's
# options here, each rule option's from its declaration (options.RULES).
OPTION_HELP = {
    "players": "number of players, 3-6 (5-6 use the extension board and its special build phase)",
    "seed": "seed of the game's random generator (board, dice, cards, steals)",
    "board": "random (letter spiral from a random coastal hex) or beginner (fixed layout)",
    "vp_target": f"victory points needed to win, on your own turn ({MIN_VP_TARGET} up to "
                 f"{max(max_victory_points(n) for n in range(3, 7))}, the most one player can score)",
    **{name: rule.help for name, rule in RULES.items()},
    "scenario": "the scenario map the game is played on, its whole content (see docs/scenario-format.md); "
                "none: the base game's island",
    "island_bonus": "scenario maps: the island bonus, as the scenario says (empty) or every_settlement "
                    "(DOS manual: each settlement where you did not found) | first_settlement "
                    "(rule book: the first on each new island) | none",
}


@dataclass(frozen=True)
class GameConfig:
    """A game's options. ``scenario`` is the scenario map itself (a
    ``Scenario``, shared, never copied), or None for the base game's
    island: the config carries the whole map, so a game replays from its
    record alone. ``to_dict`` writes the scenario's canonical JSON object
    (``Scenario.to_dict``) under "scenario" and leaves it (and ``island_bonus``) out when unset, so the
    base game's configs, saves and state hashes are those of before
    scenarios."""

    players: int = 4
    seed: int = 0
    board: str = "random"
    vp_target: int = 10
    free_phase_order: bool = False
    dev_cards_per_turn: int = 1
    vp_cards_instant: bool = True
    robber_to_desert: bool = True
    no_red_neighbours: bool = False
    friendly_robber: bool = False
    dice_deck: bool = False
    special_build: str = "always"
    turn_limit: int = 0
    cut_roads: str = "buildable"
    progress_to_deck_bottom: bool = False
    offers_per_turn: int = 10
    scenario: Scenario | None = None
    island_bonus: str = ""

    def __post_init__(self) -> None:
        self.validate()

    def __hash__(self) -> int:      # a Scenario holds dicts, so it stands in by its id (equal configs, equal ids)
        return hash(tuple(self.scenario_id if f.name == "scenario" else getattr(self, f.name) for f in fields(self)))

    @property
    def board_kind(self) -> str:
        return board_kind_for(self.players)

    @property
    def scenario_id(self) -> str:
        """The scenario's id ("" for the base game)."""
        return "" if self.scenario is None else self.scenario.id

    def validate(self) -> None:
        def need(ok: bool, msg: str) -> None:
            if not ok:
                raise ConfigError(msg)

        for f in fields(self):
            v = getattr(self, f.name)
            if f.type in ("int", int):
                need(isinstance(v, int) and not isinstance(v, bool), f"option {f.name} must be a whole number")
            elif f.type in ("bool", bool):
                need(isinstance(v, bool), f"option {f.name} must be true or false")
            elif f.type in ("str", str):
                need(isinstance(v, str), f"option {f.name} must be a string")
        need(3 <= self.players <= 6, "players must be 3, 4, 5 or 6")
        need(0 <= self.seed < 2**63, "seed must be between 0 and 2**63-1")
        need(self.board in BOARD_CHOICES, f"board must be one of {', '.join(BOARD_CHOICES)}")
        s = self.scenario
        need(s is None or isinstance(s, Scenario),
             "scenario must be a scenario's content (retrocatan.scenarios turns a shipped scenario's id into one)")
        if s is not None:
            need(self.players in s.players, f"scenario {s.id} is for {' or '.join(map(str, s.players))} players")
            need(self.board != "beginner" or s.beginner is not None,
                 f"scenario {s.id} has no beginner layout (board must be random)")
        targets = vp_targets(self.players, s, self.island_bonus)
        need(self.vp_target in targets,
             f"vp_target must be between {targets[0]} and {targets[-1]} (the most one player can score "
             f"with {self.players} players)")
        for name in RULE_OPTIONS:
            check_option(name, getattr(self, name))
        need(self.island_bonus in ISLAND_BONUS_CHOICES,
             "island_bonus must be empty (the scenario's) or one of every_settlement, first_settlement, none")
        need(not self.island_bonus or s is not None, "island_bonus needs a scenario map")

    def _scenario_json(self) -> str:
        """The scenario's canonical JSON object (``Scenario.to_dict``) as text, made once per config."""
        text = self.__dict__.get("_scenario_text")
        if text is None:
            text = json.dumps(self.scenario.to_dict())
            object.__setattr__(self, "_scenario_text", text)
        return text

    def to_dict(self) -> dict:
        d = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "scenario":
                if v is not None:
                    d["scenario"] = json.loads(self._scenario_json())
            elif f.name != "island_bonus" or v:
                d[f.name] = v
        return d

    @classmethod
    def check_keys(cls, data: dict) -> None:
        """ConfigError unless ``data`` is a JSON object of known options only."""
        if not isinstance(data, dict):
            raise ConfigError("config must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown option {unknown[0]!r}")

    @classmethod
    def from_dict(cls, data: dict, resolve=None) -> GameConfig:
        """The config of ``data`` as ``to_dict`` writes it (the round trip of every config):
        its "scenario" is the scenario's JSON object, read and checked as a file is
        (``scenario_read.read_scenario_object``), or a ``Scenario``, or None. A record of the
        previous format names a shipped scenario by its id only: ``resolve`` (a function id ->
        ``Scenario``, raising KeyError for an unknown id, given by the layer that reads the
        shipped files) turns it into the scenario; without it such a config is refused.
        ConfigError names what is wrong."""
        cls.check_keys(data)
        s = data.get("scenario")
        if isinstance(s, dict):
            s = read_scenario_object(s)
        elif isinstance(s, str) and s:
            if resolve is None:
                raise ConfigError(f"scenario {s[:40]!r} is named only by its id: the config must carry the "
                                  "scenario itself")
            try:
                s = resolve(s)
            except (KeyError, ScenarioError):
                raise ConfigError(f"scenario: no scenario {s[:40]!r}") from None
        elif not (s is None or s == "" or isinstance(s, Scenario)):
            raise ConfigError("scenario must be a scenario's JSON object")
        return cls(**{**data, "scenario": s or None})

    def replace(self, **changes) -> GameConfig:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d.update(changes)
        return GameConfig.from_dict(d)
