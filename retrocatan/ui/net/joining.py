"""Taking a seat (or a spectator's place): the seat's first connection, until
the server gave it, refused it, or could not be reached.

A seat enters My games only once the server gave it. Before the join is
sent, its token is kept apart (``games.hold_pending``), so that asking
again after an answer that never came (the server stopped) gets the same
seat; a refusal, or an address never reached, drops it. After ``TRIES``
failed attempts the screen stops and says so: "cannot reach ADDRESS".
"""

from __future__ import annotations

from . import games as my_games
from .links import end_link
from .seat import ONLINE, REFUSED, UNREACHABLE

TRIES = 3               # failed attempts before "cannot reach"
GIVEN, REFUSED_NOW, CANNOT_REACH, LOST = "given", "refused", "cannot_reach", "lost"


class Joining:
    """``net`` (a ``NetSeat``, not started) taken to its seat; ``entry``: what My games keeps of it
    once given (None for a spectator, who keeps nothing)."""

    def __init__(self, storage, net, entry: dict | None = None, tries: int = TRIES) -> None:
        self.storage, self.net, self.entry, self.tries = storage, net, entry, tries
        self.past: list[dict] = []          # the server's messages so far (the waiting room goes on from them)
        self.outcome: str | None = None
        if entry is not None:
            my_games.hold_pending(storage, net.url, net.code or "", net.token)
        net.start()

    def update(self) -> str | None:
        """Once a frame; the outcome once there is one: ``GIVEN``, ``REFUSED_NOW`` (``net.failure_text()``
        says why), ``CANNOT_REACH`` (never reached) or ``LOST`` (reached, then gone before the seat
        was given: the token stays kept apart, a second try gets the same seat)."""
        if self.outcome is not None:
            return self.outcome
        net = self.net
        self.past += net.update()
        trouble = net.trouble()
        if net.status == ONLINE and net.seat is not None:
            self.outcome = GIVEN
            if self.entry is not None:
                self.entry.update({"game": net.game_id, "seat": net.seat, "token": net.token})
                my_games.keep(self.storage, self.entry)
                my_games.drop_pending(self.storage, net.token)
                net.entry = self.entry
        elif net.status == REFUSED:
            self.outcome = REFUSED_NOW
        elif trouble is not None and net.attempt >= self.tries:
            self.outcome = CANNOT_REACH if trouble.kind == UNREACHABLE else LOST
        if self.outcome in (REFUSED_NOW, CANNOT_REACH):
            my_games.drop_pending(self.storage, net.token)
        if self.outcome not in (None, GIVEN):
            self.close()
        return self.outcome

    def close(self) -> None:
        """Stop trying (the screen was left, or it failed): the link is let go without waiting."""
        self.net.stop()
        end_link(self.net.link, wait=False)
