"""The window's seat at a network game, above a link (``link.Link``).

``NetSeat`` is the shared ``net.seat_stream.SeatStream`` (hello, join,
resume or watch, ``seq`` with duplicates and gaps, the present) driven by a
link instead of asyncio: ``update()`` is called once a frame, takes what the
link brought, answers it, and when the link closed connects again after a
growing wait (``seat_stream.backoff``), resuming after ``seq`` so that the
server sends exactly the entries missed. Nothing here waits: the frame goes
on while the network does. The clock is injected (tests pass their own).

``trouble()`` says what keeps the seat from its server, as far as a
client can tell (``Trouble``: which, since when, the address): the hosting
window closed, the server down, the address never reached, the network
gone, or the server refused the seat. None while connected.

``chat`` keeps lines short and few (``ChatGate``): the server keeps 200
characters and limits every connection's messages; the window asks less.
"""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import dataclass

from ...net import protocol as P
from ...net.seat_stream import Refused, SeatStream, backoff
from .link import BY_CLIENT, CLOSED, MESSAGE, NO_NAME, NO_ROUTE, OPEN, TIMEOUT, ending

CHAT_CHARS = 200            # the server keeps at most this many characters of a line
CHAT_LINES = 5              # lines a person may send ...
CHAT_SECONDS = 30.0         # ... within this many seconds
# The link's states, as the window says them.
CONNECTING, ONLINE, RECONNECTING, REFUSED, STOPPED = "connecting", "online", "reconnecting", "refused", "stopped"
# What keeps a seat from its server (``Trouble.kind``).
HOST_CLOSED = "host_closed"     # the server closed as its hosting window stopped
SERVER_DOWN = "server_down"     # reached before, not now
UNREACHABLE = "unreachable"     # never reached: a wrong address, or a server that is down
NETWORK_GONE = "network_gone"   # no route, no name, no answer in time, after it was reached
REFUSED_SEAT = "refused"        # the server refused the seat (``failure_text()`` says why)
_NETWORK = (NO_NAME, NO_ROUTE, TIMEOUT)


@dataclass(frozen=True)
class Trouble:
    kind: str
    since: float            # time.time() of the first failure since the seat was last connected
    address: str


class ChatGate:
    """At most ``lines`` chat lines within ``seconds``, each at most ``CHAT_CHARS`` long."""

    def __init__(self, clock=time.monotonic, lines: int = CHAT_LINES, seconds: float = CHAT_SECONDS) -> None:
        self.clock, self.lines, self.seconds = clock, lines, seconds
        self.sent: deque[float] = deque()

    def admit(self, text: str) -> str | None:
        """The line to send (trimmed, cut to length), or None: empty, or too many lately."""
        text = " ".join(text.split())[:CHAT_CHARS]
        if not text:
            return None
        now = self.clock()
        while self.sent and now - self.sent[0] >= self.seconds:
            self.sent.popleft()
        if len(self.sent) >= self.lines:
            return None
        self.sent.append(now)
        return text


class NetSeat(SeatStream):
    """One seat (or a spectator's place) followed over ``link``; see the module docstring."""

    def __init__(self, link, url: str, clock=time.monotonic, rand=None, wall=time.time,
                 notify: dict | None = None, **stream) -> None:
        super().__init__(**stream)
        self.notify = {k: v for k, v in (notify or {}).items() if v}    # by-post notices: "email", "webhook"
        self.link = link
        self.url = url
        self.clock = clock
        self.wall = wall
        self.rand = rand
        self.status = STOPPED
        self.attempt = 0                # failed attempts since the last good connection
        self.retry_at: float | None = None
        self.reconnects = 0
        self.answers: dict[int, dict] = {}      # request id -> its answer, until taken
        self._next_id = 1
        self._ever_in = False
        # The server answered this seat before: a seat it gave (kept in My games), or opened here.
        self._reached = bool(self.game_id and self.token and not self.watch)
        self._trouble: Trouble | None = None
        self.chat_gate = ChatGate(clock)
        self.last_error: dict | None = None
        self.entry: dict | None = None          # what My games keeps of this seat (None: a spectator's)

    def opening(self) -> list[dict]:
        """The shared opening; a join carries the seat's notice addresses (``notify``) when given."""
        out = super().opening()
        if self.notify and out[-1]["type"] == "join":
            out[-1]["notify"] = dict(self.notify)
        return out

    # --- connecting ------------------------------------------------------------------------------------
    def start(self) -> None:
        self.status = CONNECTING
        self.link.connect(self.url)

    def stop(self) -> None:
        self.status = STOPPED
        self.retry_at = None
        self.link.close()

    @property
    def online(self) -> bool:
        return self.status == ONLINE

    def trouble(self) -> Trouble | None:
        """What keeps the seat from its server (None while connected, or not tried yet)."""
        if self.status == REFUSED:
            return self._trouble or Trouble(REFUSED_SEAT, self.wall(), self.url)
        if self.status in (CONNECTING, RECONNECTING):
            return self._trouble
        return None

    def seconds_to_retry(self) -> float | None:
        return None if self.retry_at is None else max(0.0, self.retry_at - self.clock())

    def update(self) -> list[dict]:
        """Take what the link brought (the server's messages, in order, are returned) and
        reconnect when it is time."""
        out: list[dict] = []
        for kind, text in self.link.poll():
            if kind == OPEN:
                self._reached = True
                for msg in self.opening():
                    self.link.send(P.dumps(msg))
            elif kind == MESSAGE:
                try:
                    msg = json.loads(text)
                except ValueError:
                    continue
                if isinstance(msg, dict) and self._take(msg):
                    out.append(msg)
            elif kind == CLOSED:
                self._closed(ending(text))
        if self.retry_at is not None and self.clock() >= self.retry_at:
            self.retry_at = None
            self.reconnects += 1
            self.link.connect(self.url)
        return out

    def _take(self, msg: dict) -> bool:
        what = self.receive(msg)
        if what == "duplicate":
            return False
        if what in ("welcome", "joined"):
            self.status = ONLINE
            self.attempt = 0
            self._ever_in = True
            self._trouble = None
        elif what == "elsewhere":
            self.url = self.elsewhere       # another server of the same store serves this game
            self.attempt = 0
            self.link.close()
        elif what == "refused":
            self.status = REFUSED
            self._trouble = Trouble(REFUSED_SEAT, self.wall(), self.url)
            self.link.close()
        if msg.get("type") == "error":
            self.last_error = msg
        rid = msg.get("id")
        if isinstance(rid, int) and msg.get("type") in ("ok", "error", "created", "record", "pong", "stage"):
            self.answers[rid] = msg
        return True

    def _closed(self, end) -> None:
        if self.status in (REFUSED, STOPPED):
            return
        if end.cause != BY_CLIENT:         # this side closed it (to go elsewhere): no trouble of the server's
            since = self._trouble.since if self._trouble else self.wall()
            self._trouble = Trouble(self._kind_of(end), since, self.url)
        self.status = RECONNECTING if self._ever_in or self.attempt else CONNECTING
        wait = backoff(self.attempt) if self.rand is None else backoff(self.attempt, rand=self.rand)
        self.attempt += 1
        self.retry_at = self.clock() + wait

    def _kind_of(self, end) -> str:
        """Which trouble a connection's end tells, after what came before it."""
        if end.host_closed or (self._trouble is not None and self._trouble.kind == HOST_CLOSED):
            return HOST_CLOSED      # the host's window is gone: what follows (nobody listens) says no more
        if not self._reached:
            return UNREACHABLE
        return NETWORK_GONE if end.cause in _NETWORK else SERVER_DOWN

    # --- requests -----------------------------------------------------------------------------------------
    def request(self, msg: dict) -> int | None:
        """Send ``msg`` with a fresh id (its answer lands in ``answers[id]``); None when offline."""
        if not self.online:
            return None
        rid = self._next_id
        self._next_id += 1
        self.link.send(P.dumps({**msg, "id": rid}))
        return rid

    def answer(self, rid: int | None) -> dict | None:
        """The answer to request ``rid`` once it came (taken: asked again, None)."""
        return self.answers.pop(rid, None) if rid is not None else None

    def act(self, action: str) -> int | None:
        return self.request({"type": "act", "action": action, "step": self.step})

    def chat(self, text: str) -> bool:
        """Send a chat line if the gate admits it; whether it was sent."""
        if not self.online or self.watch:
            return False
        line = self.chat_gate.admit(text)
        if line is None:
            return False
        self.link.send(P.dumps({"type": "chat", "text": line}))
        return True

    def failure_text(self) -> str | None:
        return str(self.failure) if isinstance(self.failure, Refused) else None
