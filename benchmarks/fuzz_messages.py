"""What the fuzzer's hostile clients send (benchmarks/server_fuzz.py): bad JSON, values of the
wrong type for every field, unknown types and fields, huge and deeply nested values, real and
garbage action texts, mutated scenarios, raw WebSocket frames; ``one_message`` draws one hostile
message with the answers it must get, ``seat_action`` one that a seat's own token must not make
legal."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import os
import random
import re
import socket
import struct
import time

from server_kit import HOST, ROOT

from retrocatan.engine.actions import ActionSyntaxError, parse_action
from retrocatan.engine.config import GameConfig
from retrocatan.engine.errors import IllegalAction
from retrocatan.engine.game import Game
from retrocatan.net import protocol as P

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



# --- one message ----------------------------------------------------------------------------------------------
def one_message(fz, rng: random.Random):
    """(name, text, codes, answers, id) of one hostile message."""
    kind = rng.choices(["bad_json", "not_object", "binary", "wrong_type", "unknown_type", "unknown_field",
                        "missing", "huge", "nested", "token", "owner", "record", "join", "watch_bad",
                        "unseated", "create", "scenario", "ping", "hello_again", "owner_refused"],
                       [8, 4, 4, 12, 4, 5, 4, 5, 3, 8, 5, 3, 6, 2, 4, 6, 3, 4, 1, 3])[0]
    rid = rng.randint(1, 2**31)
    live = [g for g in fz.games if g.kind != "lobby"]
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
        others = [t for h in fz.games if h is not g for t in h.tokens()]
        gid = g.id if g else "0" * 16
        token = rng.choice([
            base64.urlsafe_b64encode(os.urandom(24)).decode().rstrip("="), "", "x" * 500,
            rng.choice(others) if others else "t", g.owner if g else "o",
            hashlib.sha256(g.tokens()[0].encode()).hexdigest() if g and g.tokens() else "h",
            (g.tokens()[0] + " ") if g and g.tokens() else "t ", (g.tokens()[0][:-1]) if g and g.tokens() else "t"])
        if rng.random() < 0.2:
            gid = rng.choice([os.urandom(8).hex(), "", "x" * 300, "' OR 1=1 --", gid.upper()])
        msg = {"type": "resume", "game": gid, "token": token, "after": rng.randint(-5, 5), "id": rid}
        return kind, dumps(msg), {"bad_token"}, (), rid
    if kind == "owner":
        g = rng.choice(fz.games) if fz.games else None
        gid = g.id if g else "0" * 16
        others = [h.owner for h in fz.games if h is not g] + [t for h in fz.games for t in h.tokens()]
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
        g = rng.choice(fz.games) if fz.games and rng.random() < 0.8 else None
        gid = g.id if g else os.urandom(8).hex()
        return kind, dumps({"type": "record", "game": gid, "id": rid}), {"not_over", "not_found"}, ("record",), rid
    if kind == "join":
        full = [g for g in fz.games if g.kind == "people" and g.filled]
        mixed = [g for g in fz.games if g.kind == "mixed" and g.filled]
        name = rng.choice(["Hostile", "\x00\x01", "   ", "x" * 5000, "\u200b", "Robert'); DROP TABLE games;"])
        if full and rng.random() < 0.5:
            g = rng.choice(full)
            seat = rng.choice([None, 0, 1, 2, -1, 3, 99])
            msg = {"type": "join", "code": rng.choice([g.code, g.code.lower(), f"  {g.code} "]), "name": name,
                   "id": rid, **({} if seat is None else {"seat": seat})}
            codes = {"no_seat", "seat_taken", "bad_seat", "bad_name", "game_over"}
            r = rng.random()
            if r < 0.4:                  # a token of its own, or another game's seat's: a new join all the same
                others = [t for h in fz.games if h is not g for t in h.tokens()]
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
        if not fz.bases:
            return "ping", dumps({"type": "ping", "id": rid}), set(), ("pong",), rid
        scen = rng.choice(fz.bases)
        for _ in range(rng.randint(1, 3)):
            scen = mutate(rng, scen)
        msg = {"type": "create", "config": {"players": rng.choice([3, 4]), "scenario": scen}, "id": rid}
        text = dumps(msg)
        if len(text) > P.MAX_MESSAGE - 100:
            return "ping", dumps({"type": "ping", "id": rid}), set(), ("pong",), rid
        return kind, text, {"bad_config", "rate", "full", "bad_seats"}, ("created",), rid
    if kind == "owner_refused":          # the real owner, asking what the game's state refuses
        started = [g for g in fz.games if g.kind == "computers"]
        lobbies = [g for g in fz.games if g.kind in ("lobby", "chatty")]
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


def seat_action(fz, rng: random.Random, bot, seat: int):
    """(text, codes, probe) of an action the server must refuse, sent with the seat's own token."""
    state, step = bot.seat.state, bot.seat.step
    over = {"game_over", "not_started"}
    r = rng.random()
    if r < 0.3:
        return dumps({"type": "act", "action": unparseable(rng)}), {"bad_action", "not_your_turn"} | over, \
            "garbage action"
    if r < 0.4:
        return dumps({"type": "act", "action": rng.choice(fz.pool), "step": rng.choice(
            [-1, -(2**53), 2**53, step + 1000, step - 1 if step else -5])}), {"stale"} | over, "stale step"
    if r < 0.5:
        return dumps({"type": "chat", "text": rng.choice(["", " ", "\x00\x01", "\t\n \u200b", "\x7f" * 300])}), \
            {"bad_chat"}, "empty chat"
    if state is None:
        return None, None, None
    if state.get("decider") != seat:
        text = rng.choice(fz.pool)
        return dumps({"type": "act", "action": text, "step": step}), {"not_your_turn", "stale"} | over, \
            "out of turn"
    # The seat's own decision: an action its own engine (from the seat's state) refuses at this step.
    try:
        game = Game.from_json(state)
    except Exception as exc:
        fz.fuzzer_errors[f"seat state: {type(exc).__name__}"] += 1
        return None, None, None
    for _ in range(20):
        text = rng.choice(fz.pool)
        try:
            game.apply(parse_action(text))
        except IllegalAction:
            return dumps({"type": "act", "action": text, "step": step}), {"refused", "stale"} | over, \
                "illegal own action"
        except Exception as exc:        # the engine must refuse with IllegalAction, nothing else
            fz.odd("illegal own action", f"the engine raised {type(exc).__name__} for {text!r}")
            return None, None, None
        game = Game.from_json(state)    # it was legal here: a fresh copy, try another
    return None, None, None
