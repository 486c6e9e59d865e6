"""The server's commands: ``retrocatan serve`` and ``retrocatan admin``
(``admin_command.py``; the clients' commands are ``clients/commands.py``).

It takes ``--help``; with ``--json`` it prints one JSON object when
listening; bad input is one line on stderr and exit code 2 (``CliError``).
"""

from __future__ import annotations

import argparse
import gc
import json
import signal
import sys

from ..net.arguments import number, secret
from . import admin_command
from .logs import LEVELS

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


def _networks(text: str) -> list:
    from .proxy import network
    try:
        return [network(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address or a network (e.g. 127.0.0.1 or "
                                         "10.0.0.0/8)") from None


def add_commands(sub) -> None:
    """The subparsers of the network's commands."""
    s = sub.add_parser("serve", help="run a game server: the table and game master of network games",
                       epilog="It prints every address a friend could use. Friends on your network: --host 0.0.0.0, "
                              "then ws://THIS-MACHINE:PORT. Friends on the internet: forward the port of your router "
                              "to this machine and give them ws://YOUR-PUBLIC-ADDRESS:PORT, or better put it behind "
                              "the reverse proxy with TLS of docs/server.md (deploy/nginx), so that they connect to "
                              "wss://YOUR.HOST/catan.")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only; "
                   "0.0.0.0: every IPv4 address of this machine; '::': every address)")
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
    s.add_argument("--handshake-timeout", type=number(float, 0.5, 600), default=10.0, metavar="SECONDS",
                   help="seconds a connection may take to open (default 10)")
    s.add_argument("--first-message-timeout", type=number(float, 0.5, 3600), default=30.0, metavar="SECONDS",
                   help="seconds an open connection may stay silent before its first message (default 30)")
    s.add_argument("--ping-interval", type=number(float, 0.5, 3600), default=20.0, metavar="SECONDS",
                   help="a ping to every connection this often; one that does not answer within as long is "
                        "closed (default 20; below a reverse proxy's read timeout)")
    s.add_argument("--shard", type=_shard, metavar="K/N", help="one of N servers sharing one PostgreSQL: serve "
                   "the games of shard K (0..N-1) only (docs/server.md, 'Several machines')")
    s.add_argument("--shard-urls", metavar="URL,URL,...", help="with --shard: each shard's address, in order, to "
                   "send a client to the server of its game")
    s.add_argument("--workers", type=number(int, 1, 1024), help="processes the computer seats think in "
                   "(default: one for each core)")
    s.add_argument("--computer-budget", type=number(float, 0.01, 60), default=0.5, metavar="SECONDS",
                   help="CPU seconds a computer seat may think over one decision (default 0.5)")
    s.add_argument("--trust-proxy", type=_networks, action="append", default=[], metavar="ADDR",
                   help="a reverse proxy in front of the server (an address or a network; repeat or separate by "
                        "commas): its connections are counted at the client address its X-Forwarded-For names")
    s.add_argument("--public-url", metavar="URL", help="the address players use, as they type it (e.g. "
                   "wss://your.host/catan behind the proxy of docs/server.md): printed, and put in the notices")
    n = s.add_argument_group("by-post notices (docs/server.md, 'Notices')")
    n.add_argument("--smtp", metavar="HOST:PORT", help="send e-mail notices through this mail server")
    n.add_argument("--smtp-starttls", action="store_true", help="switch to TLS with STARTTLS (port 587)")
    n.add_argument("--smtp-tls", action="store_true", help="TLS from the start (port 465)")
    n.add_argument("--smtp-user", metavar="NAME", help="log in to the mail server as NAME; the password from "
                   "--smtp-password-file or the environment variable RETROCATAN_SMTP_PASSWORD")
    n.add_argument("--smtp-password-file", metavar="FILE", help="a file holding the mail server's password")
    n.add_argument("--smtp-from", metavar="ADDRESS", default="retrocatan@localhost",
                   help="the notices' sender address (default retrocatan@localhost)")
    n.add_argument("--webhooks", choices=("on", "off"), default="off",
                   help="post notices to the webhooks players give (public addresses only; default off)")
    n.add_argument("--webhook-allow", type=_networks, action="append", default=[], metavar="NET",
                   help="a network of your own that webhooks may also point into (e.g. 10.0.0.0/8)")
    n.add_argument("--notice-every", type=number(float, 1, 7 * 24 * 60), default=30.0, metavar="MINUTES",
                   help="at most one notice per game and seat this often (default 30)")
    s.add_argument("--log-level", choices=LEVELS, default="info",
                   help="what the log (JSON lines on stderr) says: debug adds every entry (default info)")
    s.add_argument("--json", action="store_true", help="print one JSON object when listening (port, db)")
    s.add_argument("--expire-open", type=number(float, 0, 100_000), default=24.0, metavar="HOURS",
                   help="end an open game whose seats nobody took within HOURS (default 24; 0: never)")
    s.add_argument("--expire-live", type=number(float, 0, 100_000), default=2.0, metavar="HOURS",
                   help="end a live game nobody was connected to for HOURS (default 2; 0: never)")
    s.add_argument("--expire-post", type=number(float, 0, 100_000), default=30.0, metavar="DAYS",
                   help="end a by-post game in which no person moved for DAYS (default 30; 0: never)")
    s.add_argument("--admin-file", metavar="FILE", help="where to write the address and secret that "
                   "retrocatan admin uses, readable by you only (default: beside the SQLite file, DB.admin.json)")
    for name, helptext in (("backup", "copy a server's store to a file while the server runs (SQLite's online "
                                      "backup, or pg_dump)"),
                           ("restore", "put a backup made by retrocatan backup into a store (no server may use it "
                                       "meanwhile)")):
        b = sub.add_parser(name, help=helptext, epilog="docs/server.md, 'Backup and restore'")
        b.add_argument("--db", metavar="URL", help="the store, as serve's --db takes it (default: server.sqlite3 "
                       "in the user folder)")
        b.add_argument("file", metavar="FILE", help="the backup file")
        b.add_argument("--json", action="store_true", help="print one JSON object when done")

    admin_command.add_command(sub)


def run_command(name: str, args, error) -> int:
    return {"serve": cmd_serve, "backup": cmd_backup, "restore": cmd_restore,
            "admin": admin_command.cmd_admin}[name](args, error)


COMMANDS = ("serve", "backup", "restore", "admin")


def cmd_backup(args, error) -> int:
    return _copy(args, error, "backup")


def cmd_restore(args, error) -> int:
    return _copy(args, error, "restore")


def _copy(args, error, what: str) -> int:
    from .backup import BackupError, backup, restore
    from .store import StoreError
    try:
        done = backup(args.db, args.file) if what == "backup" else restore(args.file, args.db)
    except (BackupError, StoreError) as exc:
        raise error(f"retrocatan {what}: {exc}") from None
    if args.json:
        print(json.dumps(done))
    elif what == "backup":
        print(f"retrocatan backup: {done['out']} ({done['bytes']} bytes, {done['kind']})")
    else:
        print(f"retrocatan restore: {args.file} restored ({done['kind']})")
    return 0


def cmd_serve(args, error) -> int:
    import asyncio

    from . import admin
    from .addresses import friend_urls, lines
    from .expiry import HOUR, Expiry
    from .hub import Hub, Limits, serve
    from .logs import setup
    from .pool import ComputerPool
    from .proxy import Proxies
    from .store import StoreError, open_store
    from .table import token_hash
    setup(args.log_level)
    # Two servers of one store would each write its games. A SQLite store's admin file is its own;
    # PostgreSQL's default one is the user's, shared by the databases of this machine.
    if args.admin_file or not (args.db or "").startswith(("postgresql://", "postgres://")):
        other = admin.serving(args.admin_file or admin.default_file(args.db, args.shard))
        if other is not None:
            raise error(f"retrocatan serve: a server already serves this store at {other}; stop it first")
    try:
        store = open_store(args.db)
    except StoreError as exc:
        raise error(f"retrocatan serve: {exc}") from None
    limits = Limits(max_connections=args.max_connections, per_address=args.per_address, max_games=args.max_games,
                    rate=args.rate, burst=max(60.0, 3 * args.rate), creates_per_minute=args.creates_per_minute,
                    handshake_s=args.handshake_timeout, first_message_s=args.first_message_timeout,
                    ping_s=args.ping_interval,
                    expire=Expiry(args.expire_open * HOUR, args.expire_live * HOUR, args.expire_post * 24 * HOUR))
    urls = [u.strip() for u in args.shard_urls.split(",")] if args.shard_urls else []
    if urls and (args.shard is None or len(urls) != args.shard[1] or not all(u.startswith(("ws://", "wss://"))
                                                                               for u in urls)):
        raise error("retrocatan serve: --shard-urls needs --shard K/N and N ws:// or wss:// addresses")
    pool = ComputerPool(args.workers, args.computer_budget)
    hub = Hub(store, limits=limits, shard=args.shard, shard_urls=urls,
              proxies=Proxies([n for group in args.trust_proxy for n in group]), pool=pool)
    outbox = _outbox(args, error)
    if outbox is not None:
        from .notices import Notices
        hub.notices = Notices(store, hub.clock, outbox, args.public_url or "", every=args.notice_every * 60,
                              allow=[n for group in args.webhook_allow for n in group], ours=hub.ours)
        hub.metrics.notice_stats = outbox.stats
    secret, admin_file = admin.new_secret(), args.admin_file or admin.default_file(args.db, args.shard)
    hub.admin_secret = token_hash(secret)

    def ready(port: int) -> None:
        try:
            admin.write_file(admin_file, admin.local_url(args.host, port), secret)
        except OSError as exc:
            print(f"retrocatan serve: no admin file ({admin_file}: {exc.strerror or exc}); "
                  "retrocatan admin works on the store once the server is stopped", file=sys.stderr, flush=True)
        where = args.db or "the user folder"
        urls = [u for _, u in friend_urls(args.host, port)]
        if hub.notices is not None:
            hub.notices.public_url = args.public_url or urls[0]
        if args.json:
            print(json.dumps({"url": urls[0], "urls": urls, "port": port, "db": where,
                              **({"public_url": args.public_url} if args.public_url else {})}), flush=True)
        else:
            print(f"retrocatan serve: listening on port {port} (games in {where})", flush=True)
            print("\n".join(lines(args.host, port, args.public_url)), flush=True)

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
        if outbox is not None:
            outbox.close()
        pool.close()
        store.close()
    return 0


def _outbox(args, error):
    """The notices' outbox that the options ask for (None: no notices)."""
    from .outbox import Outbox, Smtp, Webhook
    senders: dict = {}
    if args.smtp:
        host, colon, port = args.smtp.rpartition(":")
        if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise error(f"retrocatan serve: --smtp {args.smtp!r} is not HOST:PORT")
        try:
            password = secret(args.smtp_password_file, "RETROCATAN_SMTP_PASSWORD") or None
        except ValueError as exc:
            raise error(f"retrocatan serve: {exc}") from None
        senders["email"] = Smtp(host.strip("[]"), int(port), starttls=args.smtp_starttls, tls=args.smtp_tls,
                                user=args.smtp_user, password=password, sender=args.smtp_from)
    if args.webhooks == "on":
        senders["webhook"] = Webhook([n for group in args.webhook_allow for n in group])
    return Outbox(senders) if senders else None
