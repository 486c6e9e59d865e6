"""Games that end: when the server ends a game that nobody plays any more
(docs/server.md, "Games that end").

- an open game whose seats nobody took within ``open_s`` (default 24 h,
  from its creation) ends ``unjoined``;
- a live game that nobody was connected to (no seat's person, no
  spectator) for ``live_s`` (default 2 h) ends ``abandoned``;
- a by-post game in which no person made a decision for ``post_s``
  (default 30 days, from its start or the last person's decision) ends
  ``silent``.

Each end is an ``end`` entry in the game's stream (``why``: the reason) and
the status ``ended``; the game and its record stay in the store until its
operator removes finished games (``retrocatan admin purge``). A bound of 0
never ends a game for that reason. Times are the meta's
(``TableMeta.created``, ``alone``, ``person_moved``), so a restarted
server keeps them; the time a server was down moves ``alone`` on like a
deadline.
"""

from __future__ import annotations

from dataclasses import dataclass

from .meta import EndReason, Status, TableMeta

HOUR = 3600.0


@dataclass(frozen=True)
class Expiry:
    """The bounds, in seconds (0: never); each is a ``serve`` option (hours, days)."""

    open_s: float = 24 * HOUR
    live_s: float = 2 * HOUR
    post_s: float = 30 * 24 * HOUR


def end_due(meta: TableMeta, expiry: Expiry) -> tuple[float, EndReason] | None:
    """When (seconds since the epoch) and why the server ends this game if nothing changes
    before; None: it does not (finished, or someone is there)."""
    if meta.status == Status.OPEN:
        return (meta.created + expiry.open_s, EndReason.UNJOINED) if expiry.open_s else None
    if meta.status != Status.PLAYING:
        return None
    if meta.pace.name == "post":
        since = meta.person_moved if meta.person_moved is not None else meta.clocks_at
        return (since + expiry.post_s, EndReason.SILENT) if expiry.post_s and since is not None else None
    if meta.alone is None or not expiry.live_s:
        return None
    return meta.alone + expiry.live_s, EndReason.ABANDONED
