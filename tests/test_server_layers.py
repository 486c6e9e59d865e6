"""The network code by role (docs/server.md): the server (retrocatan/server),
what every client shares (retrocatan/net) and the command line's clients
(retrocatan/clients) import neither Pyxel nor the window (retrocatan.ui);
the shared parts import neither the server nor a client, the clients not
the server, and the window the server only to host one; the server reads
a game only through the engine's face."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "retrocatan"
SERVER = PACKAGE / "server"
NET = PACKAGE / "net"
CLIENTS = PACKAGE / "clients"


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            names += [base] + [f"{base}.{a.name}" for a in node.names]
    return names


def test_the_network_code_imports_neither_pyxel_nor_the_window():
    files = sorted(SERVER.glob("*.py")) + sorted(NET.glob("*.py")) + sorted(CLIENTS.glob("**/*.py"))
    assert len(files) >= 12
    for path in files:
        for name in _imports(path):
            assert not name.startswith("pyxel"), (path.name, name)
            assert not name.startswith(("..ui", "...ui", "retrocatan.ui")), (path.name, name)


def _reaches(name: str, package: str) -> bool:
    return name.startswith((f"..{package}", f"...{package}", f"retrocatan.{package}"))


def test_the_shared_parts_import_neither_the_server_nor_a_client():
    for path in sorted(NET.glob("*.py")):
        for name in _imports(path):
            assert not _reaches(name, "server") and not _reaches(name, "clients"), (path.name, name)


def test_the_clients_do_not_import_the_server():
    for path in sorted(CLIENTS.glob("**/*.py")):
        for name in _imports(path):
            assert not _reaches(name, "server"), (path.name, name)


def test_the_window_imports_the_server_only_to_host_one_and_no_terminal_client():
    hosts = set()
    for path in sorted((PACKAGE / "ui").glob("**/*.py")):
        for name in _imports(path):
            assert not _reaches(name, "clients"), (path.name, name)
            if _reaches(name, "server"):
                hosts.add(path.relative_to(PACKAGE).as_posix())
    assert hosts == {"ui/net/host.py"}


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
