"""The server is a client of the engine beside the window (docs/server.md):
nothing in retrocatan/server imports Pyxel or the window (retrocatan.ui),
and it reads a game only through the engine's face."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parent.parent / "retrocatan" / "server"


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names += [base] + [f"{base}.{a.name}" for a in node.names]
    return names


def test_the_server_imports_neither_pyxel_nor_the_window():
    files = sorted(SERVER.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        for name in _imports(path):
            assert not name.startswith("pyxel"), (path.name, name)
            assert not name.startswith(("..ui", "retrocatan.ui")), (path.name, name)


def test_the_server_reads_no_rule_module_of_the_engine():
    """Only the engine's face (the game, its view and state JSON, actions, events, refusals, the
    record) and the map's names (components, scenario codes); no rule module."""
    face = {"..engine", "..engine.game", "..engine.actions", "..engine.config", "..engine.errors", "..engine.events",
            "..engine.replay", "..engine.scenario_read", "..engine.seat_state", "..engine.phases",
            "..engine.components", "..engine.scenario"}
    for path in sorted(SERVER.glob("*.py")):
        for name in _imports(path):
            if name.startswith("..engine"):
                module = name if name in face else name.rsplit(".", 1)[0]
                assert module in face, (path.name, name)
