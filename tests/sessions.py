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

A module whose tests open many network games shares one server process
among them: it imports the ``net_server`` fixture (module-scoped) and passes
``server_of(request, kind)`` to ``open_game``, which starts that server only
when a network game asks for it.

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
from retrocatan.scenarios import config_for
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


@pytest.fixture(scope="module")
def net_server(tmp_path_factory):
    """One ``retrocatan serve`` process for a module's network games (its creates unlimited)."""
    db = tmp_path_factory.mktemp("serve") / "games.sqlite3"
    with ServerProcess(str(db), "--creates-per-minute", "10000") as server:
        yield server


def server_of(request, kind: str):
    """The module's server for a network game (``net_server``, started at its first use), or None."""
    return request.getfixturevalue("net_server") if kind == "net" else None


def wait_until(cond, pump=lambda: None, seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "waited too long"
        pump()
        time.sleep(0.002)


def join_seat(url: str, app: App, watch: bool = False, **seat) -> NetGameScene:
    """A window's seat at a server's game (``seat``: ``code``, ``name``, ``colour``, or ``game`` and
    ``token`` to take one again), its game screen shown once the server sent the game."""
    return show_seat(app, start_seat(url, watch, **seat))


def start_seat(url: str, watch: bool = False, **seat) -> NetSeat:
    """A seat's connection to a server's game, asked for (``join_seat``'s ``seat``)."""
    net = NetSeat(ThreadLink(), url, watch=watch, **seat)
    net.start()
    return net


def under_way(net: NetSeat) -> bool:
    """Whether the server sent ``net`` its game, under way (or over)."""
    return net.state is not None and (net.table or {}).get("status") in ("playing", "over")


def show_seat(app: App, net: NetSeat) -> NetGameScene:
    """``net``'s game screen in ``app``, once the server sent the game under way."""
    wait_until(lambda: under_way(net), net.update)
    scene = NetGameScene(app, NetSession(net))
    app.switch(scene)
    return scene


def close_seat(scene) -> None:
    """The network seat's connection and thread ended (a test's end)."""
    close_net(scene.session.net)


def close_net(net: NetSeat) -> None:
    net.stop()
    net.link.shutdown()


def local_config(config: dict, seed: int) -> GameConfig:
    """``config`` (``players``, a shipped ``scenario``'s id, rule options) at this machine, dealt by ``seed``."""
    config = dict(config)
    scenario = config.pop("scenario", None)
    if scenario:
        return config_for(scenario, config.pop("players"), seed=seed, **config)
    return GameConfig(**config, seed=seed)


@contextlib.contextmanager
def open_game(kind: str, tmp_path, config: dict, levels: list[str], name: str = "You", seed: int = 5,
              clocks: dict | None = None, app: App | None = None, server: ServerProcess | None = None,
              speed: int = OPTION_DEFAULTS["speed"]):
    """The window ``app`` (a fresh one by default) showing the game screen of ``config`` (a
    ``GameConfig``'s fields, a shipped scenario by its id) with the person ``name`` in seat 0
    and a computer of each of ``levels`` in the others: a game at this machine (``kind``
    "local", dealt by ``seed``) or at a ``retrocatan serve`` process (``kind`` "net", dealt by
    the server; ``clocks``: its pace's changes; ``server``: a running one, else one of its
    own for the block; ``speed``: the window's computer speed at this machine). Yields the
    app; the seat's connection (and a server of the block's own) end with the block."""
    with open_table(kind, tmp_path, config, levels, [name], seed, clocks, app, server, speed) as apps:
        yield apps[0]


@contextlib.contextmanager
def open_table(kind: str, tmp_path, config: dict, levels: list[str], names: list[str], seed: int = 5,
               clocks: dict | None = None, app: App | None = None, server: ServerProcess | None = None,
               speed: int = OPTION_DEFAULTS["speed"]):
    """``open_game`` with a person of each of ``names`` in the first seats: at this machine they
    share one window (the hot seat), at a server each has a window of its own. Yields the
    windows (one at this machine; at a server one a person, seat by seat)."""
    app = app or App(can_quit=False, storage=MemoryStorage())
    people = len(names)
    if kind == "local":
        seats = ([SeatSpec("human", name) for name in names]
                 + [SeatSpec(level, f"C{p}") for p, level in enumerate(levels, people)])
        session = GameSession(local_config(config, seed), seats, speed=speed)
        app.switch(GameScene(app, session))
        yield [app]
        return
    with contextlib.ExitStack() as stack:
        if server is None:
            server = stack.enter_context(ServerProcess(str(tmp_path / "games.sqlite3")))
        seats = [{"kind": "open"}] * people + [{"kind": "computer", "level": level} for level in levels]
        got = asyncio.run(create_game(server.url, config, clocks=clocks or FAST_CLOCKS, start="full", seats=seats))
        nets = [start_seat(server.url, code=got["code"], name=name, colour=p) for p, name in enumerate(names)]
        for net in nets:
            stack.callback(close_net, net)
        wait_until(lambda: all(under_way(net) for net in nets), lambda: [net.update() for net in nets])
        apps = [app] + [App(can_quit=False, storage=MemoryStorage()) for _ in names[1:]]
        for window, net in zip(apps, nets):
            show_seat(window, net)
        yield apps
