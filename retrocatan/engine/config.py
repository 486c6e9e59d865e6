"""The game config: players, seed, board, and every rule option of RULES.md.

A config is part of every save and replay. ``GameConfig.from_dict`` checks
every value and refuses unknown keys with a clear ``ConfigError``.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields

from .components import BOARD_KINDS, PIECES, VICTORY_POINT, board_kind_for

_SCENARIO_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


class ConfigError(ValueError):
    """A config value is out of range or unknown."""


MIN_VP_TARGET = 3
AWARD_POINTS = 2   # Longest Trade Route, Largest Army


def max_victory_points(players: int, scenario: str = "", island_bonus: str = "") -> int:
    """The most points one player can ever hold on the board for ``players``:
    every city piece and every settlement piece on the board (a city first
    stands as a settlement, whose piece comes back), both awards and every
    victory point card of that board's deck (base and extension: 22); on a
    scenario map also the island bonus of every settlement (option
    ``island_bonus``, else the scenario's). ``ConfigError`` for an unknown
    scenario."""
    deck = BOARD_KINDS[board_kind_for(players)]["deck"]
    most = 2 * PIECES["cities"] + PIECES["settlements"] + 2 * AWARD_POINTS + deck[VICTORY_POINT]
    if scenario:
        from .seafarers import max_bonus
        most += max_bonus(_scenario(scenario), island_bonus)
    return most


def vp_targets(players: int, scenario: str = "", island_bonus: str = "") -> range:
    """Every ``vp_target`` the engine accepts for ``players`` (on a scenario
    map, with its island bonus): a target nobody can reach is refused."""
    return range(MIN_VP_TARGET, max_victory_points(players, scenario, island_bonus) + 1)


def _scenario(scenario_id: str):
    from .scenario import ScenarioError
    from .sea_board import load_scenario
    if len(scenario_id) > 40 or _SCENARIO_ID.fullmatch(scenario_id) is None:
        raise ConfigError("scenario must be the id of a scenario (lower-case letters, digits and hyphens)")
    try:
        return load_scenario(scenario_id)
    except ScenarioError as exc:
        raise ConfigError(f"scenario: {exc}") from None


SPECIAL_BUILD_CHOICES = ("always", "only_if_active_built", "off")
CUT_ROADS_CHOICES = ("buildable", "abandoned", "lost")
BOARD_CHOICES = ("random", "beginner")

# One line of documentation per option, for --help texts and the options screen.
OPTION_HELP = {
    "players": "number of players, 3-6 (5-6 use the extension board and its special build phase)",
    "seed": "seed of the game's random generator (board, dice, cards, steals)",
    "board": "random (letter spiral from a random coastal hex) or beginner (fixed layout)",
    "vp_target": f"victory points needed to win, on your own turn ({MIN_VP_TARGET} up to "
                 f"{max(max_victory_points(n) for n in range(3, 7))}, the most one player can score)",
    "free_phase_order": "trade and build interleaved (later editions); off: roll, then trade, then build",
    "dev_cards_per_turn": "development cards a player may play in one turn",
    "vp_cards_instant": "victory point cards count at once, even to win on purchase",
    "robber_to_desert": "the robber may be moved back to the desert",
    "no_red_neighbours": "no 6 or 8 token touches another 6 or 8",
    "friendly_robber": "the robber may not go next to a player with fewer than 3 points",
    "dice_deck": "draw dice results from a deck of the 36 outcomes instead of rolling",
    "special_build": "5-6 players: always | only_if_active_built | off",
    "turn_limit": "end after this many turns (0: after 500 rounds); the leader wins",
    "cut_roads": "roads cut off by an opponent's settlement: buildable | abandoned | lost",
    "progress_to_deck_bottom": "played progress cards go under the development deck (Russian source)",
    "offers_per_turn": "domestic trade offers the current player may make in one turn",
    "scenario": "id of a shipped scenario map (retrocatan scenarios); empty: the base game's island",
    "island_bonus": "scenario maps: the island bonus, as the scenario says (empty) or every_settlement "
                    "(DOS manual: each settlement where you did not found) | first_settlement "
                    "(rule book: the first on each new island) | none",
}
ISLAND_BONUS_CHOICES = ("", "every_settlement", "first_settlement", "none")
# Options that exist only for scenario maps: left out of a config's dict at their default, so the
# base game's configs, saves and state hashes are those of before scenarios.
_SCENARIO_ONLY = {"scenario": "", "island_bonus": ""}


@dataclass(frozen=True)
class GameConfig:
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
    scenario: str = ""
    island_bonus: str = ""

    def __post_init__(self) -> None:
        self.validate()

    @property
    def board_kind(self) -> str:
        return board_kind_for(self.players)

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
        need(self.scenario == "" or (len(self.scenario) <= 40 and _SCENARIO_ID.fullmatch(self.scenario) is not None),
             "scenario must be the id of a scenario (lower-case letters, digits and hyphens)")
        if self.scenario:
            counts = _scenario(self.scenario).players
            need(self.players in counts, f"scenario {self.scenario} is for {' or '.join(map(str, counts))} players")
        targets = vp_targets(self.players, self.scenario, self.island_bonus)
        need(self.vp_target in targets,
             f"vp_target must be between {targets[0]} and {targets[-1]} (the most one player can score "
             f"with {self.players} players)")
        need(1 <= self.dev_cards_per_turn <= 30, "dev_cards_per_turn must be between 1 and 30")
        need(self.special_build in SPECIAL_BUILD_CHOICES,
             f"special_build must be one of {', '.join(SPECIAL_BUILD_CHOICES)}")
        need(0 <= self.turn_limit <= 10000, "turn_limit must be between 0 (none) and 10000")
        need(self.cut_roads in CUT_ROADS_CHOICES, f"cut_roads must be one of {', '.join(CUT_ROADS_CHOICES)}")
        need(0 <= self.offers_per_turn <= 100, "offers_per_turn must be between 0 and 100")
        need(self.island_bonus in ISLAND_BONUS_CHOICES,
             "island_bonus must be empty (the scenario's) or one of every_settlement, first_settlement, none")
        need(not self.island_bonus or self.scenario, "island_bonus needs a scenario map")

    def to_dict(self) -> dict:
        d = asdict(self)
        for key, default in _SCENARIO_ONLY.items():
            if d[key] == default:
                del d[key]
        return d

    @classmethod
    def from_dict(cls, data: dict) -> GameConfig:
        if not isinstance(data, dict):
            raise ConfigError("config must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"unknown option {unknown[0]!r}")
        return cls(**data)

    def replace(self, **changes) -> GameConfig:
        d = self.to_dict()
        d.update(changes)
        return GameConfig.from_dict(d)
