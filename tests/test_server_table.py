"""One game at the server's table (``server/table.py``) on a real SQLite store,
with an injected clock."""

from __future__ import annotations

import pytest

from retrocatan.engine.config import GameConfig
from retrocatan.server import table as T
from retrocatan.server.clocks import ManualClock, Pace
from retrocatan.server.store import StoreError, open_store
from retrocatan.server.table import Table


@pytest.fixture
def store(tmp_path):
    with open_store(str(tmp_path / "games.sqlite3")) as s:
        yield s


def test_an_invite_code_taken_is_drawn_again_and_another_store_failure_is_raised(store, monkeypatch):
    clock = ManualClock()
    first, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("live"), [{"kind": "open"}] * 3)
    codes = iter([first.code, first.code, "ZZZZ2222"])
    monkeypatch.setattr(T, "new_code", lambda: next(codes))
    second, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("live"), [{"kind": "open"}] * 3)
    assert second.code == "ZZZZ2222" and store.by_code("ZZZZ2222") == second.id
    monkeypatch.undo()
    store.close()
    with pytest.raises(StoreError):
        Table.create(store, clock, GameConfig(players=3), Pace.of("live"), [{"kind": "open"}] * 3)
