"""The headless window the picture scripts (``docs/make_*.py``) draw in:
the project and its test helpers importable, no sound device, Pyxel started
headless, no mouse pointer in the pictures. ``OUT`` is the folder a script
was given (its first argument not starting with ``--``), else ``docs/``."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from retrocatan.ui.app import init_pyxel  # noqa: E402

init_pyxel(headless=True)
import pyxel  # noqa: E402

pyxel.mouse(False)

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
OUT = ARGS[0] if ARGS else HERE
