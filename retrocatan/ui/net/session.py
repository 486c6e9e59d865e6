"""A network game as the game screen plays it: one seat at a server's game,
fed by the server through a ``NetSeat``. It shows the face every session
shows the game screen (``ui/session_face.py``), beside the local
``GameSession``.

Only this machine's seat decides here. ``submit`` checks the action on a
copy of the seat's game (a refusal is said at once, as in a local game) and
sends it; the game moves on only by what the server sends (``pump``, once a
frame): each entry's events go to the log and to the scene's animations and
sounds, and the seat's state after it becomes ``game``, at the server's
``step``. While an action is on its way nobody decides here ("Sending...").
The table gives the names (a computer seat by its colour and level), who is
connected, and the clock: ``status`` says "Waiting for Red (1:12 left)", and
``clock_warning`` is True once when this seat's own clock runs low. Each move
the clock made a computer play says so in the log, before its lines ("Jürgen's
time ran out: the computer built a road": ``words.actions.clock_move``, from
the move's notation at its own seat, else from its events). The server keeps the
game: nothing is
saved here but, when asked (``keep``), the finished game's record for the
replay viewer. No Pyxel here.
"""

from __future__ import annotations

import time

from ...engine import Action, Game, IllegalAction
from ...engine import actions as A
from ...engine.errors import REFUSALS
from ...engine.replay import GameRecord, ReplayError
from ...words.actions import clock_move
from ...words.events import server_ended
from ...words.names import seat_name
from ...words.prompts import prompt
from ...words.refusals import refusal_of
from .. import saving
from ..session_face import Session
from ..text import t
from . import games as my_games
from .seat import ONLINE
from .trouble import trouble_status

SINCE_LINES = 5000          # the lines "since your last turn" may show (the log box keeps fewer)


def clock_text(seconds: float) -> str:
    """1:12, 59:07, 3:05:00 or 2d 4h: a time left as a person reads it."""
    s = max(0, int(seconds + 0.999))
    if s >= 2 * 86400:
        return f"{s // 86400}d {s % 86400 // 3600}h"
    if s >= 3600:
        return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


def save_seats(seats: list, players: int) -> list[dict]:
    """A server's seats as a save names them: a person ``human``, a computer by its level."""
    def one(p: int) -> dict:
        seat = seats[p] if p < len(seats) and isinstance(seats[p], dict) else {}
        kind = (seat.get("level") or "normal") if seat.get("kind") == "computer" else "human"
        return {"kind": kind, "name": seat_name(p, seat)}
    return [one(p) for p in range(players)]


def keep_record(storage, record: dict) -> str | None:
    """A server's record of a finished game (its seed, every decision and who made it, the seats)
    among the finished games Load game lists, with the seats' names; None, or why not."""
    try:
        rec = GameRecord.from_json(record)
        game = rec.game_at(len(rec))
    except (ReplayError, ValueError, TypeError) as exc:
        return str(exc)
    return saving.keep_record(storage, game, save_seats(record.get("seats") or [], rec.config.players), rec)


class NetSession(Session):
    """The seat's game for the game screen; see the module docstring."""

    def __init__(self, net, clock=time.time, past: list[dict] | None = None) -> None:
        super().__init__()
        self.net = net
        self.clock = clock
        self.pending: tuple[int | None, int] | None = None     # (request id, step) of the action on its way
        self.refused: str | None = None      # the server's refusal of this seat's action, to be said once
        self.clock_warning = False           # this seat's clock ran low: the scene sounds it once
        entry = net.entry or {}
        self._keep = bool(entry.get("keep"))     # keep the finished game's record on this machine
        self.kept = bool(entry.get("kept"))      # ... and it was
        self._warned_at: float | None = None
        self._back_asked: int | None = None
        self._offers: list[Action] = []      # the offers this seat made in this turn, from the events
        self.game: Game = Game.from_json(net.seat_state)
        self._step = net.step
        self.seq_lines: list[tuple[int, str]] = []     # (entry, log line): what happened since a given entry
        self._seq_now = 0                              # the entry whose lines go onto the log now
        for msg in past or ():
            if msg.get("type") == "entry":
                self._entry(msg, animate=False)

    @property
    def config(self):
        return self.game.config

    @property
    def step(self) -> int:
        """The server's count of decisions at the state this seat shows (its game holds no history)."""
        return self._step

    def lines_since(self, seq: int) -> list[str]:
        """The log's lines of the entries after ``seq`` ("since your last turn")."""
        return [str(line) for n, line in self.seq_lines if n > seq]

    # --- who sits where ------------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """This machine's seat (-1: watching)."""
        s = self.net.seat
        return -1 if s is None or self.net.watch else s

    @property
    def table(self) -> dict:
        return self.net.table or {}

    def seat_info(self, p: int) -> dict:
        seats = self.table.get("seats") or []
        return seats[p] if 0 <= p < len(seats) else {}

    def name(self, p: int) -> str:
        return seat_name(p, self.seat_info(p)) if 0 <= p < self.config.players else "?"

    def is_human(self, p: int) -> bool:
        """Whether ``p`` decides at this machine (its own seat only)."""
        return p == self.seat and p >= 0

    def is_computer(self, p: int) -> bool:
        """A server's computer seat, or a person's seat a computer plays while they are away."""
        info = self.seat_info(p)
        return info.get("kind") == "computer" or bool(info.get("away"))

    @property
    def humans(self) -> list[int]:
        return [self.seat] if self.seat >= 0 else []

    def waiting_for_human(self) -> bool:
        g = self.game
        return (not g.over and self.seat >= 0 and g.decider == self.seat and self.pending is None
                and self.net.status == ONLINE and self._step == self.net.step)

    @property
    def view(self):
        return self.game.seat_view(self.seat if self.seat >= 0 else -1)

    def view_of(self, p: int | None):
        if p is None and not self.game.over:
            p = self.seat if self.seat >= 0 else -1       # nobody's cards are open here before the end
        return self.game.seat_view(p)

    def seat_dicts(self) -> list[dict]:
        """As a save names them: a person ``human``, a server's computer by its level."""
        return save_seats(self.table.get("seats") or [], self.config.players)

    def offers_made(self) -> list[Action]:
        g = self.game
        if g.decider != g.current or g.decider != self.seat:
            return []
        return list(self._offers)

    # --- keeping it ---------------------------------------------------------------------------------------
    def autosaver(self, storage) -> saving.ServerKeeps:
        return saving.ServerKeeps()

    @property
    def keep(self) -> bool:
        """The finished game's record is to be kept on this machine (the game menu's line); My
        games holds it, so it outlasts leaving the table (``records.py``)."""
        return self._keep

    @keep.setter
    def keep(self, keep: bool) -> None:
        self._keep = keep
        if self.net.entry is not None:
            self.net.entry["keep"] = keep

    def finished(self, storage) -> str | None:
        """With ``keep``: the server's record of the finished game (its seed, every decision and who
        made it) among the finished games here, with the seats' names; My games notes it kept."""
        record = self.net.record
        if not self.keep or self.kept or record is None:
            return None
        why = keep_record(storage, record)
        if why is None:
            self.kept = True
            if self.net.entry is not None:
                self.net.entry["kept"] = True
            if self.net.token is not None:
                my_games.update(storage, self.net.token, {"keep": True, "kept": True})
        return why

    # --- moving the game on --------------------------------------------------------------------------
    def submit(self, action) -> list[dict]:
        """This seat's decision: checked here (IllegalAction, nothing sent), then sent."""
        if not self.waiting_for_human():
            raise IllegalAction(t("net.sending"))
        trial = self.game.copy()
        trial.apply(action)
        rid = self.net.act(str(action))
        self.pending = (rid, self.net.step)
        return []

    def tick(self, fast: bool = False) -> bool:
        """Nothing decides here but this seat; a special build with nothing to build is passed."""
        if self.nothing_to_decide() and self.waiting_for_human():
            self.submit(Action(A.PASS))
        return False

    def pump(self) -> None:
        """Take what the server sent since the last frame (call once a frame)."""
        for msg in self.net.update():
            kind = msg.get("type")
            if kind == "entry":
                self._entry(msg)
            elif kind == "error" and self.pending is not None and msg.get("id") == self.pending[0]:
                self.pending = None
                code = msg.get("refusal") or msg.get("code")
                params = {k: v for k, v in msg.items() if k not in ("type", "code", "message", "re", "id", "refusal")}
                if code in REFUSALS:
                    self.refused = refusal_of(IllegalAction(code, **params), self.name)
                else:
                    self.refused = t("net.refused", why=msg.get("message", code))
            elif kind == "clock" and self.seat >= 0:
                self._warn(msg.get("at"))
        if self.net.seat_state is not None and self.net.step != self._step:
            self.game = Game.from_json(self.net.seat_state)
            self._step = self.net.step
        if self.pending is not None and (self.net.step != self.pending[1] or self.net.status != ONLINE):
            self.pending = None
        self._check_clock()

    def _entry(self, msg: dict, animate: bool = True) -> None:
        k = msg.get("k")
        events = msg.get("events") or []
        self._seq_now = msg.get("seq", 0)
        if k in ("move", "start"):
            if k == "move" and msg.get("by") == "clock":    # before the lines of the move it made
                self._line(clock_move(self.name(msg.get("seat", -1)), msg.get("a"), events))
            if events:
                self._note_all(events)
                self._offers_of(events)
                if animate:     # a secret the server held back (another's stolen card) has nothing to show
                    self.events.extend(ev for ev in events
                                       if not (ev.get("type") == "steal" and "resource" not in ev))
        elif k == "chat" and msg.get("text") and self.seat >= 0:
            self._line(t("net.chat", name=self.name(msg.get("seat", -1)), line=msg["text"]))
        elif k == "seat":
            what = msg.get("what")
            p = msg.get("seat", -1)
            name = msg.get("name") or self.name(p)
            if what in ("joined", "computer", "away", "back"):
                self._line(t(f"net.seat.{what}", name=name, level=t(f"level.{msg.get('level') or 'normal'}")))
        elif k == "end":
            self._line(server_ended(msg.get("why")))

    def _offers_of(self, events: list[dict]) -> None:
        for ev in events:
            if ev.get("type") == "turn":
                self._offers.clear()
            elif ev.get("type") == "offer" and ev.get("player") == self.seat:
                self._offers.append(Action(A.OFFER, tuple(ev["give"]), tuple(ev["get"]), ev.get("to", -1)))

    def _noted(self, lines: list[str], replaced: bool) -> None:
        """The entry's lines go to "since your last turn" too, whatever the log box keeps."""
        if replaced and self.seq_lines:
            self.seq_lines.pop()
        self.seq_lines.extend((self._seq_now, line) for line in lines)
        del self.seq_lines[:-SINCE_LINES]

    # --- clocks -------------------------------------------------------------------------------------
    def deadline(self) -> dict | None:
        d = self.table.get("deadline")
        return d if isinstance(d, dict) and isinstance(d.get("at"), (int, float)) else None

    def time_left(self) -> tuple[int, float] | None:
        """(seat, seconds left) of a person's running clock, or None (a computer's pause is no clock)."""
        d = self.deadline()
        if d is None or self.game.over or d.get("kind") == "computer":
            return None
        return d.get("seat", -1), d["at"] - self.clock()

    def _check_clock(self) -> None:
        d = self.deadline()
        if d is None or self.seat < 0 or d.get("seat") != self.seat or d.get("kind") == "computer":
            return
        warn = d.get("warn")            # the time from which the clock counts as running low
        if isinstance(warn, (int, float)) and self.clock() >= warn:
            self._warn(d["at"])

    def _warn(self, at) -> None:
        if at != self._warned_at:
            self._warned_at = at
            self.clock_warning = True

    # --- what the screen shows ----------------------------------------------------------------------
    def trouble(self):
        """What keeps this seat from its server (``seat.Trouble``), or None while connected."""
        return self.net.trouble()

    def link_text(self) -> str | None:
        """What the status line says about the connection (which trouble, since when), or None
        while it is up."""
        if self.net.status == ONLINE:
            return None
        return trouble_status(self.net)

    def status(self) -> str:
        link = self.link_text()
        if link is not None:
            return link
        g = self.game
        if g.over:
            return prompt("over", {"player": g.winner}, self.name)
        left = self.time_left()
        clock = t("net.left", time=clock_text(left[1])) if left is not None and left[0] == g.decider else ""
        if self.pending is not None:
            return t("net.sending")
        if self.away and g.decider != self.seat:
            return t("net.away")
        if self.waiting_for_human():
            text = prompt(*g.seat_view(g.decider).prompt, self.name)
            if self.away:                   # a computer played it: the seat is theirs again
                text = f"{t('net.back_to_you')} {text}"
            return f"{text} {clock}".rstrip()
        return f"{t('net.waiting', name=self.name(g.decider))} {clock}".rstrip()

    def player_note(self, p: int) -> tuple[str, str | None]:
        """(connection, clock) of seat ``p`` for the players box: connection is ``online``,
        ``offline``, ``covered`` (a computer plays the person's seat for now) or ``computer``;
        the clock's text when that seat's clock runs."""
        info = self.seat_info(p)
        if info.get("kind") == "computer":
            conn = "computer"
        elif info.get("away"):
            conn = "covered"
        else:
            conn = "online" if info.get("connected") else "offline"
        left = self.time_left()
        return conn, (clock_text(left[1]) if left is not None and left[0] == p else None)

    @property
    def away(self) -> bool:
        """A computer plays this machine's seat for now (its clocks ran out: docs/server.md)."""
        return self.seat >= 0 and bool(self.seat_info(self.seat).get("away"))

    def take_back(self) -> bool:
        """Tell the server the person is back (their next decision is theirs); whether it was sent."""
        if not self.away or self._back_asked == self.net.seq:
            return False
        self._back_asked = self.net.seq
        return self.net.request({"type": "back"}) is not None

    def say_chat(self, text: str) -> bool:
        return self.net.chat(text)

    def leave(self) -> None:
        """Leave the table: the connection ends, the seat stays this person's (My games opens it
        again); meanwhile its clocks run and a computer covers it, as the server's pace says."""
        self.net.stop()
