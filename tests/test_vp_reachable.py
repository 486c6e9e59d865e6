"""The highest victory point target with the island bonus (docs/rules.md
§11.4, §14.12): the scenario check, the game's config and the rule book
agree, all three from ``config.max_victory_points``."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from retrocatan import scenarios
from retrocatan.engine.config import ConfigError, GameConfig, max_victory_points, scenario_options
from retrocatan.engine.scenario_check import scenario_problems

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules.md"


def _game_accepts(s, players: int) -> bool:
    try:
        GameConfig(players=players, seed=1, **scenario_options(s, players))
    except ConfigError:
        return False
    return True


def test_the_check_accepts_exactly_the_targets_a_game_accepts():
    # §14.12: the check refuses a target no game of the scenario accepts, and no other
    base = scenarios.load("four-islands")
    for form, points in (("every_settlement", 1), ("every_settlement", 2), ("first_settlement", 1),
                         ("first_settlement", 2), ("none", 0)):
        for target in range(18, 40):
            s = replace(base, island_bonus=form, island_bonus_points=points, vp_target=target)
            checked = "vp_unreachable" not in [p.code for p in scenario_problems(s)]
            assert checked == all(_game_accepts(s, n) for n in s.players), (form, points, target)


def test_the_rule_book_states_the_reachable_targets():
    text = " ".join(RULES.read_text(encoding="utf-8").split())
    part = text[text.index("14.12 **Island bonus.**"):text.index("14.13")]
    s = scenarios.load("four-islands")
    every = max_victory_points(4, replace(s, island_bonus="every_settlement", island_bonus_points=1))
    first = [max_victory_points(4, replace(s, island_bonus="first_settlement", island_bonus_points=k))
             for k in (1, 2)]
    plain = max_victory_points(4)
    stated = re.search(r"\(§11\.4: (\d+) without it\).*?\*\*(\d+)\*\* with `every_settlement`, "
                       r"\*\*(\d+) \+ (\d+) × the scenario's points\*\* with `first_settlement` "
                       r"\(\*\*(\d+)\*\* for 1 point, \*\*(\d+)\*\* for 2\)", part)
    assert stated, part
    n = [int(x) for x in stated.groups()]
    assert n[0] == plain and n[1] == every and n[2] == plain
    assert [n[2] + n[3], n[2] + 2 * n[3]] == first == [n[4], n[5]]


def test_a_file_is_read_up_to_the_highest_target_a_map_allows():
    # §14.12: first_settlement with 2 points reaches 22 + 7 x 2 = 36; the reader takes every target
    # some map reaches, and the check decides on the map
    import json

    from retrocatan.engine.scenario_read import parse_scenario
    from retrocatan.engine.scenario_write import dump_scenario
    base = scenarios.load("four-islands")
    assert (base.island_bonus, base.island_bonus_points) == ("first_settlement", 2)
    top = max_victory_points(4, base)
    d = json.loads(dump_scenario(base))
    d["vp_target"] = top
    s = parse_scenario(json.dumps(d))
    assert s.vp_target == top and all(_game_accepts(s, n) for n in s.players)
    d["vp_target"] = top + 1
    with pytest.raises(ValueError, match="vp_target"):
        parse_scenario(json.dumps(d))
