"""The scenario check's problems carry a code and params (engine.scenario_check.PROBLEMS);
the editor shows each in the current language (``problem_text``), the English
text being the game's own line and the German one free of English words."""

import ast
import string
from dataclasses import replace
from pathlib import Path

import pytest

from retrocatan import scenarios
from retrocatan.engine.scenario import Harbour
from retrocatan.engine.scenario_check import PROBLEMS, scenario_problems
from retrocatan.ui.editor.checks import problem_text, problems
from retrocatan.ui.text import TEXTS, set_language

ENGINE_DIR = Path(__file__).resolve().parent.parent / "retrocatan" / "engine"
CHECK_FILES = [ENGINE_DIR / "scenario_check.py", ENGINE_DIR / "new_world.py"]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


def add_calls() -> list[tuple[str, set[str], bool]]:
    """Every ``out.add(code, ..., **params)`` in the checks (scenario_check.py, new_world.py): (the first
    argument, the params it names, whether it spreads a dict of them)."""
    calls = []
    for node in (n for f in CHECK_FILES for n in ast.walk(ast.parse(f.read_text()))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add"
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "out"):
            first = node.args[0] if node.args else None
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), ast.unparse(node)
            calls.append((first.value, {k.arg for k in node.keywords if k.arg},
                          any(k.arg is None for k in node.keywords)))
    return calls


def test_every_code_has_english_and_german_texts():
    codes = set(PROBLEMS) - {"other"}                # "other" is shown as the engine's line
    for lang in ("en", "de"):
        missing = sorted(c for c in codes if f"scenproblem.{c}" not in TEXTS[lang])
        assert not missing, (lang, missing)
        extra = sorted(k for k in TEXTS[lang] if k.startswith("scenproblem.") and k[12:] not in codes)
        assert not extra, (lang, extra)
    for code in codes:
        assert TEXTS["en"][f"scenproblem.{code}"] == PROBLEMS[code], code
        extra = {"side_name"} if "side" in fields(PROBLEMS[code]) else set()
        extra |= {k for c, given, _ in add_calls() if c == code for k in given}   # a place the line leaves out
        assert fields(TEXTS["de"][f"scenproblem.{code}"]) <= fields(PROBLEMS[code]) | extra, code


def test_every_problem_the_check_adds_names_a_declared_code():
    used = []
    for code, given, spread in add_calls():
        assert code in PROBLEMS, code
        need = fields(PROBLEMS[code])
        assert need <= given or spread, (code, need - given)     # spread: **where, a place's row and column
        used.append(code)
    assert len(used) > 40
    assert set(used) == set(PROBLEMS), set(PROBLEMS) - set(used)


def small_spiral_island():
    """Two land hexes under a spiral: a fixed number, too many numbers, no
    desert for the robber, a harbour facing the map's edge, room for too few
    founding settlements, and a victory point target no one can reach."""
    base = scenarios.load("base-3-4")
    island = (("~", "~", "~", "~"), ("~", "W5", "S", "~"), ("~", "~", "~", "~"))
    return replace(base, map=island, terrain_pool=(), tokens=(2, 3, 4), harbour_pool=(), beginner=None,
                   harbours=(Harbour((1, 1), "w", "3:1"),), vp_target=30)


def broken_drafts():
    four = scenarios.load("four-islands")
    yield small_spiral_island()
    yield replace(four, robber=(1, 3), founding=((1, 1), (2, 2)), pirate=(2, 2),
                  harbours=(Harbour((1, 2), "nw", "?"), Harbour((1, 2), "se", "?")) + four.harbours[2:],
                  tokens=four.tokens[:-2])
    yield replace(four, ships=False, island_bonus="none", island_bonus_points=1, components="extension",
                  harbours=four.harbours[:1] + (Harbour((2, 5), "e", "wood"),) + four.harbours[2:])
    yield replace(four, founding=((2, 2), (3, 3)))


def test_english_texts_are_the_engines_lines():
    set_language("en")
    seen = set()
    for draft in broken_drafts():
        found = problems(draft)
        assert found
        for p in found:
            seen.add(p.code)
            assert problem_text(p) == p.text
    assert len(seen - {"other"}) >= 12, seen


def test_german_texts_name_rows_and_columns_in_german(german):
    seen = set()
    for draft in broken_drafts():
        for p in problems(draft):
            if p.code == "other":
                continue
            seen.add(p.code)
            shown = problem_text(p)
            assert shown != p.text and "row" not in shown and "column" not in shown, shown
            if "row" in p.params:
                assert f"Reihe {p.params['row']}, Spalte {p.params['column']}" in shown, shown
            for key in ("n", "tokens", "need", "points", "room", "other"):
                if key in p.params:
                    assert str(p.params[key]) in shown, (key, shown)
    assert {"spiral_fixed_number", "tokens_too_many", "harbour_not_on_coast", "founding_room",
            "vp_unreachable", "robber_not_land", "founding_not_land"} <= seen, seen


def test_a_harbours_side_is_a_german_word(german):
    side = next(p for p in problems(small_spiral_island()) if p.code == "harbour_not_on_coast")
    assert side.params["side"] == "w" and "nach Westen" in problem_text(side)


def test_an_option_error_stays_the_engines_line(german):
    four = scenarios.load("four-islands")
    found = scenario_problems(replace(four, options=(("robber_to_desert", "sometimes"),)))
    assert found and found[0].code == "other"
    assert problem_text(found[0]) == found[0].text
