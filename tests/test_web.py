"""The browser build: the packaged app runs from its own files, headless;
and the engine gives the same games under CPython 3.14 in Pyodide."""

import json
import os
import shutil
import subprocess
import zipfile

import pytest

from retrocatan.build import build_web, check_app

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE_DIR = os.environ.get("RETROCATAN_PYODIDE_DIR", os.path.join(ROOT, ".ci", "pyodide"))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("dist"))
    return out, build_web(out)


def test_web_build_files_and_sizes(built):
    out, result = built
    app = os.path.join(out, "retrocatan.pyxapp")
    assert result["sizes"]["retrocatan.pyxapp"] < 1024 * 1024
    with zipfile.ZipFile(app) as zf:
        names = zf.namelist()
    assert "retrocatan/main.py" in names and "retrocatan/retrocatan/resources/fixed-8x13.bdf" in names
    assert not [n for n in names if "/tests/" in n or "/docs/" in n or "__pycache__" in n]
    html = open(os.path.join(out, "retrocatan.html"), encoding="utf-8").read()
    assert "launchPyxel" in html and "retrocatan.pyxapp" in html


def test_packaged_app_runs_headless_from_its_own_files(built, tmp_path):
    out, _ = built
    shot = tmp_path / "web.png"
    report = check_app(out, frames=2500, screenshot=str(shot))
    assert report["frames"] == 2500 and report["turn"] >= 10
    assert shot.read_bytes()[:4] == b"\x89PNG"


# The desktop's network thread and the server a window hosts: ui/net/links.py picks the browser's own
# link there, and Host a game is greyed in the browser, so the browser never imports them.
THREADED = ("thread_link.py", "host.py", "dealing.py")   # the desktop's network; a long deal (falls back to the frame)


def test_runtime_code_avoids_what_the_browser_lacks():
    """No threads, subprocesses or pyxel.flip in what the window runs (flip
    only in the headless demo path, which the browser never takes; a long
    deal's thread only where one can start, scenes/dealing.py)."""
    bad = []
    for part in ("engine", "ai", "ui"):
        for folder, _, files in os.walk(os.path.join(ROOT, "retrocatan", part)):
            for f in files:
                if f.endswith(".py"):
                    text = open(os.path.join(folder, f), encoding="utf-8").read()
                    for word in ("import threading", "import subprocess", "multiprocessing", "pyxel.quit()"):
                        if word in text and not (word == "pyxel.quit()" and f == "app.py") and not (
                                word == "import threading" and f in THREADED):
                            bad.append((f, word))
    assert not bad


def test_engine_under_pyodide_python_3_14():
    node = shutil.which("node")
    if node is None or not os.path.isdir(os.path.join(PYODIDE_DIR, "node_modules", "pyodide")):
        pytest.skip("node and the npm package pyodide are not installed (see .ci/run)")
    env = dict(os.environ, PYODIDE_DIR=PYODIDE_DIR)
    res = subprocess.run([node, os.path.join(ROOT, "tests", "pyodide_check.mjs"), ROOT], capture_output=True,
                         text=True, timeout=600, env=env)
    assert res.returncode == 0, res.stderr[-2000:]
    report = json.loads(res.stdout.strip().splitlines()[-1])
    assert report["python"].startswith("3.14") and report["platform"] == "emscripten"
    assert all(report["golden"].values()) and len(report["golden"]) == 4
    assert report["modules"] >= 40
    from retrocatan.ai import make_player
    from retrocatan.engine import GameConfig
    from retrocatan.match import play
    game = play(GameConfig(players=4, seed=42),
                [make_player(lv, 42, s) for s, lv in enumerate(["hard", "normal", "easy", "hard"])]).game
    assert report["ai_game_hash"] == game.state_hash()
    from retrocatan import scenarios
    assert report["scenarios"] == scenarios.available() and "four-islands" in report["scenarios"]
    sea = play(scenarios.config_for("four-islands", 4, seed=42), [make_player("hard", 42, s) for s in range(4)]).game
    assert report["scenario_game_hash"] == sea.state_hash()
    assert len(report["old_records"]) == 2 and all(report["old_records"].values())


def test_build_command_refuses_bad_input_in_one_line(tmp_path, capsys):
    from retrocatan.build import main
    assert main(["fly"]) == 2
    assert main(["check", "--out", str(tmp_path)]) == 2
    assert main(["check", "--frames", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all("Traceback" not in line for line in err)
