"""The scenario check's collecting mode: ``scenario_problems`` lists every
problem with the hex it names; ``validate_scenario`` raises the first."""

import random
import re
from dataclasses import replace

import pytest

from retrocatan import scenarios
from retrocatan.engine.scenario import Harbour, ScenarioError
from retrocatan.engine.scenario_check import Problem, scenario_problems, validate_scenario
from retrocatan.engine.scenario_read import parse_scenario, read_draft

SHIPPED = scenarios.available()


@pytest.mark.parametrize("sid", SHIPPED)
def test_shipped_scenarios_have_no_problems(sid):
    assert scenario_problems(scenarios.load(sid)) == []


def test_every_problem_is_listed_with_its_hex_and_the_first_is_raised():
    s = scenarios.load("four-islands")
    bad = replace(s, robber=(1, 3), founding=((1, 1), (2, 2)), pirate=(2, 2),
                  harbours=(Harbour((1, 2), "nw", "?"),) + s.harbours[1:],
                  tokens=s.tokens + (5,))
    found = scenario_problems(bad)
    assert found == [
        Problem(f"numbers.tokens: more numbers ({len(s.tokens) + 1}) than hexes that take one ({len(s.tokens)})"),
        Problem("robber: row 1, column 3 is not a land hex", (1, 3)),
        Problem("pirate: row 2, column 2 is not a sea hex", (2, 2)),
        Problem("harbours[1] (row 1, column 2): side nw faces no land hex, so the harbour is not on the coast", (1, 2)),
        Problem("founding[1] (row 1, column 1): not a land hex", (1, 1)),
    ], found
    with pytest.raises(ScenarioError) as e:
        validate_scenario(bad)
    assert str(e.value) == found[0].text
    assert str(found[1]) == found[1].text


def test_the_first_problem_is_the_line_the_reader_gives():
    text = scenarios.text("base-3-4").replace('"robber": "desert"', '"robber": [1, 1]')
    text = text.replace('"vp_target": 10', '"vp_target": 29')
    with pytest.raises(ScenarioError) as e:
        parse_scenario(text)
    found = scenario_problems(read_draft(text))
    assert [p.text for p in found] == [str(e.value), "robber: row 1, column 1 is not a land hex"]
    assert str(e.value) == "vp_target: 29 points cannot be reached"


def test_checks_that_need_an_earlier_one_are_skipped():
    s = scenarios.load("four-islands")
    # No land: nothing past that.
    sea = tuple(tuple("~" for _ in row) for row in s.map)
    assert [p.text for p in scenario_problems(replace(s, map=sea))][-1] == "map: has no land"
    # Regions of the wrong size: no founding check (it needs the regions).
    found = scenario_problems(replace(s, regions=(("a",),), founding=((1, 1),)))
    assert [p.text for p in found] == [f"regions: must have the size of the map ({len(s.map)} rows of {len(s.map[0])})"]
    # A harbour not on the coast is not checked for shared corners.
    h = s.harbours[0]
    found = scenario_problems(replace(s, harbours=(replace(h, side="nw"), replace(h, side="nw"))))
    assert sum("harbours[" in p.text for p in found) == 2


def test_random_damage_never_breaks_the_check():
    rng = random.Random(16)
    for sid in SHIPPED:
        s = scenarios.load(sid)
        rows, cols = len(s.map), len(s.map[0])
        for _ in range(25):
            def place():
                return rng.randint(1, rows + 2), rng.randint(1, cols + 2)
            changes = {}
            if rng.random() < 0.5:
                changes["robber"] = place()
            if rng.random() < 0.4:
                changes["pirate"] = place()
            if rng.random() < 0.4:
                changes["founding"] = tuple(place() for _ in range(rng.randint(1, 3)))
            if rng.random() < 0.4 and s.harbours:
                changes["harbours"] = tuple(replace(h, hex=place() if rng.random() < 0.3 else h.hex,
                                                    side=rng.choice(("e", "w", "ne", "nw", "se", "sw")))
                                            for h in s.harbours)
            if rng.random() < 0.3:
                y, x = rng.randrange(rows), rng.randrange(cols)
                row = list(s.map[y])
                row[x] = rng.choice((".", "~", "W", "D", "?", "=", "W5"))
                changes["map"] = s.map[:y] + (tuple(row),) + s.map[y + 1:]
            if rng.random() < 0.2:
                changes["tokens"] = s.tokens[:-1]
            bad = replace(s, **changes)
            found = scenario_problems(bad)
            assert all(isinstance(p, Problem) and "\n" not in p.text and len(p.text) <= 240 for p in found)
            if found:
                with pytest.raises(ScenarioError, match="^" + re.escape(found[0].text) + "$"):
                    validate_scenario(bad)
            else:
                validate_scenario(bad)
