"""The server's storage (retrocatan/server/store.py) on both backends: SQLite in
a temporary folder and a real PostgreSQL that tests/pgserver.py starts (each
test on a new database). What is checked is what the server counts on: what
goes in comes out, an append is all or nothing and has one winner, due games
are found, committed data survives a closed store and a killed process."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import pytest
from pgserver import postgres_server  # noqa: F401  (the session fixture)

from retrocatan.server.store import (
    PSYCOPG_MISSING,
    SCHEMA_VERSION,
    PostgresStore,
    SQLiteStore,
    StoreConflict,
    StoreError,
    default_path,
    open_store,
)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAYING = {"status": "playing"}


@pytest.fixture(params=["sqlite", "postgres"])
def url(request, tmp_path):
    """A URL of an empty database of each backend."""
    if request.param == "sqlite":
        yield str(tmp_path / "games.sqlite3")
        return
    yield request.getfixturevalue("pg_url")


@pytest.fixture
def pg_url(postgres_server):  # noqa: F811  (the imported fixture, as an argument)
    """A URL of an empty PostgreSQL database."""
    name = postgres_server.new_database()
    yield postgres_server.url(name)
    postgres_server.drop_database(name)


@pytest.fixture
def store(url):
    s = open_store(url)
    yield s
    s.close()


def raw_execute(url: str, sql: str) -> list[tuple]:
    """Run one statement on the database behind the store's back; its rows."""
    if url.startswith("postgresql://"):
        import psycopg
        with psycopg.connect(url, autocommit=True) as conn:
            cur = conn.execute(sql)
            return cur.fetchall() if cur.description else []
    conn = sqlite3.connect(url, isolation_level=None)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_meta_and_entries_come_back_as_they_went_in(store):
    meta = {"status": "open", "name": "Siedler — Ærø 🎲", "seats": [{"name": "Zoë", "ai": None, "score": 2.5}],
            "options": {"vp": 10, "nested": {"deep": [1, [2, [3, {"x": True}]]]}}}
    store.create("g1", "ABCD", meta, None, 100.0)
    entries = [{"kind": "roll", "dice": [3, 4]}, {"kind": "say", "text": "Grüß Gott ✓ \u0000 \"quoted\""},
               {"kind": "build", "at": {"q": -1, "r": 2}, "cost": {"wood": 1, "brick": 1}}]
    for n, e in enumerate(entries, 1):
        store.append("g1", n, e)
    assert store.load("g1") == (meta, entries)
    assert store.meta("g1") == meta
    assert store.entries("g1") == entries
    assert store.entry_count("g1") == 3
    assert store.load("nope") is None and store.meta("nope") is None
    assert store.entries("nope") == [] and store.entry_count("nope") == 0


def test_json_is_stored_compactly(store, url):
    store.create("g1", "C", {"status": "open", "a": [1, 2]}, None, 0.0)
    store.append("g1", 1, {"b": {"c": 1}})
    assert raw_execute(url, "SELECT meta FROM games") == [('{"status":"open","a":[1,2]}',)]
    assert raw_execute(url, "SELECT data FROM entries") == [('{"b":{"c":1}}',)]


def test_status_is_open_unless_the_meta_says(store):
    store.create("a", "A", {}, None, 1.0)
    store.create("b", "B", {"status": "playing"}, 5.0, 2.0)
    assert store.count("open") == 1 and store.count("playing") == 1
    assert store.meta("a") == {}


def test_create_refuses_an_existing_id_or_code(store):
    store.create("g1", "CODE", {"status": "open", "v": 1}, None, 1.0)
    with pytest.raises(StoreConflict):
        store.create("g1", "OTHER", {"status": "open", "v": 2}, None, 2.0)
    with pytest.raises(StoreConflict):
        store.create("g2", "CODE", {"status": "open", "v": 3}, None, 3.0)
    assert store.meta("g1") == {"status": "open", "v": 1}
    assert store.meta("g2") is None and store.by_code("OTHER") is None and store.count() == 1


def test_append_of_an_existing_number_writes_nothing(store):
    store.create("g1", "C", {"status": "playing", "turn": 1}, 10.0, 1.0)
    store.append("g1", 1, {"e": 1}, meta={"status": "playing", "turn": 2}, deadline=20.0, now=2.0)
    with pytest.raises(StoreConflict, match="entry 1"):
        store.append("g1", 1, {"e": "other"}, meta={"status": "finished", "turn": 99}, deadline=None, now=3.0)
    assert store.load("g1") == ({"status": "playing", "turn": 2}, [{"e": 1}])
    assert store.due(20.0) == ["g1"] and store.count("finished") == 0


def test_append_with_meta_is_all_or_nothing(store):
    store.create("g1", "C", {"status": "playing", "turn": 1}, 10.0, 1.0)
    with pytest.raises(StoreError, match="JSON"):  # the meta cannot be written
        store.append("g1", 1, {"e": 1}, meta={"status": "playing", "bad": {1, 2}}, deadline=5.0, now=2.0)
    with pytest.raises(StoreError, match="status"):  # the entry is inserted, then the meta fails: rolled back
        store.append("g1", 1, {"e": 1}, meta={"turn": 2}, deadline=5.0, now=2.0)
    with pytest.raises(StoreError, match="JSON"):  # the entry cannot be written
        store.append("g1", 1, {"e": {3}}, meta={"status": "playing"}, deadline=5.0, now=2.0)
    assert store.load("g1") == ({"status": "playing", "turn": 1}, [])
    assert store.due(9.0) == [] and store.due(10.0) == ["g1"]
    store.append("g1", 1, {"e": 1})  # the number is still free
    assert store.entries("g1") == [{"e": 1}]


def test_append_to_an_unknown_game_writes_nothing(store):
    with pytest.raises(StoreError, match="no game"):
        store.append("ghost", 1, {"e": 1})
    with pytest.raises(StoreError, match="no game"):
        store.append("ghost", 1, {"e": 1}, meta={"status": "playing"}, deadline=1.0, now=1.0)
    assert store.entries("ghost") == [] and store.entry_count("ghost") == 0 and store.count() == 0


def test_entries_after_a_number_in_order(store):
    store.create("g1", "C1", {}, None, 1.0)
    store.create("g2", "C2", {}, None, 2.0)
    for n in (3, 1, 5, 2, 4):
        store.append("g1", n, {"n": n})
    store.append("g2", 1, {"other": True})
    assert [e["n"] for e in store.entries("g1")] == [1, 2, 3, 4, 5]
    assert [e["n"] for e in store.entries("g1", after=2)] == [3, 4, 5]
    assert store.entries("g1", after=5) == [] and store.entries("g1", after=-1) == store.entries("g1")
    assert store.entry_count("g1") == 5 and store.entry_count("g2") == 1
    assert store.load("g1")[1] == store.entries("g1")


def test_due_lists_playing_games_past_their_deadline_earliest_first(store):
    store.create("late", "C1", PLAYING, 30.0, 1.0)
    store.create("early", "C2", PLAYING, 10.0, 2.0)
    store.create("exact", "C3", PLAYING, 50.0, 3.0)
    store.create("future", "C4", PLAYING, 51.0, 4.0)
    store.create("none", "C5", PLAYING, None, 5.0)
    store.create("open", "C6", {"status": "open"}, 1.0, 6.0)
    store.create("done", "C7", {"status": "finished"}, 1.0, 7.0)
    assert store.due(50.0) == ["early", "late", "exact"]
    assert store.due(50.0, limit=2) == ["early", "late"]
    assert store.due(9.9) == []
    store.save_meta("early", {"status": "paused"}, 1.0, 8.0)     # no longer playing
    store.save_meta("late", {"status": "playing"}, None, 9.0)    # no deadline now
    store.append("future", 1, {}, meta={"status": "playing"}, deadline=0.5, now=10.0)
    assert store.due(50.0) == ["future", "exact"]


def test_by_code_is_an_exact_match(store):
    store.create("g1", "AbC7", {}, None, 1.0)
    store.create("g2", "XYZ9", {}, None, 2.0)
    assert store.by_code("AbC7") == "g1" and store.by_code("XYZ9") == "g2"
    assert store.by_code("abc7") is None and store.by_code("AbC") is None and store.by_code("%") is None


def test_games_and_count_by_status_newest_first(store):
    for i, status in enumerate(["open", "playing", "finished", "playing", "open", "playing"]):
        store.create(f"g{i}", f"C{i}", {"status": status}, None, float(i))
    assert store.games() == ["g5", "g4", "g3", "g2", "g1", "g0"]
    assert store.games("playing") == ["g5", "g3", "g1"]
    assert store.games("playing", limit=2) == ["g5", "g3"] and store.games(limit=1) == ["g5"]
    assert store.games("nobody") == [] and store.count("nobody") == 0
    assert store.count() == 6 and store.count("open") == 2 and store.count("playing") == 3
    store.save_meta("g0", {"status": "finished"}, None, 9.0)
    assert store.count("open") == 1 and store.games("finished") == ["g2", "g0"]


def test_save_meta_replaces_the_meta(store):
    store.create("g1", "C", {"status": "open", "old": 1}, None, 1.0)
    store.save_meta("g1", {"status": "playing", "new": "ü"}, 7.0, 2.0)
    assert store.meta("g1") == {"status": "playing", "new": "ü"} and store.due(7.0) == ["g1"]
    with pytest.raises(StoreError, match="no game"):
        store.save_meta("ghost", {"status": "open"}, None, 3.0)
    with pytest.raises(StoreError, match="status"):
        store.save_meta("g1", {"no": "status"}, None, 3.0)
    assert store.meta("g1") == {"status": "playing", "new": "ü"}


def test_two_stores_racing_for_one_number_have_one_winner(url):
    stores = [open_store(url), open_store(url)]
    try:
        stores[0].create("g1", "C", PLAYING, None, 0.0)
        rounds = 15
        wins: list[list[int]] = [[], []]
        failures: list[BaseException] = []
        barrier = threading.Barrier(2)

        def racer(i: int) -> None:
            for n in range(1, rounds + 1):
                barrier.wait(timeout=10)
                try:
                    stores[i].append("g1", n, {"by": i, "n": n}, meta={"status": "playing", "by": i, "n": n},
                                     deadline=float(n), now=float(n))
                    wins[i].append(n)
                except StoreConflict:
                    pass
                except BaseException as e:  # anything else fails the test
                    failures.append(e)

        threads = [threading.Thread(target=racer, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert not failures, failures
        assert sorted(wins[0] + wins[1]) == list(range(1, rounds + 1))  # each number won exactly once
        winner = {n: i for i in (0, 1) for n in wins[i]}
        for s in stores:
            assert s.entries("g1") == [{"by": winner[n], "n": n} for n in range(1, rounds + 1)]
            assert s.meta("g1") == {"status": "playing", "by": winner[rounds], "n": rounds}
    finally:
        for s in stores:
            s.close()


def test_data_survives_close_and_reopen(url):
    with open_store(url) as s:
        s.create("g1", "C", PLAYING, 42.0, 1.0)
        s.append("g1", 1, {"e": "ünï"}, meta={"status": "playing", "t": 1}, deadline=43.0, now=2.0)
    with pytest.raises(StoreError, match="closed"):
        s.meta("g1")
    s.close()  # twice: harmless
    with open_store(url) as s:
        assert s.load("g1") == ({"status": "playing", "t": 1}, [{"e": "ünï"}])
        assert s.by_code("C") == "g1" and s.due(43.0) == ["g1"]
        s.append("g1", 2, {"e": 2})
    with open_store(url) as s:
        assert s.entry_count("g1") == 2


def test_a_newer_schema_version_is_refused(url):
    open_store(url).close()
    raw_execute(url, "UPDATE schema SET version = 99")
    with pytest.raises(StoreError, match="newer RetroCatan.*99"):
        open_store(url)
    raw_execute(url, f"UPDATE schema SET version = {SCHEMA_VERSION}")
    open_store(url).close()


def test_url_forms(url, tmp_path, monkeypatch):
    if url.startswith("postgresql://"):
        for i, form in enumerate((url, "postgres://" + url[len("postgresql://"):])):
            with open_store(form) as s:
                assert isinstance(s, PostgresStore)
                s.create(f"g{i}", f"C{i}", {}, None, 0.0)
        with open_store(url) as s:
            assert s.count() == 2
        return
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == str(tmp_path / "home" / ".retrocatan" / "server.sqlite3")
    for form in (None, ""):
        with open_store(form) as s:
            assert isinstance(s, SQLiteStore) and s.path == default_path()
    assert os.path.isfile(default_path())
    with open_store("sqlite:" + str(tmp_path / "a" / "b" / "x.db")) as s:
        s.create("g", "C", {}, None, 0.0)
    with open_store(str(tmp_path / "a" / "b" / "x.db")) as s:  # a plain path: the same file
        assert s.games() == ["g"]
    with open_store(str(tmp_path / "c" / "d" / "y.sqlite3")):
        assert os.path.isfile(tmp_path / "c" / "d" / "y.sqlite3")


@pytest.mark.parametrize("bad", ["mysql://user:secret@host/db", "sqlite:", "https://example.org/db"])
def test_a_bad_url_is_one_clear_line(bad):
    with pytest.raises(StoreError) as info:
        open_store(bad)
    text = str(info.value)
    assert "\n" not in text and "secret" not in text and len(text) < 200
    assert "sqlite:" in text


def test_postgres_without_psycopg_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg raises ImportError
    with pytest.raises(StoreError) as info:
        open_store("postgresql://localhost/games")
    assert str(info.value) == PSYCOPG_MISSING


def test_a_postgres_server_that_is_not_there_is_a_store_error(tmp_path):
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError, match="cannot connect to PostgreSQL") as info:
        open_store(f"postgresql://u:hidden@/db?host={tmp_path}&connect_timeout=2&password=hidden2")
    assert "hidden" not in str(info.value) and "***" in str(info.value) and "\n" not in str(info.value)


def test_sqlite_use_imports_neither_psycopg_nor_pyxel(tmp_path):
    code = ("import sys\nfrom retrocatan.server.store import open_store\n"
            "open_store(sys.argv[1]).close()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('psycopg', 'pyxel')))\n")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "g.db")], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": ROOT}, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_a_file_that_is_not_a_database_is_named(tmp_path):
    bad = tmp_path / "garbage.sqlite3"
    bad.write_bytes(os.urandom(8192))
    with pytest.raises(StoreError, match="garbage.sqlite3") as info:
        open_store(str(bad))
    assert "\n" not in str(info.value)
    folder = tmp_path / "a folder"
    folder.mkdir()
    with pytest.raises(StoreError, match="a folder: cannot open"):
        open_store(str(folder))


def test_sqlite_keeps_every_append_that_returned_when_the_process_is_killed(tmp_path):
    path = str(tmp_path / "killed.sqlite3")
    code = ("import sys\nfrom retrocatan.server.store import open_store\n"
            "s = open_store(sys.argv[1])\n"
            "s.create('g', 'C', {'status': 'playing'}, None, 0.0)\n"
            "n = 0\n"
            "while True:\n"
            "    n += 1\n"
            "    s.append('g', n, {'n': n, 'pad': 'x' * 300}, meta={'status': 'playing', 'n': n}, now=n)\n"
            "    print(n, flush=True)\n")
    proc = subprocess.Popen([sys.executable, "-c", code, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": ROOT})
    printed = []
    try:
        deadline = time.monotonic() + 30
        while len(printed) < 300 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            printed.append(int(line))
    finally:
        proc.send_signal(signal.SIGKILL)
        rest, err = proc.communicate(timeout=30)
    printed += [int(x) for x in rest.split()]
    assert proc.returncode == -signal.SIGKILL, err
    assert len(printed) >= 300, err
    with open_store(path) as s:
        count = s.entry_count("g")
        assert count >= printed[-1]
        assert [e["n"] for e in s.entries("g")] == list(range(1, count + 1))
        assert s.meta("g")["n"] == count


def test_postgres_reconnects_once_for_reads_and_reports_a_lost_write(pg_url):
    import psycopg

    url = pg_url

    def kill_connection(s: PostgresStore) -> None:
        with psycopg.connect(url, autocommit=True) as admin:
            assert admin.execute("SELECT pg_terminate_backend(%s, 5000)", (s._conn.info.backend_pid,)).fetchone()[0]

    with open_store(url) as s:
        s.create("g1", "C", PLAYING, None, 0.0)
        s.append("g1", 1, {"e": 1})
        kill_connection(s)
        assert s.load("g1") == (PLAYING, [{"e": 1}])  # read again on a new connection
        kill_connection(s)
        with pytest.raises(StoreError) as info:
            s.append("g1", 2, {"e": 2})
        assert not isinstance(info.value, StoreConflict)
        assert s.entries("g1") == [{"e": 1}]
        s.append("g1", 2, {"e": 2})  # the next call has a connection again
        assert s.entry_count("g1") == 2
        assert json.loads(raw_execute(url, "SELECT data FROM entries WHERE n = 2")[0][0]) == {"e": 2}


def test_a_servers_heartbeat_and_its_pauses_are_kept_per_server(url):
    with open_store(url) as s:
        assert s.beat("-", 100.0) is None
        assert s.beat("-", 105.0) == 100.0
        assert s.beat("0/2", 7.0) is None and s.beat("-", 110.0) == 105.0
        s.add_pause("-", 110.0, 200.0)
        s.add_pause("0/2", 7.0, 9.0)
        s.add_pause("-", 50.0, 60.0)
    with open_store(url) as s:
        assert s.pauses("-") == [(50.0, 60.0), (110.0, 200.0)]
        assert s.pauses("0/2") == [(7.0, 9.0)] and s.pauses("1/2") == []
        assert s.beat("-", 300.0) == 110.0
