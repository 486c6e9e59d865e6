"""What the game would say about a scenario, and how its numbers fall.

``problems(s)`` writes the scenario and reads it back with the game's own
reader and check (``read_draft(dump_scenario(s))``, then
``scenario_problems``), so the editor lists exactly what would stop the
game from loading it, each problem naming its hex when it has one;
``problem(s)`` is the first of them, the line the game would print;
``problem_text(p)`` is a problem in the current language.
``statistics(s)`` counts the number tokens per dice total and the dots
("pips": 5 for a 6 or 8, 1 for a 2 or 12) each resource can expect.
"""

from __future__ import annotations

import re

from ...engine.scenario import FOG_CODE, POOL_CODE, TERRAIN_CODES, Scenario, ScenarioError
from ...engine.scenario_check import Problem, problem_line, scenario_problems
from ...engine.scenario_read import read_draft
from ...engine.scenario_write import dump_scenario
from ..text import TEXTS, language, t

# Resources by terrain; gold yields any resource and is counted on its own.
YIELD = {"forest": "wood", "hills": "brick", "pasture": "sheep", "fields": "wheat", "mountains": "coal",
         "gold": "gold"}
STAT_KINDS = ("wood", "brick", "sheep", "wheat", "coal", "gold")


def pips(number: int) -> int:
    """Dots on a token: how many of the 36 rolls of two dice give it."""
    return 6 - abs(7 - number) if number else 0


def _format_problem(text: str) -> Problem:
    """A problem of the file's format, with the hex it names ("... row 3, column 5: ...")."""
    m = re.search(r"row (\d+), column (\d+)", text)
    return Problem(text, (int(m.group(1)), int(m.group(2))) if m else None)


def problems(s: Scenario) -> list[Problem]:
    """Every fault the game's reader and check find (the format first:
    a draft that does not read gives that one line only); [] when it loads."""
    try:
        draft = read_draft(dump_scenario(s))
    except ScenarioError as e:
        return [_format_problem(str(e))]
    except (ValueError, KeyError, IndexError) as e:    # a draft the writer cannot express
        return scenario_problems(s) or [Problem(f"cannot be written: {e}")]
    return scenario_problems(draft)


def problem(s: Scenario) -> str | None:
    """The first fault the game's reader finds (the line it would print), or None when it loads."""
    found = problems(s)
    return found[0].text if found else None


def problem_text(p: Problem) -> str:
    """A problem in the current language: ``scenproblem.<code>`` of the
    string table with its params (a harbour's side also as ``side_name``,
    the side's word); a problem without a text of its own (an option's
    error, the file's format) is the game's English line."""
    key = f"scenproblem.{p.code}"
    if p.code == "other" or key not in TEXTS[language()]:
        return p.text
    params = dict(p.params)
    if "side" in params:
        params["side_name"] = t(f"ed.side.{params['side']}")
    try:
        return problem_line(t(key, **params))
    except (KeyError, IndexError, ValueError):
        return p.text


def statistics(s: Scenario) -> dict:
    """``per_number``: tokens on the map and in the pools per total 2-12;
    ``pips``: expected dots per resource (fixed hexes exactly, pool and fog
    hexes by their share of the pool, dealt tokens by their mean);
    ``total_pips``: all dots."""
    per_number = {n: 0 for n in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)}
    for n in s.tokens + s.fog_tokens:
        per_number[n] += 1
    result = {k: 0.0 for k in STAT_KINDS}
    mean = sum(map(pips, s.tokens)) / len(s.tokens) if s.tokens else 0.0
    fog_mean = sum(map(pips, s.fog_tokens)) / len(s.fog_tokens) if s.fog_tokens else 0.0
    pool = dict(s.terrain_pool)
    pool_total = sum(pool.values())
    fog_pool = dict(s.fog_pool)
    fog_total = sum(fog_pool.values())
    for row in s.map:
        for code in row:
            letter, number = code[0], int(code[1:]) if len(code) > 1 else 0
            if number:
                per_number[number] += 1
            if letter in TERRAIN_CODES:
                kind = YIELD.get(TERRAIN_CODES[letter])
                if kind:
                    result[kind] += pips(number) if number else mean
            elif letter == POOL_CODE and pool_total:
                for terrain, n in pool.items():
                    kind = YIELD.get(terrain)
                    if kind:
                        result[kind] += n / pool_total * (pips(number) if number else mean)
            elif code == FOG_CODE and fog_total:
                for terrain, n in fog_pool.items():
                    kind = YIELD.get(terrain)
                    if kind:
                        result[kind] += n / fog_total * fog_mean
    if s.generator is not None:           # the generator lays the pool out from the seed
        for terrain, n in pool.items():
            kind = YIELD.get(terrain)
            if kind:
                result[kind] += n * mean
    return {"per_number": per_number, "pips": result, "total_pips": sum(result.values())}
