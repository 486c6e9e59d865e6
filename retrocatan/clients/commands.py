"""The clients' commands: ``create``, ``bot``, ``join``, ``record`` (``serve``
is ``server/commands.py``'s; ``stage``, which draws with the window's code,
is ``cli.py``'s).

Each takes ``--help``; with ``--json`` the last line printed is one JSON
object; bad input is one line on stderr and exit code 2 (``CliError``).
"""

from __future__ import annotations

import json
import os
import sys

from ..net.arguments import number, secret, server_url
from ..seat_kinds import COMPUTER_LEVELS
from .seat_file import FOLDER

OWNER_ENV = "RETROCATAN_OWNER_TOKEN"     # where ``retrocatan start`` finds the owner token
ELSEWHERE_HOPS = 3      # shards a request follows to find its game's server


def language_of(environ=os.environ) -> str:
    """The terminal's language: German where the locale says so (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def _language(parser) -> None:
    parser.add_argument("--language", choices=("en", "de"), default=None,
                        help="the language of the game's lines: en or de (default: the terminal's locale, "
                             "German for de_*, else English)")


def _use_language(args) -> None:
    from ..words.text import set_language
    set_language(args.language or language_of())


def add_commands(sub) -> None:
    """The subparsers of the clients' commands."""
    c = sub.add_parser("create", help="create a network game on a server and print its invite code")
    c.add_argument("--server", type=server_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    c.add_argument("--players", type=number(int, 3, 6), default=4, help="players, 3-6 (default 4)")
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
    c.add_argument("--listed", action="store_true", help="show it in the server's list of open games (default: "
                   "only who has its invite code finds it)")
    c.add_argument("--json", action="store_true", help="print the game, code and owner token as one JSON object")

    b = sub.add_parser("bot", help="a computer player that joins a network game as a client",
                       description="A computer player that joins a network game as a client. A server that is "
                       "down is waited for (it says so on stderr).")
    b.add_argument("--server", type=server_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    b.add_argument("--code", required=True, help="the game's invite code")
    b.add_argument("--level", choices=COMPUTER_LEVELS, default="normal", help="the computer's level (default normal)")
    b.add_argument("--name", help="the name at the table (default: its colour and level, e.g. Red (Hard), as "
                   "at one machine)")
    b.add_argument("--seat", type=number(int, 0, 5), help="the colour's seat number, 0-5 (default: the first free)")
    b.add_argument("--seat-file", metavar="FILE", help="keep the seat's token here and resume with it when "
                   "started again")
    b.add_argument("--think", type=number(float, 0, 3600), default=0.0,
                   help="seconds to wait before each decision (default 0)")
    b.add_argument("--log", action="store_true", help="show the table's log on stderr as the game goes, in the "
                   "game's words (else only where it sits and how far it got)")
    _language(b)
    b.add_argument("--json", action="store_true", help="print the result as one JSON object")

    s = sub.add_parser("start", help="start a network game made with create --start owner",
                       description="Start a network game made with create --start owner, once every seat is "
                       "taken by a person or a computer. The owner token is read from --owner-file or the environment "
                       "variable "
                       f"{OWNER_ENV}, never the command line (which every user of the machine can read).")
    s.add_argument("--server", type=server_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    s.add_argument("--game", required=True, help="the game's id, as create printed it")
    s.add_argument("--owner-file", metavar="FILE", help="a file holding the owner token create printed")
    s.add_argument("--json", action="store_true", help="print the result as one JSON object")

    r = sub.add_parser("record", help="save a finished network game's record as a replay file")
    r.add_argument("--server", type=server_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    r.add_argument("--code", required=True, help="the game's invite code")
    r.add_argument("--out", required=True, metavar="FILE", help="the replay file to write (.json): open it with "
                   "retrocatan replay FILE (--verify, --png)")
    r.add_argument("--json", action="store_true", help="print the result as one JSON object")

    j = sub.add_parser("join", help="play a network game at the terminal",
                       description="Play a network game at the terminal. Your seat is kept in a seat file (by "
                       "default in the user folder, ~/.retrocatan/" + FOLDER + "/, one file per server and code), so "
                       "quitting, Ctrl-C or a closed terminal never loses it: the same command takes it back. A "
                       "server that is down is waited for (it says so on stderr).")
    j.add_argument("--server", type=server_url, required=True, help="the server, e.g. ws://127.0.0.1:8765")
    j.add_argument("--code", help="the game's invite code (to take a seat)")
    j.add_argument("--name", help="your name at the table")
    j.add_argument("--seat", type=number(int, 0, 5), help="your colour's seat number, 0-5 (default: first free)")
    j.add_argument("--seat-file", metavar="FILE", help="keep your seat's token here instead of the user folder "
                   "(~/.retrocatan/" + FOLDER + "/); start again with it to come back to your seat")
    j.add_argument("--watch", action="store_true", help="watch the game as a spectator")
    j.add_argument("--email", metavar="ADDRESS", help="by post: the server mails you when it is your move, an offer "
                   "waits, your time runs out and when the game ends (given when you take the seat; every notice "
                   "has a link that stops them)")
    j.add_argument("--webhook", metavar="URL", help="by post: the same notices as a JSON POST to this URL (Discord, "
                   "Slack, Matrix bridges, ntfy)")
    _language(j)


def run_command(name: str, args, error) -> int:
    return {"create": cmd_create, "bot": cmd_bot, "join": cmd_join, "record": cmd_record,
            "start": cmd_start}[name](args, error)


COMMANDS = ("create", "bot", "join", "record", "start")


def _option(text: str, error) -> tuple[str, object]:
    name, eq, value = text.partition("=")
    if not eq or not name:
        raise error(f"retrocatan create: {text!r} is not NAME=VALUE")
    try:
        return name, json.loads(value)
    except ValueError:
        return name, value


def cmd_create(args, error) -> int:
    import asyncio

    from ..net.client import Refused, create_game
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
            elif s in COMPUTER_LEVELS:
                seats.append({"kind": "computer", "level": s})
            else:
                raise error(f"retrocatan create: a seat is open or a level ({', '.join(COMPUTER_LEVELS)}), not {s!r}")
    clocks = dict(_option(o, error) for o in args.clock)
    try:
        got = asyncio.run(create_game(args.server, config, args.pace, clocks, seats, args.start, args.listed))
    except Refused as exc:
        raise error(f"retrocatan create: the server refused: {exc}") from None
    except (OSError, ConnectionError, TimeoutError) as exc:
        raise error(f"retrocatan create: cannot reach {args.server}: {exc}") from None
    if args.json:
        print(json.dumps({k: got[k] for k in ("game", "code", "owner")}))
    else:
        print(f"game {got['game']}: invite code {got['code']}")
        print(f"owner token (keep it secret; it starts the game and gives seats to computers): {got['owner']}")
        if args.start == "owner":
            print(f"start it: {OWNER_ENV}=TOKEN retrocatan start --server {args.server} --game {got['game']}")
    return 0


def cmd_start(args, error) -> int:
    """``retrocatan start``: the owner starts a game made with ``--start owner``."""
    try:
        owner = secret(args.owner_file, OWNER_ENV)
    except ValueError as exc:
        raise error(f"retrocatan start: {exc}") from None
    if not owner:
        raise error(f"retrocatan start: give the owner token in --owner-file or {OWNER_ENV}")
    ask("retrocatan start", args.server, {"type": "start", "game": args.game, "owner": owner}, error)
    if args.json:
        print(json.dumps({"game": args.game, "started": True}))
    else:
        print(f"game {args.game} started")
    return 0


def cmd_bot(args, error) -> int:
    import asyncio

    from ..net.client import Refused
    from .bot import Bot
    _use_language(args)

    def tell(line: str) -> None:
        print(f"retrocatan bot: {line}", file=sys.stderr, flush=True)

    if args.seat_file:
        from .seat_file import SeatFileError, usable_seat_file
        try:
            usable_seat_file(args.seat_file, args.code)
        except SeatFileError as exc:
            raise error(f"retrocatan bot: {exc}") from None
    bot = Bot(args.server, args.code, args.level, args.name, args.seat_file, args.think, colour=args.seat,
              progress=tell, log=args.log)
    try:
        result = asyncio.run(bot.play(wait=tell))
    except Refused as exc:
        raise error(f"retrocatan bot: the server refused: {exc}") from None
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
    _use_language(args)
    return play(args, error, sys.stdin, sys.stdout, sys.stderr)


def ask(prog: str, url: str, msg: dict, error) -> dict:
    """One request to a server on its own connection; its answer (``error`` for a refusal).
    A shard's answer ``elsewhere`` naming the game's server is followed there, as the
    clients' seats follow it (docs/server.md, "Several machines")."""
    import asyncio

    from ..net.client import Refused, one_request
    for _ in range(ELSEWHERE_HOPS + 1):
        try:
            return asyncio.run(one_request(url, msg))
        except Refused as exc:
            there = exc.msg.get("url")
            if exc.code != "elsewhere" or not isinstance(there, str) or there == url:
                raise error(f"{prog}: the server refused: {exc}") from None
            url = there
        except (OSError, ConnectionError, TimeoutError) as exc:
            raise error(f"{prog}: cannot reach {url}: {exc}") from None
    raise error(f"{prog}: the servers send the request on and on (elsewhere); last: {url}")


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
