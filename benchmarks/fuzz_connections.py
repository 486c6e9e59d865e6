"""The fuzzer's hostile connections (benchmarks/server_fuzz.py), each checking every answer it
gets: a connection of many refused messages and then a ping; messages before the hello; a wrong
protocol; floods to the strikes limit; messages over the size limit; broken frames on raw
sockets; a second connection with a legitimate seat's token (resumes with odd ``after``,
actions out of turn, garbage and illegal ones); spectators; every field with a wrong type;
connections opened and dropped; the per-address limit; idle and half-open connections. ``fz``
is the run (``server_fuzz.Fuzz``): its counters and its findings (``fz.odd``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter

import fuzz_messages as M
from fuzz_messages import (
    DOC_CODES,
    DUMMY,
    MB,
    PROTOCOL_CODES,
    TIMEOUT,
    TOO_BIG,
    WRONG,
    abort_writer,
    dumps,
    frame,
    raw_open,
    read_close_code,
    short,
)
from server_kit import HOST
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from retrocatan.net import protocol as P

PER_ADDRESS = 64                        # the server's --per-address (its default)
RATE = 20                               # the server's --rate (its default)
STRIKES = 50                            # the server's strikes limit (Limits.strikes)
ANSWERS = frozenset({"error", "ok", "pong", "created", "joined", "welcome", "record", "hello"})


class Client:
    """One websockets connection of the fuzzer and what it received (read by a task of its own)."""

    def __init__(self, fuzz, ws) -> None:
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



async def hostile_client(fz, rng: random.Random, local: str | None = None, hello: bool = True):
    """A hostile websockets connection from a loopback address (None if the server refused it)."""
    local = local or fz.addr(rng)
    try:
        ws = await connect(f"ws://{HOST}:{fz.server.port}", local_addr=(local, 0), proxy=None,
                           compression=None, open_timeout=10, ping_interval=None, close_timeout=2,
                           max_size=32 * MB, max_queue=None)
    except (OSError, TimeoutError, ConnectionClosed) as exc:
        fz.fuzzer_errors[f"connect: {type(exc).__name__}"] += 1
        return None
    except Exception as exc:           # InvalidHandshake and friends: the server said no at the HTTP level
        fz.fuzzer_errors[f"connect: {type(exc).__name__}"] += 1
        return None
    fz.connections += 1
    c = Client(fz, ws)
    if hello:
        ans = await expect(fz, c, "hello", dumps({"type": "hello", "protocol": 1, "client": "fuzz"}),
                                answers=("hello",))
        if not isinstance(ans, dict) or ans.get("type") != "hello":
            await c.close()
            return None
    return c


async def expect(fz, c, probe: str, text, codes=(), answers=(), rid=None, timeout: float = 10.0):
    """Send ``text``; its answer must be an error with one of ``codes`` or a message of a type in ``answers``."""
    fz.probes[probe] += 1
    if not await c.send(text):
        fz.odd(probe, "closed before it was sent", f"close {c.ws.close_code}")
        return None
    ans = await c.answer(timeout)
    if ans is TIMEOUT:
        fz.odd(probe, f"no answer within {timeout:g} s", short(text))
    elif ans is None:
        fz.odd(probe, f"closed ({c.ws.close_code}) without an answer", short(text))
    elif ans.get("type") == "error":
        code = ans.get("code")
        if code not in codes:
            fz.odd(probe, f"error {code}", f"{ans.get('message')} <- {short(text)}")
        if code not in DOC_CODES:
            fz.odd(probe, f"undocumented error code {code!r}")
        if not isinstance(ans.get("message"), str) or not ans["message"]:
            fz.odd(probe, "an error without a message", short(ans))
        if rid is not None and code not in PROTOCOL_CODES and ans.get("id") != rid:
            fz.odd(probe, "an error without the request's id", short(ans))
    elif ans.get("type") not in answers:
        fz.odd(probe, f"answered {ans.get('type')}", f"{short(ans)} <- {short(text)}")
    elif rid is not None and ans.get("type") in ("pong", "ok", "created", "record") and ans.get("id") != rid:
        fz.odd(probe, "an answer without the request's id", short(ans))
    return ans


async def stream(fz, c, probe: str, text: str, after: int, seat: int | None = None) -> bool:
    """Send a resume/watch; check welcome, every entry after ``after`` once, in order, then sync."""
    fz.probes[probe] += 1
    fz.streams["checked"] += 1
    if not await c.send(text):
        return False
    ans = await c.answer(15, kinds={"welcome", "error", "joined"})
    if isinstance(ans, dict) and ans.get("type") == "joined":
        if seat is not None and ans.get("seat") != seat:
            fz.odd(probe, "joined another seat than the token's", short(ans))
        ans = await c.answer(15, kinds={"welcome", "error"})
    if not isinstance(ans, dict) or ans.get("type") != "welcome":
        fz.odd(probe, "no welcome", short(ans) if isinstance(ans, dict) else f"close {c.ws.close_code}")
        return False
    last = ans.get("seq")
    seqs = []
    end = time.monotonic() + 30
    while True:
        msg = await c.next(max(0.1, end - time.monotonic()))
        if msg is None or msg is TIMEOUT:
            if c.ws.close_code == 1013:
                fz.streams["dropped as too slow"] += 1
                fz.odd(probe, "closed 1013 (too slow) while sending the entries after 'after'",
                         f"after {after}, newest {last}, got {len(seqs)}")
            else:
                fz.odd(probe, "no sync", f"close {c.ws.close_code}")
            return False
        if msg.get("type") == "entry":
            seqs.append(msg.get("seq"))
            if "state" in msg:
                fz.odd(probe, "an entry of the catch-up with a state")
        elif msg.get("type") == "sync":
            break
    want = list(range(max(0, after) + 1, last + 1))
    if seqs != want or msg.get("seq") != last:
        fz.streams["wrong"] += 1
        fz.odd(probe, "the entries after 'after' are not each once and in order",
                 f"after {after} newest {last} got {short(seqs, 80)}")
        return False
    return True


async def sc_mixed(fz, rng: random.Random) -> None:
    """One connection: up to ~45 hostile messages (each refused and answered), then a ping must still work."""
    c = await hostile_client(fz, rng)
    if c is None:
        return
    try:
        refused = 0
        for _ in range(rng.randint(5, 45)):
            if fz.done() or refused >= STRIKES - 5:
                break
            name, text, codes, answers, rid = M.one_message(fz, rng)
            ans = await expect(fz, c, name, text, codes, answers, rid)
            if not isinstance(ans, dict):
                return
            if ans.get("type") == "error":
                refused += 1
            elif ans.get("type") == "created":
                fz.hostile_games.add(ans.get("game"))
        await expect(fz, c, "ping after refusals", dumps({"type": "ping", "id": 7}), answers=("pong",), rid=7)
    finally:
        await c.close(abort=rng.random() < 0.3)


async def sc_before_hello(fz, rng: random.Random) -> None:
    c = await hostile_client(fz, rng, hello=False)
    if c is None:
        return
    try:
        for _ in range(rng.randint(1, 5)):
            t = rng.choice(["ping", "join", "create", "act", "watch", "record"])
            msg = {"type": t, **{f: DUMMY[f] for f in P.REQUIRED.get(t, ())}}
            if not await expect(fz, c, "before hello", dumps(msg), {"hello_first"}):
                return
        await expect(fz, c, "hello", dumps({"type": "hello", "protocol": 1}), answers=("hello",))
        await expect(fz, c, "ping after hello", dumps({"type": "ping", "id": 3}), answers=("pong",), rid=3)
    finally:
        await c.close()


async def sc_protocol(fz, rng: random.Random) -> None:
    c = await hostile_client(fz, rng, hello=False)
    if c is None:
        return
    try:
        version = rng.choice([0, 2, -1, 2**53])
        await expect(fz, c, "hello protocol", dumps({"type": "hello", "protocol": version}), {"protocol"})
        if await c.wait_closed(8) is None:
            fz.odd("hello protocol", "not closed after a protocol error")
    finally:
        await c.close()


async def sc_flood(fz, rng: random.Random, bad: bool | None = None) -> None:
    """Pings far faster than the rate: pongs, then rate errors, then the strikes limit closes it."""
    c = await hostile_client(fz, rng)
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
        fz.probes["flood"] += 1
        await c.wait_closed(10)
        got = c.seen
        pongs = sum(1 for m in got if m.get("type") == "pong")
        codes = Counter(m.get("code") for m in got if m.get("type") == "error")
        if c.ws.close_code is None:
            fz.odd("flood", "not closed after the strikes limit", f"pongs {pongs} errors {dict(codes)}")
        elif codes["strikes"] != 1:
            fz.odd("flood", "closed without one strikes error", f"{dict(codes)} close {c.ws.close_code}")
        if not bad and (pongs < 1 or codes["rate"] < 1):
            fz.odd("flood", "no pong or no rate error", f"pongs {pongs} errors {dict(codes)}")
    finally:
        await c.close(abort=True)


async def sc_too_big(fz, rng: random.Random, how: str | None = None) -> None:
    """Over the 64 KiB limit (10 MB, just over, fragmented, multi-byte): closed with 1009."""
    c = await hostile_client(fz, rng)
    if c is None:
        return
    try:
        how = how or rng.choice(TOO_BIG)
        if how == "10MB":
            if fz.big_left <= 0:
                how = "limit+1"
            else:
                fz.big_left -= 1
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
        fz.probes[f"too big ({how})"] += 1
        try:
            await asyncio.wait_for(c.ws.send(payload), 30)
            fz.messages += 1
        except (ConnectionClosed, TimeoutError, OSError):
            pass
        if how == "limit":
            ans = await c.answer(10)
            if not isinstance(ans, dict) or ans.get("type") != "hello":
                fz.odd("too big (limit)", "a message of exactly 64 KiB was not answered", short(ans))
            return
        await c.wait_closed(15)
        if c.ws.close_code != 1009:
            fz.odd(f"too big ({how})", f"close code {c.ws.close_code}, not 1009")
    finally:
        await c.close(abort=True)


async def sc_raw_frames(fz, rng: random.Random, which: int | None = None) -> None:
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
    fz.probes[f"raw {how}"] += 1
    try:
        reader, writer = await raw_open(fz.server.port, fz.addr(rng))
    except (OSError, TimeoutError, ConnectionError, asyncio.IncompleteReadError) as exc:
        fz.fuzzer_errors[f"raw: {type(exc).__name__}"] += 1
        return
    fz.connections += 1
    try:
        writer.write(frame(b'{"type":"hello","protocol":1}') + payload)
        await writer.drain()
        fz.messages += 2
        code = await read_close_code(reader, 10)
        fz.closes[code] += 1
        if code not in want:
            fz.odd(f"raw {how}", f"close code {code}, not {sorted(want)}")
    except (OSError, ConnectionError):
        pass
    finally:
        abort_writer(writer)


async def sc_holder(fz, rng: random.Random) -> None:
    """A second connection with a legitimate seat's own token: resume with an odd ``after``, then
    actions out of turn, garbage actions and illegal ones, each at the step it names: all refused."""
    games = fz.seat_games()
    if not games:
        return await sc_mixed(fz, rng)
    live = [g for g in games if not g.over]
    g = rng.choice(live if live and rng.random() < 0.9 else games)
    seat = rng.choice(list(g.bots))
    bot = g.bots[seat]
    c = await hostile_client(fz, rng)
    if c is None:
        return
    try:
        count = bot.seat.seq
        after = rng.choice([-(2**53), -1, 0, max(0, count - rng.randint(0, 300)), count, count + 7, 2**53])
        if rng.random() < 0.25:          # joining again with the seat's token is resuming it from 0
            ok = await stream(fz, c, "join with the seat's token", dumps(
                {"type": "join", "code": g.code, "name": "Again", "token": bot.seat.token, "seat": 2}), 0, seat)
        else:
            ok = await stream(fz, c, "resume", dumps({"type": "resume", "game": g.id, "token": bot.seat.token,
                                                        "after": after}), after)
        if not ok:
            return
        refused = 0
        for _ in range(rng.randint(5, 30)):
            if fz.done() or refused >= STRIKES - 5:
                break
            text, codes, probe = M.seat_action(fz, rng, bot, seat)
            if text is None:
                continue
            ans = await expect(fz, c, probe, text, codes, rid=None)
            if not isinstance(ans, dict):
                return
            refused += ans.get("type") == "error"
        await expect(fz, c, "ping after seat refusals", dumps({"type": "ping", "id": 9}), answers=("pong",),
                          rid=9)
    finally:
        await c.close(abort=rng.random() < 0.5)


async def sc_watcher(fz, rng: random.Random) -> None:
    if not fz.games:
        return await sc_mixed(fz, rng)
    g = rng.choice(fz.games)
    c = await hostile_client(fz, rng)
    if c is None:
        return
    try:
        after = rng.choice([-(2**53), -3, 0, rng.randint(0, 600), 2**53])
        code = rng.choice([g.code, g.code.lower(), " " + g.code + "\t"])
        if not await stream(fz, c, "watch", dumps({"type": "watch", "code": code, "after": after}), after):
            return
        for _ in range(rng.randint(0, 5)):
            msg = rng.choice([{"type": "act", "action": "roll"}, {"type": "chat", "text": "hi"},
                              {"type": "back"}, {"type": "act", "action": rng.choice(fz.pool), "step": 0}])
            if not await expect(fz, c, "spectator acts", dumps(msg), {"no_seat"}):
                return
        await expect(fz, c, "ping after watching", dumps({"type": "ping", "id": 5}), answers=("pong",), rid=5)
    finally:
        await c.close(abort=rng.random() < 0.5)


async def tour(fz) -> None:
    """Each rare kind of hostile connection at least once, whatever the random choices."""
    rng = random.Random(fz.args.seed + 5)
    for how in TOO_BIG:
        await sc_too_big(fz, rng, how)
    for i in range(9):
        await sc_raw_frames(fz, rng, i)
    await sc_flood(fz, rng, bad=False)
    await sc_flood(fz, rng, bad=True)
    await sc_protocol(fz, rng)
    await sc_before_hello(fz, rng)
    await sc_every_field(fz, rng)


async def sc_every_field(fz, rng: random.Random) -> None:
    """Every field of every message type with each value of a wrong type: bad_message, every time."""
    texts = []
    for t, spec in P.CLIENT_MESSAGES.items():
        for field, want in spec.items():
            for value in WRONG[want]:
                msg = {"type": t, **{f: DUMMY[f] for f in P.REQUIRED.get(t, ())}, field: value}
                texts.append(dumps(msg))
    for i in range(0, len(texts), STRIKES - 10):
        c = await hostile_client(fz, rng)
        if c is None:
            return
        try:
            for text in texts[i:i + STRIKES - 10]:
                if not isinstance(await expect(fz, c, "every field, wrong type", text, {"bad_message"}), dict):
                    return
        finally:
            await c.close()


async def worker(fz, wid: int) -> None:
    rng = random.Random(fz.args.seed * 1000 + wid)
    scenarios = [(sc_mixed, 64), (sc_holder, 12), (sc_watcher, 7), (sc_flood, 3),
                 (sc_before_hello, 3), (sc_protocol, 1), (sc_too_big, 2), (sc_raw_frames, 3)]
    fns, weights = zip(*scenarios)
    while not fz.done() and fz.messages < fz.args.messages:
        fn = rng.choices(fns, weights)[0]
        try:
            await fn(fz, rng)
        except Exception as exc:
            fz.fuzzer_errors[f"{fn.__name__}: {type(exc).__name__}: {str(exc)[:80]}"] += 1


async def churner(fz, wid: int) -> None:
    rng = random.Random(fz.args.seed * 7919 + wid)
    while not fz.done() and fz.churned < fz.args.connections:
        fz.churned += 1
        how = rng.choice(["close", "hello-close", "abort", "hello-abort", "tcp", "half-http", "upgrade-rst",
                          "hello-rst"])
        try:
            if how in ("close", "hello-close", "abort", "hello-abort"):
                ws = await connect(f"ws://{HOST}:{fz.server.port}", local_addr=(fz.addr(rng), 0), proxy=None,
                                   compression=None, open_timeout=10, ping_interval=None, close_timeout=1)
                fz.connections += 1
                if how.startswith("hello"):
                    await ws.send(dumps({"type": "hello", "protocol": 1}))
                    fz.messages += 1
                if how.endswith("abort"):
                    ws.transport.abort()
                else:
                    await ws.close()
            else:
                reader, writer = await raw_open(fz.server.port, fz.addr(rng), upgrade=how in (
                    "upgrade-rst", "hello-rst"))
                fz.connections += 1
                if how == "half-http":
                    writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgr")
                    await writer.drain()
                elif how == "hello-rst":
                    writer.write(frame(b'{"type":"hello","protocol":1}'))
                    await writer.drain()
                    fz.messages += 1
                abort_writer(writer) if how != "tcp" else writer.close()
        except (OSError, TimeoutError, ConnectionError, ConnectionClosed, asyncio.IncompleteReadError) as exc:
            fz.fuzzer_errors[f"churn {how}: {type(exc).__name__}"] += 1
        except Exception as exc:
            fz.fuzzer_errors[f"churn {how}: {type(exc).__name__}"] += 1


async def per_address(fz, local: str) -> None:
    """PER_ADDRESS connections from one address work; one more is closed with 1013; the first still work."""
    clients = []
    try:
        for _ in range(PER_ADDRESS):
            c = await hostile_client(fz, fz.rng, local=local)
            if c is None:
                fz.limit_checks["a connection under the limit refused"] += 1
                return
            clients.append(c)
        extra = await hostile_client(fz, fz.rng, local=local, hello=False)
        if extra is None:
            fz.limit_checks["refused at the handshake"] += 1
        else:
            await extra.wait_closed(10)
            code = extra.ws.close_code
            fz.limit_checks[f"connection {PER_ADDRESS + 1} closed {code}"] += 1
            if code != 1013:
                fz.odd("per-address limit", f"connection {PER_ADDRESS + 1} closed with {code}, not 1013")
            await extra.close()
        for i, c in enumerate(clients):
            ans = await expect(fz, c, "per-address ping", dumps({"type": "ping", "id": i + 1}),
                                    answers=("pong",), rid=i + 1)
            if not isinstance(ans, dict) or ans.get("type") != "pong":
                fz.limit_checks["an earlier connection stopped working"] += 1
    finally:
        for c in clients:
            await c.close()


async def idle_one(fz, kind: str, local: str) -> None:
    t0 = time.monotonic()
    try:
        reader, writer = await raw_open(fz.server.port, local, upgrade=kind != "no-http")
    except Exception as exc:
        fz.fuzzer_errors[f"idle {kind}: {type(exc).__name__}"] += 1
        return
    fz.connections += 1
    rec = [t0, None]
    fz.idle.setdefault(kind, []).append(rec)
    try:
        if kind == "half-frame":
            writer.write(frame(b'{"type":"hello","protocol":1}')[:5])
        elif kind == "hello+half-frame":
            writer.write(frame(b'{"type":"hello","protocol":1}') + frame(b'{"type":"ping"}')[:3])
            fz.messages += 1
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
