"""``retrocatan admin``: the operator's command (``admin.py`` does the work).

``list`` shows the games (status, last move, seats connected), ``end GAME``
ends one, ``purge --days N`` removes the games over or ended more than N
days ago. Each goes to the running server through its admin file; with no
server answering, to the store (``--db``): ``list`` always, ``end`` and
``purge`` only while no server runs on it. Bad input or a refusal is one
line on stderr and exit code 2; ``--json`` prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import time

from ..net.arguments import number
from . import admin

COMMANDS = ("admin",)


def add_command(sub) -> None:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", metavar="URL", help="the server's store, as for serve (default: server.sqlite3 in "
                        "the user folder)")
    common.add_argument("--admin-file", metavar="FILE", help="the server's admin file (default: beside its SQLite "
                        "file, DB.admin.json)")
    common.add_argument("--json", action="store_true", help="print the result as one JSON object")
    a = sub.add_parser("admin", help="list a server's games, end one, remove finished ones",
                       epilog="A change goes through the running server (its admin file, readable by its operator "
                              "only); with the server stopped, to the store itself (docs/server.md).")
    do = a.add_subparsers(dest="do", required=True, metavar="{list,end,purge}")
    ls = do.add_parser("list", parents=[common], help="the newest games: status, last move, seats connected")
    ls.add_argument("--status", choices=("open", "playing", "over", "ended"), help="only games of this status")
    ls.add_argument("--limit", type=number(int, 1, admin.LIST_MAX), default=100,
                    help=f"games to list, newest first (default 100, at most {admin.LIST_MAX})")
    end = do.add_parser("end", parents=[common], help="end a game (its players are told; its record is kept)")
    end.add_argument("game", help="the game's id (16 hex digits, as admin list shows)")
    purge = do.add_parser("purge", parents=[common], help="remove the games over or ended N days ago or earlier")
    purge.add_argument("--days", type=number(float, 0, 100_000), required=True, help="N, in days")


def cmd_admin(args, error) -> int:
    msg = {"type": "admin", "do": args.do}
    if args.do == "list":
        msg["limit"] = args.limit
        if args.status:
            msg["status"] = args.status
    elif args.do == "end":
        msg["game"] = args.game
    else:
        msg["days"] = args.days
    got = _through_server(args, msg, error)
    if got is None:
        got = _on_store(args, msg, error)
    last = got
    while args.do == "purge" and last["removed"] and last["removed"] + last["kept"] >= admin.PURGE_BATCH:
        last = _through_server(args, msg, error)     # a server removes a batch at a time: ask again
        if last is None:
            break
        got = {**last, "removed": got["removed"] + last["removed"]}
    _show(args, got)
    return 0


def _through_server(args, msg: dict, error) -> dict | None:
    """The running server's answer; None when no server answers at its admin file's address."""
    import asyncio

    from ..net.client import Refused, one_request
    path = args.admin_file or admin.default_file(args.db)
    found = admin.read_file(path)
    if found is None:
        return None
    try:
        return asyncio.run(asyncio.wait_for(one_request(found["url"], {**msg, "secret": found.get("secret", "")}),
                                            15))
    except Refused as exc:
        raise error(f"retrocatan admin: the server refused: {exc}") from None
    except (OSError, ConnectionError, TimeoutError):
        return None                     # not running: its store is the truth


def _on_store(args, msg: dict, error) -> dict:
    from .clocks import SystemClock
    from .meta import EndReason
    from .store import StoreError, open_store
    from .table import Table, TableError
    try:
        with open_store(args.db, existing=True) as store:
            if args.do == "list":
                return {"do": "list", "games": admin.listing(store, msg.get("status"), msg["limit"])}
            running = admin.server_runs(store)
            if running:
                raise error(f"retrocatan admin: {running}, and it does not answer at its admin file; "
                            f"stop it, or give its --admin-file") from None
            if args.do == "end":
                t = Table.load(store, SystemClock(), args.game)
                if t is None:
                    raise error(f"retrocatan admin: no game {args.game!r} in the store")
                t.end(EndReason.ADMIN)
                return {"do": "end", "game": t.id, "status": t.status.value}
            ids = admin.finished_before(store, args.days, time.time(), limit=10_000_000)
            return {"do": "purge", "removed": store.remove(ids), "kept": 0}
    except TableError as exc:
        raise error(f"retrocatan admin: {exc}") from None
    except StoreError as exc:
        raise error(f"retrocatan admin: {exc}") from None


def _show(args, got: dict) -> None:
    got = {k: v for k, v in got.items() if k not in ("type", "id")}
    if args.json:
        print(json.dumps(got))
        return
    if got["do"] == "list":
        print(f"{'game':16}  {'code':8}  {'status':7}  {'pace':4}  {'last move':19}  connected")
        for g in got["games"]:
            when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(g["last_move"]))
            print(f"{g['game']:16}  {g['code']:8}  {g['status']:7}  {g['pace']:4}  {when:19}  "
                  f"{g['connected']} of {g['people']} people")
    elif got["do"] == "end":
        print(f"game {got['game']}: {got['status']}")
    else:
        print(f"removed {got['removed']} finished games" + (f" ({got['kept']} kept: someone looks at them)"
                                                            if got.get("kept") else ""))
