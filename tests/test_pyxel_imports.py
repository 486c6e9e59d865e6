"""Where Pyxel is imported. A window module imports it once, at the top; an
import inside a function says why on its line or the line before (the
command line's files must not load Pyxel). The engine, the computer players
and the command line's commands without a window never load Pyxel: they run
where there is no display, in worker processes and in the browser's engine
check."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "retrocatan"

NOT_YET: set[str] = set()     # modules still allowed a function-level import without a comment: none


def _pyxel_imports(tree: ast.AST):
    """(node, at module level) for every ``import pyxel...`` / ``from pyxel... import``."""
    top = set(map(id, tree.body))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        if any(n == "pyxel" or n.startswith("pyxel.") for n in names):
            yield node, id(node) in top


def import_problems(path: Path, rel: str) -> list[str]:
    """What is wrong with the Pyxel imports of one file."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    problems = []
    at_top = 0
    for node, top in _pyxel_imports(ast.parse(text)):
        if top:
            at_top += 1
            continue
        line = lines[node.lineno - 1]
        before = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
        if "#" not in line and not before.startswith("#"):
            problems.append(f"{rel}:{node.lineno}: Pyxel imported inside a function without a comment why")
    if at_top > 1:
        problems.append(f"{rel}: Pyxel imported {at_top} times at the top")
    return problems


def test_pyxel_is_imported_at_the_top_or_a_comment_says_why_not():
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel in NOT_YET:
            continue
        problems += import_problems(path, rel)
    assert not problems, "\n".join(problems)


def test_the_check_finds_an_import_inside_a_function_without_a_reason(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n\n\ndef draw():\n    import pyxel\n    pyxel.cls(0)\n", encoding="utf-8")
    assert import_problems(bad, "bad.py") == ["bad.py:5: Pyxel imported inside a function without a comment why"]
    twice = tmp_path / "twice.py"
    twice.write_text("import pyxel\nimport pyxel.utils\n", encoding="utf-8")
    assert import_problems(twice, "twice.py") == ["twice.py: Pyxel imported 2 times at the top"]
    told = tmp_path / "told.py"
    told.write_text("def path():\n    # not at the top: the command line must not load Pyxel\n    import pyxel\n"
                    "    return pyxel.user_data_dir('a', 'b')\n\n\ndef other():\n"
                    "    from pyxel import cls  # the same, on its line\n    cls(0)\n", encoding="utf-8")
    assert import_problems(told, "told.py") == []


# One subprocess: imports every module of the engine and the computer players,
# then runs the command line's commands that need no window; reports whether
# Pyxel (or any window module) was loaded.
PROBE = r"""
import contextlib, importlib, io, json, pkgutil, sys
import retrocatan.ai, retrocatan.engine
for pkg in (retrocatan.engine, retrocatan.ai):
    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(m.name)
loaded = {"engine and ai": sorted(m for m in sys.modules if m == "pyxel" or m.startswith(("pyxel.", "retrocatan.ui")))}
from retrocatan.cli import main
for args in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(args)
    assert rc == 0, (args, rc, err.getvalue()[-500:])
    loaded[" ".join(args)] = sorted(m for m in sys.modules if m == "pyxel" or m.startswith("pyxel."))
print(json.dumps(loaded))
"""


def test_engine_ai_and_the_commands_without_a_window_never_load_pyxel(tmp_path):
    replay = tmp_path / "game-3.json"
    scenario = PACKAGE / "scenarios" / "four-islands.json"
    commands = [
        ["simulate", "--games", "1", "--seed", "3", "--players", "3", "--jobs", "1", "--save-replays", str(tmp_path)],
        ["replay", "--verify", str(replay)],
        ["tournament", "--seats", "easy,random,random", "--games", "2", "--jobs", "1"],
        ["board", "--seed", "2"],
        ["board", "--scenario", "four-islands"],
        ["scenarios"],
        ["scenario", "check", str(scenario)],
    ]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    res = subprocess.run([sys.executable, "-c", PROBE, json.dumps(commands)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    loaded = json.loads(res.stdout.strip().splitlines()[-1])
    assert set(loaded) == {"engine and ai"} | {" ".join(c) for c in commands}
    assert {k: v for k, v in loaded.items() if v} == {}
