"""The server's commands: ``retrocatan serve`` and ``retrocatan admin``
(``admin_command.py``; the clients' commands are ``clients/commands.py``).

It takes ``--help``; with ``--json`` it prints one JSON object when
listening; bad input is one line on stderr and exit code 2 (``CliError``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import signal
import sys

from ..net.arguments import number
from . import admin_command

DEFAULT_PORT = 8765


def _shard(text: str) -> tuple[int, int]:
    k, slash, n = text.partition("/")
    try:
        k, n = int(k), int(n)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not K/N, e.g. 0/2") from None
    if not slash or not 1 <= n <= 1024 or not 0 <= k < n:
        raise argparse.ArgumentTypeError(f"{text!r}: K/N with 0 <= K < N <= 1024")
    return k, n


def add_commands(sub) -> None:
    """The subparsers of the network's commands."""
    s = sub.add_parser("serve", help="run a game server: the table and game master of network games",
                       epilog="Clients connect to ws://HOST:PORT. For friends on the internet put it behind a "
                              "reverse proxy with TLS (docs/server.md).")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    s.add_argument("--port", type=number(int, 0, 65535), default=DEFAULT_PORT,
                   help=f"port (default {DEFAULT_PORT}; 0: any free port)")
    s.add_argument("--db", metavar="URL", help="where games are stored: a SQLite file path (default: "
                   "server.sqlite3 in the user folder) or postgresql://user@host/dbname")
    s.add_argument("--max-connections", type=number(), default=20_000, help="open connections (default 20000)")
    s.add_argument("--per-address", type=number(), default=64,
                   help="open connections from one address (default 64)")
    s.add_argument("--max-games", type=number(), default=100_000,
                   help="games that can still go on: open or playing (default 100000)")
    s.add_argument("--creates-per-minute", type=number(), default=30,
                   help="new games one address may create a minute (default 30)")
    s.add_argument("--rate", type=number(float, 0.1, 10_000), default=20.0,
                   help="messages a second a connection may send on average (default 20)")
    s.add_argument("--shard", type=_shard, metavar="K/N", help="one of N servers sharing one PostgreSQL: serve "
                   "the games of shard K (0..N-1) only (docs/server.md, 'Several machines')")
    s.add_argument("--shard-urls", metavar="URL,URL,...", help="with --shard: each shard's address, in order, to "
                   "send a client to the server of its game")
    s.add_argument("--json", action="store_true", help="print one JSON object when listening (port, db)")
    s.add_argument("--expire-open", type=number(float, 0, 100_000), default=24.0, metavar="HOURS",
                   help="end an open game whose seats nobody took within HOURS (default 24; 0: never)")
    s.add_argument("--expire-live", type=number(float, 0, 100_000), default=2.0, metavar="HOURS",
                   help="end a live game nobody was connected to for HOURS (default 2; 0: never)")
    s.add_argument("--expire-post", type=number(float, 0, 100_000), default=30.0, metavar="DAYS",
                   help="end a by-post game in which no person moved for DAYS (default 30; 0: never)")
    s.add_argument("--admin-file", metavar="FILE", help="where to write the address and secret that "
                   "retrocatan admin uses, readable by you only (default: beside the SQLite file, DB.admin.json)")
    admin_command.add_command(sub)


def run_command(name: str, args, error) -> int:
    return {"serve": cmd_serve, "admin": admin_command.cmd_admin}[name](args, error)


COMMANDS = ("serve", "admin")


def cmd_serve(args, error) -> int:
    import logging

    from . import admin
    from .expiry import HOUR, Expiry
    from .hub import Hub, Limits, serve
    from .store import StoreError, open_store
    from .table import token_hash
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        store = open_store(args.db)
    except StoreError as exc:
        raise error(f"retrocatan serve: {exc}") from None
    limits = Limits(max_connections=args.max_connections, per_address=args.per_address, max_games=args.max_games,
                    rate=args.rate, burst=max(60.0, 3 * args.rate), creates_per_minute=args.creates_per_minute,
                    expire=Expiry(args.expire_open * HOUR, args.expire_live * HOUR, args.expire_post * 24 * HOUR))
    urls = [u.strip() for u in args.shard_urls.split(",")] if args.shard_urls else []
    if urls and (args.shard is None or len(urls) != args.shard[1] or not all(u.startswith(("ws://", "wss://"))
                                                                               for u in urls)):
        raise error("retrocatan serve: --shard-urls needs --shard K/N and N ws:// or wss:// addresses")
    hub = Hub(store, limits=limits, shard=args.shard, shard_urls=urls)
    secret, admin_file = admin.new_secret(), args.admin_file or admin.default_file(args.db, args.shard)
    hub.admin_secret = token_hash(secret)

    def ready(port: int) -> None:
        try:
            admin.write_file(admin_file, admin.local_url(args.host, port), secret)
        except OSError as exc:
            print(f"retrocatan serve: no admin file ({admin_file}: {exc.strerror or exc}); "
                  "retrocatan admin works on the store once the server is stopped", file=sys.stderr, flush=True)
        where = args.db or "the user folder"
        if args.json:
            print(json.dumps({"url": f"ws://{args.host}:{port}", "port": port, "db": where}), flush=True)
        else:
            print(f"retrocatan serve: listening on ws://{args.host}:{port} (games in {where})", flush=True)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):
                pass
        await serve(hub, args.host, args.port, ready=ready, stop=stop)

    # The games' many small objects live long: a full collection of them all would pause every
    # game for half a second at 1,000 games (benchmarks/server_load.py). Young objects are still
    # collected; a full collection runs now and then from the hub's timer.
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 10, 1_000_000)
    try:
        asyncio.run(main())
    except OSError as exc:
        raise error(f"retrocatan serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    finally:
        admin.remove_file(admin_file, secret)
        store.close()
    return 0
