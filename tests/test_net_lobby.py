"""Open games on a server (issue 50, item 5), by keys, pad and mouse against a
real ``retrocatan serve`` process: the games created with ``listed: true``
are shown (not the others), with their board, free seats, points and pace;
one key joins the chosen one with the name last used; a game hosted from the
window's Host a game with "Listed" on is among them."""

from __future__ import annotations

import asyncio
import gc

import pytest
from net_window_process import until
from netplay import ServerProcess
from test_net_join_screens import DEVICES, drawn, type_in
from ui_robot import Robot

from retrocatan.net.client import one_request
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.net import games as my_games
from retrocatan.ui.scenes.network_open import OpenGamesScene
from retrocatan.ui.scenes.network_room import RoomScene


def create(url: str, listed: bool, players: int = 3, pace: str = "post") -> dict:
    msg = {"type": "create", "config": {"players": players}, "pace": pace, "start": "owner",
           "seats": [{"kind": "open"}] * players}
    if listed:
        msg["listed"] = True
    return asyncio.run(one_request(url, msg))


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", DEVICES)
def test_net_lobby_lists_the_listed_open_games_and_joins_one_with_one_key(pyxel_headless, tmp_path, device):
    gc.collect()
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        listed = create(server.url, True, players=4)
        create(server.url, False)
        storage = MemoryStorage()
        my_games.remember_player(storage, name="Cleo", colour=None)
        app = App(can_quit=False, storage=storage)
        bot = Robot(app, device)
        bot.frame()
        bot.choose(app.scene.menu, "network")
        bot.choose(app.scene.menu, "open")
        scene = app.scene
        assert isinstance(scene, OpenGamesScene)
        type_in(bot, scene, "url", server.url[len("ws://"):])
        until([bot], lambda: scene.request is None and scene.games is not None)
        assert [g["code"] for g in scene.games] == [listed["code"]]
        assert my_games.last_server(storage) == server.url[len("ws://"):]
        line = next(it for it in scene.menu.items if it.value == 0)
        bot.choose(scene.menu, "again")                    # R: asked again, the same answer
        until([bot], lambda: scene.request is None and scene.games is not None)
        from test_net_leave_screens import point_at
        point_at(bot, scene.menu, 0)
        texts = drawn(bot)
        assert "4 of 4 seats free" in texts and "Pace: by post (a move a day)" in texts
        assert "Enter: join as Cleo" in texts and line.label.startswith(listed["code"])
        bot.choose(scene.menu, 0)
        until([bot], lambda: isinstance(app.scene, RoomScene) and app.scene.net.table)
        room = app.scene
        assert room.net.table["code"] == listed["code"] and room.net.table["seats"][room.net.seat]["name"] == "Cleo"
        assert [e["code"] for e in my_games.load(storage)] == [listed["code"]]
        room.net.stop()
        room.net.link.shutdown()
        app = bot = scene = room = None
        gc.collect()
