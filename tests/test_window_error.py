"""A game window that cannot open is one line and exit code 2 (found by the
probe: `retrocatan`, `replay FILE`, `demo` and `edit` printed Pyxel's Rust
panic, its backtrace and a Python traceback)."""

import os
import subprocess
import sys

import pytest

from retrocatan.ui import app as app_module

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class FakePanic(BaseException):
    """Like pyo3's PanicException: not an Exception."""


def test_open_window_turns_a_panic_into_one_line_and_holds_back_its_output(monkeypatch, capfd):
    def panics(scale=0):
        os.write(2, b"thread '<unnamed>' panicked at platform_sdl2.rs:247:13:\nstack backtrace:\n  0: rust\n")
        raise FakePanic("Failed to create window:\n  no OpenGL")
    monkeypatch.setattr(app_module, "init_pyxel", panics)
    with pytest.raises(app_module.WindowError) as info:
        app_module.open_window(2)
    assert str(info.value) == "cannot open the game window: Failed to create window: no OpenGL"
    assert capfd.readouterr().err == ""                       # the panic's lines were held back


def test_open_window_passes_on_what_pyxel_wrote_when_the_window_opened(monkeypatch, capfd):
    seen = []

    def opens(scale=0):
        seen.append(scale)
        os.write(2, b"a driver warning\n")
    monkeypatch.setattr(app_module, "init_pyxel", opens)
    app_module.open_window(3)
    assert seen == [3] and capfd.readouterr().err == "a driver warning\n"


def test_open_window_without_a_python_error_stream(monkeypatch):
    """pythonw and windowed builds have ``sys.stderr = None``."""
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(app_module, "init_pyxel", lambda scale=0: None)
    app_module.open_window()


def test_open_window_lets_an_interrupt_through(monkeypatch):
    def interrupted(scale=0):
        raise KeyboardInterrupt
    monkeypatch.setattr(app_module, "init_pyxel", interrupted)
    with pytest.raises(KeyboardInterrupt):
        app_module.open_window()


@pytest.mark.parametrize("args", [[], ["replay", "tests/data/golden-3p.json"], ["demo"], ["edit"]])
def test_every_window_command_without_a_window_says_so_in_one_line(args, tmp_path):
    # SDL's dummy video driver has no OpenGL, so Pyxel cannot open a window with it.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path), RUST_BACKTRACE="1", PYTHONPATH=ROOT)
    res = subprocess.run([sys.executable, "-m", "retrocatan", *args], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    lines = res.stderr.strip().splitlines()
    assert res.returncode == 2, res.stderr[-800:]
    assert len(lines) == 1 and "cannot open the game window" in lines[0], res.stderr[-800:]
    assert "Traceback" not in res.stderr and "panicked" not in res.stderr
