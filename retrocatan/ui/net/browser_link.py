"""The browser's link (``link.py``'s contract) on the page's own WebSocket.

Pyodide has no sockets: the page's ``WebSocket`` (``js.WebSocket``) carries
the connection, and its callbacks, which the browser calls between frames,
only queue what happened for ``poll()``. Nothing here blocks or starts a
thread.

Keepalive of its own, since a page cannot see the WebSocket's ping frames
(the browser answers the server's pings by itself): once the caller has
sent its first message (``hello``, docs/protocol.md), the link sends a
protocol ``ping`` at least every ``KEEPALIVE_SECONDS`` while open. The
link's pings carry negative ids (the seat's requests count up from 1), and
their ``pong`` answers stay in the link. When a ping has gone unanswered
and nothing at all has been heard for ``QUIET_SECONDS``, the link closes
the socket and reports ``("closed", "quiet")``: a path that died without a
word (a sleeping laptop, a dropped Wi-Fi) counts as closed. Silence while
no ping was due is not counted, so a page the browser stopped drawing for a
while (a tab in the background) is not closed on its return; it pings.
An attempt that fails (an error before opening: Node's WebSocket sends no
close event then) or gets no answer for ``QUIET_SECONDS`` is reported
closed too, so the caller can try again.

The checks run in ``poll()``, which the window calls every frame, and on a
page timer (``setInterval``) where there is one.

This module imports nothing of the browser at load time, so the desktop
imports the package as it is; ``websocket`` and ``proxy`` stand in for
``js.WebSocket`` and ``pyodide.ffi.create_proxy`` where there is no page.
"""

from __future__ import annotations

import json
import time

from .link import (
    BY_CLIENT,
    BY_SERVER,
    CLOSED,
    KEEPALIVE_SECONDS,
    LOST,
    MESSAGE,
    NO_CONNECTION,
    NO_NAME,
    OPEN,
    QUIET_SECONDS,
    TIMEOUT,
    Ending,
)

TIMER_MS = 1000                        # the page timer's period (the checks also run in every poll)
_PONG_MAX = 200                        # a pong is a short message: longer ones are not looked into


class BrowserLink:
    """One connection on the page's WebSocket; see the module docstring."""

    def __init__(self, keepalive: float = KEEPALIVE_SECONDS, quiet: float = QUIET_SECONDS,
                 clock=time.monotonic, websocket=None, proxy=None, timers: bool = True) -> None:
        self.keepalive = keepalive
        self.quiet = quiet
        self.clock = clock
        self._websocket = websocket
        self._proxy = proxy
        self._timers = timers
        self._events: list[tuple[str, str | None]] = []
        self._ws = None
        self._handlers: list = []          # the proxies the socket calls
        self._spent: list = []             # proxies let go, freed at the next poll
        self._timer = None                 # (id, proxy) of the page timer
        self._open = False
        self._spoken = False               # the caller has sent a message: pings may follow it
        self._started = 0.0                # when the present attempt began
        self._heard = 0.0                  # when the server was last heard (or the socket opened)
        self._pinged = 0.0                 # when the link last sent a ping
        self._unanswered = False           # a ping sent after the last thing heard
        self._next_ping = -1
        self.pings = 0                     # pings sent (the link's own)
        self.pongs = 0                     # their answers heard

    # --- the contract ------------------------------------------------------------------------------
    def connect(self, url: str) -> None:
        """Begin connecting to ``url``; an open socket is closed first (its ``closed`` comes first)."""
        if self._ws is not None:
            self._drop("connecting again", BY_CLIENT)
        try:
            websocket = self._websocket or _page_websocket()
            ws = websocket.new(url)
        except Exception as exc:           # no page WebSocket, or the URL refused (a JS SyntaxError)
            self._events.append((CLOSED, Ending(f"cannot connect: {_first_line(exc)}", NO_NAME)))
            return
        self._ws = ws
        self._open = self._spoken = self._unanswered = False
        self._started = self.clock()
        proxy = self._proxy or _page_proxy()

        def handler(fn):
            def call(event=None):
                if self._ws is ws:         # a socket already dropped says nothing more
                    fn(event)
            p = proxy(call)
            self._handlers.append(p)
            return p

        ws.onopen = handler(self._on_open)
        ws.onmessage = handler(self._on_message)
        ws.onclose = handler(self._on_close)
        ws.onerror = handler(self._on_error)
        self._start_timer()

    def send(self, text: str) -> None:
        """Send one message if open; dropped otherwise."""
        if not self._open or self._ws is None:
            return
        try:
            self._ws.send(text)
        except Exception as exc:           # the socket refused it (not open after all): counted as closed
            self._drop(f"send failed: {_first_line(exc)}", LOST)
            return
        self._spoken = True

    def poll(self) -> list[tuple[str, str | None]]:
        """What happened since the last call, after the keepalive's checks."""
        self._free_spent()
        self.tick()
        events, self._events = self._events, []
        return events

    def close(self) -> None:
        """End the connection; a ``("closed", ...)`` follows (none if there was none to end)."""
        if self._ws is not None:
            self._drop("closed by this side", BY_CLIENT)

    def shutdown(self, wait: bool = True) -> None:
        """Close and free the page's callbacks now (the screen that held the link is gone); nothing
        here waits, ``wait`` or not."""
        self.close()
        self._events = []
        self._free_spent()

    @property
    def active(self) -> bool:
        """A socket is connecting or open (its end may not have been polled yet)."""
        return self._ws is not None

    # --- keepalive -------------------------------------------------------------------------------------
    def tick(self) -> None:
        """Ping when one is due; close a connection that went quiet."""
        if self._ws is None:
            return
        now = self.clock()
        if not self._open:
            if now - self._started >= self.quiet:
                self._drop("no answer", TIMEOUT)        # an address that never answers
            return
        if self._unanswered and now - self._heard >= self.quiet:
            self._drop("quiet", TIMEOUT)
            return
        if self._spoken and now - self._pinged >= self.keepalive:
            self._ping(now)

    def _ping(self, now: float) -> None:
        try:
            self._ws.send(json.dumps({"type": "ping", "id": self._next_ping}, separators=(",", ":")))
        except Exception as exc:
            self._drop(f"send failed: {_first_line(exc)}", LOST)
            return
        self._next_ping -= 1
        self._pinged = now
        self._unanswered = True
        self.pings += 1

    # --- the socket's callbacks ----------------------------------------------------------------------
    def _on_open(self, event) -> None:
        self._open = True
        self._heard = self._pinged = self.clock()
        self._events.append((OPEN, None))

    def _on_message(self, event) -> None:
        self._heard = self.clock()
        self._unanswered = False
        data = event.data
        if not isinstance(data, str):      # the server sends text frames only
            return
        if len(data) < _PONG_MAX and '"pong"' in data and self._own_pong(data):
            self.pongs += 1
            return
        self._events.append((MESSAGE, data))

    @staticmethod
    def _own_pong(data: str) -> bool:
        try:
            msg = json.loads(data)
        except ValueError:
            return False
        if not isinstance(msg, dict) or msg.get("type") != "pong":
            return False
        rid = msg.get("id")
        return isinstance(rid, int) and rid < 0

    def _on_error(self, event) -> None:
        """An error while connecting is the attempt's end (Node's WebSocket sends no close event
        after it, a browser's does); after opening, the close event that follows says it."""
        if not self._open:
            self._drop("no connection", NO_CONNECTION)

    def _on_close(self, event) -> None:
        code = getattr(event, "code", None)
        reason = getattr(event, "reason", "") or ""
        was_open = self._open
        self._release()
        if not was_open:
            end = Ending(f"no connection ({code})", NO_CONNECTION)
        elif code == 1006 or not isinstance(code, int):          # the browser's word for "no close frame came"
            end = Ending(f"closed by the server ({code})", LOST, 1006)
        else:
            end = Ending(f"closed by the server ({code}{': ' + reason if reason else ''})", BY_SERVER, code, reason)
        self._events.append((CLOSED, end))

    # --- ending -------------------------------------------------------------------------------------------
    def _drop(self, reason: str, cause: str) -> None:
        """Close the socket from this side and report it; its own close event is not heard."""
        ws = self._ws
        self._release()
        try:
            ws.close()
        except Exception:                  # already closing
            pass
        self._events.append((CLOSED, Ending(reason, cause)))

    def _release(self) -> None:
        """Forget the socket: unhook its callbacks, free their proxies, stop the timer."""
        ws, self._ws = self._ws, None
        if ws is not None:
            for name in ("onopen", "onmessage", "onclose", "onerror"):
                try:
                    setattr(ws, name, None)
                except Exception:
                    pass
        self._spent += self._handlers
        self._handlers = []
        self._stop_timer()
        self._open = False

    def _free_spent(self) -> None:
        """Free the proxies of sockets and timers already let go (not while one of them runs)."""
        spent, self._spent = self._spent, []
        for p in spent:
            destroy = getattr(p, "destroy", None)
            if destroy is not None:
                try:
                    destroy()
                except Exception:
                    pass

    def _start_timer(self) -> None:
        if not self._timers or self._timer is not None:
            return
        try:
            import js
            proxy = (self._proxy or _page_proxy())(self._on_timer)
            self._timer = (js.setInterval(proxy, TIMER_MS), proxy)
        except Exception:                  # no page timer: poll() alone runs the checks
            self._timer = None

    def _on_timer(self, *args) -> None:
        try:
            self.tick()
        except Exception:                  # a timer must not raise into the page
            pass

    def _stop_timer(self) -> None:
        if self._timer is None:
            return
        tid, proxy = self._timer
        self._timer = None
        try:
            import js
            js.clearInterval(tid)
        except Exception:
            pass
        self._spent.append(proxy)


def _page_websocket():
    # the page's (or Node's) WebSocket; ImportError on the desktop
    from js import WebSocket
    return WebSocket


def _page_proxy():
    from pyodide.ffi import create_proxy
    return create_proxy


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[-1][:200] if text else type(exc).__name__
