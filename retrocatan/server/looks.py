"""The requests that look at games without a seat at them: a stage's
picture, a finished game's record, the list of open games, a peek at the
seats one holds (docs/protocol.md). They change nothing; the hub
(``hub.py``) answers them through ``Looks``.

The list of open games (``games``) shows only the games created
``listed``, and of them only what a stranger may know: the invite code, the
board, the players and points, the pace, the free seats, when it was made;
no id, name or token. It is read from the store at most every
``LIST_FRESH_S`` for everybody, and each request costs its connection
``LIST_COST`` messages of its allowance.

A ``peek`` names up to ``PEEK_MAX`` seats by game and token and learns, for
each one whose token is right, where its game is: status, step, turn,
whether the decision is the seat's, the pending deadline. A game in memory
answers from its table; the others from their stored rows, all in one read
of the store; only a game stored by a server that kept no present in its
meta (meta version 1) is loaded and replayed, once. An unknown game and a
wrong token get the same answer. A peek of n seats costs its connection
n/10 messages of its allowance beyond its own.
"""

from __future__ import annotations

from ..net import messages as M
from .meta import DeadlineKind, Status, TableMeta
from .table import Table, TableError, token_hash

CATCH_UP_PER_MESSAGE = 100      # entries replayed that cost as much as one message
LIST_MAX = 100                  # open games listed (the newest)
LIST_FRESH_S = 2.0              # the list is read from the store at most this often
LIST_COST = 10                  # a list request costs as much as this many messages
PEEK_MAX = 50                   # seats in one peek


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

    def peek(self, c, msg: dict) -> None:
        """Where the games of the seats named are, for those whose token is right."""
        asked = msg["seats"]
        if len(asked) > PEEK_MAX or not all(isinstance(a, dict) and set(a) == {"game", "token"} and
                                            isinstance(a["game"], str) and isinstance(a["token"], str) and
                                            len(a["game"]) <= 64 for a in asked):
            raise TableError("bad_message", f"peek: seats, up to {PEEK_MAX} of {{\"game\": ID, \"token\": TOKEN}}")
        c.allowance -= len(asked) / 10
        hub = self.hub
        stored = hub.store.metas([a["game"] for a in asked if a["game"] not in hub.tables])
        out = []
        for a in asked:
            gid, meta = a["game"], None
            t = hub.tables.get(gid)
            if t is None and gid in stored:
                meta = TableMeta.from_json(stored[gid][0])
                if not meta.knows_present and seat_of(meta, a["token"]) is not None:
                    try:
                        t = hub.table(gid)      # stored without its present: replayed, once
                    except TableError:
                        pass                    # (another shard's) its stored row as it is
            if t is not None:
                meta = t.meta
            out.append(peek_row(gid, meta, a["token"]))
        c.send(M.message("peek", id=msg.get("id"), seats=out))


def seat_of(meta: TableMeta, token: str) -> int | None:
    return meta.seat_with(token_hash(token[:200]))


def peek_row(gid: str, meta: TableMeta | None, token: str) -> dict:
    """One seat's game as a peek answers it; ``known`` False for no game or a wrong token."""
    seat = None if meta is None else seat_of(meta, token)
    if seat is None:
        return {"game": gid, "known": False}
    playing = meta.status == Status.PLAYING
    d = meta.deadline if playing else None
    return {"game": gid, "known": True, "seat": seat, "status": meta.status.value, "step": meta.step,
            "turn": meta.turn, "mine": playing and meta.decider == seat,
            "deadline": d.at if d is not None and d.kind != DeadlineKind.COMPUTER else None}


def lobby_row(meta: TableMeta) -> dict:
    """An open game as the list of open games shows it: nothing private."""
    scenario = meta.config.get("scenario")
    board = scenario.get("id", "scenario") if isinstance(scenario, dict) else scenario or "base"
    return {"code": meta.code, "board": board, "players": len(meta.seats),
            "points": meta.config.get("vp_target", 10), "pace": meta.pace.name, "free": meta.free,
            "created": int(meta.created)}
