"""``retrocatan scenario check FILE`` and the refusals of ``retrocatan edit FILE``."""

import json
import os
import subprocess
import sys

import pytest

from retrocatan import scenarios
from retrocatan.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("sid", scenarios.available())
def test_check_accepts_every_shipped_scenario(sid, tmp_path, capsys):
    path = tmp_path / f"{sid}.json"
    path.write_text(scenarios.text(sid), encoding="utf-8")
    assert main(["scenario", "check", str(path)]) == 0
    assert capsys.readouterr().out.startswith(f"OK: {path}: {sid}")


@pytest.mark.parametrize("text", [
    '{"format": "retrocatan-scenario", "ver',
    scenarios.text("base-3-4").replace('".   .   ~   ~', '".   .   ~8  ~', 1),
    scenarios.text("base-3-4").replace('"players": [3, 4]', '"players": "3"'),
    scenarios.text("base-3-4").replace('"map": [', '"map": [' + '"~ ~", ' * 30, 1),          # a huge map
    scenarios.text("base-3-4").replace('".   .   ~   ~', '".   .   Q   ~', 1),              # an unknown code
    "[" * 100000,
])
def test_check_refuses_with_one_line_and_exit_2(text, tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main(["scenario", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and err.startswith("retrocatan scenario check:")
    assert path.read_text(encoding="utf-8") == text


def test_check_json_and_missing_files(tmp_path, capsys):
    assert main(["scenario", "check", str(tmp_path / "nope.json"), "--json"]) == 2
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["ok"] is False and out["problem"]
    assert main(["scenario", "check", str(tmp_path)]) == 2
    assert main(["scenario"]) == 2


def test_edit_refuses_a_damaged_file_without_touching_it(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1', encoding="utf-8")
    assert main(["edit", str(path)]) == 2
    assert "retrocatan edit:" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == '{"format": 1'
    assert main(["edit", str(tmp_path / "no-folder" / "x.json")]) == 2


def test_check_from_the_shell_exit_codes(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(scenarios.text("fog-island"), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    run = [sys.executable, "-m", "retrocatan", "scenario", "check"]
    assert subprocess.run(run + [str(good)], cwd=ROOT, capture_output=True).returncode == 0
    r = subprocess.run(run + [str(bad)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.count("\n") == 1


def test_check_lists_every_problem_one_a_line_the_first_as_the_game_says_it(tmp_path, capsys):
    from retrocatan.engine.scenario import ScenarioError
    from retrocatan.engine.scenario_read import parse_scenario
    text = scenarios.text("four-islands")
    text = text.replace('{"hex": [1, 2], "side": "se"', '{"hex": [1, 2], "side": "nw"')
    text = text.replace('"founding": "all"', '"founding": [[1, 1]]')
    text = text.replace('"robber": "desert"', '"robber": [1, 1]')
    path = tmp_path / "draft.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as game:
        parse_scenario(text)
    assert main(["scenario", "check", str(path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"retrocatan scenario check: {path}: {game.value}"
    assert lines[0].endswith(f"{path}: robber: row 1, column 1 is not a land hex")
    assert lines[1:] == [
        "  harbours[1] (row 1, column 2): side nw faces no land hex, so the harbour is not on the coast",
        "  founding[1] (row 1, column 1): not a land hex"]
    assert main(["scenario", "check", str(path), "--json"]) == 2
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["problem"] == f"{path}: {game.value}" and len(out["problems"]) == len(lines)
    # the editor opens the same file (its format is right): `retrocatan edit` does not refuse it
    from retrocatan.ui.maps.files import load_path
    assert load_path(str(path)).robber == (1, 1)


def test_a_shipped_scenario_file_named_on_the_command_line_opens_read_only(tmp_path):
    from importlib import resources

    from retrocatan.ui.editor.main import editor_source
    shipped = resources.files("retrocatan.scenarios") / "fog-island.json"
    src = editor_source(str(shipped))
    assert (src.kind, src.name, src.read_only) == ("shipped", "fog-island", True)
    link = tmp_path / "link.json"                       # through a link: still the shipped file
    link.symlink_to(str(shipped))
    assert editor_source(str(link)).read_only
    copy = tmp_path / "fog-island.json"                 # a copy elsewhere is the user's own file
    copy.write_text(scenarios.text("fog-island"), encoding="utf-8")
    assert editor_source(str(copy)).kind == "path"
    assert editor_source(None).kind == "new"
