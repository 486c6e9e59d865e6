"""The network's commands: ``serve``, ``create``, ``bot``, ``join``, ``record``
(``stage``, which draws with the window's code, is ``cli.py``'s).

Each takes ``--help``; with ``--json`` the last line printed is one JSON
object; bad input is one line on stderr and exit code 2 (``CliError``).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import sys

from ..ai import LEVELS

DEFAULT_PORT = 8765


def _url(text: str) -> str:
    if not (text.startswith("ws://") or text.startswith("wss://")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a ws:// or wss:// address")
    return text


def _positive(kind=int, lo=1, hi=10**9):
    def parse(text: str):
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{v} is not between {lo} and {hi}")
        return v
    return parse


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
    s.add_argument("--port", type=_positive(int, 0, 65535), default=DEFAULT_PORT,
                   help=f"port (default {DEFAULT_PORT}; 0: any free port)")
    s.add_argument("--db", metavar="URL", help="where games are stored: a SQLite file path (default: "
                   "server.sqlite3 in the user folder) or postgresql://user@host/dbname")
    s.add_argument("--max-connections", type=_positive(), default=20_000, help="open connections (default 20000)")
    s.add_argument("--per-address", type=_positive(), default=64,
                   help="open connections from one address (default 64)")
    s.add_argument("--max-games", type=_positive(), default=100_000, help="games not over (default 100000)")
    s.add_argument("--creates-per-minute", type=_positive(), default=30,
                   help="new games one address may create a minute (default 30)")
    s.add_argument("--rate", type=_positive(float, 0.1, 10_000), default=20.0,
                   help="messages a second a connection may send on average (default 20)")
    s.add_argument("--shard", type=_shard, metavar="K/N", help="one of N servers sharing one PostgreSQL: serve "
                   "the games of shard K (0..N-1) only (docs/server.md, 'Several machines')")
    s.add_argument("--shard-urls", metavar="URL,URL,...", help="with --shard: each shard's address, in order, to "
                   "send a client to the server of its game")
    s.add_argument("--json", action="store_true", help="print one JSON object when listening (port, db)")

    c = sub.add_parser("create", help="create a network game on a server and print its invite code")
    c.add_argument("--server", type=_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    c.add_argument("--players", type=_positive(int, 3, 6), default=4, help="players, 3-6 (default 4)")
    c.add_argument("--scenario", metavar="ID", help="a scenario map (see: retrocatan scenarios)")
    c.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule option (JSON value), e.g. vp_target=12; may be repeated")
    c.add_argument("--seats", help="one per player: open or a computer level (easy, normal, hard, expert), "
                   "e.g. open,open,hard,normal (default: all open)")
    c.add_argument("--pace", choices=("live", "post"), default="live",
                   help="live (90 s a turn) or post (a move a day, as the forum game); default live")
    c.add_argument("--clock", action="append", default=[], metavar="NAME=SECONDS",
                   help="a clock setting: turn, decision, offer, warn, computer_delay (seconds), missed_turns, "
                        "takeover (a level); may be repeated")
    c.add_argument("--start", choices=("full", "owner"), default="full",
                   help="full: the game starts when every seat is taken (default); owner: when its owner says")
    c.add_argument("--json", action="store_true", help="print the game, code and owner token as one JSON object")

    b = sub.add_parser("bot", help="a computer player that joins a network game as a client")
    b.add_argument("--server", type=_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    b.add_argument("--code", required=True, help="the game's invite code")
    b.add_argument("--level", choices=LEVELS, default="normal", help="the computer's level (default normal)")
    b.add_argument("--name", help="the name at the table (default: Computer (level))")
    b.add_argument("--seat", type=_positive(int, 0, 5), help="the colour's seat number, 0-5 (default: the first free)")
    b.add_argument("--seat-file", metavar="FILE", help="keep the seat's token here and resume with it when "
                   "started again")
    b.add_argument("--think", type=_positive(float, 0, 3600), default=0.0,
                   help="seconds to wait before each decision (default 0)")
    b.add_argument("--json", action="store_true", help="print the result as one JSON object")

    r = sub.add_parser("record", help="save a finished network game's record as a replay file")
    r.add_argument("--server", type=_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    r.add_argument("--code", required=True, help="the game's invite code")
    r.add_argument("--out", required=True, metavar="FILE", help="the replay file to write (.json): open it with "
                   "retrocatan replay FILE (--verify, --png)")
    r.add_argument("--json", action="store_true", help="print the result as one JSON object")

    j = sub.add_parser("join", help="play a network game at the terminal")
    j.add_argument("--server", type=_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    j.add_argument("--code", help="the game's invite code (to take a seat)")
    j.add_argument("--name", help="your name at the table")
    j.add_argument("--seat", type=_positive(int, 0, 5), help="your colour's seat number, 0-5 (default: first free)")
    j.add_argument("--seat-file", metavar="FILE", help="keep your seat's token here; start again with it to "
                   "come back to your seat")
    j.add_argument("--watch", action="store_true", help="watch the game as a spectator")


def run_command(name: str, args, error) -> int:
    return {"serve": cmd_serve, "create": cmd_create, "bot": cmd_bot, "join": cmd_join,
            "record": cmd_record}[name](args, error)


COMMANDS = ("serve", "create", "bot", "join", "record")


def cmd_serve(args, error) -> int:
    import logging

    from .hub import Hub, Limits, serve
    from .store import StoreError, open_store
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        store = open_store(args.db)
    except StoreError as exc:
        raise error(f"retrocatan serve: {exc}") from None
    limits = Limits(max_connections=args.max_connections, per_address=args.per_address, max_games=args.max_games,
                    rate=args.rate, burst=max(60.0, 3 * args.rate), creates_per_minute=args.creates_per_minute)
    urls = [u.strip() for u in args.shard_urls.split(",")] if args.shard_urls else []
    if urls and (args.shard is None or len(urls) != args.shard[1] or not all(u.startswith(("ws://", "wss://"))
                                                                               for u in urls)):
        raise error("retrocatan serve: --shard-urls needs --shard K/N and N ws:// or wss:// addresses")
    hub = Hub(store, limits=limits, shard=args.shard, shard_urls=urls)

    def ready(port: int) -> None:
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
        store.close()
    return 0


def _option(text: str, error) -> tuple[str, object]:
    name, eq, value = text.partition("=")
    if not eq or not name:
        raise error(f"retrocatan create: {text!r} is not NAME=VALUE")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def cmd_create(args, error) -> int:
    from .client import Refused, create_game
    config = {"players": args.players, **dict(_option(o, error) for o in args.option)}
    if args.scenario:
        config["scenario"] = args.scenario
    seats = None
    if args.seats:
        seats = []
        for s in args.seats.split(","):
            s = s.strip()
            if s == "open":
                seats.append({"kind": "open"})
            elif s in LEVELS:
                seats.append({"kind": "computer", "level": s})
            else:
                raise error(f"retrocatan create: a seat is open or a level ({', '.join(LEVELS)}), not {s!r}")
    clocks = dict(_option(o, error) for o in args.clock)
    try:
        got = asyncio.run(create_game(args.server, config, args.pace, clocks, seats, args.start))
    except Refused as exc:
        raise error(f"retrocatan create: the server refused: {exc}") from None
    except (OSError, ConnectionError, TimeoutError) as exc:
        raise error(f"retrocatan create: cannot reach {args.server}: {exc}") from None
    if args.json:
        print(json.dumps({k: got[k] for k in ("game", "code", "owner")}))
    else:
        print(f"game {got['game']}: invite code {got['code']}")
        print(f"owner token (keep it secret; it starts the game and gives seats to computers): {got['owner']}")
    return 0


def cmd_bot(args, error) -> int:
    from .bot import Bot
    from .client import Refused
    bot = Bot(args.server, args.code, args.level, args.name, args.seat_file, args.think, colour=args.seat,
              progress=lambda line: print(f"retrocatan bot: {line}", file=sys.stderr, flush=True))
    try:
        result = asyncio.run(bot.play(reach_first=True))
    except Refused as exc:
        raise error(f"retrocatan bot: the server refused: {exc}") from None
    except ConnectionError as exc:
        raise error(f"retrocatan bot: {exc}") from None
    except KeyboardInterrupt:
        raise
    if args.json:
        print(json.dumps(result))
    else:
        print(f"game {result['game']} seat {result['seat']}: {result['decisions']} decisions, "
              f"{'over' if result['over'] else 'not over'}")
    return 0


def cmd_join(args, error) -> int:
    from .text_client import play
    if not args.watch and not args.code and not args.seat_file:
        raise error("retrocatan join: give --code (a game's invite code) or --seat-file (a seat you hold)")
    if args.seat_file and args.code is None and not os.path.exists(args.seat_file):
        raise error(f"retrocatan join: {args.seat_file}: no such file")
    return play(args, error, sys.stdin, sys.stdout)


def ask(prog: str, url: str, msg: dict, error) -> dict:
    """One request to a server on its own connection; its answer (``error`` for a refusal)."""
    from .client import Refused, one_request
    try:
        return asyncio.run(one_request(url, msg))
    except Refused as exc:
        raise error(f"{prog}: the server refused: {exc}") from None
    except (OSError, ConnectionError, TimeoutError) as exc:
        raise error(f"{prog}: cannot reach {url}: {exc}") from None


def cmd_record(args, error) -> int:
    from ..storage import FileError, atomic_write
    got = ask("retrocatan record", args.server, {"type": "record", "code": args.code}, error)
    record = got["record"]
    try:
        atomic_write(args.out, json.dumps(record))
    except (FileError, OSError) as exc:
        raise error(f"retrocatan record: cannot write {args.out}: {exc}") from None
    if args.json:
        print(json.dumps({"game": got["game"], "out": args.out, "steps": len(record["actions"])}))
    else:
        print(f"wrote {args.out}: {len(record['actions'])} decisions (retrocatan replay {args.out} --verify)")
    return 0
