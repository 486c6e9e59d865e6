"""The game screen's two sessions for the tests that play as people play: the
same game opened in the real window (headless) either at this machine
(``GameSession``) or as one seat at a real ``retrocatan serve`` process on
127.0.0.1 (``NetSession``), the person in seat 0 and computers in the others.
A test takes the ``session_kind`` fixture (or parametrizes over
``SESSIONS``), opens its game with ``open_game`` and plays it by keys, pad or
mouse through the game screen, whichever session it is:

    def test_x(pyxel_headless, tmp_path, session_kind):
        with open_game(session_kind, tmp_path, {"players": 3}, ["easy", "easy"]) as app:
            bot = Robot(app, "keyboard")
            bot.play_to_end()

The computers are the server's at a network game (they decide at once,
``computer_delay`` 0) and the window's at one machine (at the window's
default pace, ``speed``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest
from netplay import ServerProcess

from retrocatan.engine import GameConfig
from retrocatan.net.client import create_game
from retrocatan.saves import OPTION_DEFAULTS
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.net.seat import NetSeat
from retrocatan.ui.net.session import NetSession
from retrocatan.ui.net.thread_link import ThreadLink
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.scenes.network_game import NetGameScene
from retrocatan.ui.session import GameSession, SeatSpec

SESSIONS = ("local", "net")
FAST_CLOCKS = {"computer_delay": 0}


@pytest.fixture(params=SESSIONS)
def session_kind(request) -> str:
    return request.param


def wait_until(cond, pump=lambda: None, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "waited too long"
        pump()
        time.sleep(0.002)


def join_seat(url: str, app: App, watch: bool = False, **seat) -> NetGameScene:
    """A window's seat at a server's game (``seat``: ``code``, ``name``, ``colour``, or ``game`` and
    ``token`` to take one again), its game screen shown once the server sent the game."""
    net = NetSeat(ThreadLink(), url, watch=watch, **seat)
    net.start()
    wait_until(lambda: net.state is not None and (net.table or {}).get("status") in ("playing", "over"),
               net.update)
    scene = NetGameScene(app, NetSession(net))
    app.switch(scene)
    return scene


def close_seat(scene) -> None:
    """The network seat's connection and thread ended (a test's end)."""
    net = scene.session.net
    net.stop()
    net.link.shutdown()


@contextlib.contextmanager
def open_game(kind: str, tmp_path, config: dict, levels: list[str], name: str = "You", seed: int = 5,
              clocks: dict | None = None, app: App | None = None):
    """The window ``app`` (a fresh one by default) showing the game screen of ``config`` (a
    ``GameConfig``'s fields) with the person ``name`` in seat 0 and a computer of each of
    ``levels`` in the others: a game at this machine (``kind`` "local", dealt by ``seed``) or
    at a ``retrocatan serve`` process (``kind`` "net", dealt by the server; ``clocks``: its
    pace's changes). Yields the app; the server and the seat's connection end with the block."""
    app = app or App(can_quit=False, storage=MemoryStorage())
    if kind == "local":
        seats = [SeatSpec("human", name)] + [SeatSpec(level, f"C{p}") for p, level in enumerate(levels, 1)]
        session = GameSession(GameConfig(**config, seed=seed), seats, speed=OPTION_DEFAULTS["speed"])
        app.switch(GameScene(app, session))
        yield app
        return
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        seats = [{"kind": "open"}] + [{"kind": "computer", "level": level} for level in levels]
        got = asyncio.run(create_game(server.url, config, clocks=clocks or FAST_CLOCKS, start="full", seats=seats))
        scene = join_seat(server.url, app, code=got["code"], name=name, colour=0)
        try:
            yield app
        finally:
            close_seat(scene)
