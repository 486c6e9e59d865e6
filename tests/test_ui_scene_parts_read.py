"""The app reads the parts a screen may have from ``scenes.Scene``, where they are
declared, and the network game's screen, session and replay read their objects' declared
fields: none of these modules probes an object with ``getattr`` or ``hasattr``."""

import ast
import pathlib

import pytest

UI = pathlib.Path(__file__).resolve().parent.parent / "retrocatan" / "ui"
READERS = [UI / "app.py", UI / "scenes" / "network_game.py", UI / "net" / "session.py", UI / "scenes" / "replay.py"]


def probes(source: str) -> list[int]:
    """The lines of ``source`` that call ``getattr`` or ``hasattr``."""
    return [node.lineno for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")]


def test_the_check_sees_a_probe():
    assert probes("music = getattr(scene, 'music', None)\nif hasattr(app.scene, 'session'):\n    pass\n") == [1, 2]


@pytest.mark.parametrize("path", READERS, ids=lambda p: p.name)
def test_the_screens_parts_are_read_never_probed(path):
    assert probes(path.read_text(encoding="utf-8")) == []
