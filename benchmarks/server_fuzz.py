"""Hostile traffic against a real ``retrocatan serve`` process on 127.0.0.1.

    python benchmarks/server_fuzz.py [--messages N] [--connections N] [--quick] [--seed S] [--json]

Starts ``python -m retrocatan serve --port 0 --db TMP/fuzz.sqlite3 --json``
(loopback only) and keeps a few games going with the fuzzer's own legitimate
clients: games of people (every seat a network bot that knows its token),
games of one person and computers (``computer_delay`` 0), games of
computers only, lobbies nobody joins, and a lobby whose one seat talks 700
chat lines (a game longer than a connection's queue, so a catch-up from 0
is long). Meanwhile many connections, from
the loopback addresses 127.0.0.2-127.0.0.240 (the server's per-address
limit counts each), send hostile traffic: bad JSON, non-object JSON,
binary frames, every field with a wrong type, unknown types and fields,
missing fields, huge numbers, deeply nested JSON, messages over the 64 KiB
limit (10 MB ones too: the server must close with 1009 and go on), broken
WebSocket frames on raw sockets, random and real tokens of other seats and
games (seat tokens, owner tokens), actions out of turn and garbage actions
sent with a legitimate seat's token (always ones the engine refuses at the
step they name), resume/watch with old, negative and huge ``after``
(checking the stream: welcome, every entry after ``after`` once and in
order, then sync), floods faster than the rate limit (until the strikes
limit closes them), thousands of connections opened and dropped in
several ways, the per-address limit, and idle half-open connections.

A legitimate pinger asks ``ping`` four times a second all along. Measured:

- ``crashes``: the server process exited, or a ``ping`` went unanswered 10 s;
- ``illegal_changes``: after the run the server is stopped and its store
  read: every game's entries must be what the legitimate clients did (each
  person move sent by that seat's client at that step, each seat taken by
  the legitimate client), computers' and clocks' moves only for their
  seats, every move the decider's and legal when replayed with the engine,
  and games the legitimate clients never joined must have no entries;
- ``server_rss_mb``: the server's VmRSS, the largest sampled (also at the
  start and the end);
- errors received per code, close codes, answers that were not the ones
  expected (``unexpected``), exceptions the server logged, ping latency.

``--json`` prints one JSON object as the last line. Exit status 1 if
``crashes`` or ``illegal_changes`` is not 0.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import random
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from retrocatan.clients.bot import Bot  # noqa: E402
from retrocatan.engine.actions import ActionSyntaxError, parse_action  # noqa: E402
from retrocatan.engine.config import GameConfig  # noqa: E402
from retrocatan.engine.errors import IllegalAction  # noqa: E402
from retrocatan.engine.game import Game  # noqa: E402
from retrocatan.net import protocol as P  # noqa: E402
from retrocatan.net.client import Refused, create_game, one_request  # noqa: E402

HOST = "127.0.0.1"                      # the server listens here, and only here
PER_ADDRESS = 64                        # the server's --per-address (its default)
RATE = 20                               # the server's --rate (its default)
STRIKES = 50                            # the server's strikes limit (Limits.strikes)
FIRST_MESSAGE_S = 30.0                  # Limits.first_message_s (serve has no option for it)
LIMIT_ADDRESSES = [f"127.0.0.{i}" for i in range(241, 255)]     # only the per-address probe uses these
_CODES = frozenset(
    "bad_json bad_message unknown_type too_big hello_first protocol rate strikes not_found bad_token no_seat "
    "seat_taken bad_seat bad_name bad_config bad_pace bad_seats bad_level bad_start seats_open started "
    "not_started not_your_turn stale bad_action refused game_over not_over bad_chat full busy server".split())


def documented_codes() -> frozenset:
    """The error codes docs/protocol.md lists (its "Codes:" sentence)."""
    try:
        with open(os.path.join(ROOT, "docs", "protocol.md"), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return _CODES
    i = text.find("Codes:")
    codes = set(re.findall(r"`([a-z_]+)`", text[i:text.find("\n\n", i)])) if i >= 0 else set()
    return frozenset(codes) or _CODES


DOC_CODES = documented_codes()
PROTOCOL_CODES = frozenset({"bad_json", "bad_message", "unknown_type", "too_big"})
ANSWERS = frozenset({"error", "ok", "pong", "created", "joined", "welcome", "record", "hello"})
TIMEOUT = object()
MB = 1024 * 1024
CHATTERS = 8                            # connections of the long game's talker
TOO_BIG = ["10MB", "limit+1", "fragments", "multibyte", "limit"]

# Field values of the right type, for messages whose one wrong field is the point.
DUMMY = {"protocol": 1, "client": "fuzz", "config": {"players": 3}, "pace": "live", "clocks": {}, "seats": [],
         "start": "owner", "code": "ZZZZZZZZ", "name": "Hostile", "seat": 0, "game": "0" * 16, "token": "t",
         "after": 0, "action": "roll", "step": 0, "text": "hi", "owner": "o", "level": "easy", "id": 1,
         "secret": "s", "do": "list", "status": "open", "limit": 1, "days": 1, "listed": True}
WRONG = {
    (int,): ["1", 1.5, 1.0, True, False, None, [], {}, [1], {"n": 1}, "", 2**53 + 1, -(2**53) - 1, 10**40],
    (int, float): ["1", True, False, None, [], {}, [1], "", 2**53 + 1],
    (bool,): [1, 0, "true", None, [], {}, 1.0],
    (int, type(None)): ["1", 1.5, 1.0, True, False, [], {}, [1], {"n": 1}, "", 2**53 + 1, -(2**53) - 1, 10**40],
    (str,): [1, 0, 1.5, True, None, [], {}, ["x"], {"x": "y"}, -1],
    (dict,): [[], "x", 1, None, True, [{}], 2.5],
    (list,): [{}, "x", 1, None, False, {"kind": "open"}],
}
BAD_JSON = ["{", "}", '{"type": "ping"', '{"type": "ping",}', "{'type': 'ping'}", '{"type": ping}', "NaN",
            '{"type":"ping","id":NaN}', '{"type":"ping","id":Infinity}', '{"type":"ping","id":-Infinity}', "",
            " ", "\n", "ping", '{"type":"ping"}{"type":"ping"}', '{"type":"ping"} x', "\u0000", '"\\ud800',
            '{"type":"ping","id":' + "9" * 5000 + "}", "9" * 5000, '{"a":' * 12000, "[" * 30000,
            "[" * 6000 + "]" * 6000, '{"type":"\\u', "\ufeff{}", "{\"type\":\"ping\"\x00}", "tru", "nul"]
NOT_OBJECT = ["[]", "1", "-1", "0.5", '"ping"', "null", "true", "false", '[{"type":"ping"}]', '["ping"]', "1e400"]
UNPARSEABLE = ["", " ", "\x00", "\t", "roll roll", "S", "S-1", "S1.5", "S" + "9" * 30, "R" + "9" * 60, "rob",
               "offer", "trade", "drop table games;", "end\n", "end\x00", "ＳＳ", "S²", "\u200b", "rob 15 p",
               "confirm", "counter", "p2", "W:S", "S12 S12", "x" * 201, "roll" + " " * 300, "{}", "null",
               "__import__('os')", "%s%s%s", "../../etc/passwd", "\ud7ff", "é" * 50]
ACTION_WORDS = ["roll", "end", "buy", "S12", "R17", "C12", "S1", "R1", "C1", "offer W:S", "offer B:G p1",
                "decline", "rob 15 p2", "rob 3 p0", "rob 1 p1", "mono W", "inv W B", "discard W", "discard W W",
                "trade 4W G", "trade 3B S", "trade 2G W", "confirm p1", "counter W:S", "pass", "knight", "road",
                "plenty W B", "S53", "R71", "C53", "rob 18 p0"]


def short(obj, n: int = 160) -> str:
    text = obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=True)[:n + 1]
    return text if len(text) <= n else text[:n] + "..."


def dumps(msg) -> str:
    return json.dumps(msg, separators=(",", ":"))


def nested(depth: int, leaf=0):
    v = leaf
    for _ in range(depth):
        v = [v]
    return v


def nested_dict(depth: int):
    v: object = 1
    for _ in range(depth):
        v = {"a": v}
    return v


def action_pool(seed: int) -> list[str]:
    """Texts of real actions (every legal action of a few random games): parseable, legal somewhere."""
    rng = random.Random(seed)
    texts: set[str] = set(ACTION_WORDS)
    for s in range(3):
        g = Game(GameConfig(players=3 + s % 2, seed=seed + s))
        for _ in range(500):
            if g.over:
                break
            legal = g.legal_actions()
            texts.update(str(a) for a in rng.sample(legal, min(30, len(legal))))
            g.apply(rng.choice(legal))
    out = []
    for t in sorted(texts):
        try:
            out.append(str(parse_action(t)))
        except ActionSyntaxError:
            pass
    return sorted(set(out))


def unparseable(rng: random.Random) -> str:
    """An action text the parser refuses (or longer than 200 characters): refused at any step."""
    while True:
        if rng.random() < 0.6:
            t = rng.choice(UNPARSEABLE)
        else:
            t = "".join(rng.choice(["S", "R", "C", "rob", " ", "p", "9", ":", "W", "x", "-", "\x01", "é", "1"])
                        for _ in range(rng.randint(1, 8)))
        if len(t) > 200:
            return t
        try:
            parse_action(t)
        except ActionSyntaxError:
            return t


def scenario_bases() -> list[dict]:
    from retrocatan.scenarios import config_for
    out = []
    for sid, players in (("base-3-4", 3), ("four-islands", 4), ("fog-island", 3)):
        with contextlib.suppress(Exception):
            out.append(config_for(sid, players).to_dict()["scenario"])
    return out


def mutate(rng: random.Random, value, depth: int = 0):
    """A random change somewhere inside ``value`` (a JSON value): a new copy."""
    junk = [None, -1, 0, 10**9, 10**18, "", "x" * 2000, [], {}, True, 1.5, [[]], nested(40), [0] * 3000,
            {"en": 5}, "?" * 300, -(10**12), "W99", [["~"] * 200] * 5, "\x00"]
    if depth > 8 or not isinstance(value, (dict, list)) or not value or rng.random() < 0.15:
        return rng.choice(junk)
    if isinstance(value, dict):
        v = dict(value)
        key = rng.choice(list(v))
        r = rng.random()
        if r < 0.15:
            del v[key]
        elif r < 0.25:
            v["zz" + str(rng.randint(0, 99))] = rng.choice(junk)
        else:
            v[key] = mutate(rng, v[key], depth + 1)
        return v
    v = list(value)
    i = rng.randrange(len(v))
    r = rng.random()
    if r < 0.15:
        del v[i]
    elif r < 0.3:
        v = v * rng.randint(2, 12)
    else:
        v[i] = mutate(rng, v[i], depth + 1)
    return v


# --- raw sockets ---------------------------------------------------------------------------------------------------
def upgrade_request(port: int) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()


def frame(payload: bytes, opcode: int = 1, fin: bool = True, mask: bool = True, rsv: int = 0,
          length: int | None = None) -> bytes:
    """A client's WebSocket frame (``length``: the length to announce, if not the payload's)."""
    n = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
    m = 0x80 if mask else 0
    if n < 126:
        head += bytes([m | n])
    elif n < 65536:
        head += bytes([m | 126]) + struct.pack("!H", n)
    else:
        head += bytes([m | 127]) + struct.pack("!Q", n)
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


async def raw_open(port: int, local: str, upgrade: bool = True, timeout: float = 10.0):
    """A raw TCP connection (asyncio streams), upgraded to WebSocket if ``upgrade``: (reader, writer)."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port, local_addr=(local, 0)), timeout)
    if upgrade:
        writer.write(upgrade_request(port))
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            writer.close()
            raise ConnectionError("no upgrade: " + head[:60].decode("latin-1"))
    return reader, writer


async def read_close_code(reader, timeout: float = 10.0) -> int | None:
    """The code of the server's close frame (skipping other frames); None if the socket ended without one."""
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            b = await asyncio.wait_for(reader.readexactly(2), end - time.monotonic())
            n = b[1] & 0x7F
            if n == 126:
                n = struct.unpack("!H", await reader.readexactly(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", await reader.readexactly(8))[0]
            body = await reader.readexactly(n)
            if b[0] & 0x0F == 8:
                return struct.unpack("!H", body[:2])[0] if len(body) >= 2 else 1005
    except (asyncio.IncompleteReadError, ConnectionError, TimeoutError, OSError):
        return None
    return None


def abort_writer(writer) -> None:
    """Drop a raw connection with a TCP reset (SO_LINGER 0), not a goodbye."""
    sock = writer.get_extra_info("socket")
    with contextlib.suppress(OSError):
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


# --- the server process
class Server:
    def __init__(self, db: str, err_path: str, extra: list[str]) -> None:
        self.err = open(err_path, "w+", encoding="utf-8")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "retrocatan", "serve", "--host", HOST, "--port", "0", "--db", db, "--json",
             *extra], stdout=subprocess.PIPE, stderr=self.err, text=True, cwd=ROOT,
            env={**os.environ, "PYTHONPATH": ROOT})
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the server did not start: " + self.log()[-500:])
        self.port = json.loads(line)["port"]
        self.url = f"ws://{HOST}:{self.port}"

    def rss_mb(self) -> float | None:
        try:
            with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            return None
        return None

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> int | None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        code = self.proc.returncode
        self.proc.stdout.close()
        return code

    def log(self) -> str:
        self.err.flush()
        self.err.seek(0)
        text = self.err.read()
        self.err.seek(0, 2)
        return text


def logged_exceptions(text: str) -> tuple[int, list[str]]:
    """Exceptions the server logged: how many, and the distinct last lines of their tracebacks."""
    lines = text.splitlines()
    count, kinds = 0, []
    for i, line in enumerate(lines):
        if line.startswith("Traceback"):
            count += 1
            j = i + 1
            while j < len(lines) and (lines[j].startswith(" ") or lines[j].startswith("Traceback")
                                      or lines[j].startswith("During handling") or not lines[j].strip()):
                j += 1
            last = lines[j] if j < len(lines) else "?"
            where = ""
            for k in range(j - 1, i, -1):
                if lines[k].strip().startswith("File "):
                    where = lines[k].strip()
                    break
            entry = f"{last[:160]} ({where[:160]})"
            if entry not in kinds:
                kinds.append(entry)
    errors = sum(1 for line in lines if " ERROR " in line)
    return max(count, errors), kinds[:8]


# --- the fuzzer's own legitimate games --------------------------------------------------------------------------------
class LegitGame:
    """A game the fuzzer made and whose people seats only its own clients hold."""

    def __init__(self, kind: str, got: dict, seats: list[str]) -> None:
        self.kind = kind                   # people, mixed, computers, lobby
        self.id, self.code, self.owner = got["game"], got["code"], got["owner"]
        self.seats = seats                 # per seat at creation: "open" or "computer"
        self.names: dict[int, str] = {}
        self.bots: dict[int, Bot] = {}
        self.sent: dict[int, set] = {}     # seat -> {(step, action text)} its legitimate client sent
        self.chats: set = set()            # (seat, text) the legitimate clients said
        self.tasks: list[asyncio.Task] = []
        self.over = False

    @property
    def filled(self) -> bool:
        return bool(self.bots) and all(b.seat.seat is not None for b in self.bots.values())   # joined

    def tokens(self) -> list[str]:
        return [b.seat.token for b in self.bots.values() if b.seat.token]


class Fuzz:
    def __init__(self, args, server: Server) -> None:
        self.args = args
        self.server = server
        self.rng = random.Random(args.seed)
        self.start = time.monotonic()
        self.deadline = self.start + args.time_limit
        self.messages = 0
        self.legit_messages = 0
        self.connections = 0
        self.churned = 0
        self.errors: Counter = Counter()
        self.closes: Counter = Counter()
        self.probes: Counter = Counter()
        self.unexpected: Counter = Counter()
        self.examples: list[str] = []
        self.fuzzer_errors: Counter = Counter()
        self.legit_refused: Counter = Counter()
        self.streams = Counter()
        self.games: list[LegitGame] = []
        self.hostile_games: set[str] = set()
        self.rss: list[float] = []
        self.rss_start = None
        self.pings: list[float] = []
        self.ping_misses = 0
        self.crashes = 0
        self.exited = False
        self.idle: dict[str, list] = {}
        self.big_left = args.big
        self.limit_checks = Counter()
        self.stop_traffic = asyncio.Event()
        self.pool = action_pool(args.seed)
        self.bases = scenario_bases()
        self.made = Counter()              # legitimate games made, by kind

    # --- bookkeeping ---------------------------------------------------------------------------------------------
    def odd(self, probe: str, what: str, detail: str = "") -> None:
        key = f"{probe}: {what}"
        self.unexpected[key] += 1
        if len(self.examples) < 25 and self.unexpected[key] <= 2:
            self.examples.append(short(f"{key} {detail}".strip(), 300))

    def done(self) -> bool:
        return self.stop_traffic.is_set() or time.monotonic() > self.deadline or self.exited

    def addr(self, rng: random.Random) -> str:
        return f"127.0.0.{rng.randint(2, 240)}" if self.args.multi_address else HOST

    def seat_games(self) -> list[LegitGame]:
        return [g for g in self.games if g.kind in ("people", "mixed", "chatty") and g.filled]

    def progress(self) -> str:
        rss = self.rss[-1] if self.rss else 0
        return (f"{time.monotonic() - self.start:6.1f} s: {self.messages} messages, {self.connections} connections, "
                f"{self.churned} churned, rss {rss:.0f} MB, unexpected {sum(self.unexpected.values())}")

    # --- hostile connections -----------------------------------------------------------------------------------------
    async def open(self, rng: random.Random, local: str | None = None, hello: bool = True):
        """A hostile websockets connection from a loopback address (None if the server refused it)."""
        local = local or self.addr(rng)
        try:
            ws = await connect(f"ws://{HOST}:{self.server.port}", local_addr=(local, 0), proxy=None,
                               compression=None, open_timeout=10, ping_interval=None, close_timeout=2,
                               max_size=32 * MB, max_queue=None)
        except (OSError, TimeoutError, ConnectionClosed) as exc:
            self.fuzzer_errors[f"connect: {type(exc).__name__}"] += 1
            return None
        except Exception as exc:           # InvalidHandshake and friends: the server said no at the HTTP level
            self.fuzzer_errors[f"connect: {type(exc).__name__}"] += 1
            return None
        self.connections += 1
        c = Client(self, ws)
        if hello:
            ans = await self.expect(c, "hello", dumps({"type": "hello", "protocol": 1, "client": "fuzz"}),
                                    answers=("hello",))
            if not isinstance(ans, dict) or ans.get("type") != "hello":
                await c.close()
                return None
        return c

    async def expect(self, c, probe: str, text, codes=(), answers=(), rid=None, timeout: float = 10.0):
        """Send ``text``; its answer must be an error with one of ``codes`` or a message of a type in ``answers``."""
        self.probes[probe] += 1
        if not await c.send(text):
            self.odd(probe, "closed before it was sent", f"close {c.ws.close_code}")
            return None
        ans = await c.answer(timeout)
        if ans is TIMEOUT:
            self.odd(probe, f"no answer within {timeout:g} s", short(text))
        elif ans is None:
            self.odd(probe, f"closed ({c.ws.close_code}) without an answer", short(text))
        elif ans.get("type") == "error":
            code = ans.get("code")
            if code not in codes:
                self.odd(probe, f"error {code}", f"{ans.get('message')} <- {short(text)}")
            if code not in DOC_CODES:
                self.odd(probe, f"undocumented error code {code!r}")
            if not isinstance(ans.get("message"), str) or not ans["message"]:
                self.odd(probe, "an error without a message", short(ans))
            if rid is not None and code not in PROTOCOL_CODES and ans.get("id") != rid:
                self.odd(probe, "an error without the request's id", short(ans))
        elif ans.get("type") not in answers:
            self.odd(probe, f"answered {ans.get('type')}", f"{short(ans)} <- {short(text)}")
        elif rid is not None and ans.get("type") in ("pong", "ok", "created", "record") and ans.get("id") != rid:
            self.odd(probe, "an answer without the request's id", short(ans))
        return ans

    # --- one-message probes (the connection stays open)
    def probe(self, rng: random.Random):
        """(name, text, codes, answers, id) of one hostile message."""
        kind = rng.choices(["bad_json", "not_object", "binary", "wrong_type", "unknown_type", "unknown_field",
                            "missing", "huge", "nested", "token", "owner", "record", "join", "watch_bad",
                            "unseated", "create", "scenario", "ping", "hello_again", "owner_refused"],
                           [8, 4, 4, 12, 4, 5, 4, 5, 3, 8, 5, 3, 6, 2, 4, 6, 3, 4, 1, 3])[0]
        rid = rng.randint(1, 2**31)
        live = [g for g in self.games if g.kind != "lobby"]
        if kind == "bad_json":
            return kind, rng.choice(BAD_JSON), {"bad_json"}, (), None
        if kind == "not_object":
            return kind, rng.choice(NOT_OBJECT), {"bad_json"}, (), None
        if kind == "binary":
            data = rng.choice([b"", b"\x00\xff", os.urandom(rng.randint(1, 300)), b'{"type":"ping","id":1}'])
            return kind, data, {"bad_message"}, (), None
        if kind in ("wrong_type", "unknown_field", "missing"):
            t = rng.choice(list(P.CLIENT_MESSAGES))
            msg = {"type": t, **{f: DUMMY[f] for f in P.REQUIRED.get(t, ())}}
            if kind == "wrong_type":
                field = rng.choice(list(P.CLIENT_MESSAGES[t]))
                msg[field] = rng.choice(WRONG[P.CLIENT_MESSAGES[t][field]])
            elif kind == "unknown_field":
                msg[rng.choice(["zz", "Type", "TYPE", "__class__", "id ", "seed", "admin", "seat_token"])] = 1
                if t == "ping" and rng.random() < 0.5:
                    msg = {"type": "ping", "type2": "act"}
            else:
                req = P.REQUIRED.get(t)
                if not req:
                    return "wrong_type", dumps({"type": "ping", "id": "1"}), {"bad_message"}, (), None
                del msg[rng.choice(req)]
            return kind, dumps(msg), {"bad_message"}, (), None
        if kind == "unknown_type":
            msg = rng.choice([{"type": "hax"}, {"type": "__init__"}, {"type": "_on_ping"}, {"type": ""},
                              {"type": 5}, {"type": None}, {"type": ["ping"]}, {"type": "PING"}, {"id": 1},
                              {}, {"type": "error"}, {"type": "entry"}, {"type": "ok"}, {"type": "ping "},
                              {"type": "handle"}, {"type": "x" * 3000}])
            return kind, dumps(msg), {"unknown_type"}, (), None
        if kind == "huge":
            text = rng.choice([
                dumps({"type": "ping", "id": rng.choice([2**53 + 1, -(2**53) - 1, 10**100, 2**64, 2**63])}),
                '{"type":"ping","id":1e400}', '{"type":"ping","id":-1e400}', '{"type":"ping","id":1e308}',
                dumps({"type": "resume", "game": "0" * 16, "token": "t", "after": 10**30}),
                dumps({"type": "act", "action": "roll", "step": -(10**20)}),
                dumps({"type": "join", "code": "ABCDEFGH", "name": "x", "seat": 10**19})])
            return kind, text, {"bad_message", "bad_json"}, (), None
        if kind == "nested":
            text, codes = rng.choice([
                (dumps({"type": "create", "config": {"players": 3, "scenario": nested_dict(rng.choice([60, 300,
                                                                                                      800]))}}),
                 {"bad_config", "bad_json", "rate", "full"}),
                (dumps({"type": "create", "config": {"players": 3, "vp_target": nested(500)}}),
                 {"bad_config", "bad_json"}),
                (dumps({"type": "create", "config": {"players": 3}, "clocks": {"turn": nested(200)}}),
                 {"bad_pace", "bad_json"}),
                (dumps({"type": "create", "config": {"players": 3}, "seats": [nested(300)] * 3}),
                 {"bad_seats", "bad_json"}),
                (dumps({"type": "hello", "protocol": 1, "client": nested(900)}), {"bad_message", "bad_json"}),
                ('{"type":"ping","id":' + "[" * 5000 + "]" * 5000 + "}", {"bad_json"}),
                ('{"type":"ping","x":' + '{"a":' * 9000 + "1" + "}" * 9000 + "}", {"bad_json"})])
            return kind, text, codes, (), None
        if kind == "token":
            g = rng.choice(live) if live else None
            others = [t for h in self.games if h is not g for t in h.tokens()]
            gid = g.id if g else "0" * 16
            token = rng.choice([
                base64.urlsafe_b64encode(os.urandom(24)).decode().rstrip("="), "", "x" * 500,
                rng.choice(others) if others else "t", g.owner if g else "o",
                __import__("hashlib").sha256(g.tokens()[0].encode()).hexdigest() if g and g.tokens() else "h",
                (g.tokens()[0] + " ") if g and g.tokens() else "t ", (g.tokens()[0][:-1]) if g and g.tokens() else "t"])
            if rng.random() < 0.2:
                gid = rng.choice([os.urandom(8).hex(), "", "x" * 300, "' OR 1=1 --", gid.upper()])
            msg = {"type": "resume", "game": gid, "token": token, "after": rng.randint(-5, 5), "id": rid}
            return kind, dumps(msg), {"bad_token"}, (), rid
        if kind == "owner":
            g = rng.choice(self.games) if self.games else None
            gid = g.id if g else "0" * 16
            others = [h.owner for h in self.games if h is not g] + [t for h in self.games for t in h.tokens()]
            owner = rng.choice([base64.urlsafe_b64encode(os.urandom(24)).decode(), "", "o" * 250,
                                rng.choice(others) if others else "o"])
            if rng.random() < 0.15:
                gid = os.urandom(8).hex()
            if rng.random() < 0.5:
                msg = {"type": "seat", "game": gid, "owner": owner, "seat": rng.randint(-1, 6), "level": "easy",
                       "id": rid}
            else:
                msg = {"type": "start", "game": gid, "owner": owner, "id": rid}
            return kind, dumps(msg), {"bad_token"}, (), rid
        if kind == "record":
            g = rng.choice(self.games) if self.games and rng.random() < 0.8 else None
            gid = g.id if g else os.urandom(8).hex()
            return kind, dumps({"type": "record", "game": gid, "id": rid}), {"not_over", "not_found"}, ("record",), rid
        if kind == "join":
            full = [g for g in self.games if g.kind == "people" and g.filled]
            mixed = [g for g in self.games if g.kind == "mixed" and g.filled]
            name = rng.choice(["Hostile", "\x00\x01", "   ", "x" * 5000, "\u200b", "Robert'); DROP TABLE games;"])
            if full and rng.random() < 0.5:
                g = rng.choice(full)
                seat = rng.choice([None, 0, 1, 2, -1, 3, 99])
                msg = {"type": "join", "code": rng.choice([g.code, g.code.lower(), f"  {g.code} "]), "name": name,
                       "id": rid, **({} if seat is None else {"seat": seat})}
                codes = {"no_seat", "seat_taken", "bad_seat", "bad_name", "game_over"}
                r = rng.random()
                if r < 0.4:                  # a token of its own, or another game's seat's: a new join all the same
                    others = [t for h in self.games if h is not g for t in h.tokens()]
                    msg["token"] = rng.choice(others) if others and r < 0.2 else \
                        base64.urlsafe_b64encode(os.urandom(24)).decode()
                elif r < 0.5:                # too short or too long to be a token
                    msg["token"] = rng.choice(["", "a", "x" * 15, "y" * 201, "z" * 5000])
                    codes = {"bad_token"}
                return kind, dumps(msg), codes, (), rid
            if mixed and rng.random() < 0.5:
                g = rng.choice(mixed)
                person = [s for s, k in enumerate(g.seats) if k == "open"]
                msg = {"type": "join", "code": g.code, "name": name, "id": rid,
                       **({"seat": rng.choice(person)} if rng.random() < 0.5 else {})}
                return kind, dumps(msg), {"no_seat", "seat_taken", "bad_name", "game_over"}, (), rid
            code = rng.choice(["", "ZZZZZZZZ", "x" * 1000, "%", "' OR '1'='1", "\x00", "AAAA" * 100])
            return kind, dumps({"type": "join", "code": code, "name": name, "id": rid}), {"not_found"}, (), rid
        if kind == "watch_bad":
            code = rng.choice(["", "ZZZZZZZZ", "x" * 1000, "%", "_", "*", "' OR '1'='1"])
            return kind, dumps({"type": "watch", "code": code, "after": 0, "id": rid}), {"not_found"}, (), rid
        if kind == "unseated":
            msg = rng.choice([{"type": "act", "action": "roll"}, {"type": "act", "action": "end", "step": 3},
                              {"type": "chat", "text": "hello"}, {"type": "back"}])
            return kind, dumps({**msg, "id": rid}), {"no_seat"}, (), rid
        if kind == "create":
            msg, codes = rng.choice([
                ({"config": {"players": 2}}, {"bad_config"}), ({"config": {"players": 7}}, {"bad_config"}),
                ({"config": {"players": "4"}}, {"bad_config"}), ({"config": {"players": True}}, {"bad_config"}),
                ({"config": {"players": 3, "seed": 1}}, {"bad_config"}), ({"config": {"seed": None}}, {"bad_config"}),
                ({"config": {"players": 3, "vp_target": "x"}}, {"bad_config"}),
                ({"config": {"players": 3, "vp_target": 10**12}}, {"bad_config"}),
                ({"config": {"players": 3, "nonsense": 1}}, {"bad_config"}),
                ({"config": {"players": 3, "turn_limit": -1}}, {"bad_config"}),
                ({"config": {"players": 3, "board": "huge"}}, {"bad_config"}),
                ({"config": {"players": 3, "scenario": "nope"}}, {"bad_config"}),
                ({"config": {"players": 3, "scenario": "../../etc/passwd"}}, {"bad_config"}),
                ({"config": {"players": 3, "scenario": 5}}, {"bad_config"}),
                ({"config": {"players": 3, "scenario": []}}, {"bad_config"}),
                ({"config": {"players": 3, "scenario": {}}}, {"bad_config"}),
                ({"config": {"players": 3, "scenario": {"format": "retrocatan-scenario"}}}, {"bad_config"}),
                ({"config": {"players": 6, "scenario": "base-3-4"}}, {"bad_config"}),
                ({"config": {"players": 3}, "pace": "fast"}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"turn": -1}}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"turn": "1"}}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"name": "post"}}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"bogus": 1}}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"takeover": "god"}}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"takeover": ["easy"]}}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"missed_turns": 1.5}}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"computer_delay": 10**12}}, {"bad_pace"}),
                ({"config": {"players": 3}, "clocks": {"warn": True}}, {"bad_pace"}),
                ({"config": {"players": 3}, "seats": [{"kind": "person"}] * 3}, {"bad_seats"}),
                ({"config": {"players": 3}, "seats": ["open"] * 3}, {"bad_seats"}),
                ({"config": {"players": 3}, "seats": [{"kind": "open"}] * 4}, {"bad_seats"}),
                ({"config": {"players": 3}, "seats": [{"kind": "open"}] * 300}, {"bad_seats"}),
                ({"config": {"players": 3}, "seats": [{"kind": "computer", "level": "god"}] * 3}, {"bad_level"}),
                ({"config": {"players": 3}, "seats": [{"kind": "computer", "level": ["easy"]}] * 3},
                 {"bad_level"}),
                ({"config": {"players": 3}, "start": "now"}, {"bad_start"}),
                ({"config": {"players": 3}, "start": "full", "seats": [{"kind": "closed"}] * 3}, {"bad_seats"})])
            return kind, dumps({"type": "create", **msg, "id": rid}), codes | {"rate", "full"}, (), rid
        if kind == "scenario":
            if not self.bases:
                return "ping", dumps({"type": "ping", "id": rid}), set(), ("pong",), rid
            scen = rng.choice(self.bases)
            for _ in range(rng.randint(1, 3)):
                scen = mutate(rng, scen)
            msg = {"type": "create", "config": {"players": rng.choice([3, 4]), "scenario": scen}, "id": rid}
            text = dumps(msg)
            if len(text) > P.MAX_MESSAGE - 100:
                return "ping", dumps({"type": "ping", "id": rid}), set(), ("pong",), rid
            return kind, text, {"bad_config", "rate", "full", "bad_seats"}, ("created",), rid
        if kind == "owner_refused":          # the real owner, asking what the game's state refuses
            started = [g for g in self.games if g.kind == "computers"]
            lobbies = [g for g in self.games if g.kind in ("lobby", "chatty")]
            if started and (not lobbies or rng.random() < 0.5):
                g = rng.choice(started)
                msg = rng.choice([{"type": "start", "game": g.id, "owner": g.owner},
                                  {"type": "seat", "game": g.id, "owner": g.owner, "seat": rng.randint(0, 2),
                                   "level": rng.choice(["easy", "god"])},
                                  {"type": "seat", "game": g.id, "owner": g.owner, "seat": rng.choice([-1, 3, 99])}])
                codes = {"started", "seat_taken", "bad_seat", "bad_level", "game_over"}      # (over: game_over)
            elif lobbies:
                g = rng.choice(lobbies)
                msg = rng.choice([{"type": "start", "game": g.id, "owner": g.owner},
                                  {"type": "seat", "game": g.id, "owner": g.owner, "seat": rng.choice([-1, 4, 99])},
                                  {"type": "seat", "game": g.id, "owner": g.owner, "seat": 0, "level": "god"}])
                codes = {"seats_open", "bad_seat", "bad_level", "seat_taken"}
            else:
                return "ping", dumps({"type": "ping", "id": rid}), set(), ("pong",), rid
            return kind, dumps({**msg, "id": rid}), codes, (), rid
        if kind == "hello_again":
            return kind, dumps({"type": "hello", "protocol": 1, "client": "x" * rng.randint(0, 3000)}), set(), \
                ("hello",), None
        return "ping", dumps({"type": "ping", "id": rid}), set(), ("pong",), rid

    async def sc_mixed(self, rng: random.Random) -> None:
        """One connection: up to ~45 hostile messages (each refused and answered), then a ping must still work."""
        c = await self.open(rng)
        if c is None:
            return
        try:
            refused = 0
            for _ in range(rng.randint(5, 45)):
                if self.done() or refused >= STRIKES - 5:
                    break
                name, text, codes, answers, rid = self.probe(rng)
                ans = await self.expect(c, name, text, codes, answers, rid)
                if not isinstance(ans, dict):
                    return
                if ans.get("type") == "error":
                    refused += 1
                elif ans.get("type") == "created":
                    self.hostile_games.add(ans.get("game"))
            await self.expect(c, "ping after refusals", dumps({"type": "ping", "id": 7}), answers=("pong",), rid=7)
        finally:
            await c.close(abort=rng.random() < 0.3)

    async def sc_before_hello(self, rng: random.Random) -> None:
        c = await self.open(rng, hello=False)
        if c is None:
            return
        try:
            for _ in range(rng.randint(1, 5)):
                t = rng.choice(["ping", "join", "create", "act", "watch", "record"])
                msg = {"type": t, **{f: DUMMY[f] for f in P.REQUIRED.get(t, ())}}
                if not await self.expect(c, "before hello", dumps(msg), {"hello_first"}):
                    return
            await self.expect(c, "hello", dumps({"type": "hello", "protocol": 1}), answers=("hello",))
            await self.expect(c, "ping after hello", dumps({"type": "ping", "id": 3}), answers=("pong",), rid=3)
        finally:
            await c.close()

    async def sc_protocol(self, rng: random.Random) -> None:
        c = await self.open(rng, hello=False)
        if c is None:
            return
        try:
            version = rng.choice([0, 2, -1, 2**53])
            await self.expect(c, "hello protocol", dumps({"type": "hello", "protocol": version}), {"protocol"})
            if await c.wait_closed(8) is None:
                self.odd("hello protocol", "not closed after a protocol error")
        finally:
            await c.close()

    async def sc_flood(self, rng: random.Random, bad: bool | None = None) -> None:
        """Pings far faster than the rate: pongs, then rate errors, then the strikes limit closes it."""
        c = await self.open(rng)
        if c is None:
            return
        try:
            # bad JSON is not rate-limited, but it is refused: strikes all the same. Rate refusals
            # count once they go on for a second (docs/protocol.md, "Limits"): a flood lasts longer.
            bad = rng.random() < 0.3 if bad is None else bad
            end = time.monotonic() + 5
            i = 0
            while time.monotonic() < end and not c.reader.done():
                text = "{" if bad else dumps({"type": "ping", "id": i})
                if not await c.send(text):
                    break
                i += 1
                if i % 10 == 0:
                    await asyncio.sleep(0.05)      # about 200 a second: fewer answers than a slow reader's limit
            self.probes["flood"] += 1
            await c.wait_closed(10)
            got = c.seen
            pongs = sum(1 for m in got if m.get("type") == "pong")
            codes = Counter(m.get("code") for m in got if m.get("type") == "error")
            if c.ws.close_code is None:
                self.odd("flood", "not closed after the strikes limit", f"pongs {pongs} errors {dict(codes)}")
            elif codes["strikes"] != 1:
                self.odd("flood", "closed without one strikes error", f"{dict(codes)} close {c.ws.close_code}")
            if not bad and (pongs < 1 or codes["rate"] < 1):
                self.odd("flood", "no pong or no rate error", f"pongs {pongs} errors {dict(codes)}")
        finally:
            await c.close(abort=True)

    async def sc_too_big(self, rng: random.Random, how: str | None = None) -> None:
        """Over the 64 KiB limit (10 MB, just over, fragmented, multi-byte): closed with 1009."""
        c = await self.open(rng)
        if c is None:
            return
        try:
            how = how or rng.choice(TOO_BIG)
            if how == "10MB":
                if self.big_left <= 0:
                    how = "limit+1"
                else:
                    self.big_left -= 1
            pad = '{"type":"hello","protocol":1,"client":"%s"}'
            if how == "10MB":
                payload = pad % ("x" * (10 * MB))
            elif how == "limit+1":
                payload = pad % ("x" * (P.MAX_MESSAGE + 1 - len(pad % "")))
            elif how == "limit":               # exactly the limit: allowed
                payload = pad % ("x" * (P.MAX_MESSAGE - len(pad % "")))
            elif how == "multibyte":            # 30000 characters, 90000 bytes
                payload = pad % ("€" * 30000)
            else:
                payload = [pad[:30] + "y" * 40000, "z" * 40000, '"}']
            self.probes[f"too big ({how})"] += 1
            try:
                await asyncio.wait_for(c.ws.send(payload), 30)
                self.messages += 1
            except (ConnectionClosed, TimeoutError, OSError):
                pass
            if how == "limit":
                ans = await c.answer(10)
                if not isinstance(ans, dict) or ans.get("type") != "hello":
                    self.odd("too big (limit)", "a message of exactly 64 KiB was not answered", short(ans))
                return
            await c.wait_closed(15)
            if c.ws.close_code != 1009:
                self.odd(f"too big ({how})", f"close code {c.ws.close_code}, not 1009")
        finally:
            await c.close(abort=True)

    async def sc_raw_frames(self, rng: random.Random, which: int | None = None) -> None:
        """Broken WebSocket frames on a raw socket: the server closes with a protocol error code."""
        cases = [
            ("invalid utf-8", frame(b'{"type":"\xff\xfe"}'), {1007}),
            ("unmasked", frame(b'{"type":"ping"}', mask=False), {1002}),
            ("opcode 3", frame(b"x", opcode=3), {1002}),
            ("rsv1", frame(b'{"type":"ping"}', rsv=4), {1002}),
            ("long ping", frame(b"p" * 200, opcode=9), {1002}),
            ("lone continuation", frame(b"x", opcode=0), {1002}),
            ("fragmented control", frame(b"x", opcode=9, fin=False), {1002}),
            ("2^63 length", frame(b"", length=2**63 - 1), {1009, 1002}),
            ("10 MB announced", frame(b"x" * 100, length=10 * MB), {1009}),
        ]
        how, payload, want = cases[which % len(cases)] if which is not None else rng.choice(cases)
        self.probes[f"raw {how}"] += 1
        try:
            reader, writer = await raw_open(self.server.port, self.addr(rng))
        except (OSError, TimeoutError, ConnectionError, asyncio.IncompleteReadError) as exc:
            self.fuzzer_errors[f"raw: {type(exc).__name__}"] += 1
            return
        self.connections += 1
        try:
            writer.write(frame(b'{"type":"hello","protocol":1}') + payload)
            await writer.drain()
            self.messages += 2
            code = await read_close_code(reader, 10)
            self.closes[code] += 1
            if code not in want:
                self.odd(f"raw {how}", f"close code {code}, not {sorted(want)}")
        except (OSError, ConnectionError):
            pass
        finally:
            abort_writer(writer)

    async def sc_holder(self, rng: random.Random) -> None:
        """A second connection with a legitimate seat's own token: resume with an odd ``after``, then
        actions out of turn, garbage actions and illegal ones, each at the step it names: all refused."""
        games = self.seat_games()
        if not games:
            return await self.sc_mixed(rng)
        live = [g for g in games if not g.over]
        g = rng.choice(live if live and rng.random() < 0.9 else games)
        seat = rng.choice(list(g.bots))
        bot = g.bots[seat]
        c = await self.open(rng)
        if c is None:
            return
        try:
            count = bot.seat.seq
            after = rng.choice([-(2**53), -1, 0, max(0, count - rng.randint(0, 300)), count, count + 7, 2**53])
            if rng.random() < 0.25:          # joining again with the seat's token is resuming it from 0
                ok = await self.stream(c, "join with the seat's token", dumps(
                    {"type": "join", "code": g.code, "name": "Again", "token": bot.seat.token, "seat": 2}), 0, seat)
            else:
                ok = await self.stream(c, "resume", dumps({"type": "resume", "game": g.id, "token": bot.seat.token,
                                                            "after": after}), after)
            if not ok:
                return
            refused = 0
            for _ in range(rng.randint(5, 30)):
                if self.done() or refused >= STRIKES - 5:
                    break
                text, codes, probe = self.seat_probe(rng, bot, seat)
                if text is None:
                    continue
                ans = await self.expect(c, probe, text, codes, rid=None)
                if not isinstance(ans, dict):
                    return
                refused += ans.get("type") == "error"
            await self.expect(c, "ping after seat refusals", dumps({"type": "ping", "id": 9}), answers=("pong",),
                              rid=9)
        finally:
            await c.close(abort=rng.random() < 0.5)

    def seat_probe(self, rng: random.Random, bot: Bot, seat: int):
        """(text, codes, probe) of an action the server must refuse, sent with the seat's own token."""
        state, step = bot.seat.state, bot.seat.step
        over = {"game_over", "not_started"}
        r = rng.random()
        if r < 0.3:
            return dumps({"type": "act", "action": unparseable(rng)}), {"bad_action", "not_your_turn"} | over, \
                "garbage action"
        if r < 0.4:
            return dumps({"type": "act", "action": rng.choice(self.pool), "step": rng.choice(
                [-1, -(2**53), 2**53, step + 1000, step - 1 if step else -5])}), {"stale"} | over, "stale step"
        if r < 0.5:
            return dumps({"type": "chat", "text": rng.choice(["", " ", "\x00\x01", "\t\n \u200b", "\x7f" * 300])}), \
                {"bad_chat"}, "empty chat"
        if state is None:
            return None, None, None
        if state.get("decider") != seat:
            text = rng.choice(self.pool)
            return dumps({"type": "act", "action": text, "step": step}), {"not_your_turn", "stale"} | over, \
                "out of turn"
        # The seat's own decision: an action its own engine (from the seat's state) refuses at this step.
        try:
            game = Game.from_json(state)
        except Exception as exc:
            self.fuzzer_errors[f"seat state: {type(exc).__name__}"] += 1
            return None, None, None
        for _ in range(20):
            text = rng.choice(self.pool)
            try:
                game.apply(parse_action(text))
            except IllegalAction:
                return dumps({"type": "act", "action": text, "step": step}), {"refused", "stale"} | over, \
                    "illegal own action"
            except Exception as exc:        # the engine must refuse with IllegalAction, nothing else
                self.odd("illegal own action", f"the engine raised {type(exc).__name__} for {text!r}")
                return None, None, None
            game = Game.from_json(state)    # it was legal here: a fresh copy, try another
        return None, None, None

    async def stream(self, c, probe: str, text: str, after: int, seat: int | None = None) -> bool:
        """Send a resume/watch; check welcome, every entry after ``after`` once, in order, then sync."""
        self.probes[probe] += 1
        self.streams["checked"] += 1
        if not await c.send(text):
            return False
        ans = await c.answer(15, kinds={"welcome", "error", "joined"})
        if isinstance(ans, dict) and ans.get("type") == "joined":
            if seat is not None and ans.get("seat") != seat:
                self.odd(probe, "joined another seat than the token's", short(ans))
            ans = await c.answer(15, kinds={"welcome", "error"})
        if not isinstance(ans, dict) or ans.get("type") != "welcome":
            self.odd(probe, "no welcome", short(ans) if isinstance(ans, dict) else f"close {c.ws.close_code}")
            return False
        last = ans.get("seq")
        seqs = []
        end = time.monotonic() + 30
        while True:
            msg = await c.next(max(0.1, end - time.monotonic()))
            if msg is None or msg is TIMEOUT:
                if c.ws.close_code == 1013:
                    self.streams["dropped as too slow"] += 1
                    self.odd(probe, "closed 1013 (too slow) while sending the entries after 'after'",
                             f"after {after}, newest {last}, got {len(seqs)}")
                else:
                    self.odd(probe, "no sync", f"close {c.ws.close_code}")
                return False
            if msg.get("type") == "entry":
                seqs.append(msg.get("seq"))
                if "state" in msg:
                    self.odd(probe, "an entry of the catch-up with a state")
            elif msg.get("type") == "sync":
                break
        want = list(range(max(0, after) + 1, last + 1))
        if seqs != want or msg.get("seq") != last:
            self.streams["wrong"] += 1
            self.odd(probe, "the entries after 'after' are not each once and in order",
                     f"after {after} newest {last} got {short(seqs, 80)}")
            return False
        return True

    async def sc_watcher(self, rng: random.Random) -> None:
        if not self.games:
            return await self.sc_mixed(rng)
        g = rng.choice(self.games)
        c = await self.open(rng)
        if c is None:
            return
        try:
            after = rng.choice([-(2**53), -3, 0, rng.randint(0, 600), 2**53])
            code = rng.choice([g.code, g.code.lower(), " " + g.code + "\t"])
            if not await self.stream(c, "watch", dumps({"type": "watch", "code": code, "after": after}), after):
                return
            for _ in range(rng.randint(0, 5)):
                msg = rng.choice([{"type": "act", "action": "roll"}, {"type": "chat", "text": "hi"},
                                  {"type": "back"}, {"type": "act", "action": rng.choice(self.pool), "step": 0}])
                if not await self.expect(c, "spectator acts", dumps(msg), {"no_seat"}):
                    return
            await self.expect(c, "ping after watching", dumps({"type": "ping", "id": 5}), answers=("pong",), rid=5)
        finally:
            await c.close(abort=rng.random() < 0.5)

    async def tour(self) -> None:
        """Each rare kind of hostile connection at least once, whatever the random choices."""
        rng = random.Random(self.args.seed + 5)
        for how in TOO_BIG:
            await self.sc_too_big(rng, how)
        for i in range(9):
            await self.sc_raw_frames(rng, i)
        await self.sc_flood(rng, bad=False)
        await self.sc_flood(rng, bad=True)
        await self.sc_protocol(rng)
        await self.sc_before_hello(rng)
        await self.sc_every_field(rng)

    async def sc_every_field(self, rng: random.Random) -> None:
        """Every field of every message type with each value of a wrong type: bad_message, every time."""
        texts = []
        for t, spec in P.CLIENT_MESSAGES.items():
            for field, want in spec.items():
                for value in WRONG[want]:
                    msg = {"type": t, **{f: DUMMY[f] for f in P.REQUIRED.get(t, ())}, field: value}
                    texts.append(dumps(msg))
        for i in range(0, len(texts), STRIKES - 10):
            c = await self.open(rng)
            if c is None:
                return
            try:
                for text in texts[i:i + STRIKES - 10]:
                    if not isinstance(await self.expect(c, "every field, wrong type", text, {"bad_message"}), dict):
                        return
            finally:
                await c.close()

    async def worker(self, wid: int) -> None:
        rng = random.Random(self.args.seed * 1000 + wid)
        scenarios = [(self.sc_mixed, 64), (self.sc_holder, 12), (self.sc_watcher, 7), (self.sc_flood, 3),
                     (self.sc_before_hello, 3), (self.sc_protocol, 1), (self.sc_too_big, 2), (self.sc_raw_frames, 3)]
        fns, weights = zip(*scenarios)
        while not self.done() and self.messages < self.args.messages:
            fn = rng.choices(fns, weights)[0]
            try:
                await fn(rng)
            except Exception as exc:
                self.fuzzer_errors[f"{fn.__name__}: {type(exc).__name__}: {str(exc)[:80]}"] += 1

    # --- connections opened and dropped -------------------------------------------------------------------------------
    async def churner(self, wid: int) -> None:
        rng = random.Random(self.args.seed * 7919 + wid)
        while not self.done() and self.churned < self.args.connections:
            self.churned += 1
            how = rng.choice(["close", "hello-close", "abort", "hello-abort", "tcp", "half-http", "upgrade-rst",
                              "hello-rst"])
            try:
                if how in ("close", "hello-close", "abort", "hello-abort"):
                    ws = await connect(f"ws://{HOST}:{self.server.port}", local_addr=(self.addr(rng), 0), proxy=None,
                                       compression=None, open_timeout=10, ping_interval=None, close_timeout=1)
                    self.connections += 1
                    if how.startswith("hello"):
                        await ws.send(dumps({"type": "hello", "protocol": 1}))
                        self.messages += 1
                    if how.endswith("abort"):
                        ws.transport.abort()
                    else:
                        await ws.close()
                else:
                    reader, writer = await raw_open(self.server.port, self.addr(rng), upgrade=how in (
                        "upgrade-rst", "hello-rst"))
                    self.connections += 1
                    if how == "half-http":
                        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgr")
                        await writer.drain()
                    elif how == "hello-rst":
                        writer.write(frame(b'{"type":"hello","protocol":1}'))
                        await writer.drain()
                        self.messages += 1
                    abort_writer(writer) if how != "tcp" else writer.close()
            except (OSError, TimeoutError, ConnectionError, ConnectionClosed, asyncio.IncompleteReadError) as exc:
                self.fuzzer_errors[f"churn {how}: {type(exc).__name__}"] += 1
            except Exception as exc:
                self.fuzzer_errors[f"churn {how}: {type(exc).__name__}"] += 1

    # --- the per-address limit
    async def per_address(self, local: str) -> None:
        """PER_ADDRESS connections from one address work; one more is closed with 1013; the first still work."""
        clients = []
        try:
            for _ in range(PER_ADDRESS):
                c = await self.open(self.rng, local=local)
                if c is None:
                    self.limit_checks["a connection under the limit refused"] += 1
                    return
                clients.append(c)
            extra = await self.open(self.rng, local=local, hello=False)
            if extra is None:
                self.limit_checks["refused at the handshake"] += 1
            else:
                await extra.wait_closed(10)
                code = extra.ws.close_code
                self.limit_checks[f"connection {PER_ADDRESS + 1} closed {code}"] += 1
                if code != 1013:
                    self.odd("per-address limit", f"connection {PER_ADDRESS + 1} closed with {code}, not 1013")
                await extra.close()
            for i, c in enumerate(clients):
                ans = await self.expect(c, "per-address ping", dumps({"type": "ping", "id": i + 1}),
                                        answers=("pong",), rid=i + 1)
                if not isinstance(ans, dict) or ans.get("type") != "pong":
                    self.limit_checks["an earlier connection stopped working"] += 1
        finally:
            for c in clients:
                await c.close()

    # --- idle and half-open connections
    async def idle_one(self, kind: str, local: str) -> None:
        t0 = time.monotonic()
        try:
            reader, writer = await raw_open(self.server.port, local, upgrade=kind != "no-http")
        except Exception as exc:
            self.fuzzer_errors[f"idle {kind}: {type(exc).__name__}"] += 1
            return
        self.connections += 1
        rec = [t0, None]
        self.idle.setdefault(kind, []).append(rec)
        try:
            if kind == "half-frame":
                writer.write(frame(b'{"type":"hello","protocol":1}')[:5])
            elif kind == "hello+half-frame":
                writer.write(frame(b'{"type":"hello","protocol":1}') + frame(b'{"type":"ping"}')[:3])
                self.messages += 1
            elif kind == "no-http":
                writer.write(b"GET / HTTP/1.1\r\n")
            await writer.drain()
            with contextlib.suppress(Exception):
                while await reader.read(65536):
                    pass
            rec[1] = time.monotonic() - t0
        except asyncio.CancelledError:
            pass
        finally:
            abort_writer(writer)

    # --- liveness, memory
    async def pinger(self) -> None:
        """A legitimate client's ping four times a second; 10 s without a pong is a crash."""
        c = None
        i = 0
        missing = False
        while not self.exited:
            if c is None or c.ws.close_code is not None:
                c = await self.open(self.rng, local=HOST)
                if c is None:
                    if not self.server.alive():
                        return
                    await asyncio.sleep(0.5)
                    continue
            i += 1
            t0 = time.monotonic()
            if not await c.send(dumps({"type": "ping", "id": i}), count=False):
                continue
            self.legit_messages += 1
            ans = await c.answer(10)
            if isinstance(ans, dict) and ans.get("type") == "pong" and ans.get("id") == i:
                self.pings.append(time.monotonic() - t0)
                missing = False
            elif ans is TIMEOUT:
                self.ping_misses += 1
                if not missing:
                    self.crashes += 1
                    missing = True
                    print(f"server_fuzz: a ping went unanswered for 10 s at {self.progress()}", file=sys.stderr)
            await asyncio.sleep(0.25)
        if c is not None:
            await c.close()

    async def watch_process(self) -> None:
        last = 0.0
        while not self.exited:
            if not self.server.alive():
                self.exited = True
                self.crashes += 1
                print(f"server_fuzz: the server exited ({self.server.proc.returncode})", file=sys.stderr)
                return
            rss = self.server.rss_mb()
            if rss is not None:
                self.rss.append(rss)
            if self.args.progress and time.monotonic() - last > 5:
                last = time.monotonic()
                print(self.progress(), file=sys.stderr, flush=True)
            await asyncio.sleep(0.25)

    # --- the legitimate games
    async def new_game(self, kind: str) -> None:
        n = len(self.games)
        clocks = {"computer_delay": 0}
        if kind == "people":
            seats = ["open"] * 3
        elif kind == "mixed":
            seats = ["open", "computer", "computer"]
        elif kind == "computers":
            seats = ["computer"] * 3
        elif kind == "chatty":
            seats = ["open"] * 3
        else:
            seats = ["open"] * 4
        spec = [{"kind": "open"} if s == "open" else {"kind": "computer", "level": "easy"} for s in seats]
        start = "owner" if kind in ("computers", "lobby", "chatty") else "full"
        try:
            got = await create_game(self.server.url, {"players": len(seats)}, "live", clocks, spec, start)
        except Exception as exc:
            self.fuzzer_errors[f"create {kind}: {type(exc).__name__}: {exc}"] += 1
            return
        self.legit_messages += 2
        g = LegitGame(kind, got, seats)
        self.made[kind] += 1
        if kind == "computers":             # started before the hostile side knows of it (its owner probes)
            try:
                await one_request(self.server.url, {"type": "start", "game": g.id, "owner": g.owner})
                self.legit_messages += 2
            except Exception as exc:
                self.fuzzer_errors[f"start: {type(exc).__name__}: {exc}"] += 1
            self.games.append(g)
            return
        self.games.append(g)
        for s, k in enumerate(seats):
            if k != "open" or kind == "lobby" or (kind == "chatty" and s > 0):
                continue
            name = f"Legit {n}-{s}"
            bot = Bot(self.server.url, g.code, "easy", name=name, think=self.args.think,
                      seed=self.args.seed + 31 * n + s, colour=s)
            g.names[s], g.bots[s], g.sent[s] = name, bot, set()
            self._wrap(g, s, bot)
            g.tasks.append(asyncio.create_task(self._play(g, s, bot)))
        if kind == "chatty":
            g.tasks.append(asyncio.create_task(self.chatter(g, g.bots[0], self.args.chat_lines)))

    async def chatter(self, g: LegitGame, bot: Bot, lines: int) -> None:
        """A legitimate seat that talks a lot (a lobby that never starts): a game longer than the
        server's queue of a connection (Limits.queue, 512), so catching up from 0 is a long stream."""
        for _ in range(200):
            if bot.seat.seat is not None:
                break
            await asyncio.sleep(0.05)
        clients = []
        try:
            for _ in range(CHATTERS):       # the rate is per connection: several, 16 lines a second each
                c = await self.open(self.rng, local=HOST)
                if c is None:
                    return
                await c.send(dumps({"type": "resume", "game": g.id, "token": bot.seat.token, "after": 2**40}),
                             count=False)
                if not isinstance(await c.answer(10, kinds={"welcome", "error"}), dict):
                    return
                clients.append(c)
            for i in range(lines):
                text = f"line {i} of the long game"
                g.chats.add((0, text))
                if not await clients[i % CHATTERS].send(dumps({"type": "chat", "text": text}), count=False):
                    self.fuzzer_errors["chatter: connection lost"] += 1
                    return
                self.legit_messages += 1
                await asyncio.sleep(1 / (16 * CHATTERS))
        finally:
            for c in clients:
                await c.close()

    def _wrap(self, g: LegitGame, s: int, bot: Bot) -> None:
        seat = bot.seat
        act = seat.act

        async def recorded_act(action: str, timeout: float = 10.0):
            g.sent[s].add((seat.step, str(parse_action(action))))
            self.legit_messages += 1
            try:
                reply = await act(action, timeout)
            except Refused as exc:
                self.legit_refused[exc.code] += 1
                raise
            if seat.step > 30 and len(g.chats) < 2 * len(g.bots) and self.rng.random() < 0.02:
                text = f"gg from seat {s}"
                g.chats.add((s, text))
                await seat.chat(text)
            return reply

        seat.act = recorded_act

    async def _play(self, g: LegitGame, s: int, bot: Bot) -> None:
        try:
            await bot.play(timeout=self.args.time_limit + 120)
            g.over = True
        except (asyncio.CancelledError, TimeoutError):
            pass
        except Exception as exc:
            self.fuzzer_errors[f"bot: {type(exc).__name__}: {exc}"] += 1

    async def game_keeper(self) -> None:
        """Keep one game of each kind going while the traffic lasts (a new one when one ends)."""
        try:
            await self._keep_games()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.fuzzer_errors[f"game keeper: {type(exc).__name__}: {exc}"] += 1

    async def _keep_games(self) -> None:
        for kind in ("lobby", "chatty", "people", "mixed", "computers", "people", "mixed")[:self.args.games]:
            await self.new_game(kind)
        while not self.done():
            await asyncio.sleep(1.0)
            for kind in ("people", "mixed"):
                mine = [g for g in self.games if g.kind == kind]
                if mine and all(g.over for g in mine) and self.made[kind] < 12:
                    await self.new_game(kind)
            if self.made["computers"] < 1 + int((time.monotonic() - self.start) / 30) and self.made["computers"] < 8:
                await self.new_game("computers")

    # --- the run
    async def run(self) -> dict:
        bg = [asyncio.create_task(self.watch_process()), asyncio.create_task(self.pinger())]
        await self.game_keeper_start()
        await asyncio.sleep(0.5)
        self.rss_start = self.server.rss_mb()
        if self.args.multi_address:
            await self.per_address(LIMIT_ADDRESSES[0])
        idle_kinds = ["no-http", "upgraded", "half-frame", "hello+half-frame"]
        idle = [asyncio.create_task(self.idle_one(idle_kinds[i % 4], self.addr(self.rng)))
                for i in range(self.args.idle)]
        keeper = asyncio.create_task(self.game_keeper())
        workers = [asyncio.create_task(self.worker(i)) for i in range(self.args.workers)]
        churn = [asyncio.create_task(self.churner(i)) for i in range(self.args.churners)]
        await asyncio.gather(self.tour(), *workers, *churn)
        if self.args.multi_address and not self.exited:
            await self.per_address(LIMIT_ADDRESSES[1])
        self.stop_traffic.set()
        traffic_s = time.monotonic() - self.start
        # The idle connections: wait (bounded) until the server has closed them.
        end = self.start + self.args.idle_wait
        while time.monotonic() < end and any(r[1] is None for rs in self.idle.values() for r in rs):
            await asyncio.sleep(0.5)
        for t in idle:
            t.cancel()
        await asyncio.gather(*idle, return_exceptions=True)
        keeper.cancel()
        await asyncio.gather(keeper, return_exceptions=True)
        # Last: a fresh legitimate connection must still be answered.
        if not self.exited:
            c = await self.open(self.rng, local=HOST)
            ans = await self.expect(c, "final ping", dumps({"type": "ping", "id": 1}), answers=("pong",), rid=1) \
                if c else None
            if not isinstance(ans, dict) or ans.get("type") != "pong":
                self.crashes += 1
            if c:
                await c.close()
        await asyncio.sleep(1.0)
        rss_end = self.server.rss_mb()
        watched = await self.watch_all() if not self.exited else {}
        for g in self.games:
            for b in g.bots.values():
                b.seat.stop()
            for t in g.tasks:
                t.cancel()
        await asyncio.gather(*(t for g in self.games for t in g.tasks), return_exceptions=True)
        self.exited = True
        for t in bg:
            t.cancel()
        await asyncio.gather(*bg, return_exceptions=True)
        return {"traffic_s": traffic_s, "rss_end": rss_end, "watched": watched}

    async def game_keeper_start(self) -> None:
        for _ in range(100):               # wait for the pinger's connection: the server is up
            if self.pings:
                return
            await asyncio.sleep(0.05)

    async def watch_all(self) -> dict:
        """Every game's entries as a spectator from 0 sees them (resuming after a drop): gid -> entries."""
        out = {}
        for g in self.games:
            got: list[dict] = []
            for _attempt in range(40):
                c = await self.open(self.rng, local=HOST)
                if c is None:
                    break
                try:
                    await c.send(dumps({"type": "watch", "code": g.code, "after": len(got)}), count=False)
                    newest = synced = None
                    while True:
                        msg = await c.next(20)
                        if msg is None or msg is TIMEOUT:
                            break
                        if msg.get("type") == "welcome":
                            newest = msg["seq"]
                        elif msg.get("type") == "entry" and msg["seq"] == len(got) + 1:
                            got.append(msg)
                        elif msg.get("type") == "sync":
                            synced = True
                            break
                    if synced:
                        break
                    self.streams["final watch from 0: closed before its sync"] += 1
                    self.odd("final watch from 0", f"closed ({c.ws.close_code}) before its sync",
                             f"game of {newest} entries, {len(got)} received")
                finally:
                    await c.close()
            out[g.id] = got
        return out


class Client:
    """One websockets connection of the fuzzer and what it received (read by a task of its own)."""

    def __init__(self, fuzz: Fuzz, ws) -> None:
        self.fuzz = fuzz
        self.ws = ws
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.seen: list[dict] = []
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                try:
                    msg = json.loads(raw)
                except ValueError:
                    msg = {"type": "not json"}
                    self.fuzz.odd("server", "sent a message that is not JSON")
                if not isinstance(msg, dict):
                    msg = {"type": "not an object"}
                if msg.get("type") == "error":
                    self.fuzz.errors[msg.get("code")] += 1
                if len(self.seen) < 2000 and msg.get("type") != "entry":
                    self.seen.append(msg)
                self.inbox.put_nowait(msg)
        except Exception:
            pass
        finally:
            self.fuzz.closes[self.ws.close_code] += 1
            self.inbox.put_nowait(None)

    async def send(self, text, count: bool = True) -> bool:
        try:
            await self.ws.send(text)
        except (ConnectionClosed, OSError, RuntimeError):
            return False
        if count:
            self.fuzz.messages += 1
        return True

    async def next(self, timeout: float):
        """The next message; None once closed; TIMEOUT."""
        try:
            msg = await asyncio.wait_for(self.inbox.get(), timeout)
        except TimeoutError:
            return TIMEOUT
        if msg is None:
            self.inbox.put_nowait(None)
        return msg

    async def answer(self, timeout: float = 10.0, kinds=ANSWERS):
        """The next answer (an entry, table, sync or clock message is skipped); None once closed; TIMEOUT."""
        end = time.monotonic() + timeout
        while True:
            msg = await self.next(max(0.0, end - time.monotonic()))
            if msg is None or msg is TIMEOUT or msg.get("type") in kinds:
                return msg

    async def wait_closed(self, timeout: float):
        try:
            await asyncio.wait_for(asyncio.shield(self.reader), timeout)
        except TimeoutError:
            return None
        return self.ws.close_code

    async def close(self, abort: bool = False) -> None:
        try:
            if abort:
                self.ws.transport.abort()
            else:
                await asyncio.wait_for(self.ws.close(), 5)
        except Exception:
            self.ws.transport.abort()
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(self.reader, 5)


# --- after the run: the store against what the legitimate clients did
def verify_store(db: str, games: list[LegitGame], hostile: set[str], watched: dict):
    """(illegal changes, their descriptions, spectator streams unlike the store, figures) from the
    stopped server's store."""
    from retrocatan.server.store import open_store
    from retrocatan.server.table import token_hash
    problems: list[str] = []
    mismatches: list[str] = []
    figures = Counter()
    by_id = {g.id: g for g in games}
    store = open_store(db)
    try:
        ids = store.games(limit=1_000_000)
        figures["games_stored"] = len(ids)
        for gid in ids:
            meta, entries = store.load(gid)
            g = by_id.get(gid)
            figures["entries"] += len(entries)
            figures["entries_max"] = max(figures["entries_max"], len(entries))
            if g is None or g.kind == "lobby":
                figures["games_nobody_joined"] += 1
                if entries:
                    problems.append(f"game {gid} ({'hostile' if gid in hostile else 'lobby'}): "
                                    f"{len(entries)} entries though no legitimate client joined it: "
                                    f"{short(entries[:3])}")
                continue
            bad = verify_game(g, meta, entries, figures)
            problems.extend(f"game {gid} ({g.kind}): {p}" for p in bad)
            for s, bot in g.bots.items():
                if bot.seat.token and meta["seats"][s].get("token") != token_hash(bot.seat.token):
                    problems.append(f"game {gid}: seat {s}'s token is not its legitimate client's any more")
            seen = watched.get(gid)
            if seen is not None:
                def key(e):     # a spectator's chat entry has no seat (nor text)
                    return e["k"], None if e["k"] == "chat" else e.get("seat"), e.get("by"), e.get("what")
                if [key(e) for e in entries[:len(seen)]] != [key(e) for e in seen]:   # computers move on
                    figures["watch_mismatch"] += 1
                    mismatches.append(f"game {gid}: a spectator's stream from 0 ({len(seen)} entries) is not the "
                                      f"store's ({len(entries)} entries)")
        for g in games:
            if g.id not in ids:
                problems.append(f"game {g.id} ({g.kind}) is not in the store")
    finally:
        store.close()
    return len(problems), problems, mismatches, dict(figures)


def verify_game(g: LegitGame, meta: dict, entries: list[dict], figures: Counter) -> list[str]:
    bad = []
    kinds = list(g.seats)
    away = [False] * len(kinds)
    game = None
    step = 0
    for n, e in enumerate(entries, 1):
        k, s = e.get("k"), e.get("seat")
        if k == "seat":
            what = e.get("what")
            if what == "joined":
                if g.names.get(s) != e.get("name") or kinds[s] == "person":
                    bad.append(f"entry {n}: seat {s} taken by {e.get('name')!r}, not the legitimate client")
                kinds[s] = "person"
            elif what in ("away", "back"):
                if kinds[s] != "person":
                    bad.append(f"entry {n}: {what} for seat {s}, which no person holds")
                away[s] = what == "away"
            else:
                bad.append(f"entry {n}: seat {s} {what}: nobody asked for that")
        elif k == "start":
            if game is not None or "open" in kinds:
                bad.append(f"entry {n}: a start with seats open or a second start")
            game = Game(GameConfig.from_dict(meta["config"]))
        elif k == "move":
            figures["moves_checked"] += 1
            a, by = e.get("a"), e.get("by")
            if game is None:
                bad.append(f"entry {n}: a move before the start")
                continue
            if game.decider != s:
                bad.append(f"entry {n}: seat {s} moved ({a!r}) but seat {game.decider} was deciding")
            if by == "person":
                if kinds[s] != "person" or (step, a) not in g.sent.get(s, ()):
                    bad.append(f"entry {n}: seat {s}'s person move {a!r} at step {step} was not sent by its "
                               "legitimate client")
            elif by == "computer":
                if kinds[s] != "computer" and not away[s]:
                    bad.append(f"entry {n}: a computer moved for seat {s}, a person's seat not away")
                figures["computer_moves"] += 1
            elif by == "clock":
                figures["clock_moves"] += 1
            else:
                bad.append(f"entry {n}: a move by {by!r}")
            try:
                game.apply(parse_action(a))
            except Exception as exc:
                bad.append(f"entry {n}: seat {s}'s move {a!r} does not replay: {type(exc).__name__}: {exc}")
                break
            step += 1
        elif k == "chat":
            if (s, e.get("text")) not in g.chats:
                bad.append(f"entry {n}: a chat line no legitimate client said: {short(e.get('text'), 60)!r}")
        else:
            bad.append(f"entry {n}: an entry of kind {k!r}")
    if game is not None and game.over:
        figures["games_over"] += 1
    return bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=None, help="hostile messages to send (default 100000)")
    ap.add_argument("--connections", type=int, default=None, help="connections opened and dropped (default 5000)")
    ap.add_argument("--quick", action="store_true", help="a small run (5000 messages, 500 connections)")
    ap.add_argument("--seed", type=int, default=1, help="the fuzzer's own random choices (default 1)")
    ap.add_argument("--json", action="store_true", help="print one JSON object as the last line")
    ap.add_argument("--workers", type=int, default=32, help="hostile connections at once (default 32)")
    ap.add_argument("--time-limit", type=float, default=None, help="seconds of traffic at most")
    ap.add_argument("--idle-wait", type=float, default=None,
                    help="seconds from the start to wait for the server to close the idle connections "
                         "(default 36 quick, 60 otherwise; the server closes them at 10, 35 and 45 s)")
    ap.add_argument("--think", type=float, default=0.05, help="the legitimate bots' pause before each decision")
    args = ap.parse_args(argv)
    quick = args.quick
    args.messages = args.messages if args.messages is not None else (5000 if quick else 100_000)
    args.connections = args.connections if args.connections is not None else (500 if quick else 5000)
    args.time_limit = args.time_limit or (75.0 if quick else 900.0)
    args.big = 3 if quick else 20
    args.idle = 16 if quick else 64
    if args.idle_wait is None:
        args.idle_wait = 36.0 if quick else 60.0
    args.games = 5 if quick else 7
    args.chat_lines = 700
    args.churners = 16
    args.progress = not quick
    try:
        socket.socket().bind(("127.0.0.2", 0))
        args.multi_address = True
    except OSError:
        args.multi_address = False
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="server_fuzz") as tmp:
        db = os.path.join(tmp, "fuzz.sqlite3")
        extra = ["--per-address", str(PER_ADDRESS if args.multi_address else 100_000), "--rate", str(RATE)]
        server = Server(db, os.path.join(tmp, "server.log"), extra)
        fuzz = Fuzz(args, server)
        try:
            out = asyncio.run(fuzz.run())
        finally:
            exit_code = server.stop()
        log = server.log()
        server.err.close()
        n_exc, exc_kinds = logged_exceptions(log)
        illegal, problems, mismatches, figures = verify_store(db, fuzz.games, fuzz.hostile_games,
                                                              out.get("watched", {}))
    pings = sorted(fuzz.pings)
    idle = {}
    for kind, recs in fuzz.idle.items():
        closed = [r[1] for r in recs if r[1] is not None]
        idle[kind] = {"opened": len(recs), "closed_by_server": len(closed),
                      "max_s": round(max(closed), 1) if closed else None}
    result = {
        "messages": fuzz.messages, "legit_messages": fuzz.legit_messages, "connections": fuzz.connections,
        "churned": fuzz.churned, "crashes": fuzz.crashes, "illegal_changes": illegal,
        "server_rss_mb": round(max(fuzz.rss), 1) if fuzz.rss else None,
        "server_rss_mb_start": round(fuzz.rss_start, 1) if fuzz.rss_start else None,
        "server_rss_mb_end": round(out["rss_end"], 1) if out.get("rss_end") else None,
        "errors": dict(fuzz.errors.most_common()),
        "closes": {str(k): v for k, v in fuzz.closes.most_common()},
        "unexpected": sum(fuzz.unexpected.values()), "unexpected_kinds": dict(fuzz.unexpected.most_common(20)),
        "unexpected_examples": fuzz.examples,
        "server_exceptions": n_exc, "server_exception_kinds": exc_kinds, "server_exit": exit_code,
        "ping_ms_median": round(1000 * pings[len(pings) // 2], 1) if pings else None,
        "ping_ms_p99": round(1000 * pings[int(len(pings) * 0.99)], 1) if pings else None,
        "ping_ms_max": round(1000 * pings[-1], 1) if pings else None, "ping_misses": fuzz.ping_misses,
        "streams": dict(fuzz.streams), "per_address": dict(fuzz.limit_checks), "idle": idle,
        "games": dict(fuzz.made), "store": figures, "problems": problems[:20], "stream_mismatches": mismatches[:10],
        "legit_refused": dict(fuzz.legit_refused), "fuzzer_errors": dict(fuzz.fuzzer_errors.most_common(10)),
        "probe_kinds": len(fuzz.probes), "traffic_s": round(out.get("traffic_s", 0), 1),
        "seconds": round(time.monotonic() - t0, 1), "seed": args.seed, "multi_address": args.multi_address,
    }
    out_file = sys.stderr if args.json else sys.stdout

    def say(text: str) -> None:
        print(text, file=out_file)

    say(f"server_fuzz: {result['messages']} hostile messages, {result['connections']} connections "
        f"({result['churned']} opened and dropped) in {result['seconds']} s")
    say(f"  crashes {result['crashes']}, illegal changes {illegal}, server RSS {result['server_rss_mb_start']} "
        f"-> max {result['server_rss_mb']} -> end {result['server_rss_mb_end']} MB, "
        f"ping median/p99/max {result['ping_ms_median']}/{result['ping_ms_p99']}/{result['ping_ms_max']} ms")
    say(f"  games {dict(fuzz.made)}; {figures.get('moves_checked', 0)} moves checked, "
        f"{figures.get('games_over', 0)} games over; server exceptions logged {n_exc}")
    say("  errors: " + ", ".join(f"{k} {v}" for k, v in fuzz.errors.most_common()))
    for p in problems[:10]:
        say("  ILLEGAL: " + p)
    for p in mismatches[:5]:
        say("  stream: " + p)
    for k, v in fuzz.unexpected.most_common(15):
        say(f"  unexpected: {k} x{v}")
    for k in exc_kinds:
        say("  server exception: " + k)
    if args.json:
        print(json.dumps(result))
    return 1 if result["crashes"] or illegal else 0


if __name__ == "__main__":
    sys.exit(main())
