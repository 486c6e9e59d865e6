"""The desktop's link (``link.Link``): a thread running ``websockets`` in an
event loop of its own, with a queue each way. ``connect``, ``send``,
``poll`` and ``close`` only put into or take from a queue, so the drawing
thread never waits on the network. Pings every ``KEEPALIVE_SECONDS`` (the
``websockets`` keepalive) close a connection that went quiet."""

from __future__ import annotations

import asyncio
import queue
import threading

from .link import CLOSED, KEEPALIVE_SECONDS, MESSAGE, OPEN, QUIET_SECONDS

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

    def shutdown(self) -> None:
        """Close, let the connection end, and stop the thread (the window closes)."""
        loop = self._loop
        if loop is None:
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

    async def _finish(self) -> None:
        """Close the connection with its closing handshake (the server learns at once), then
        cancel whatever of the thread is left and let it end."""
        task = self._task
        self._end()
        if task is not None:
            await asyncio.wait([task], timeout=3)
        pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in pending:
            t.cancel()
        if pending:
            await asyncio.wait(pending, timeout=3)

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
        reason = "closed"
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
        except asyncio.CancelledError:
            reason = "closed by the client"
        except Exception as exc:        # refused, reset, a bad address, a handshake: all mean "not connected"
            reason = f"{type(exc).__name__}: {exc}"[:200]
        finally:
            if self._task in (None, asyncio.current_task()):       # not when a new connection replaced it
                self._task = self._ws = None
                self.is_open = False
                self._inbox.put((CLOSED, reason))

    async def _sending(self, ws, outbox: asyncio.Queue) -> None:
        while True:
            text = await outbox.get()
            await ws.send(text)
