"""A link: one WebSocket connection as the window sees it, never blocking
the frame. On the desktop a thread runs it (``thread_link``); in the
browser the page's own WebSocket does (``browser_link``, Pyodide has no
sockets). Above a link, the seat (reconnects, resumes, the game) is the same
code on both.

A link carries JSON texts both ways and reports what happened since the
last look with ``poll()``, a list of ``(kind, text)``:

- ``("open", None)``: connected; messages may be sent.
- ``("message", text)``: one message from the server, in order.
- ``("closed", ending)``: the connection ended (by either side, or it went
  quiet past the keepalive); nothing more comes until ``connect`` again.
  ``ending`` is an ``Ending``: the text that says why, with the ``cause``
  the seat tells its troubles by, and the close frame's ``code`` and
  ``reason`` when the server sent one (a hosting window that stops closes
  with 1001 "host closed").

``send`` while not open drops the text: whoever resends after a reconnect
(the seat, by resuming) decides what is worth sending again.
"""

from __future__ import annotations

from typing import Protocol

# What ended a connection (``Ending.cause``), as far as a client can tell.
BY_SERVER = "by_server"       # the server sent a close frame (its code and reason)
BY_CLIENT = "by_client"       # this side closed it
NO_LISTENER = "no_listener"   # the address answered, but nobody listens on the port
NO_NAME = "no_name"           # the name does not resolve
NO_ROUTE = "no_route"         # no way to the address (the network is down, unplugged, a firewall)
TIMEOUT = "timeout"           # no answer in time (connecting, or a keepalive unanswered)
LOST = "lost"                 # the connection broke without a close frame (a killed server, a reset)
NO_CONNECTION = "no_connection"     # it failed to open, and nothing says why (the browser's WebSocket)

OPEN = "open"
MESSAGE = "message"
CLOSED = "closed"

KEEPALIVE_SECONDS = 20.0      # a ping at least this often while open
QUIET_SECONDS = 60.0          # nothing heard for this long: the link counts as closed


HOST_CLOSED_CODE = 1001                # the close of a server whose hosting window stopped
HOST_CLOSED_REASON = "host closed"


class Ending(str):
    """Why a connection ended: a text, and what the window tells apart (``cause``, the close
    frame's ``code`` and ``reason``). A text itself, so whoever only says it just says it."""

    cause: str
    code: int | None
    reason: str

    def __new__(cls, text: str, cause: str = LOST, code: int | None = None, reason: str = "") -> Ending:
        self = super().__new__(cls, text)
        self.cause, self.code, self.reason = cause, code, reason
        return self

    @property
    def host_closed(self) -> bool:
        return self.code == HOST_CLOSED_CODE and self.reason == HOST_CLOSED_REASON


def ending(text) -> Ending:
    """``text`` as an ``Ending`` (a plain text: a connection lost, nothing more known)."""
    return text if isinstance(text, Ending) else Ending(str(text or "closed"))


class Link(Protocol):
    def connect(self, url: str) -> None:
        """Begin connecting to ``url`` (``ws://`` or ``wss://``); returns at once."""

    def send(self, text: str) -> None:
        """Send one message if open; dropped otherwise."""

    def poll(self) -> list[tuple[str, str | None]]:
        """What happened since the last call (see the module docstring)."""

    def close(self) -> None:
        """End the connection; a ``("closed", ...)`` follows."""

    def shutdown(self, wait: bool = True) -> None:
        """Close for good: nothing is reported after it (the desktop's link also
        stops its thread; ``wait=False``: without holding up the frame)."""
