"""A store written by an earlier ``retrocatan serve`` (storage version 1,
tests/data/server-store-v1.sqlite3, made by tests/data/make_store_v1.py with
that version's code) is read by today's: every meta reads into the declared
``TableMeta`` and back, every game replays, and a real server at the store's
time goes on with each game: the live game's person resumes and moves, the
by-post game's offer is answered, the open game is joined and started, the
finished game's record verifies."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from retrocatan.engine.replay import GameRecord
from retrocatan.server.clocks import ManualClock
from retrocatan.server.meta import SeatKind, Status, TableMeta
from retrocatan.server.store import open_store
from retrocatan.server.table import Table

DATA = Path(__file__).resolve().parent / "data"
KEYS = json.loads((DATA / "server-store-v1.json").read_text(encoding="utf-8"))


@pytest.fixture
def db(tmp_path) -> str:
    path = tmp_path / "v1.sqlite3"
    shutil.copy(DATA / "server-store-v1.sqlite3", path)
    return str(path)


def by_kind(kind: str) -> tuple[str, dict]:
    return next((gid, g) for gid, g in KEYS["games"].items() if g["kind"] == kind)


def test_every_stored_meta_reads_into_the_declared_meta_and_back(db):
    with open_store(db) as store:
        ids = store.games()
        assert sorted(ids) == sorted(KEYS["games"])
        for gid in ids:
            raw = store.meta(gid)
            meta = TableMeta.from_json(raw)
            assert meta.status == raw["status"] and len(meta.seats) == len(raw["seats"])
            assert TableMeta.from_json(meta.to_json()) == meta
            again = meta.to_json()
            for key in ("status", "config", "pace", "owner", "start", "created", "code", "deadline", "turn_key"):
                assert again[key] == raw[key], key
            for old, new in zip(raw["seats"], again["seats"], strict=True):
                assert {k: v for k, v in old.items() if v not in (0, False, None)} == new
            assert not meta.extra


def test_every_stored_game_replays_with_its_seats(db):
    clock = ManualClock(KEYS["now"])
    with open_store(db) as store:
        for gid, keys in KEYS["games"].items():
            t = Table.load(store, clock, gid)
            assert t.is_owner(keys["owner"])
            for seat, token in keys["tokens"].items():
                assert t.seat_of(token) == int(seat)
            if keys["kind"] == "open":
                assert t.status == Status.OPEN and t.game is None
                continue
            assert t.count == keys["count"] and len(t.game.history) == keys["step"]
        live = Table.load(store, clock, by_kind("live")[0])
        assert live.meta.seats[1].away and live.meta.seats[2].kind == SeatKind.COMPUTER
        assert any(e["k"] == "chat" and e["text"] == "viel Glück" for _, e, _ in live.ring)


def test_a_server_goes_on_with_every_stored_game(db, tmp_path):
    pytest.importorskip("websockets")
    from netplay import ServerThread

    from retrocatan.net.client import Seat, one_request

    async def resume_and_move(url: str, gid: str, seat: int, token: str) -> dict:
        s = Seat(url, gid, token)
        task = asyncio.create_task(s.run())
        try:
            await asyncio.wait_for(s.synced.wait(), 10)
            assert s.seat == seat
            for _ in range(100):              # the computers' moves due at the store's time come first
                if s.my_decision():
                    break
                await asyncio.sleep(0.05)
            assert s.my_decision(), s.state["decider"]
            action = str(s.game.seat_view(seat).legal[0])
            return await s.act(action)
        finally:
            s.stop()
            task.cancel()

    with open_store(db) as store:           # the server's clock: before any stored deadline runs out
        first = min(store.meta(gid)["deadline"]["at"] for gid in store.games("playing"))
    clock = ManualClock(first - 30)
    with ServerThread(db, clock) as server:
        gid, keys = by_kind("live")
        ok = asyncio.run(resume_and_move(server.url, gid, 0, keys["tokens"]["0"]))
        assert ok["type"] == "ok" and ok["seq"] > keys["count"]

        gid, keys = by_kind("post")
        t = server.call(server.hub.table, gid)
        answering = server.call(lambda: t.game.decider)
        ok = asyncio.run(resume_and_move(server.url, gid, answering, keys["tokens"][str(answering)]))
        assert ok["type"] == "ok"

        gid, keys = by_kind("open")
        code = server.call(lambda: server.hub.table(gid).code)
        for s in range(4):
            if str(s) not in keys["tokens"]:
                asyncio.run(one_request(server.url, {"type": "join", "code": code, "name": f"P{s}", "seat": s}))
        asyncio.run(one_request(server.url, {"type": "start", "game": gid, "owner": keys["owner"]}))
        assert server.call(lambda: server.hub.table(gid).status) == Status.PLAYING

        gid, keys = by_kind("over")
        got = asyncio.run(one_request(server.url, {"type": "record", "game": gid}))
        record = GameRecord.from_json(got["record"])
        assert record.verify().ok and len(record.actions) == keys["step"]
        assert record.game_at(len(record.actions)).over


def test_a_version_1_store_is_brought_up_to_this_version_once_and_keeps_its_games(db):
    import sqlite3

    from retrocatan.server.store import SCHEMA_VERSION

    def version() -> int:
        conn = sqlite3.connect(db)
        try:
            return conn.execute("SELECT version FROM schema").fetchall()
        finally:
            conn.close()

    assert version() == [(1,)]
    with open_store(db) as store:
        assert store.beat("-", KEYS["now"]) is None and store.pauses("-") == []
        assert sorted(store.games()) == sorted(KEYS["games"])
    assert version() == [(SCHEMA_VERSION,)]
    with open_store(db) as store:              # again: nothing to do
        assert store.beat("-", KEYS["now"] + 1) == KEYS["now"]
    assert version() == [(SCHEMA_VERSION,)]
