"""A wheel of the game, installed into a fresh virtual environment, plays
the demo headless from a folder outside the source tree: the resources
travel with the package. Then an editable install in the same venv finds
them in the top-level resources/ folder.

Builds with ``pip wheel`` (setuptools from the package index, as any
build) in a copy of the sources, so the tree is left as it was. The venv
sees Pyxel through a .pth file naming the folder Pyxel is installed in, so
nothing is downloaded for it; the venv's own retrocatan comes first."""

import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _venv_python(venv: str) -> str:
    return os.path.join(venv, "Scripts", "python.exe") if os.name == "nt" else os.path.join(venv, "bin", "python")


@pytest.mark.timeout(300)
def test_wheel_and_editable_install_play_the_demo_with_their_resources(tmp_path):
    import pyxel
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(os.path.join(ROOT, name), src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("retrocatan", "resources"):
        shutil.copytree(os.path.join(ROOT, name), src / name, ignore=ignore)
    wheels = tmp_path / "wheels"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    res = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(src)],
                         capture_output=True, text=True, env=env, timeout=240)
    assert res.returncode == 0, res.stderr[-2000:]
    (wheel,) = wheels.glob("retrocatan-*.whl")

    # The venv without a pip of its own (its ensurepip is most of a venv's making): this
    # Python's pip installs into it (``pip --python``).
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = _venv_python(str(venv))
    pip = [sys.executable, "-m", "pip", "--python", py]
    site = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    with open(os.path.join(site, "pyxel_from_outside.pth"), "w", encoding="utf-8") as f:
        f.write(os.path.dirname(os.path.dirname(pyxel.__file__)) + "\n")
    res = subprocess.run(pip + ["install", "-q", "--no-deps", "--no-index", str(wheel)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]

    away = tmp_path / "elsewhere"
    away.mkdir()
    env.update(SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy")
    _demo_from(py, away, env, os.path.join(site, "retrocatan"), os.path.join(site, "retrocatan", "resources"),
               "wheel.png")

    # The same venv with an editable install of the sources instead.
    res = subprocess.run(pip + ["install", "-q", "--no-deps", "-e", str(src)],
                         capture_output=True, text=True, env=env, timeout=240)
    assert res.returncode == 0, res.stderr[-2000:]
    _demo_from(py, away, env, str(src / "retrocatan"), str(src / "resources"), "editable.png")


def _demo_from(py: str, away, env: dict, package: str, resources: str, shot: str) -> None:
    """The package is imported from ``package`` and finds the sprite sheet
    in ``resources``; the demo plays 200 frames headless and writes a PNG."""
    where = subprocess.run([py, "-c", "import json, retrocatan.resources_path as r; "
                            "print(json.dumps([r.__file__, r.resource_path('retrocatan.pyxres')]))"],
                           cwd=away, capture_output=True, text=True, env=env, timeout=60)
    assert where.returncode == 0, where.stderr[-2000:]
    module, sheet = json.loads(where.stdout)
    real = os.path.realpath
    assert real(os.path.dirname(module)) == real(package)
    assert real(sheet) == real(os.path.join(resources, "retrocatan.pyxres"))
    res = subprocess.run([py, "-m", "retrocatan", "demo", "--headless", "--frames", "200", "--screenshot", shot],
                         cwd=away, capture_output=True, text=True, env=env, timeout=240)
    assert res.returncode == 0, res.stderr[-2000:]
    assert (away / shot).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
