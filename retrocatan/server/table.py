"""One game at the server's table: its seats and their tokens, its entries,
its clocks, and the computers that play for seats.

A table is the game master. It holds the ``Game`` (dealt with a seed drawn
from ``secrets`` that no client sees before the end), checks every action
with the engine, and writes every change as a numbered *entry* to the store
before anyone hears of it. Entries are the game's record and its message
stream at once: entry ``n`` reaches every seat as the message with
``seq`` ``n``, each seat's copy with only what that seat may see (the
engine's declared secrets, ``events.seen_by``, and the seat's state,
``seat_state``). A table is rebuilt from the store by replaying its
entries, so a restarted server goes on from the last committed decision.

Entry kinds (``"k"``): ``seat`` (a seat taken, given to a computer, away,
back), ``start`` (the game begins: the roll-off's events), ``move`` (a
decision: its action text, who made it: ``person``, ``computer``, or
``clock`` when a clock ran out), ``chat``, ``end`` (the server ended the
game: ``why``, ``expiry.py``). Its data is ``meta.TableMeta``; its deadlines
``deadlines.py``'s. Everything here is synchronous and does no I/O but
through the store; the hub (``hub.py``) calls it from one event loop and
sends what ``outbox`` collects. A computer's decision is either thought here
(``run_due`` without ``ask``: tests, tools) or asked of the server's pool of
worker processes (``pool.py``) and applied when its answer comes
(``answer``): ``computers.py``.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import deque

from ..engine import events as E
from ..engine.actions import ActionSyntaxError, parse_action
from ..engine.config import ConfigError, GameConfig
from ..engine.errors import IllegalAction
from ..engine.game import Game
from ..engine.replay import PLAY_HASH_EVERY, GameRecord, short_hash
from ..engine.seat_state import SPECTATOR, seat_state
from ..net import messages as M
from ..seat_kinds import COMPUTER_LEVELS
from . import deadlines
from .computers import Computers
from .expiry import Expiry, end_due
from .meta import META_VERSION, EndReason, Seat, SeatKind, Status, TableMeta
from .pool import Ask
from .store import StoreConflict

RING = 256                  # entries kept in memory per game for clients that reconnect
STAGE_LOG = 8               # decisions whose events come with a stage's picture
CHAT_MAX = 200              # characters in a chat line
NAME_MAX = 24               # characters in a seat's name
TOKEN_MIN = 22              # characters in a token a client makes itself (128 bits of secrets.token_urlsafe)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"    # no 0/O, 1/I/L
ENTRY_FIELDS = ("seat", "by", "what", "name", "level", "text", "why")    # an entry's fields every seat sees


class Diverged(Exception):
    """A stored game that does not replay to the states stored with it."""


class TableError(Exception):
    """A request the table refuses: ``code`` (docs/protocol.md) and a sentence."""

    def __init__(self, code: str, message: str, **params) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))


def clean_name(name) -> str:
    if not isinstance(name, str):
        raise TableError("bad_name", "a name is text")
    name = " ".join("".join(ch for ch in name if ch.isprintable()).split())[:NAME_MAX]
    if not name:
        raise TableError("bad_name", "a name needs a letter")
    return name


class Table:
    """One game. Made by ``create`` (a new game) or ``load`` (from the store)."""

    def __init__(self, store, clock, game_id: str, meta: TableMeta, expiry: Expiry | None = None) -> None:
        self.store = store
        self.expiry = expiry or Expiry()        # when the server ends a game nobody plays
        self.clock = clock
        self.id = game_id
        self.meta = meta
        self.pace = meta.pace
        self.config = GameConfig.from_dict(meta.config)
        self.game: Game | None = None
        self.count = 0                          # entries so far (the last seq)
        self.ring: deque = deque(maxlen=RING)   # (n, entry, events) of the last entries
        self.outbox: list[int] = []             # entry numbers committed and not yet sent
        self.computers = Computers(self)        # the decisions the table makes itself
        self.connected: dict[int, int] = {}     # seat -> open connections (set by the hub)
        self._rebuilt = None                    # (count, every entry) rebuilt for a long catch-up

    # --- making one ---------------------------------------------------------------------------
    @classmethod
    def create(cls, store, clock, config: GameConfig, pace, seats: list[dict], start: str = "full",
               game_id: str | None = None, expiry: Expiry | None = None, listed: bool = False) -> tuple[Table, str]:
        """A new game in its lobby; returns it and the owner's token. ``seats``: one
        ``{"kind": "open"}`` or ``{"kind": "computer", "level": L}`` per player. A game
        that starts when its seats are full and has no open seat starts at once."""
        if len(seats) != config.players:
            raise TableError("bad_seats", f"give one seat for each of the {config.players} players")
        if start not in ("owner", "full"):
            raise TableError("bad_start", "start is 'owner' or 'full'")
        config = config.replace(seed=secrets.randbits(63))
        try:
            Game(config)                    # it deals: refused now rather than at the start
        except ConfigError as exc:
            raise TableError("bad_config", str(exc)) from None
        rows = []
        for s in seats:
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind == "open":
                rows.append(Seat())
            elif kind == "computer":
                level = s.get("level", "normal")
                if level not in COMPUTER_LEVELS:
                    raise TableError("bad_level", f"a computer's level is one of {', '.join(COMPUTER_LEVELS)}")
                rows.append(Seat.computer(level))
            else:
                raise TableError("bad_seats", "a seat is open or a computer")
        owner = new_token()
        now = clock.now()
        meta = TableMeta(Status.OPEN, config.to_dict(), pace, rows, token_hash(owner), start, now, listed=listed,
                         alone=now)             # nobody is at a new table yet
        game_id = game_id or secrets.token_hex(8)
        for _ in range(5):
            meta.code = new_code()
            try:
                store.create(game_id, meta.code, meta.to_json(), None, now)
                break
            except StoreConflict:           # a code taken: draw another
                pass
        else:
            raise TableError("busy", "no free invite code; try again")
        t = cls(store, clock, game_id, meta, expiry)
        t.start_if_full()
        return t, owner

    @classmethod
    def load(cls, store, clock, game_id: str, pauses: list[tuple[float, float]] = (),
             expiry: Expiry | None = None) -> Table | None:
        """The game from the store, its decisions replayed; the last state hash stored must come
        out again (``Diverged`` otherwise: the engine does not replay the game as it was played).
        ``pauses``: the times its server was down; its clocks are moved on by them (and stored).
        Nobody is connected to a table just loaded: it is ``alone`` from now on, unless the
        meta says since when."""
        got = store.load(game_id)
        if got is None:
            return None
        meta, entries = got
        t = cls(store, clock, game_id, TableMeta.from_json(meta), expiry)
        last = max((n for n, e in enumerate(entries, 1) if "h" in e), default=0)
        for n, entry in enumerate(entries, 1):
            events = t._redo(entry)
            t.count = n
            t.ring.append((n, entry, events))
            if n == last and short_hash(t.game) != entry["h"]:
                raise Diverged(f"game {game_id}: the state after decision {len(t.game.history)} is not the one "
                               "stored")
        now, g = clock.now(), t.game
        if g is not None:                   # the present, kept from now on (a meta of version 1 had none)
            t.meta.step, t.meta.turn, t.meta.decider = len(g.history), g.state.turn, g.decider
        t.meta.version = META_VERSION
        changed = deadlines.catch_up(t.meta, pauses, now)
        if t.meta.alone is None and t.status.goes_on:
            t.meta.alone, changed = now, True
        if t.meta.person_moved is None and t.status == Status.PLAYING:
            t.meta.person_moved, changed = now, True    # stored before it was kept: from now
        if changed:
            t.save_meta()
        return t

    def save_meta(self) -> None:
        """Store the meta (a change that is no entry: who is at the table, clocks moved on)."""
        self.store.save_meta(self.id, self.meta.to_json(), self.due(), self.clock.now())

    def _redo(self, entry: dict) -> list[dict]:
        """Apply a stored entry to the game: its events."""
        k = entry["k"]
        if k == "start":
            self.game = Game(self.config)
            return list(self.game.initial_events)
        if k == "move":
            return self.game.apply(parse_action(entry["a"]))
        return []

    # --- what a seat sees ---------------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.meta.code

    @property
    def status(self) -> Status:
        return self.meta.status

    def public(self) -> dict:
        """The table as everyone may see it (no token, no seed)."""
        seats = []
        for p, s in enumerate(self.meta.seats):
            seats.append({"seat": p, "kind": s.kind.value, "name": s.name, "level": s.level,
                          "away": s.away, "connected": self.connected.get(p, 0) > 0})
        config = dict(self.meta.config)
        config.pop("seed", None)
        if isinstance(config.get("scenario"), dict):
            config["scenario"] = config["scenario"].get("id")
        d = self.meta.deadline
        return {"game": self.id, "code": self.code, "status": self.status.value, "players": self.config.players,
                "config": config, "pace": self.pace.to_json(), "seats": seats,
                "deadline": d.public() if d else None, "step": len(self.game.history) if self.game else 0}

    def message(self, n: int, entry: dict, events: list[dict], seat: int, with_state: bool) -> dict:
        """Entry ``n`` as ``seat`` (-1: a spectator) may see it."""
        fields = {key: entry[key] for key in ENTRY_FIELDS if key in entry}
        if entry["k"] == "move" and entry.get("seat") == seat and seat >= 0:
            fields["a"] = entry["a"]          # the seat's own decision; others learn from the events
        if events:
            fields["events"] = [E.seen_by(e, seat) for e in events]
        if with_state:
            fields.update(self.sync(seat))
        return M.message("entry", seq=n, k=entry["k"], **fields)

    def sync(self, seat: int) -> dict:
        """The fields of a seat's present: the table and, once it plays, the game as the seat knows it."""
        out = {"table": self.public()}
        if self.game is not None:
            out["state"] = seat_state(self.game, seat)
            out["step"] = len(self.game.history)
            if self.game.over:
                out["record"] = self.record()
        return out

    def entries_after(self, after: int) -> list[tuple[int, dict, list[dict]]]:
        """(n, entry, events) of every entry after ``after``, from memory or rebuilt from the store."""
        after = max(0, after)
        if after >= self.count:
            return []
        if self.ring and self.ring[0][0] <= after + 1:
            return [x for x in self.ring if x[0] > after]
        # Older than the ring: replay the stored entries in a copy of the table (kept while no
        # entry is added, for the next one who catches up from as far back).
        old = self._rebuilt
        if old is None or old[0] != self.count:
            _, entries = self.store.load(self.id)
            copy = Table(self.store, self.clock, self.id, self.meta)
            every = [(n, entry, copy._redo(entry)) for n, entry in enumerate(entries[:self.count], 1)]
            old = self._rebuilt = (self.count, every)
        return old[1][after:]

    def record(self, finished_only: bool = True) -> dict | None:
        """The game's record (with its seed, the hashes stored with its decisions and who made
        each), for a replay file, with the seats (a computer's level); only once the game is
        over or ended (``finished_only``: the seed is secret till then)."""
        if self.game is None or (finished_only and self.status.goes_on):
            return None
        _, entries = self.store.load(self.id)
        moves = [e for e in entries if e["k"] == "move"]
        hashes = [e["h"] for e in moves if "h" in e]
        rec = GameRecord(self.config, [str(a) for a in self.game.history], hashes, PLAY_HASH_EVERY,
                         by=[e.get("by", "person") for e in moves])
        rec.follow(self.game)
        out = rec.to_json()
        out["seats"] = [{"kind": s.kind.value, "name": s.name or "", "level": s.level} for s in self.meta.seats]
        return out

    def stage(self, step: int | None) -> dict:
        """The game after ``step`` decisions (None: now) as everyone may see it, with the public
        events of the last few decisions: the picture a game master posts of each stage."""
        if self.game is None:
            raise TableError("not_started", "the game has not started")
        steps = len(self.game.history)
        step = steps if step is None else step
        if not 0 <= step <= steps:
            raise TableError("bad_step", f"a step from 0 to {steps}", steps=steps)
        game = Game(self.config)
        events = [[E.seen_by(e, SPECTATOR) for e in game.initial_events]]
        for action in self.game.history[:step]:
            events.append([E.seen_by(e, SPECTATOR) for e in game.apply(action)])
        recent = [e for evs in events[-STAGE_LOG:] for e in evs]
        names = [s.name or "" for s in self.meta.seats]
        seats = [{"kind": s.kind.value, "name": s.name or "", "level": s.level} for s in self.meta.seats]
        return {"step": step, "steps": steps, "state": seat_state(game, SPECTATOR), "events": recent, "names": names,
                "seats": seats}

    # --- tokens ------------------------------------------------------------------------------------
    def seat_of(self, token) -> int | None:
        if not isinstance(token, str) or len(token) > 200:
            return None
        return self.meta.seat_with(token_hash(token))

    def is_owner(self, token) -> bool:
        return isinstance(token, str) and len(token) <= 200 and secrets.compare_digest(
            self.meta.owner, token_hash(token))

    # --- changes: each one entry, committed, then queued for sending ---------------------------------
    def _commit(self, entry: dict, events: list[dict]) -> int:
        n = self.count + 1
        meta, g, now = self.meta, self.game, self.clock.now()
        if entry["k"] != "chat":            # a chat line changes no decision, nor its clock
            self.set_deadline(moved=entry["k"] == "move")
        if g is not None:                   # the present, for a look without a replay
            meta.step, meta.turn, meta.decider = len(g.history), g.state.turn, g.decider
        if entry["k"] == "move":
            meta.moved = now
            if entry["by"] == "person":
                meta.person_moved = now
        self.store.append(self.id, n, entry, meta.to_json(), self.due(), now)
        self.count = n
        self.ring.append((n, entry, events))
        self.outbox.append(n)
        return n

    def join(self, name, seat=None, token: str | None = None) -> tuple[int, str]:
        """A person takes a free seat (``seat``, or the first open one; a seat a computer
        was given also counts as free): their seat and secret token. ``token``: the client's
        own (``TOKEN_MIN`` characters or more, from a secure generator): joining again with it
        gives the same seat, so a join whose answer was lost is safe to repeat."""
        if token is not None:
            if not isinstance(token, str) or not TOKEN_MIN <= len(token) <= 200:
                raise TableError("bad_token", f"a client's token has {TOKEN_MIN} to 200 characters")
            held = self.seat_of(token)
            if held is not None:
                self.start_if_full()
                return held, token
        name = clean_name(name)
        seats = self.meta.seats
        self._going_on()
        if seat is None:
            free = [p for p, s in enumerate(seats) if s.kind == SeatKind.OPEN]
            if not free:
                raise TableError("no_seat", "every seat is taken")
            seat = free[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            raise TableError("bad_seat", "no such seat (colour)")
        if seats[seat].kind == SeatKind.PERSON:
            raise TableError("seat_taken", "that colour is taken", seat=seat)
        token = token or new_token()
        seats[seat] = Seat.person(name, token_hash(token))
        self.computers.forget(seat)
        self._commit({"k": "seat", "seat": seat, "what": "joined", "name": name}, [])
        self.start_if_full()
        return seat, token

    def start_if_full(self) -> bool:
        """A game that starts when its seats are full starts, if they are (also after a restart
        that came between the last seat's entry and the start's)."""
        if self.meta.start == "full" and self.status == Status.OPEN and not self.meta.free:
            self.start()
            return True
        return False

    def give_to_computer(self, seat, level: str) -> None:
        """The owner gives an open seat to a computer."""
        self._going_on()
        seats = self.meta.seats
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            raise TableError("bad_seat", "no such seat")
        if seats[seat].kind != SeatKind.OPEN:
            raise TableError("seat_taken", "only an open seat can be given to a computer", seat=seat)
        if level not in COMPUTER_LEVELS:
            raise TableError("bad_level", f"a computer's level is one of {', '.join(COMPUTER_LEVELS)}")
        seats[seat] = Seat.computer(level)
        self._commit({"k": "seat", "seat": seat, "what": "computer", "level": level}, [])
        self.start_if_full()

    def start(self) -> None:
        self._going_on()
        if self.status != Status.OPEN:
            raise TableError("started", "the game has started")
        if self.meta.free:
            raise TableError("seats_open", "every seat needs a person or a computer first")
        self.game = Game(self.config)
        self.meta.status = Status.PLAYING
        self.meta.person_moved = self.clock.now()
        self._commit({"k": "start"}, list(self.game.initial_events))

    def chat(self, seat: int, text) -> int:
        if not isinstance(text, str):
            raise TableError("bad_chat", "a chat line is text")
        text = " ".join("".join(ch for ch in text if ch.isprintable()).split())[:CHAT_MAX]
        if not text:
            raise TableError("bad_chat", "an empty chat line")
        return self._commit({"k": "chat", "seat": seat, "text": text}, [])

    def act(self, seat: int, text, expect: int | None = None) -> int:
        """A person's decision for ``seat``: the entry's number. ``TableError`` if refused
        (``refused`` with the engine's code, ``not_your_turn``, ``stale``)."""
        g = self.game
        self._going_on()
        if g is None:
            raise TableError("not_started", "the game has not started")
        if not isinstance(text, str) or len(text) > 200:
            raise TableError("bad_action", "an action is its text (docs/protocol.md)")
        if expect is not None and expect != len(g.history):
            raise TableError("stale", "the game has moved on since", step=len(g.history))
        s = self.meta.seats[seat]
        if s.away:
            self.back(seat)
        if g.decider != seat:
            raise TableError("not_your_turn", "it is not your decision", decider=g.decider)
        try:
            action = parse_action(text)
        except ActionSyntaxError as exc:
            raise TableError("bad_action", str(exc)) from None
        try:
            events = g.apply(action)
        except IllegalAction as exc:
            raise TableError("refused", str(exc), refusal=exc.code, **_plain(exc.params)) from None
        s.missed = 0
        return self.record_move(seat, str(action), "person", events)

    def _going_on(self) -> None:
        if not self.status.goes_on:
            raise TableError("game_over", f"the game is {self.status.value}")

    def end(self, why: EndReason) -> int:
        """The server ends the game (``expiry``, or its operator): an ``end`` entry; the
        game and its record stay."""
        self._going_on()
        self.meta.status, self.meta.ended, self.meta.deadline = Status.ENDED, why, None
        return self._commit({"k": "end", "why": why.value}, [])

    def back(self, seat: int) -> int | None:
        """The person of an away seat is back: the computer stops playing it. The entry's
        number (None: the seat was not away)."""
        s = self.meta.seats[seat]
        if not s.away:
            return None
        s.away = False
        s.missed = 0
        self.computers.forget(seat)
        return self._commit({"k": "seat", "seat": seat, "what": "back"}, [])

    def record_move(self, seat: int, text: str, by: str, events: list[dict]) -> int:
        """A decision applied to the game, as its entry (``by``: person, computer or clock)."""
        g = self.game
        if g.over:
            self.meta.status = Status.OVER
        entry = {"k": "move", "seat": seat, "a": text, "by": by}
        if len(g.history) % PLAY_HASH_EVERY == 0:
            entry["h"] = short_hash(g)      # the record's hash, and a check when the game is loaded
        return self._commit(entry, events)

    # --- clocks ------------------------------------------------------------------------------------------
    def set_deadline(self, moved: bool = False) -> None:
        """The pending decision's deadline (``deadlines.py``)."""
        deadlines.set_next(self.meta, self.game, self.clock.now(), moved)

    def _deadline_at(self) -> float | None:
        d = self.meta.deadline
        return d.at if d else None

    def due(self) -> float | None:
        """When the table next needs ``run_due`` (None: nothing pending): a decision's
        deadline, or the server's end of a game nobody plays (``expiry.py``)."""
        end = end_due(self.meta, self.expiry)
        if self.status == Status.PLAYING and self.computers.ending_now:
            return self.clock.now()             # a clock is ending a turn
        at = self._deadline_at() if self.status == Status.PLAYING else None
        if end is not None and (at is None or end[0] < at):
            return end[0]
        return at

    def run_due(self, limit: int = 50, ask=None) -> int:
        """Make every automatic decision that is due now: a computer's move, or a late
        seat's (a clock ran out); or end a game nobody plays. Returns the decisions made
        (at most ``limit``). With ``ask`` (``ask(Ask)``: the hub's way to the pool) a
        decision that needs a computer's thought is asked and this stops; its answer comes
        through ``answer``."""
        end = end_due(self.meta, self.expiry)
        if end is not None and end[0] <= self.clock.now():
            self.computers.stop()
            self.end(end[1])
            return 0
        return self.computers.run(limit, ask)

    def answer(self, ask: Ask, got) -> int | None:
        """The pool's answer to ``ask`` (``Computers.answer``): the entry's number, or None."""
        return self.computers.answer(ask, got)

    def missed_turn(self, p: int, turn: int) -> None:
        """A clock ended seat ``p``'s turn. Live: a missed turn; enough in a row and the
        computer plays the seat."""
        s = self.meta.seats[p]
        if self.pace.name == "live" and s.kind == SeatKind.PERSON and s.missed_turn != turn:
            s.missed_turn = turn                # one missed turn, however often its clocks ran out
            s.missed += 1
            if self.pace.missed_turns and s.missed >= self.pace.missed_turns and not s.away:
                s.away = True
                self._commit({"k": "seat", "seat": p, "what": "away"}, [])


def _plain(params: dict) -> dict:
    """A refusal's params as JSON-ready values."""
    out = {}
    for k, v in params.items():
        plain = isinstance(v, (int, str, float, list, type(None)))
        out[k] = list(v) if isinstance(v, tuple) else v if plain else str(v)
    return out


def config_of(data) -> GameConfig:
    """The ``GameConfig`` a client asks for: ``players``, ``scenario`` (a shipped
    scenario's id, a scenario's JSON object, or none: the base game), and rule
    options. Its seed is the server's: a client's is refused."""
    from ..scenarios import config_for
    if not isinstance(data, dict):
        raise TableError("bad_config", "config is a JSON object")
    data = dict(data)
    if "seed" in data:
        raise TableError("bad_config", "the server draws the seed; a config may not name one")
    players = data.pop("players", 4)
    if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 6:
        raise TableError("bad_config", "players must be 3 to 6")
    scenario = data.pop("scenario", None)
    try:
        if isinstance(scenario, str) and scenario:
            try:
                return config_for(scenario, players, **data)
            except KeyError:
                raise TableError("bad_config", f"no scenario {scenario[:40]!r}") from None
        if isinstance(scenario, dict):
            return GameConfig.from_dict({**data, "players": players, "scenario": scenario})
        if scenario not in (None, ""):
            raise TableError("bad_config", "scenario is a scenario's id or its JSON object")
        GameConfig.check_keys(data)
        return GameConfig(players=players, **data)
    except (ConfigError, TypeError, ValueError) as exc:
        raise TableError("bad_config", str(exc)) from None


def spectator_seat() -> int:
    return SPECTATOR
