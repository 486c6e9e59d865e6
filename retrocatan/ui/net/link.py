"""A link: one WebSocket connection as the window sees it, never blocking
the frame. On the desktop a thread runs it (``thread_link``); in the
browser the page's own WebSocket does (``browser_link``, Pyodide has no
sockets). Above a link, the seat (reconnects, resumes, the game) is the same
code on both.

A link carries JSON texts both ways and reports what happened since the
last look with ``poll()``, a list of ``(kind, text)``:

- ``("open", None)``: connected; messages may be sent.
- ``("message", text)``: one message from the server, in order.
- ``("closed", reason)``: the connection ended (by either side, or it went
  quiet past the keepalive); nothing more comes until ``connect`` again.

``send`` while not open drops the text: whoever resends after a reconnect
(the seat, by resuming) decides what is worth sending again.
"""

from __future__ import annotations

from typing import Protocol

OPEN = "open"
MESSAGE = "message"
CLOSED = "closed"

KEEPALIVE_SECONDS = 20.0      # a ping at least this often while open
QUIET_SECONDS = 60.0          # nothing heard for this long: the link counts as closed


class Link(Protocol):
    def connect(self, url: str) -> None:
        """Begin connecting to ``url`` (``ws://`` or ``wss://``); returns at once."""

    def send(self, text: str) -> None:
        """Send one message if open; dropped otherwise."""

    def poll(self) -> list[tuple[str, str | None]]:
        """What happened since the last call (see the module docstring)."""

    def close(self) -> None:
        """End the connection; a ``("closed", ...)`` follows."""

    def shutdown(self) -> None:
        """Close for good: nothing is reported after it (the desktop's link also
        stops its thread)."""
