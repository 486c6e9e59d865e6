"""The window's seat at a network game, above a link (``link.Link``).

``NetSeat`` is the shared ``net.seat_stream.SeatStream`` (hello, join,
resume or watch, ``seq`` with duplicates and gaps, the present) driven by a
link instead of asyncio: ``update()`` is called once a frame, takes what the
link brought, answers it, and when the link closed connects again after a
growing wait (``seat_stream.backoff``), resuming after ``seq`` so that the
server sends exactly the entries missed. Nothing here waits: the frame goes
on while the network does. The clock is injected (tests pass their own).

``chat`` keeps lines short and few (``ChatGate``): the server keeps 200
characters and limits every connection's messages; the window asks less.
"""

from __future__ import annotations

import json
import time
from collections import deque

from ...net import protocol as P
from ...net.seat_stream import Refused, SeatStream, backoff
from .link import CLOSED, MESSAGE, OPEN

CHAT_CHARS = 200            # the server keeps at most this many characters of a line
CHAT_LINES = 5              # lines a person may send ...
CHAT_SECONDS = 30.0         # ... within this many seconds
# The link's states, as the window says them.
CONNECTING, ONLINE, RECONNECTING, REFUSED, STOPPED = "connecting", "online", "reconnecting", "refused", "stopped"


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

    def __init__(self, link, url: str, clock=time.monotonic, rand=None, **stream) -> None:
        super().__init__(**stream)
        self.link = link
        self.url = url
        self.clock = clock
        self.rand = rand
        self.status = STOPPED
        self.attempt = 0                # failed attempts since the last good connection
        self.retry_at: float | None = None
        self.reconnects = 0
        self.answers: dict[int, dict] = {}      # request id -> its answer, until taken
        self._next_id = 1
        self._ever_in = False
        self.chat_gate = ChatGate(clock)
        self.last_error: dict | None = None

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

    def seconds_to_retry(self) -> float | None:
        return None if self.retry_at is None else max(0.0, self.retry_at - self.clock())

    def update(self) -> list[dict]:
        """Take what the link brought (the server's messages, in order, are returned) and
        reconnect when it is time."""
        out: list[dict] = []
        for kind, text in self.link.poll():
            if kind == OPEN:
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
                self._closed()
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
        elif what == "elsewhere":
            self.url = self.elsewhere       # another server of the same store serves this game
            self.attempt = 0
            self.link.close()
        elif what == "refused" and self.failure.code == "seat_taken" and self.colour is not None and not self.seq:
            self.colour = None              # the colour asked for is taken: the first free one, then
            self.failure = None
            self.link.send(P.dumps(self.opening()[-1]))
            return False
        elif what == "refused":
            self.status = REFUSED
            self.link.close()
        if msg.get("type") == "error":
            self.last_error = msg
        rid = msg.get("id")
        if isinstance(rid, int) and msg.get("type") in ("ok", "error", "created", "record", "pong", "stage"):
            self.answers[rid] = msg
        return True

    def _closed(self) -> None:
        if self.status in (REFUSED, STOPPED):
            return
        self.status = RECONNECTING if self._ever_in or self.attempt else CONNECTING
        wait = backoff(self.attempt) if self.rand is None else backoff(self.attempt, rand=self.rand)
        self.attempt += 1
        self.retry_at = self.clock() + wait

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
