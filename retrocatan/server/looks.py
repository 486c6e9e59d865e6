"""The requests that look at games without a seat at them: a stage's
picture, a finished game's record, the list of open games (docs/protocol.md).
They change nothing; the hub (``hub.py``) answers them through ``Looks``.

The list of open games (``games``) shows only the games created
``listed``, and of them only what a stranger may know: the invite code, the
board, the players and points, the pace, the free seats, when it was made;
no id, name or token. It is read from the store at most every
``LIST_FRESH_S`` for everybody, and each request costs its connection
``LIST_COST`` messages of its allowance.
"""

from __future__ import annotations

from ..net import messages as M
from .meta import TableMeta
from .table import Table, TableError

CATCH_UP_PER_MESSAGE = 100      # entries replayed that cost as much as one message
LIST_MAX = 100                  # open games listed (the newest)
LIST_FRESH_S = 2.0              # the list is read from the store at most this often
LIST_COST = 10                  # a list request costs as much as this many messages


class Looks:
    """The answers of ``hub`` to requests that only look."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._listed: tuple[float, list[dict]] | None = None      # (when read, the list)

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

    def games(self, c, msg: dict) -> None:
        """The listed open games, newest first."""
        c.allowance -= LIST_COST - 1
        now = self.hub.clock.now()
        if self._listed is None or not 0 <= now - self._listed[0] < LIST_FRESH_S:
            self._listed = (now, [lobby_row(TableMeta.from_json(meta))
                                  for _, meta in self.hub.store.listed_open(LIST_MAX)])
        c.send(M.message("games", id=msg.get("id"), games=self._listed[1]))


def lobby_row(meta: TableMeta) -> dict:
    """An open game as the list of open games shows it: nothing private."""
    scenario = meta.config.get("scenario")
    board = scenario.get("id", "scenario") if isinstance(scenario, dict) else scenario or "base"
    return {"code": meta.code, "board": board, "players": len(meta.seats),
            "points": meta.config.get("vp_target", 10), "pace": meta.pace.name, "free": meta.free,
            "created": int(meta.created)}
