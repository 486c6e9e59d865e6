"""The server's operator at work: list the games, end one, remove finished
games (docs/server.md, "Operating it"; the command is ``admin_command.py``).

A running server holds its games' tables in memory, so a change to a game
goes through it: at start ``retrocatan serve`` makes a secret with
``secrets`` and writes it with its address into an *admin file* that only
its operator can read (mode 0600; by default beside its SQLite file), and
answers an ``admin`` message only with that secret (the server keeps its
SHA-256). What is safe without the server is done on the store itself:
listing always; ending a game and removing finished ones only while no
server runs on the store (its heartbeat, ``store.beats``).
"""

from __future__ import annotations

import json
import os
import secrets
import time

from ..net import messages as M
from .meta import EndReason, SeatKind, TableMeta

DAY = 86400.0
LIST_MAX = 1000
PURGE_BATCH = 1000      # games removed by one admin message (the command asks again until all are)
ANSWER_S = 5.0          # a server named by an admin file answers within this, or it is taken for gone
RUNNING_FOR = 15.0      # a heartbeat this recent (3 of clocks.BEAT_S) means a server runs on the store


# --- the admin file --------------------------------------------------------------------------------------
def default_file(db: str | None, shard: tuple[int, int] | None = None) -> str:
    """The admin file of a server of store ``db`` (``serve --db``): beside a SQLite file,
    in the user folder for PostgreSQL (one for each shard)."""
    from .store import default_path
    if db and db.startswith(("postgresql://", "postgres://")):
        tail = f"-{shard[0]}-of-{shard[1]}" if shard else ""
        return os.path.join(os.path.expanduser("~"), ".retrocatan", f"admin-postgres{tail}.json")
    path = db[len("sqlite:"):] if db and db.startswith("sqlite:") else db or default_path()
    return os.path.expanduser(path) + ".admin.json"


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def write_file(path: str, url: str, secret: str) -> None:
    """Write the admin file (its address and secret), readable by its owner only."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump({"url": url, "secret": secret, "pid": os.getpid()}, f)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def serving(path: str) -> str | None:
    """The address of the server whose admin file is ``path``, if it answers there to the file's
    secret (it runs); None when there is no file or nothing answers to it (a killed server leaves
    its file behind; another server may have its port since)."""
    import asyncio

    from ..net.client import one_request
    found = read_file(path)
    if found is None:
        return None
    msg = {"type": "admin", "do": "list", "limit": 1, "secret": str(found.get("secret", ""))}
    try:
        asyncio.run(asyncio.wait_for(one_request(found["url"], msg), ANSWER_S))
    except Exception:       # refused, unreachable, silent, a file of nonsense: no server of this file runs
        return None
    return found["url"]


def read_file(path: str) -> dict | None:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("url"), str) else None


def remove_file(path: str, secret: str) -> None:
    """Remove the admin file if it is still this server's."""
    got = read_file(path)
    if got is not None and got.get("secret") == secret:
        try:
            os.remove(path)
        except OSError:
            pass


def local_url(host: str, port: int) -> str:
    """Where the operator on this machine reaches a server listening on ``host``."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "[::1]"
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"ws://{host}:{port}"


# --- what is done: on the store, with the connections the server knows of --------------------------------
def listing(store, status: str | None = None, limit: int = 100, connected=None) -> list[dict]:
    """The newest games (with ``status``): status, last move, seats connected. ``connected``:
    game id -> seats with a connection (a running server's; none from the store alone)."""
    connected = connected or {}
    ids = store.games(status, max(1, min(limit, LIST_MAX)))
    rows = store.metas(ids)
    out = []
    for gid in ids:
        if gid not in rows:
            continue
        raw, updated = rows[gid]
        m = TableMeta.from_json(raw)
        out.append({"game": gid, "code": m.code, "status": m.status.value, "pace": m.pace.name,
                    "players": len(m.seats), "people": sum(s.kind == SeatKind.PERSON for s in m.seats),
                    "connected": connected.get(gid, 0), "created": m.created,
                    "last_move": m.moved if m.moved is not None else updated, "step": m.step,
                    "ended": m.ended.value if m.ended else None})
    return out


def server_runs(store, now: float | None = None) -> str | None:
    """A sentence naming the server that runs on ``store`` (a fresh heartbeat), or None."""
    now = time.time() if now is None else now
    for server, (at, running) in sorted(store.beats().items()):
        if running and now - at < RUNNING_FOR:
            return f"a server runs on this store (server {server}, heartbeat {max(0.0, now - at):.0f} s ago)"
    return None


def finished_before(store, days: float, now: float, limit: int = PURGE_BATCH) -> list[str]:
    return store.finished_before(now - days * DAY, limit)


# --- answering the admin message of a running server ---------------------------------------------------
def answer(hub, c, msg: dict) -> None:
    """An ``admin`` message (``do``: ``list``, ``end``, ``purge``) with this server's secret."""
    from .table import TableError, token_hash  # (here: the server has them; ``retrocatan admin`` needs none)
    want = hub.admin_secret
    if want is None or not secrets.compare_digest(want, token_hash(msg["secret"][:200])):
        raise TableError("bad_token", "not this server's admin secret (its admin file has it)")
    do, rid = msg["do"], msg.get("id")
    if do == "list":
        status = msg.get("status")
        if status is not None and status not in ("open", "playing", "over", "ended"):
            raise TableError("bad_message", "status is open, playing, over or ended")
        connected = {gid: sum(1 for n in t.connected.values() if n > 0) for gid, t in hub.tables.items()}
        games = listing(hub.store, status, msg.get("limit", 100), connected)
        c.send(M.message("admin", id=rid, do=do, games=games))
    elif do == "end":
        if "game" not in msg:
            raise TableError("bad_message", "admin end: name the game")
        t = hub.table(msg["game"])
        if t is None:
            raise TableError("not_found", "no such game")
        hub.end_game(t, EndReason.ADMIN)
        c.send(M.message("admin", id=rid, do=do, game=t.id, status=t.status.value))
    elif do == "purge":
        days = msg.get("days")
        if not isinstance(days, (int, float)) or days < 0:
            raise TableError("bad_message", "admin purge: days, a number from 0")
        ids = finished_before(hub.store, days, hub.clock.now())
        kept = [gid for gid in ids if hub.by_table.get(gid)]     # someone looks at it now
        gone = [gid for gid in ids if gid not in set(kept)]
        removed = hub.store.remove(gone)
        for gid in gone:
            hub.tables.pop(gid, None)
        c.send(M.message("admin", id=rid, do=do, removed=removed, kept=len(kept)))
    else:
        raise TableError("bad_message", "admin do: list, end or purge")

