"""When a game's pending decision is due: the deadline after each change,
and the pause of a server that was down (docs/server.md, "Paces and
clocks"; the paces themselves are ``clocks.py``'s).

Both work on a table's meta (``meta.TableMeta``): ``set_next`` after an
entry, ``catch_up`` when a game is loaded after its server was down.
"""

from __future__ import annotations

from ..engine import phases
from .meta import Deadline, DeadlineKind, TableMeta

FOUNDING = (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)


def set_next(meta: TableMeta, game, now: float, moved: bool = False) -> None:
    """The pending decision's deadline, in ``meta``; ``moved``: after a decision (by post,
    each move of the turn's player gives it another day). A founding placement (a
    settlement and its road) has a turn's clock of its own, for each founder alike. A
    clock of 0 is no clock: the decision waits for its person."""
    meta.clocks_at = now
    if game is None or game.over:
        meta.deadline = None
        return
    pace, st = meta.pace, game.state
    p = game.decider
    founding = game.phase in FOUNDING
    cur = p if founding else game.current
    key = ["found", st.setup_step] if founding else [st.turn, cur]
    if meta.turn_key != key:                        # a new turn (or placement): its clock starts
        meta.turn_key = key
        meta.turn_deadline = now + pace.turn if pace.turn else None
    if moved and pace.name == "post" and p == cur and game.phase != phases.ROBBER and pace.turn:
        meta.turn_deadline = now + pace.turn        # by post: a day for each move
    prev = meta.deadline
    if meta.seats[p].plays_itself:
        meta.deadline = Deadline(p, DeadlineKind.COMPUTER, now + pace.computer_delay)
        return
    if not moved and prev is not None and prev.seat == p and prev.kind != DeadlineKind.COMPUTER:
        return                          # the same decision, on the same clock
    if game.phase == phases.OFFER_RESPONSE:
        kind = DeadlineKind.OFFER
        at = prev.at if prev is not None and prev.kind == kind else now + pace.offer if pace.offer else None
    elif p != cur or game.phase == phases.ROBBER:
        kind, at = DeadlineKind.DECISION, now + pace.decision if pace.decision else None
    else:
        kind, at = DeadlineKind.TURN, meta.turn_deadline
    meta.deadline = None if at is None else Deadline(p, kind, at, at - pace.warn if pace.warn else None)


def catch_up(meta: TableMeta, pauses, now: float) -> bool:
    """The server was down (``pauses``: (start, stop), its store's): every deadline that was
    running when it went down is moved on by the time it was down, and so is the time since
    nobody is at the table (``alone``). True if anything was."""
    moved = False
    for start, stop in pauses:
        if meta.clocks_at is not None:
            if meta.clocks_at >= stop:
                continue                    # set after that pause
            start = max(start, meta.clocks_at)      # the server ran when it stored them
        d = meta.deadline
        if d is not None and d.at > start:
            d.moved_on(stop - start)
            moved = True
        if meta.turn_deadline is not None and meta.turn_deadline > start:
            meta.turn_deadline += stop - start
            moved = True
        if meta.alone is not None and meta.alone <= start:
            meta.alone += stop - start
            moved = True
    if moved:
        meta.clocks_at = now
    return moved
