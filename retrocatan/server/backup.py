"""Backing up a server's store and restoring it (docs/server.md, "Backup
and restore"), while the server runs.

- SQLite: the library's online backup (``sqlite3.Connection.backup``) copies
  a consistent snapshot page by page while the server goes on writing; the
  copy is a SQLite file of its own (WAL folded in). Restoring copies it back
  the same way into the store's file, which no server may be using then.
- PostgreSQL: ``pg_dump --format=custom`` (a consistent snapshot, the server
  goes on) and ``pg_restore --clean --if-exists`` into the database, from
  Debian's ``postgresql-client``; their folder can be given
  (``RETROCATAN_PG_BIN``), else the newest ``/usr/lib/postgresql/*/bin``,
  else the PATH.

A backup holds everything the store holds: the games, the tokens' hashes,
and the notices' e-mail addresses and webhooks. Keep it as private as the
store.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import sqlite3
import subprocess

from .store import default_path


class BackupError(Exception):
    pass


def _is_postgres(url: str | None) -> bool:
    return bool(url) and url.startswith(("postgresql://", "postgres://"))


def _sqlite_path(url: str | None) -> str:
    if not url:
        return default_path()
    return os.path.expanduser(url[len("sqlite:"):] if url.startswith("sqlite:") else url)


def _server_running(url: str | None) -> str | None:
    """A sentence naming the server that runs on the store ``url`` (its fresh heartbeat), or None."""
    from .admin import server_runs
    from .store import open_store
    if not _is_postgres(url) and not os.path.exists(_sqlite_path(url)):
        return None
    with open_store(url) as store:
        return server_runs(store)


def pg_tool(name: str) -> str:
    """The path of ``pg_dump`` or ``pg_restore``."""
    folder = os.environ.get("RETROCATAN_PG_BIN")
    candidates = [os.path.join(folder, name)] if folder else []
    candidates += sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                         key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0, reverse=True)
    for path in candidates:
        if os.access(path, os.X_OK):
            return path
    found = shutil.which(name)
    if found:
        return found
    raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")


def _run(cmd: list[str]) -> None:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=3600)
    except OSError as exc:
        raise BackupError(f"{cmd[0]}: {exc.strerror or exc}") from None
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise BackupError(f"{os.path.basename(cmd[0])} failed: {lines[-1] if lines else done.returncode}")


def backup(url: str | None, out: str) -> dict:
    """Copy the store ``url`` (as ``--db`` takes it) into the file ``out``; what was done."""
    folder = os.path.dirname(os.path.abspath(out))
    os.makedirs(folder, exist_ok=True)
    if _is_postgres(url):
        _run([pg_tool("pg_dump"), "--format=custom", "--no-owner", "--file", out, "--dbname", url])
        return {"kind": "postgresql", "out": out, "bytes": os.path.getsize(out)}
    path = _sqlite_path(url)
    if not os.path.exists(path):
        raise BackupError(f"{path}: no such store")
    tmp = out + ".part"
    try:
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
        try:
            target = sqlite3.connect(tmp)
            try:
                source.backup(target, pages=1024)
            finally:
                target.close()
        finally:
            source.close()
        os.replace(tmp, out)
    except sqlite3.Error as exc:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise BackupError(f"{path}: {exc}") from None
    return {"kind": "sqlite", "out": out, "bytes": os.path.getsize(out)}


def restore(source: str, url: str | None) -> dict:
    """Put the backup file ``source`` into the store ``url`` (replacing what it holds)."""
    if not os.path.exists(source):
        raise BackupError(f"{source}: no such backup")
    running = _server_running(url)
    if running:
        raise BackupError(f"{running}: stop it first (the games it serves would break)")
    if _is_postgres(url):
        _run([pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--single-transaction",
              "--dbname", url, source])
        return {"kind": "postgresql", "from": source}
    path = _sqlite_path(url)
    try:
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            if src.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'games'").fetchone()[0] != 1:
                raise BackupError(f"{source}: not a backup of a RetroCatan server's store")
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            dst = sqlite3.connect(path, timeout=30)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise BackupError(f"{source}: {exc}") from None
    return {"kind": "sqlite", "from": source, "to": path}
