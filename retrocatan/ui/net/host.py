"""The server a window hosts: ``retrocatan serve``'s hub in a thread of the
window's process, with its games in SQLite in the user folder
(``server.sqlite3``), so that friends join it at this machine's address.
A game hosted here goes on when the window is opened again: My games starts
the server again on the same port."""

from __future__ import annotations

import asyncio
import os
import socket
import tempfile
import threading

DB_NAME = "server.sqlite3"
_SCRATCH: list[str] = []        # the folder of a storage that has none (the browser's, a test's in memory)
PORT = 8765


def user_db(storage) -> str:
    """Where the hosted games are kept: the user folder of ``storage`` (a temporary folder for
    a storage without one, as the tests' memory storage)."""
    folder = getattr(storage, "folder", None)
    if folder is None:
        if not _SCRATCH:
            _SCRATCH.append(tempfile.mkdtemp(prefix="retrocatan-host-"))
        folder = _SCRATCH[0]
    return os.path.join(folder, DB_NAME)


def lan_address() -> str:
    """This machine's address on its network, as friends reach it (127.0.0.1 if none)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))          # no packet is sent: this only picks the outgoing interface
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


class HostedServer:
    """The hub serving on ``host``:``port`` (0: a free port) until ``stop``."""

    def __init__(self, db: str, host: str = "0.0.0.0", port: int = PORT, clock=None) -> None:
        self.db, self.host, self.want_port, self.clock = db, host, port, clock
        self.port: int | None = None
        self.error: str | None = None
        self.pool = None                # its computers' pool (server/pool.py), once it runs
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="retrocatan-server", daemon=True)

    def start(self, wait: float = 10.0) -> HostedServer:
        self._thread.start()
        self._ready.wait(wait)
        return self

    @property
    def running(self) -> bool:
        return self.port is not None and self._thread.is_alive()

    def url(self, address: str = "127.0.0.1") -> str:
        return f"ws://{address}:{self.port}"

    def _run(self) -> None:
        from ...server.hub import HOST_CLOSED, Hub, serve
        from ...server.pool import ComputerPool
        from ...server.store import open_store
        # The runner's close cancels what is left on the loop (a connection in its handshake) and
        # lets it end there, as asyncio.run does: nothing of the loop is freed later with it closed.
        runner = asyncio.Runner()
        self._loop = runner.get_loop()
        store = None
        pool = self.pool = ComputerPool()       # the computer seats think in processes of their own, as with serve
        try:
            store = open_store(self.db)
            hub = Hub(store, self.clock, pool=pool)
            self._stop = asyncio.Event()

            def ready(port: int) -> None:
                self.port = port
                self._ready.set()

            # Stopped, it closes every connection with 1001 "host closed": friends' windows say the host's is gone.
            runner.run(serve(hub, self.host, self.want_port, ready=ready, stop=self._stop, farewell=HOST_CLOSED))
        except Exception as exc:         # the port taken, the folder not writable: said on the screen
            self.error = f"{type(exc).__name__}: {exc}"[:200]
        finally:
            self._ready.set()
            runner.close()
            pool.close()
            if store is not None:
                store.close()

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
            self._thread.join(10)


_HOSTED: list[HostedServer] = []


def hosted(storage, port: int = PORT, host: str = "0.0.0.0") -> HostedServer:
    """The window's own server, started once (on ``port``, or a free one if that is taken)."""
    if _HOSTED and _HOSTED[0].running:
        return _HOSTED[0]
    _HOSTED.clear()
    server = HostedServer(user_db(storage), host, port).start()
    if not server.running and port:
        server = HostedServer(user_db(storage), host, 0).start()
    _HOSTED.append(server)
    return server
