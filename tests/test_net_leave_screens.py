"""Every network screen outside the game can be left at every moment (Esc,
the pad's B, a right click), also while its server does not answer, and
says what it waits for (issue 49, item 2): Host a game while the game is
being created, Join while connecting, Open games while asking, My games
while asking for a record, a game's stages while asking, the waiting room
while its server is gone. The server that does not answer is a real socket
that accepts connections and never says a word; the one that is gone, a
``retrocatan serve`` process killed."""

from __future__ import annotations

import asyncio
import gc
import socket

import pytest
import pyxel
from net_window_process import until
from netplay import ServerProcess
from test_net_join_screens import DEVICES, drawn, leave, type_in
from test_ui_editor_drafts import press
from ui_robot import Robot

from retrocatan.net.client import create_game
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.net import games as my_games
from retrocatan.ui.net import host
from retrocatan.ui.scenes.network import NetworkScene
from retrocatan.ui.scenes.network_games import GamesScene
from retrocatan.ui.scenes.network_host import HostScene
from retrocatan.ui.scenes.network_join import JoinScene
from retrocatan.ui.scenes.network_open import OpenGamesScene
from retrocatan.ui.scenes.network_room import RoomScene
from retrocatan.ui.scenes.network_stages import StagesScene
from retrocatan.ui.scenes.title import TitleScene


class Silent:
    """A socket on 127.0.0.1 that takes connections and never answers (a server stuck, a
    firewall that swallows): a WebSocket handshake to it waits until its time-out."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.address = f"127.0.0.1:{self.sock.getsockname()[1]}"
        self.url = "ws://" + self.address

    def __enter__(self) -> Silent:
        return self

    def __exit__(self, *exc) -> None:
        self.sock.close()


def point_at(bot, menu, value) -> None:
    """The cursor on the line of ``value`` (the pointer over it), nothing chosen."""
    index = next(i for i, it in enumerate(menu.items) if it.value == value)
    if bot.device == "mouse":
        x, y, w, h = menu.item_rect(index)
        pyxel.set_mouse_pos(x + w // 2, y + h // 2)
        bot.frame()
    while menu.index != index:
        bot.press("down" if menu.index < index else "up")


def screen(device: str, *keys: str, storage=None):
    app = App(can_quit=False, storage=storage or MemoryStorage())
    bot = Robot(app, device)
    bot.frame()
    for key in keys:
        bot.choose(app.scene.menu, key)
    return app, bot


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", DEVICES)
def test_net_leave_host_join_and_open_games_while_the_server_does_not_answer(pyxel_headless, device):
    gc.collect()
    with Silent() as silent:
        # Host a game on a server that never answers: it says what it asks, and Esc stops asking.
        app, bot = screen(device, "network", "host")
        scene = app.scene
        assert isinstance(scene, HostScene)
        bot.choose(scene.menu, "where", adjust=1)
        type_in(bot, scene, "server", silent.address)
        bot.choose(scene.menu, "go")
        assert scene.request is not None and f"Asking {silent.url} to open the game" in drawn(bot)
        leave(bot)
        assert app.scene is scene and scene.request is None and scene.message == "Stopped. Every line is kept."
        leave(bot)
        assert isinstance(app.scene, NetworkScene) and host._HOSTED == []
        # Join while connecting.
        bot.choose(app.scene.menu, "join")
        scene = app.scene
        assert isinstance(scene, JoinScene)
        type_in(bot, scene, "url", silent.address)
        type_in(bot, scene, "code", "ABCD2345")
        bot.choose(scene.menu, "go")
        assert scene.joining is not None and f"Connecting to {silent.url}" in drawn(bot)
        leave(bot)
        assert app.scene is scene and scene.joining is None and scene.fields["code"] == "ABCD2345"
        leave(bot)
        assert isinstance(app.scene, NetworkScene) and my_games.load(app.storage) == []
        # Open games while asking.
        bot.choose(app.scene.menu, "open")
        scene = app.scene
        assert isinstance(scene, OpenGamesScene)
        type_in(bot, scene, "url", silent.address)
        assert scene.request is not None and f"Asking {silent.url} for its open games" in drawn(bot)
        leave(bot)
        assert isinstance(app.scene, NetworkScene)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", DEVICES)
def test_net_leave_my_games_and_stages_while_the_server_does_not_answer(pyxel_headless, device):
    gc.collect()
    with Silent() as silent:
        storage = MemoryStorage()
        my_games.keep(storage, {"url": silent.url, "token": "t1" * 16, "code": "ABCD2345", "game": "g1",
                                "name": "Anna", "seat": 0, "status": "over"})
        my_games.keep(storage, {"url": silent.url, "token": "t2" * 16, "code": "EFGH6789", "game": "g2",
                                "name": "Anna", "seat": 0, "status": "playing"})
        app, bot = screen(device, "network", "games", storage=storage)
        scene = app.scene
        assert isinstance(scene, GamesScene) and [e["code"] for e in scene.entries] == ["EFGH6789", "ABCD2345"]
        point_at(bot, scene.menu, 1)                        # the finished game ...
        bot.choose(scene.menu, "replay")                    # ... its record asked for
        assert scene.fetching is not None and scene.fetching[0]["code"] == "ABCD2345"
        assert "Asking the server..." in drawn(bot)
        leave(bot)
        assert app.scene is scene and scene.fetching is None
        point_at(bot, scene.menu, 0)                        # the game in progress: its stages
        if device == "mouse":
            bot.choose(scene.menu, "replay")                # the pointer from the line to Replay
        elif device == "gamepad":
            press(bot, pyxel.GAMEPAD1_BUTTON_Y)
        else:
            bot.press_key(pyxel.KEY_F)
        stages = app.scene
        assert isinstance(stages, StagesScene) and stages.entry["code"] == "EFGH6789" and stages.request
        assert "Asking the server..." in drawn(bot)
        leave(bot)
        assert isinstance(app.scene, GamesScene)
        leave(bot)
        assert isinstance(app.scene, NetworkScene)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", DEVICES)
def test_net_leave_the_waiting_room_while_its_server_is_gone_and_it_says_so(pyxel_headless, tmp_path, device):
    """A seat in the waiting room of a ``retrocatan serve`` process that is killed: the room says
    the server does not answer, since when, that the game waits; Esc (B, right click) leaves."""
    gc.collect()
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, seats=[{"kind": "open"}] * 3))
        app, bot = screen(device, "network", "join")
        scene = app.scene
        type_in(bot, scene, "url", server.url[len("ws://"):])
        type_in(bot, scene, "code", got["code"])
        bot.choose(scene.menu, "go")
        until([bot], lambda: isinstance(app.scene, RoomScene) and app.scene.net.table)
        room = app.scene
        assert "Waiting for the host to start the game" in drawn(bot)
        server.kill()
        until([bot], lambda: room.net.trouble() is not None)
        texts = drawn(bot)
        assert "The server does not answer (since " in texts and "the game waits" in texts
        leave(bot)
        assert isinstance(app.scene, TitleScene)
        assert [e["code"] for e in my_games.load(app.storage)] == [got["code"]]       # the seat stays
