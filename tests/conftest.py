import os
import sys

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def pyxel_headless():
    """Pyxel, initialised once per test session without a window."""
    from retrocatan.ui.app import init_pyxel
    init_pyxel(headless=True, fps=100_000)
    import pyxel
    return pyxel
