"""Host a game on a server given by its address (issue 50, item 4) and the
host's waiting room (issue 49, item 5), by keys and by the mouse, against a
real ``retrocatan serve`` process: the game is created there (the window
starts no server of its own), the address is remembered, the room shows the
board, the points and the pace, and the host's Enter on a friend's open seat
asks before giving it to a computer; the seat comes back from My games in a
window opened again, as the server keeps it."""

from __future__ import annotations

import gc

import pytest
from net_window_process import until
from netplay import ServerProcess
from test_net_join_screens import drawn, type_in
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.net import games as my_games
from retrocatan.ui.net import host
from retrocatan.ui.scenes.network_host import SERVER, HostScene
from retrocatan.ui.scenes.network_room import RoomScene
from retrocatan.ui.scenes.title import TitleScene


def seat_kinds(room) -> list[str]:
    return [s.get("kind") for s in (room.net.table or {}).get("seats", [])]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", ("keyboard", "mouse"))
def test_net_host_server_by_address_room_with_board_and_asked_before_a_computer(pyxel_headless, tmp_path, device):
    gc.collect()
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        storage = MemoryStorage()
        app = App(can_quit=False, storage=storage)
        bot = Robot(app, device)
        bot.frame()
        bot.choose(app.scene.menu, "network")
        bot.choose(app.scene.menu, "host")
        scene = app.scene
        assert isinstance(scene, HostScene)
        type_in(bot, scene, "name", "Anna")
        bot.choose(scene.menu, "where", adjust=1)
        assert scene.where == SERVER
        address = server.url[len("ws://"):]
        type_in(bot, scene, "server", address)
        bot.choose(scene.menu, "pace", adjust=1)
        assert scene.post and scene.players == 4 and scene.seats[:2] == ["open", "normal"]
        bot.choose(scene.menu, "go")
        until([bot], lambda: isinstance(app.scene, RoomScene) and (app.scene.net.table or {}).get("code"))
        room = app.scene
        assert host._HOSTED == [] and room.net.url == server.url and room.owner
        entry, = my_games.load(storage)
        assert entry["url"] == server.url and "host_port" not in entry and entry["pace"] == "post"
        texts = drawn(bot)
        assert "The island of Catan" in texts
        assert "Points to win: 10" in texts and "Pace: by post (a move a day)" in texts
        assert "Waiting for friends: 1 seat open" in texts
        assert "White (Normal)" in texts and "Orange (Normal)" in texts     # computers by colour and level
        # Enter on the friend's open seat asks first; the cursor rests on No.
        bot.choose(room.menu, ("seat", 1))
        assert room.confirm == [1] and room.menu.selected.value == "no"
        assert "Give Red to a computer?" in drawn(bot)
        bot.choose(room.menu, "no")
        assert room.confirm is None
        for _ in range(30):
            bot.frame()
        assert seat_kinds(room) == ["person", "open", "computer", "computer"]
        bot.choose(room.menu, ("seat", 1))
        bot.choose(room.menu, "level", adjust=1)            # Left/Right: its level
        assert room.level == "hard"
        bot.choose(room.menu, "yes")
        until([bot], lambda: seat_kinds(room) == ["person", "computer", "computer", "computer"])
        assert room.net.table["seats"][1]["level"] == "hard"
        texts = drawn(bot)
        assert "Every seat is taken" in texts and "Red (Hard)" in texts
        # Leave: the window's seat stops; the game stays on the server, and in My games.
        bot.choose(room.menu, "back")
        assert isinstance(app.scene, TitleScene)
        assert my_games.last_server(storage) == address
        # A window opened again (the same user folder): Host a game offers the same server, and
        # My games opens the game from it.
        app = App(can_quit=False, storage=storage)
        bot = Robot(app, device)
        bot.frame()
        bot.choose(app.scene.menu, "network")
        bot.choose(app.scene.menu, "host")
        assert app.scene.fields["server"] == address and app.scene.fields["name"] == "Anna"
        bot.choose(app.scene.menu, "back")
        bot.choose(app.scene.menu, "games")
        bot.choose(app.scene.menu, 0)
        until([bot], lambda: isinstance(app.scene, RoomScene) and app.scene.net.table)
        assert app.scene.owner and seat_kinds(app.scene) == ["person", "computer", "computer", "computer"]
        app.scene.net.stop()
        app.scene.net.link.shutdown()
        app = bot = scene = room = None
        gc.collect()
