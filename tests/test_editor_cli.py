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
