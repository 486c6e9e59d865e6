"""The records of finished network games kept on this machine, as their
players asked (the game menu's *Keep this game's record*, held in My games as
``keep``). The game screen keeps a record when it sees its game end
(``NetSession.finished``); a person who left the table first learns that the
game is over from its server when My games or the title asks it
(``peek.py``), and the record is asked for then (the ``record`` request,
docs/protocol.md) and kept among the finished games Load game lists, with the
seats' names and the clock's moves. My games notes it ``kept``, so a record
is kept once; one not given (a server that does not answer) is asked again
the next time."""

from __future__ import annotations

import time

from . import games as my_games
from .links import end_link, new_link
from .request import Request
from .session import keep_record

TIMEOUT = 20.0          # seconds a server has to send a record (a long game's is large)


def wanted(entry: dict) -> bool:
    """Whether the record of a My games entry is to be asked for: kept as asked, not yet, its game over."""
    return bool(entry.get("keep")) and not entry.get("kept") and entry.get("status") == "over" \
        and bool(entry.get("game")) and not entry.get("forgotten")


class Records:
    """The records being asked for, one request each; ``update()`` once a frame."""

    def __init__(self, storage, clock=time.monotonic, timeout: float = TIMEOUT) -> None:
        self.storage, self.clock, self.timeout = storage, clock, timeout
        self.requests: dict[str, Request] = {}      # a seat's token -> the request of its game's record

    def ask(self, entry: dict) -> None:
        """Ask for the record of ``entry`` if it is wanted (and not asked for already)."""
        if wanted(entry) and entry["token"] not in self.requests:
            req = Request(new_link(), entry["url"], {"type": "record", "game": entry["game"]},
                          timeout=self.timeout, clock=self.clock)
            self.requests[entry["token"]] = req

    def update(self) -> bool:
        """Take the records that came and keep them; whether one was kept this frame."""
        kept = False
        for token, req in list(self.requests.items()):
            if not req.update():
                continue
            del self.requests[token]
            end_link(req.link, wait=False)
            record = (req.answer or {}).get("record")
            # Not given, or not written (the user folder): asked again the next time.
            if isinstance(record, dict) and keep_record(self.storage, record) is None:
                my_games.update(self.storage, token, {"kept": True})
                kept = True
        return kept

    def stop(self) -> None:
        for req in self.requests.values():
            end_link(req.link, wait=False)
        self.requests.clear()
