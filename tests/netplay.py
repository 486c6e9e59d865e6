"""Network games for tests: a real server on the loopback address (in a
thread of this process, or as a ``retrocatan serve`` process), and clients
that play on it through real sockets."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading

from retrocatan.clients.bot import Bot
from retrocatan.net.client import Seat, create_game
from retrocatan.server.hub import Hub, Limits, serve
from retrocatan.server.store import open_store

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class ServerThread:
    """``retrocatan serve``'s hub on 127.0.0.1, on a free port, in a thread with its own event loop."""

    def __init__(self, db: str, clock=None, limits: Limits | None = None, **hub) -> None:
        self.store = open_store(db)
        self.hub = Hub(self.store, clock, limits or Limits(rate=10_000, burst=10_000), **hub)
        self.loop = asyncio.new_event_loop()
        self.port = None
        self._ready = threading.Event()
        self._stop = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._stop = asyncio.Event()

        def ready(port: int) -> None:
            self.port = port
            self._ready.set()

        try:
            self.loop.run_until_complete(serve(self.hub, "127.0.0.1", 0, ready=ready, stop=self._stop))
        finally:            # what is left (a connection in its handshake) ends here, not later with no loop
            pending = asyncio.all_tasks(self.loop)
            for task in pending:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def call(self, fn, *args):
        """Run ``fn(*args)`` on the server's loop (its state is the loop's alone); its result."""
        fut = asyncio.run_coroutine_threadsafe(_call(fn, *args), self.loop)
        return fut.result(30)

    def __enter__(self) -> ServerThread:
        self.thread.start()
        if not self._ready.wait(30):
            raise RuntimeError("the server did not start")
        return self

    def __exit__(self, *exc) -> None:
        self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(30)
        self.store.close()


async def _call(fn, *args):
    return fn(*args)


class ServerProcess:
    """``retrocatan serve`` as a process of its own (killed at the end)."""

    def __init__(self, db: str, *extra: str) -> None:
        self.db = db
        self.extra = extra
        self.proc = None
        self.port = None

    def start(self, port: int = 0) -> ServerProcess:
        env = {**os.environ, "PYTHONPATH": ROOT}
        self.proc = subprocess.Popen([sys.executable, "-m", "retrocatan", "serve", "--port", str(port), "--db",
                                      self.db, "--json", *self.extra], stdout=subprocess.PIPE, text=True, env=env,
                                     cwd=ROOT)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the server did not start")
        self.port = json.loads(line)["port"]
        return self

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.kill()


def play_network_game(url: str, config: dict, players: int, level: str = "normal", watch: bool = True,
                      timeout: float = 240) -> dict:
    """A whole game with every seat a network computer client and a spectator: the texts each
    one received, as they came (``"texts"``: seat or -1, the spectator -> list; texts, not the
    parsed messages: a string is no work for Python's collector, a game's thousands of parsed
    states would be, at every collection of the oldest generation), the bots' results, the
    record."""

    def keep_texts(seat: Seat, texts: list) -> None:
        receive = seat._receive
        seat._receive = lambda raw: (texts.append(raw), receive(raw))[1]

    async def main():
        got = await create_game(url, config, clocks={"computer_delay": 0}, start="full")
        bots = [Bot(url, got["code"], level, name=f"Bot {i}", colour=i) for i in range(players)]
        texts: dict[int, list] = {i: [] for i in range(-1 if watch else 0, players)}
        for i, b in enumerate(bots):
            keep_texts(b.seat, texts[i])
        spectator = None
        if watch:
            spectator = Seat(url, code=got["code"], watch=True)
            keep_texts(spectator, texts[-1])
            spec_task = asyncio.create_task(spectator.run())
        results = await asyncio.gather(*(b.play(timeout) for b in bots))
        if spectator is not None:
            for _ in range(200):
                if spectator.over:
                    break
                await asyncio.sleep(0.05)
            spectator.stop()
            spec_task.cancel()
        record = bots[0].seat.record
        return {"game": got, "texts": texts, "results": results, "record": record}

    return asyncio.run(main())
