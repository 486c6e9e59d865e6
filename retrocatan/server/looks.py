"""The requests that look at games without a seat at them: a stage's
picture, a finished game's record (docs/protocol.md). They change nothing;
the hub (``hub.py``) answers them through ``Looks``.
"""

from __future__ import annotations

from ..net import messages as M
from .table import Table, TableError

CATCH_UP_PER_MESSAGE = 100      # entries replayed that cost as much as one message


class Looks:
    """The answers of ``hub`` to requests that only look."""

    def __init__(self, hub) -> None:
        self.hub = hub

    def named(self, msg: dict) -> Table:
        """The game a message names by its id or its invite code."""
        if "game" in msg:
            t = self.hub.table(msg["game"])
            if t is None:
                raise TableError("not_found", "no such game")
            return t
        if "code" in msg:
            return self.hub.by_code(msg["code"])
        raise TableError("bad_message", "name the game: game or code")

    def stage(self, c, msg: dict) -> None:
        t = self.named(msg)
        c.allowance -= len(t.game.history) / CATCH_UP_PER_MESSAGE if t.game else 0
        got = t.stage(msg.get("step"))
        c.send(M.message("stage", id=msg.get("id"), game=t.id, **got))

    def record(self, c, msg: dict) -> None:
        t = self.named(msg)
        rec = t.record()
        if rec is None:
            raise TableError("not_over", "a game's record (with its seed) is given once the game is over or ended")
        c.send(M.message("record", id=msg.get("id"), game=t.id, record=rec))
