"""The victory point targets a game may set: the most points one player
can ever hold (docs/rules.md §11.4), with the island bonus on a scenario
map (§14.12). The one home of that number: the config refuses a higher
``vp_target``, the scenario check a higher scenario target, the rule book
states it (tests/test_vp_reachable.py)."""

from __future__ import annotations

from .components import BOARD_KINDS, PIECES, VICTORY_POINT, board_kind_for
from .options import MIN_VP_TARGET
from .scenario import Scenario

AWARD_POINTS = 2   # Longest Trade Route, Largest Army
MOST_BONUS_POINTS = 2   # a scenario's island bonus is worth 1 or 2 points (docs/scenario-format.md)


def max_bonus(scenario: Scenario, island_bonus: str = "") -> int:
    """The most island bonus points one player can score on ``scenario``
    (every building but the two founding ones, docs/rules.md §14.12), with
    the form ``island_bonus`` or the scenario's: one point a settlement
    (``every_settlement``), the scenario's points a region
    (``first_settlement``)."""
    form = island_bonus or scenario.island_bonus
    if form == "none":
        return 0
    buildings = PIECES["settlements"] + PIECES["cities"] - 2
    return buildings * (1 if form == "every_settlement" else scenario.island_bonus_points or 1)


def max_victory_points(players: int, scenario: Scenario | None = None, island_bonus: str = "") -> int:
    """The most points one player can ever hold on the board for ``players``:
    every city piece and every settlement piece on the board (a city first
    stands as a settlement, whose piece comes back), both awards and every
    victory point card of that board's deck (base and extension: 22); on a
    scenario map also the island bonus of every settlement (option
    ``island_bonus``, else the scenario's)."""
    deck = BOARD_KINDS[board_kind_for(players)]["deck"]
    most = 2 * PIECES["cities"] + PIECES["settlements"] + 2 * AWARD_POINTS + deck[VICTORY_POINT]
    if scenario is not None:
        most += max_bonus(scenario, island_bonus)
    return most


def vp_targets(players: int, scenario: Scenario | None = None, island_bonus: str = "") -> range:
    """Every ``vp_target`` the engine accepts for ``players`` (on a scenario
    map, with its island bonus): a target nobody can reach is refused."""
    return range(MIN_VP_TARGET, max_victory_points(players, scenario, island_bonus) + 1)


def highest_target() -> int:
    """The highest ``vp_target`` of any map: the most points of the largest
    board with the island bonus at its most (``first_settlement``, 2 points);
    a scenario file's target is read up to it, then checked on its own map."""
    buildings = PIECES["settlements"] + PIECES["cities"] - 2
    return max(max_victory_points(n) for n in range(3, 7)) + buildings * MOST_BONUS_POINTS
