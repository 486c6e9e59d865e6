"""Following one seat of a network game, without any input or output.

The part of a client of ``retrocatan serve`` that every client shares (the
asyncio ``client.Seat`` of the command line and the bots, the window's seat
above a link in ``ui/net/``): what to say on connecting (hello, then join,
resume or watch), the number of the last entry received (``seq``; an entry
again is a duplicate, one skipped a gap), the present the server sends
(``table``, the seat's ``state`` at ``step``, the ``record`` at the end),
the game as the seat knows it, and the waits between reconnects. The
protocol is docs/protocol.md.
"""

from __future__ import annotations

import random
import secrets

from ..engine.game import Game
from . import protocol as P

BACKOFF = (0.05, 0.1, 0.2, 0.4, 0.7, 1.0)      # seconds between attempts (then the last, with jitter)
# Errors that mean the server will not let this seat in: trying again would not help.
REFUSED_RE = ("hello", "join", "resume", "watch")
# Close codes that say why the server closed a connection (docs/protocol.md, "Transport"):
RESTART = 1012          # the server restarts: connect again at once
HOST_CLOSED = 1001      # the server stopped for good for now ("host closed": the window hosting it closed)


def backoff(attempt: int, steps: tuple[float, ...] = BACKOFF, rand=random.random) -> float:
    """Seconds to wait before connection attempt ``attempt + 1`` (0: the first retry): growing
    to the last of ``steps``, each within 25 % either side so that clients do not come all at once."""
    wait = steps[min(max(attempt, 0), len(steps) - 1)]
    return wait * (0.75 + rand() / 2)


class Refused(Exception):
    """An ``error`` answer of the server (``code``, the message ``msg``)."""

    def __init__(self, msg: dict) -> None:
        super().__init__(msg.get("message", msg.get("code")))
        self.code = msg.get("code")
        self.msg = msg


class SeatStream:
    """One seat (or a spectator's place) of one game, as its messages tell it."""

    def __init__(self, game: str | None = None, token: str | None = None, seq: int = 0,
                 code: str | None = None, name: str | None = None, colour: int | None = None,
                 watch: bool = False, client: str = "retrocatan", notify: dict | None = None) -> None:
        self.game_id = game
        # A seat to take gets its token here, before asking: if the answer is lost (the server
        # stopped), joining again with it is answered with the same seat.
        self.token = token or (None if watch else secrets.token_urlsafe(24))
        self.seq = seq
        self.code = code
        self.name = name
        self.colour = colour
        self.watch = watch
        self.client = client
        self.notify = notify            # by-post notices asked for with the join: {"email": ..., "webhook": ...}
        self.seat: int | None = None
        self.state: dict | None = None
        self.step = 0
        self.table: dict | None = None
        self.record: dict | None = None
        self._game: Game | None = None
        self._game_step = -1
        self.gaps = 0                     # entries that arrived out of order (must stay 0)
        self.duplicates = 0               # entries received twice (must stay 0)
        self.failure: Refused | None = None     # why the server will not let this seat in
        self.elsewhere: str | None = None       # where the server said this game is served
        self.close_code: int | None = None      # how the server closed the last connection (None: it broke)
        self.close_reason = ""

    # --- the game as this seat knows it --------------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The seat's game at the present step (loaded from its state on first use)."""
        if self.state is None:
            return None
        if self._game_step != self.step or self._game is None:
            self._game = Game.from_json(self.state)
            self._game_step = self.step
        return self._game

    @property
    def seat_state(self) -> dict | None:
        """The seat's state JSON as the server last sent it (None before the game runs)."""
        return self.state

    @property
    def over(self) -> bool:
        """The game is over (a winner) or ended (its server ended it): nothing more comes."""
        return bool(self.table and self.table.get("status") in ("over", "ended"))

    def my_decision(self) -> bool:
        s = self.state
        return s is not None and self.seat is not None and self.seat >= 0 and s["decider"] == self.seat \
            and s["phase"] != "over"

    # --- the connection ------------------------------------------------------------------------------
    def closed(self, code: int | None, reason: str = "") -> None:
        """The connection ended, closed by the server with ``code`` and ``reason`` (None: it broke)."""
        self.close_code, self.close_reason = code, reason or ""

    def wait(self, attempt: int) -> float:
        """Seconds to wait before connection attempt ``attempt + 1``: none for the first after the
        server said it restarts (1012), else ``backoff``."""
        if attempt == 0 and self.close_code == RESTART:
            return 0.0
        return backoff(attempt)

    # --- the messages -------------------------------------------------------------------------------------
    def opening(self) -> list[dict]:
        """What a client says on each connection: hello, then resume (a seat it holds), watch, or join."""
        out = [{"type": "hello", "protocol": P.PROTOCOL, "client": self.client}]
        if self.token and self.game_id and not self.watch:
            out.append({"type": "resume", "game": self.game_id, "token": self.token, "after": self.seq})
        elif self.watch:
            out.append({"type": "watch", "code": self.code, "after": self.seq})
        else:
            msg = {"type": "join", "code": self.code, "name": self.name or "Player", "token": self.token}
            if self.colour is not None:
                msg["seat"] = self.colour
            if self.notify:
                msg["notify"] = self.notify
            out.append(msg)
        return out

    def receive(self, msg: dict) -> str | None:
        """Take one message from the server; what it was: ``joined``, ``welcome``, ``entry``,
        ``duplicate``, ``sync``, ``table``, ``elsewhere`` (``self.elsewhere``: go there),
        ``refused`` (``self.failure``: stop), or its type."""
        kind = msg.get("type")
        if kind == "joined":
            self.game_id, self.seat, self.token = msg["game"], msg["seat"], msg["token"]
        elif kind == "welcome":
            self.game_id, self.seat = msg["game"], msg["seat"]
        elif kind == "entry":
            n = msg["seq"]
            if n <= self.seq:
                self.duplicates += 1
                return "duplicate"
            if n != self.seq + 1:
                self.gaps += 1
            self.seq = n
            self.present(msg)
        elif kind == "sync":
            self.present(msg)
        elif kind == "table":
            self.table = msg["table"]
        elif kind == "error" and msg.get("code") == "elsewhere" and isinstance(msg.get("url"), str):
            self.elsewhere = msg["url"]
            return "elsewhere"
        elif kind == "error" and msg.get("re") in REFUSED_RE:
            self.failure = Refused(msg)
            return "refused"
        return kind

    def present(self, msg: dict) -> None:
        """Keep the present a message carries (table, state and step, record)."""
        if "table" in msg:
            self.table = msg["table"]
        if "state" in msg:
            self.state = msg["state"]
            self.step = msg.get("step", self.step)
        if "record" in msg:
            self.record = msg["record"]
