"""One request on a connection of its own (creating a game, giving a seat to
a computer, starting the game), above a link: ``update()`` once a frame
until ``done``; then ``answer`` (the server's answer) or ``error`` (why not:
its ``error`` message, or a closed connection)."""

from __future__ import annotations

import json

from ...net import protocol as P
from .link import CLOSED, MESSAGE, OPEN


class Request:
    def __init__(self, link, url: str, msg: dict, client: str = "retrocatan window") -> None:
        self.link = link
        self.msg = {**msg, "id": 1}
        self.client = client
        self.answer: dict | None = None
        self.error: dict | None = None
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
                if msg.get("type") == "created" or msg.get("id") == 1:
                    if msg.get("type") == "error":
                        self.error = msg
                    else:
                        self.answer = msg
                    self.link.close()
                elif msg.get("type") == "error" and msg.get("re") == "hello":
                    self.error = msg
            elif kind == CLOSED:
                self.error = {"type": "error", "code": "closed", "message": text or "closed"}
        return self.done
