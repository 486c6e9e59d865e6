"""The fuzzer's own legitimate games (benchmarks/server_fuzz.py) and, after the run, the store
checked against what their clients did: games of people (every seat a bot that knows its token),
of one person and computers, of computers only, lobbies nobody joins, and a lobby whose one seat
talks 700 chat lines (a game longer than a connection's queue). ``fz`` is the run."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import fuzz_connections as C
from fuzz_messages import TIMEOUT, dumps, short
from server_kit import HOST

from retrocatan.clients.bot import Bot
from retrocatan.engine.actions import parse_action
from retrocatan.engine.config import GameConfig
from retrocatan.engine.game import Game
from retrocatan.net.client import Refused, create_game, one_request

CHATTERS = 8                            # connections of the long game's talker


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



async def new_game(fz, kind: str) -> None:
    n = len(fz.games)
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
        got = await create_game(fz.server.url, {"players": len(seats)}, "live", clocks, spec, start)
    except Exception as exc:
        fz.fuzzer_errors[f"create {kind}: {type(exc).__name__}: {exc}"] += 1
        return
    fz.legit_messages += 2
    g = LegitGame(kind, got, seats)
    fz.made[kind] += 1
    if kind == "computers":             # started before the hostile side knows of it (its owner probes)
        try:
            await one_request(fz.server.url, {"type": "start", "game": g.id, "owner": g.owner})
            fz.legit_messages += 2
        except Exception as exc:
            fz.fuzzer_errors[f"start: {type(exc).__name__}: {exc}"] += 1
        fz.games.append(g)
        return
    fz.games.append(g)
    for s, k in enumerate(seats):
        if k != "open" or kind == "lobby" or (kind == "chatty" and s > 0):
            continue
        name = f"Legit {n}-{s}"
        bot = Bot(fz.server.url, g.code, "easy", name=name, think=fz.args.think,
                  seed=fz.args.seed + 31 * n + s, colour=s)
        g.names[s], g.bots[s], g.sent[s] = name, bot, set()
        wrap_bot(fz, g, s, bot)
        g.tasks.append(asyncio.create_task(play_bot(fz, g, s, bot)))
    if kind == "chatty":
        g.tasks.append(asyncio.create_task(chatter(fz, g, g.bots[0], fz.args.chat_lines)))


async def chatter(fz, g: LegitGame, bot: Bot, lines: int) -> None:
    """A legitimate seat that talks a lot (a lobby that never starts): a game longer than the
    server's queue of a connection (Limits.queue, 512), so catching up from 0 is a long stream."""
    for _ in range(200):
        if bot.seat.seat is not None:
            break
        await asyncio.sleep(0.05)
    clients = []
    try:
        for _ in range(CHATTERS):       # the rate is per connection: several, 16 lines a second each
            c = await C.hostile_client(fz, fz.rng, local=HOST)
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
                fz.fuzzer_errors["chatter: connection lost"] += 1
                return
            fz.legit_messages += 1
            await asyncio.sleep(1 / (16 * CHATTERS))
    finally:
        for c in clients:
            await c.close()


def wrap_bot(fz, g: LegitGame, s: int, bot: Bot) -> None:
    seat = bot.seat
    act = seat.act

    async def recorded_act(action: str, timeout: float = 10.0):
        g.sent[s].add((seat.step, str(parse_action(action))))
        fz.legit_messages += 1
        try:
            reply = await act(action, timeout)
        except Refused as exc:
            fz.legit_refused[exc.code] += 1
            raise
        if seat.step > 30 and len(g.chats) < 2 * len(g.bots) and fz.rng.random() < 0.02:
            text = f"gg from seat {s}"
            g.chats.add((s, text))
            await seat.chat(text)
        return reply

    seat.act = recorded_act


async def play_bot(fz, g: LegitGame, s: int, bot: Bot) -> None:
    try:
        await bot.play(timeout=fz.args.time_limit + 120)
        g.over = True
    except (asyncio.CancelledError, TimeoutError):
        pass
    except Exception as exc:
        fz.fuzzer_errors[f"bot: {type(exc).__name__}: {exc}"] += 1


async def game_keeper(fz) -> None:
    """Keep one game of each kind going while the traffic lasts (a new one when one ends)."""
    try:
        await keep_games(fz)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        fz.fuzzer_errors[f"game keeper: {type(exc).__name__}: {exc}"] += 1


async def keep_games(fz) -> None:
    for kind in ("lobby", "chatty", "people", "mixed", "computers", "people", "mixed")[:fz.args.games]:
        await new_game(fz, kind)
    while not fz.done():
        await asyncio.sleep(1.0)
        for kind in ("people", "mixed"):
            mine = [g for g in fz.games if g.kind == kind]
            if mine and all(g.over for g in mine) and fz.made[kind] < 12:
                await new_game(fz, kind)
        if fz.made["computers"] < 1 + int((time.monotonic() - fz.start) / 30) and fz.made["computers"] < 8:
            await new_game(fz, "computers")


async def watch_all(fz) -> dict:
    """Every game's entries as a spectator from 0 sees them (resuming after a drop): gid -> entries."""
    out = {}
    for g in fz.games:
        got: list[dict] = []
        for _attempt in range(40):
            c = await C.hostile_client(fz, fz.rng, local=HOST)
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
                fz.streams["final watch from 0: closed before its sync"] += 1
                fz.odd("final watch from 0", f"closed ({c.ws.close_code}) before its sync",
                         f"game of {newest} entries, {len(got)} received")
            finally:
                await c.close()
        out[g.id] = got
    return out


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
