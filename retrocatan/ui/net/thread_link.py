"""The desktop's link (``link.Link``): a thread running ``websockets`` in an
event loop of its own, with a queue each way. ``connect``, ``send``,
``poll`` and ``close`` only put into or take from a queue, so the drawing
thread never waits on the network. Pings every ``KEEPALIVE_SECONDS`` (the
``websockets`` keepalive) close a connection that went quiet."""

from __future__ import annotations

import asyncio
import errno
import queue
import socket
import threading

from .link import (
    BY_CLIENT,
    BY_SERVER,
    CLOSED,
    KEEPALIVE_SECONDS,
    LOST,
    MESSAGE,
    NO_CONNECTION,
    NO_LISTENER,
    NO_NAME,
    NO_ROUTE,
    OPEN,
    QUIET_SECONDS,
    TIMEOUT,
    Ending,
)

MAX_SERVER_MESSAGE = 16 * 1024 * 1024       # a finished game's record, a state with a big map (protocol.md)


class ThreadLink:
    """One WebSocket connection at a time, run by a daemon thread."""

    def __init__(self) -> None:
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()      # (kind, text) to the frame
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._outbox: asyncio.Queue | None = None
        self._task: asyncio.Task | None = None
        self._ws = None                 # the open connection (the thread's own)
        self._ready = threading.Event()
        self.is_open = False

    # --- the frame's side ---------------------------------------------------------------------------
    def connect(self, url: str) -> None:
        self._start()
        self._loop.call_soon_threadsafe(self._begin, url)

    def send(self, text: str) -> None:
        if self._loop is not None and self.is_open:
            self._loop.call_soon_threadsafe(self._put, text)

    def poll(self) -> list[tuple[str, str | None]]:
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._end)

    def shutdown(self, wait: bool = True) -> None:
        """Close, let the connection end, and stop the thread (the window closes). ``wait=False``:
        the thread does it by itself and the frame goes on at once (a server that does not answer
        would hold it for the closing handshake's time)."""
        loop = self._loop
        if loop is None:
            return
        if not wait:
            self._loop = None
            asyncio.run_coroutine_threadsafe(self._finish(stop=True), loop)
            return
        try:
            asyncio.run_coroutine_threadsafe(self._finish(), loop).result(5)
        except Exception:       # the thread is gone or stuck: it is a daemon, the process ends it
            pass
        loop.call_soon_threadsafe(loop.stop)
        self._thread.join(5)
        self._loop = None

    # --- the thread's side ----------------------------------------------------------------------------
    def _start(self) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="retrocatan-link", daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    def _begin(self, url: str) -> None:
        self._end()
        self._outbox = asyncio.Queue()
        self._task = asyncio.ensure_future(self._connection(url, self._outbox))

    async def _finish(self, stop: bool = False) -> None:
        """Close the connection with its closing handshake (the server learns at once), then
        cancel whatever of the thread is left and let it end (``stop``: the loop too)."""
        task = self._task
        self._end()
        if task is not None:
            await asyncio.wait([task], timeout=3)
        pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in pending:
            t.cancel()
        if pending:
            await asyncio.wait(pending, timeout=3)
        if stop:
            asyncio.get_running_loop().stop()

    def _put(self, text: str) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait(text)

    def _end(self) -> None:
        """End the connection: closed with its handshake when open, else no longer tried."""
        task, ws = self._task, self._ws
        self._task = self._ws = None
        if task is None or task.done():
            return
        if ws is not None:
            asyncio.ensure_future(ws.close())       # the reading ends, the task reports the close
        else:
            task.cancel()

    async def _connection(self, url: str, outbox: asyncio.Queue) -> None:
        from websockets.asyncio.client import connect
        end = Ending("closed by the client", BY_CLIENT)
        try:
            async with connect(url, max_size=MAX_SERVER_MESSAGE, compression=None, open_timeout=5,
                               ping_interval=KEEPALIVE_SECONDS, ping_timeout=QUIET_SECONDS - KEEPALIVE_SECONDS,
                               close_timeout=2) as ws:
                if asyncio.current_task() is not self._task:
                    return          # ended while it was being opened
                self._ws = ws
                self.is_open = True
                self._inbox.put((OPEN, None))
                sender = asyncio.ensure_future(self._sending(ws, outbox))
                try:
                    async for raw in ws:
                        if isinstance(raw, str):
                            self._inbox.put((MESSAGE, raw))
                finally:
                    sender.cancel()
                end = _closed_cleanly(ws)
        except asyncio.CancelledError:
            pass
        except Exception as exc:        # refused, reset, a bad address, a handshake: all mean "not connected"
            end = ending_of(exc)
        finally:
            if self._task in (None, asyncio.current_task()):       # not when a new connection replaced it
                self._task = self._ws = None
                self.is_open = False
                self._inbox.put((CLOSED, end))

    async def _sending(self, ws, outbox: asyncio.Queue) -> None:
        while True:
            text = await outbox.get()
            await ws.send(text)


_NO_ROUTE = {errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ENETDOWN, errno.EHOSTDOWN}


def _closed_cleanly(ws) -> Ending:
    """The end of a connection whose closing handshake was made: by the server (its code and
    reason) or by this side."""
    proto = ws.protocol
    rcvd = proto.close_rcvd
    if rcvd is not None and (proto.close_sent is None or proto.close_rcvd_then_sent):
        return _by_server(rcvd.code, rcvd.reason)
    return Ending("closed by the client", BY_CLIENT)


def _by_server(code: int, reason: str) -> Ending:
    return Ending(f"closed by the server ({code}{': ' + reason if reason else ''})", BY_SERVER, code, reason)


def ending_of(exc: BaseException) -> Ending:
    """What an exception of connecting or of an open connection says about its end."""
    from websockets.exceptions import ConnectionClosed, InvalidURI
    text = f"{type(exc).__name__}: {exc}"[:200]
    if isinstance(exc, ConnectionClosed):
        if exc.rcvd is not None:
            return _by_server(exc.rcvd.code, exc.rcvd.reason)
        if exc.sent is not None and exc.sent.code == 1011:         # the keepalive's ping went unanswered
            return Ending(text, TIMEOUT)
        return Ending(text, LOST, 1006)
    if isinstance(exc, (socket.gaierror, InvalidURI)):
        return Ending(text, NO_NAME)
    if isinstance(exc, ConnectionRefusedError):
        return Ending(text, NO_LISTENER)
    if isinstance(exc, TimeoutError):
        return Ending(text, TIMEOUT)
    if isinstance(exc, OSError) and (exc.errno in _NO_ROUTE or isinstance(exc.__cause__, socket.gaierror)):
        return Ending(text, NO_NAME if isinstance(exc.__cause__, socket.gaierror) else NO_ROUTE)
    if isinstance(exc, OSError) and exc.errno is None and "refused" in str(exc).lower():
        return Ending(text, NO_LISTENER)        # every address of the name refused (asyncio's "Multiple exceptions")
    if isinstance(exc, OSError):
        return Ending(text, LOST)
    return Ending(text, NO_CONNECTION)          # a handshake that is not a game server's, and the like
