"""One request on a connection of its own (creating a game, a game's stage or
record, what its server says of my seats, a server's open games), above a
link: ``update()`` once a frame until ``done``; then ``answer`` (the
server's answer) or ``error`` (why not: its ``error`` message, a closed
connection with ``code`` "closed" and the link's ``ending``, or no answer
within ``timeout`` seconds, code "timeout")."""

from __future__ import annotations

import json
import time

from ...net import protocol as P
from .link import CLOSED, MESSAGE, OPEN


class Request:
    def __init__(self, link, url: str, msg: dict, client: str = "retrocatan window", timeout: float | None = None,
                 clock=time.monotonic) -> None:
        self.link = link
        self.url = url
        self.msg = {**msg, "id": 1}
        self.client = client
        self.answer: dict | None = None
        self.error: dict | None = None
        self.ending = None              # how the connection ended, when it ended first
        self.clock = clock
        self.until = None if timeout is None else clock() + timeout
        link.connect(url)

    @property
    def done(self) -> bool:
        return self.answer is not None or self.error is not None

    def update(self) -> bool:
        """Take what the link brought; whether the request is done."""
        for kind, text in self.link.poll():
            if self.done:
                break
            if kind == OPEN:
                self.link.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": self.client}))
                self.link.send(P.dumps(self.msg))
            elif kind == MESSAGE:
                try:
                    msg = json.loads(text)
                except ValueError:
                    continue
                if not isinstance(msg, dict):
                    continue
                if msg.get("type") == "error":         # the one request of this connection (or its hello)
                    self.error = msg
                    self.link.close()
                elif msg.get("type") == "created" or msg.get("id") == 1:
                    self.answer = msg
                    self.link.close()
            elif kind == CLOSED:
                self.ending = text
                self.error = {"type": "error", "code": "closed", "message": str(text or "closed")}
        if not self.done and self.until is not None and self.clock() >= self.until:
            self.error = {"type": "error", "code": "timeout", "message": "no answer in time"}
            self.link.close()
        return self.done
