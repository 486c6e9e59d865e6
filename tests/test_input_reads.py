"""Every key, button, stick and the mouse are read through ``ui/input.py``'s
``Input``, once a frame: no other module of the window reads Pyxel's
input itself (``STILL_RAW``: a file that may, with how many reads; none
does)."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
UI = os.path.join(ROOT, "retrocatan", "ui")

# Pyxel's names that read the player's input (``pyxel.mouse(True)`` only shows the pointer).
READS = {"btn", "btnp", "btnr", "btnv", "input_text", "input_keys", "mouse_x", "mouse_y", "mouse_wheel"}

STILL_RAW: dict[str, int] = {}


def raw_reads(path: str) -> list[int]:
    """Lines of ``pyxel.<read>`` in a file."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in READS
            and isinstance(node.value, ast.Name) and node.value.id == "pyxel"]


def window_files() -> dict[str, str]:
    out = {}
    for folder, _, files in os.walk(UI):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                out[os.path.relpath(path, UI).replace(os.sep, "/")] = path
    return out


def test_the_reader_finds_a_raw_read_in_any_spelling(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import pyxel\nx = pyxel.btnp(pyxel.KEY_A)\ny = [pyxel.mouse_wheel, pyxel.input_text]\n"
                      "pyxel.mouse(True)\nz = pyxel.btnv(pyxel.GAMEPAD1_AXIS_LEFTX)\n")
    assert raw_reads(str(sample)) == [2, 3, 3, 5]


def test_no_window_module_but_input_reads_pyxel_input_itself():
    files = window_files()
    assert "input.py" in files and raw_reads(files["input.py"])     # the one reader
    over = {}
    for name, path in sorted(files.items()):
        if name == "input.py":
            continue
        lines = raw_reads(path)
        if len(lines) > STILL_RAW.get(name, 0):
            over[name] = lines
    assert over == {}, f"raw Pyxel input outside ui/input.py (ask Input instead): {over}"


def test_the_files_still_reading_raw_input_exist():
    """An entry of ``STILL_RAW`` for a file gone or read through ``Input`` now is taken out."""
    files = window_files()
    assert {name: len(raw_reads(files[name])) for name in STILL_RAW if name in files} == STILL_RAW
