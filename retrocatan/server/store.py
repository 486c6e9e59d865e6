"""Where the server keeps its games: each game's meta (a JSON object: seats,
options, status...) and its entries (the decisions, numbered from 1), in
SQLite (the default, a file) or PostgreSQL (several server processes may
share one database).

``open_store(url)`` picks the backend; every method of a ``Store`` is
synchronous and is one transaction, committed before it returns.

Tables (schema version 4, kept in the one-row table ``schema``):

- ``games(id, code, status, deadline, meta, created, updated, listed)``:
  ``code`` is the game's invite code (unique); ``status`` and ``deadline``
  are copies of what the meta says, kept as columns so ``due()`` and
  ``games()`` can use the index on (status, deadline); ``listed`` (1: shown in
  the server's list of open games, ``listed_open``) is the meta's too.
- ``entries(game_id, n, data)``: the primary key (game_id, n) is what makes two
  appends of one number (from two processes, say) end with one winner; the
  other gets ``StoreConflict``.
- ``beats(server, at, running)``: each server's heartbeat (``server`` names
  it: its shard, or "-"; ``running`` 0 once it stopped cleanly), so that a
  server started again knows when it went down, and ``retrocatan admin``
  whether one runs;
  ``pauses(server, start, stop)``: the times a server was down (its games'
  clocks are moved on by them);
- ``notices(game_id, seat, data, due)``: a seat's notice addresses and what
  was sent to them (``notices.py``), apart from the meta that seats see;
  ``due`` is when the row next needs a look.

A store of an older version is brought up to this one when it is opened
(``MIGRATIONS``: each version's statements, in one transaction); a newer
one is refused.

Meta and entries are stored as compact JSON, so what comes back is what JSON
keeps of what went in: tuples come back as lists, and the keys of dicts as
strings.

Durability. SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed
transaction is in the WAL file before the method returns, so it survives the
server process being killed (even by SIGKILL); only a crash of the operating
system or a power cut may lose the last transactions (never corrupt the file).
PostgreSQL's durability is the server's own settings (``synchronous_commit``,
``fsync``).

A PostgreSQL connection that is lost is opened again once: a read method is
then tried again; a write raises ``StoreError`` (it may or may not have been
committed, so the caller decides), and the next call reconnects.

Only the standard library is needed; ``psycopg`` (version 3, the extra
``retrocatan[postgres]``) is imported only when a PostgreSQL URL is opened.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

SCHEMA_VERSION = 4
PSYCOPG_MISSING = "PostgreSQL storage needs psycopg: pip install 'retrocatan[postgres]'"

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_PG_LOCK = 0x52435354  # pg_advisory_xact_lock key: one process at a time creates the tables


class StoreError(Exception):
    """A storage failure; the message is for people."""


class StoreConflict(StoreError):
    """A game id or invite code, or an entry number of a game, that already exists."""


def _dump(value: Any, what: str) -> str:
    try:
        return json.dumps(value, separators=(",", ":"))
    except (TypeError, ValueError) as e:
        raise StoreError(f"{what} cannot be stored as JSON: {e}") from e


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class Store:
    """The interface of the server's storage (``SQLiteStore``, ``PostgresStore``).

    A game is a meta dict plus entries numbered from 1. Every method is one
    transaction, committed before it returns; failures raise ``StoreError``.
    A Store is used from one thread at a time. It is a context manager that
    closes it.
    """

    def create(self, game_id: str, code: str, meta: dict, deadline: float | None, now: float) -> None:
        """Add a new game with invite ``code``; its status is ``meta.get("status", "open")``.
        StoreConflict if the id or the code exists."""
        raise NotImplementedError

    def load(self, game_id: str) -> tuple[dict, list[dict]] | None:
        """(meta, entries in order of n), read at one moment, or None for an unknown game."""
        raise NotImplementedError

    def meta(self, game_id: str) -> dict | None:
        """The game's meta, or None for an unknown game."""
        raise NotImplementedError

    def by_code(self, code: str) -> str | None:
        """The id of the game with this invite code (exact match), or None."""
        raise NotImplementedError

    def save_meta(self, game_id: str, meta: dict, deadline: float | None, now: float) -> None:
        """Replace the game's meta; its status column is ``meta["status"]`` (which must be
        there), its deadline column ``deadline`` (None: none). StoreError for an unknown game."""
        raise NotImplementedError

    def append(self, game_id: str, n: int, entry: dict, meta: dict | None = None,
               deadline: float | None = None, now: float = 0.0) -> None:
        """Add entry number ``n`` to an existing game and, if ``meta`` is not None, replace
        the meta as ``save_meta`` does, in one transaction. StoreConflict if the game has
        an entry ``n``; on any failure nothing is written."""
        raise NotImplementedError

    def entries(self, game_id: str, after: int = 0) -> list[dict]:
        """The game's entries numbered above ``after``, in order."""
        raise NotImplementedError

    def entry_count(self, game_id: str) -> int:
        """The highest entry number of the game (0 if it has none)."""
        raise NotImplementedError

    def due(self, now: float, limit: int = 1000) -> list[str]:
        """Ids of the games with status "playing" whose deadline is <= now, earliest deadline first."""
        raise NotImplementedError

    def games(self, status: str | None = None, limit: int = 1000) -> list[str]:
        """Ids of the games (with this status, if given), the most recently created first."""
        raise NotImplementedError

    def open_before(self, created: float, limit: int = 1000) -> list[str]:
        """Ids of the open games created at or before ``created``, the oldest first."""
        raise NotImplementedError

    def listed_open(self, limit: int = 100) -> list[tuple[str, dict]]:
        """(id, meta) of the open games created listed, the newest first."""
        raise NotImplementedError

    def count(self, status: str | None = None) -> int:
        """How many games there are (with this status, if given)."""
        raise NotImplementedError

    def beat(self, server: str, at: float, running: bool = True) -> float | None:
        """Write ``server``'s heartbeat ``at`` (``running`` False: it stops); the one it
        replaces (None: its first)."""
        raise NotImplementedError

    def beats(self) -> dict[str, tuple[float, bool]]:
        """Every server's last heartbeat and whether it was running then."""
        raise NotImplementedError

    def metas(self, ids: list[str]) -> dict[str, tuple[dict, float]]:
        """(meta, when it last changed) of each of these games that exists, in one read."""
        raise NotImplementedError

    def finished_before(self, updated: float, limit: int = 1000) -> list[str]:
        """Ids of the games over or ended whose last change was at or before ``updated``."""
        raise NotImplementedError

    def remove(self, ids: list[str]) -> int:
        """Remove these games and their entries, in one transaction; how many there were."""
        raise NotImplementedError

    def add_pause(self, server: str, start: float, stop: float) -> None:
        """Keep that ``server`` was down from ``start`` to ``stop``."""
        raise NotImplementedError

    def pauses(self, server: str) -> list[tuple[float, float]]:
        """The (start, stop) of every time ``server`` was down, in order."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of the database; closing twice is harmless."""
        raise NotImplementedError

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


Exec = Callable[..., Any]  # exec(sql, *params) -> cursor; sql uses "?" placeholders


class _SQLStore(Store):
    """The queries, shared by both backends. A backend supplies ``_read(fn)``
    and ``_write(fn)``: run ``fn(exec)`` in one transaction and turn database
    errors into StoreError / StoreConflict."""

    def _read(self, fn: Callable[[Exec], Any], snapshot: bool = False) -> Any:
        """Run a read; ``snapshot``: all its queries see one moment of the database."""
        raise NotImplementedError

    def _write(self, fn: Callable[[Exec], Any]) -> Any:
        raise NotImplementedError

    def create(self, game_id: str, code: str, meta: dict, deadline: float | None, now: float) -> None:
        status = meta.get("status", "open")
        text = _dump(meta, f"the meta of game {game_id!r}")

        def run(x: Exec) -> None:
            x("INSERT INTO games (id, code, status, deadline, meta, created, updated, listed)"
              " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", game_id, code, status, deadline, text, now, now,
              int(bool(meta.get("listed"))))
        try:
            self._write(run)
        except StoreConflict as e:
            raise StoreConflict(f"a game {game_id!r} or a game with the invite code {code!r} exists") from e

    def load(self, game_id: str) -> tuple[dict, list[dict]] | None:
        def run(x: Exec) -> tuple[dict, list[dict]] | None:
            row = x("SELECT meta FROM games WHERE id = ?", game_id).fetchone()
            if row is None:
                return None
            rows = x("SELECT data FROM entries WHERE game_id = ? ORDER BY n", game_id).fetchall()
            return json.loads(row[0]), [json.loads(r[0]) for r in rows]
        return self._read(run, snapshot=True)

    def meta(self, game_id: str) -> dict | None:
        row = self._read(lambda x: x("SELECT meta FROM games WHERE id = ?", game_id).fetchone())
        return None if row is None else json.loads(row[0])

    def by_code(self, code: str) -> str | None:
        row = self._read(lambda x: x("SELECT id FROM games WHERE code = ?", code).fetchone())
        return None if row is None else row[0]

    def _replace_meta(self, x: Exec, game_id: str, text: str, status: Any, deadline: float | None,
                      now: float) -> None:
        if status is None:
            raise StoreError(f"the meta of game {game_id!r} has no \"status\"")
        cur = x("UPDATE games SET meta = ?, status = ?, deadline = ?, updated = ? WHERE id = ?",
                text, status, deadline, now, game_id)
        if cur.rowcount == 0:
            raise StoreError(f"no game {game_id!r}")

    def save_meta(self, game_id: str, meta: dict, deadline: float | None, now: float) -> None:
        text = _dump(meta, f"the meta of game {game_id!r}")
        self._write(lambda x: self._replace_meta(x, game_id, text, meta.get("status"), deadline, now))

    def append(self, game_id: str, n: int, entry: dict, meta: dict | None = None,
               deadline: float | None = None, now: float = 0.0) -> None:
        data = _dump(entry, f"entry {n} of game {game_id!r}")
        text = None if meta is None else _dump(meta, f"the meta of game {game_id!r}")

        def run(x: Exec) -> None:
            x("INSERT INTO entries (game_id, n, data) VALUES (?, ?, ?)", game_id, n, data)
            if text is not None:
                self._replace_meta(x, game_id, text, meta.get("status"), deadline, now)
            elif x("SELECT 1 FROM games WHERE id = ?", game_id).fetchone() is None:
                raise StoreError(f"no game {game_id!r}")
        try:
            self._write(run)
        except StoreConflict as e:
            raise StoreConflict(f"game {game_id!r} already has entry {n}") from e

    def entries(self, game_id: str, after: int = 0) -> list[dict]:
        rows = self._read(lambda x: x("SELECT data FROM entries WHERE game_id = ? AND n > ? ORDER BY n",
                                      game_id, after).fetchall())
        return [json.loads(r[0]) for r in rows]

    def entry_count(self, game_id: str) -> int:
        row = self._read(lambda x: x("SELECT MAX(n) FROM entries WHERE game_id = ?", game_id).fetchone())
        return row[0] or 0

    def due(self, now: float, limit: int = 1000) -> list[str]:
        rows = self._read(lambda x: x(
            "SELECT id FROM games WHERE status = 'playing' AND deadline IS NOT NULL AND deadline <= ?"
            " ORDER BY deadline, id LIMIT ?", now, limit).fetchall())
        return [r[0] for r in rows]

    def listed_open(self, limit: int = 100) -> list[tuple[str, dict]]:
        rows = self._read(lambda x: x("SELECT id, meta FROM games WHERE status = 'open' AND listed = 1"
                                      " ORDER BY created DESC, id LIMIT ?", limit).fetchall())
        return [(r[0], json.loads(r[1])) for r in rows]

    def open_before(self, created: float, limit: int = 1000) -> list[str]:
        rows = self._read(lambda x: x("SELECT id FROM games WHERE status = 'open' AND created <= ?"
                                      " ORDER BY created, id LIMIT ?", created, limit).fetchall())
        return [r[0] for r in rows]

    def games(self, status: str | None = None, limit: int = 1000) -> list[str]:
        if status is None:
            q = lambda x: x("SELECT id FROM games ORDER BY created DESC, id DESC LIMIT ?", limit)
        else:
            q = lambda x: x("SELECT id FROM games WHERE status = ? ORDER BY created DESC, id DESC LIMIT ?",
                            status, limit)
        return [r[0] for r in self._read(lambda x: q(x).fetchall())]

    def notice_set(self, game_id: str, seat: int, data: dict | None, due: float | None) -> None:
        """Keep a seat's notice row (None: remove it)."""
        text = None if data is None else _dump(data, f"the notices of game {game_id!r}")

        def run(x: Exec) -> None:
            x("DELETE FROM notices WHERE game_id = ? AND seat = ?", game_id, seat)
            if text is not None:
                x("INSERT INTO notices (game_id, seat, data, due) VALUES (?, ?, ?, ?)", game_id, seat, text, due)
        self._write(run)

    def notices_of(self, game_id: str) -> dict[int, dict]:
        rows = self._read(lambda x: x("SELECT seat, data FROM notices WHERE game_id = ?", game_id).fetchall())
        return {int(r[0]): json.loads(r[1]) for r in rows}

    def notices_due(self, now: float, limit: int = 1000) -> list[tuple[str, int, dict]]:
        rows = self._read(lambda x: x("SELECT game_id, seat, data FROM notices WHERE due <= ? ORDER BY due LIMIT ?",
                                      now, limit).fetchall())
        return [(r[0], int(r[1]), json.loads(r[2])) for r in rows]

    def notice_games(self) -> set[str]:
        return {r[0] for r in self._read(lambda x: x("SELECT DISTINCT game_id FROM notices").fetchall())}

    def count(self, status: str | None = None) -> int:
        if status is None:
            row = self._read(lambda x: x("SELECT COUNT(*) FROM games").fetchone())
        else:
            row = self._read(lambda x: x("SELECT COUNT(*) FROM games WHERE status = ?", status).fetchone())
        return int(row[0])

    def beat(self, server: str, at: float, running: bool = True) -> float | None:
        def run(x: Exec) -> float | None:
            row = x("SELECT at FROM beats WHERE server = ?", server).fetchone()
            if row is None:
                x("INSERT INTO beats (server, at, running) VALUES (?, ?, ?)", server, at, int(running))
                return None
            x("UPDATE beats SET at = ?, running = ? WHERE server = ?", at, int(running), server)
            return row[0]
        return self._write(run)

    def beats(self) -> dict[str, tuple[float, bool]]:
        rows = self._read(lambda x: x("SELECT server, at, running FROM beats").fetchall())
        return {r[0]: (r[1], bool(r[2])) for r in rows}

    def metas(self, ids: list[str]) -> dict[str, tuple[dict, float]]:
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        rows = self._read(lambda x: x(f"SELECT id, meta, updated FROM games WHERE id IN ({marks})", *ids).fetchall())
        return {r[0]: (json.loads(r[1]), r[2]) for r in rows}

    def finished_before(self, updated: float, limit: int = 1000) -> list[str]:
        rows = self._read(lambda x: x("SELECT id FROM games WHERE status IN ('over', 'ended') AND updated <= ?"
                                      " ORDER BY updated, id LIMIT ?", updated, limit).fetchall())
        return [r[0] for r in rows]

    def remove(self, ids: list[str]) -> int:
        def run(x: Exec) -> int:
            gone = 0
            for gid in dict.fromkeys(ids):
                x("DELETE FROM entries WHERE game_id = ?", gid)
                gone += x("DELETE FROM games WHERE id = ?", gid).rowcount
            return gone
        return self._write(run)

    def add_pause(self, server: str, start: float, stop: float) -> None:
        self._write(lambda x: x("INSERT INTO pauses (server, start, stop) VALUES (?, ?, ?)", server, start, stop))

    def pauses(self, server: str) -> list[tuple[float, float]]:
        rows = self._read(lambda x: x("SELECT start, stop FROM pauses WHERE server = ? ORDER BY start",
                                      server).fetchall())
        return [(r[0], r[1]) for r in rows]

    def _setup_tables(self, x: Exec, where: str, real: str) -> None:
        """Inside the setup transaction: make the tables, or bring an older version's up to
        this one; StoreError if the database is of a newer version than this code."""
        x("CREATE TABLE IF NOT EXISTS schema (version INTEGER NOT NULL)")
        row = x("SELECT MAX(version) FROM schema").fetchone()
        version = row[0] if row else None
        if version is not None and version > SCHEMA_VERSION:
            raise StoreError(f"{where} holds games stored by a newer RetroCatan (storage version {version}; "
                             f"this one reads up to {SCHEMA_VERSION}): update RetroCatan")
        if version == SCHEMA_VERSION:
            return
        for v in range(version or 0, SCHEMA_VERSION):
            for statement in _statements(MIGRATIONS[v + 1], real):
                x(statement)
        if version is None:
            x("INSERT INTO schema (version) VALUES (?)", SCHEMA_VERSION)
        else:
            x("UPDATE schema SET version = ?", SCHEMA_VERSION)


# Each version's statements: version 1 makes the games and their entries; a later one adds
# to the one before. A new store runs them all.
MIGRATIONS: dict[int, str] = {}
MIGRATIONS[1] = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    code TEXT UNIQUE NOT NULL,
    status TEXT NOT NULL,
    deadline {real},
    meta TEXT NOT NULL,
    created {real} NOT NULL,
    updated {real} NOT NULL
);
CREATE INDEX IF NOT EXISTS games_status_deadline ON games (status, deadline);
CREATE TABLE IF NOT EXISTS entries (
    game_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""
MIGRATIONS[2] = """
CREATE TABLE IF NOT EXISTS beats (
    server TEXT PRIMARY KEY,
    at {real} NOT NULL,
    running INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS pauses (
    server TEXT NOT NULL,
    start {real} NOT NULL,
    stop {real} NOT NULL
);
"""
MIGRATIONS[3] = """
ALTER TABLE games ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS games_status_listed ON games (status, listed, created);
"""
MIGRATIONS[4] = """
CREATE TABLE IF NOT EXISTS notices (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    data TEXT NOT NULL,
    due {real},
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS notices_due ON notices (due);
"""


def _statements(sql: str, real: str) -> list[str]:
    return [s.strip() for s in sql.format(real=real).split(";") if s.strip()]


class SQLiteStore(_SQLStore):
    """Games in one SQLite file (WAL mode, synchronous=NORMAL, busy_timeout 5 s):
    one connection, used by one thread at a time (any thread)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        try:
            self._conn = sqlite3.connect(path, timeout=5.0, isolation_level=None, check_same_thread=False)
            self._conn.execute("PRAGMA busy_timeout = 5000")
            self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.OperationalError as e:
            self.close()
            raise StoreError(f"{path}: cannot open the database ({_first_line(e)})") from e
        except sqlite3.Error as e:
            self.close()
            raise StoreError(f"{path}: not a database RetroCatan can use ({_first_line(e)})") from e
        try:
            self._write(self._setup)
        except StoreError:
            self.close()
            raise

    def _setup(self, x: Exec) -> None:
        self._setup_tables(x, self.path, "REAL")

    @contextlib.contextmanager
    def _transaction(self, begin: str) -> Iterator[Exec]:
        conn = self._conn
        if conn is None:
            raise StoreError(f"{self.path}: the store is closed")
        conn.execute(begin)
        try:
            yield lambda sql, *params: conn.execute(sql, params)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise

    def _run(self, fn: Callable[[Exec], Any], begin: str) -> Any:
        try:
            with self._transaction(begin) as x:
                return fn(x)
        except sqlite3.IntegrityError as e:
            if "UNIQUE" in str(e):
                raise StoreConflict(f"{self.path}: {_first_line(e)}") from e
            raise StoreError(f"{self.path}: {_first_line(e)}") from e
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: {_first_line(e)}") from e

    def _read(self, fn: Callable[[Exec], Any], snapshot: bool = False) -> Any:
        return self._run(fn, "BEGIN")

    def _write(self, fn: Callable[[Exec], Any]) -> Any:
        # IMMEDIATE: take the write lock first (waiting up to busy_timeout), so two
        # writers never deadlock upgrading a read lock.
        return self._run(fn, "BEGIN IMMEDIATE")

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(sqlite3.Error):
                conn.close()


def _hide_password(url: str) -> str:
    """The URL to show people: any password (user:password@ or ?password=) replaced by ***."""
    url = re.sub(r"^([A-Za-z]+://[^:/@?]*):[^@/?]*@", r"\1:***@", url)
    return re.sub(r"([?&]password=)[^&]*", r"\1***", url)


def _import_psycopg():
    try:
        import psycopg
    except ImportError as e:
        raise StoreError(PSYCOPG_MISSING) from e
    return psycopg


class PostgresStore(_SQLStore):
    """Games in a PostgreSQL database (psycopg 3, one synchronous connection,
    used by one thread at a time). Several processes may share the database."""

    def __init__(self, url: str) -> None:
        self._psycopg = _import_psycopg()
        self.url = url
        self.where = _hide_password(url)
        self._conn = None
        self._closed = False
        self._connect()
        try:
            self._write(self._setup)
        except StoreError:
            self.close()
            raise

    def _connect(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
        try:
            self._conn = self._psycopg.connect(self.url, autocommit=True)
        except self._psycopg.Error as e:
            raise StoreError(f"cannot connect to PostgreSQL at {self.where}: {_first_line(e)}") from e

    def _setup(self, x: Exec) -> None:
        x("SELECT pg_advisory_xact_lock(?)", _PG_LOCK)
        self._setup_tables(x, f"PostgreSQL at {self.where}", "DOUBLE PRECISION")

    def _run(self, fn: Callable[[Exec], Any], retry: bool, snapshot: bool = False) -> Any:
        pg = self._psycopg
        for attempt in (1, 2):
            if self._closed:
                raise StoreError(f"PostgreSQL at {self.where}: the store is closed")
            if self._conn is None or self._conn.closed or self._conn.broken:
                self._connect()
            conn = self._conn
            try:
                with conn.transaction():
                    if snapshot:
                        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    return fn(lambda sql, *params: conn.execute(sql.replace("?", "%s"), params))
            except pg.errors.UniqueViolation as e:
                raise StoreConflict(f"PostgreSQL at {self.where}: {_first_line(e)}") from e
            except pg.OperationalError as e:
                if retry and attempt == 1 and (conn.closed or conn.broken):
                    continue  # the connection was lost: open it again and read again
                raise StoreError(f"PostgreSQL at {self.where}: {_first_line(e)}") from e
            except pg.Error as e:
                raise StoreError(f"PostgreSQL at {self.where}: {_first_line(e)}") from e

    def _read(self, fn: Callable[[Exec], Any], snapshot: bool = False) -> Any:
        return self._run(fn, retry=True, snapshot=snapshot)

    def _write(self, fn: Callable[[Exec], Any]) -> Any:
        return self._run(fn, retry=False)

    def close(self) -> None:
        self._closed = True
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()


def default_path() -> str:
    """The default SQLite file, server.sqlite3 in the user folder ~/.retrocatan (made if missing)."""
    folder = os.path.join(os.path.expanduser("~"), ".retrocatan")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise StoreError(f"cannot make the folder {folder}: {e.strerror or e}") from e
    return os.path.join(folder, "server.sqlite3")


def open_store(url: str | None, existing: bool = False) -> Store:
    """The store that ``url`` names: None or "" for SQLite at ``default_path()``;
    "sqlite:PATH" or a plain path for SQLite at that path (its folders made);
    "postgresql://..." or "postgres://..." for PostgreSQL. Anything else: StoreError.
    ``existing``: a SQLite file that is not there is a StoreError, not a new store (an
    operator's command on a mistyped path)."""
    if not url:
        path = default_path()
        if existing and not os.path.exists(path):
            raise StoreError(f"no store at {path} (give the server's --db)")
        return SQLiteStore(path)
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    if url.startswith("sqlite:"):
        path = url[len("sqlite:"):]
        if not path:
            raise StoreError("sqlite: needs a file path, as in sqlite:games.sqlite3")
    elif _SCHEME.match(url):
        scheme = url.split(":", 1)[0]
        raise StoreError(f"cannot keep games at a {scheme}:// address: give a file path, sqlite:PATH "
                         "or postgresql://...")
    else:
        path = url
    path = os.path.expanduser(path)
    if existing and path != ":memory:" and not os.path.exists(path):
        raise StoreError(f"no store at {path} (give the server's --db)")
    folder = os.path.dirname(path)
    if folder and path != ":memory:":
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            raise StoreError(f"cannot make the folder {folder}: {e.strerror or e}") from e
    return SQLiteStore(path)
