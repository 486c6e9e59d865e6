"""Network play in the window by keys (issue 45): a window hosts a game by
keys (its own server), a friend's window joins with the code it shows, the
host starts the game, and a third window watches by the code. The whole
game by two window processes, through a server killed and a window killed,
is tests/test_net_processes.py."""

from __future__ import annotations

import pytest
import pyxel
from net_window_process import join_by_keys, until
from test_ui_sea import SeaRobot

from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.scenes.network import RoomScene
from retrocatan.ui.scenes.network_game import NetGameScene

__all__ = ["join_by_keys", "until"]       # tests/test_net_post.py and the screenshots join by these


@pytest.mark.timeout(300)
def test_a_window_hosts_by_keys_a_friend_joins_with_the_code_it_shows_and_the_host_starts(pyxel_headless):
    from retrocatan.ui.net import host
    from retrocatan.ui.scenes.network import HostScene
    apps = [App(can_quit=False, storage=MemoryStorage()) for _ in range(2)]
    bots = [SeaRobot(a, "keyboard") for a in apps]
    try:
        bots[0].press_key(pyxel.KEY_G)
        bots[0].press_key(pyxel.KEY_H)
        scene = apps[0].scene
        assert isinstance(scene, HostScene)
        scene.typing = None
        bots[0].choose(scene.menu, "name")
        for _ in range(len(scene.name)):
            bots[0].press_key(pyxel.KEY_BACKSPACE)
        pyxel.set_input_text("Anna")
        bots[0].frame()
        pyxel.set_input_text("")
        bots[0].press_key(pyxel.KEY_RETURN)
        while scene.boards()[scene.board] != "four-islands":
            bots[0].choose(scene.menu, "board", adjust=1)
        assert scene.players == 4 and scene.seats[:3] == ["open", "normal", "normal"]     # 2 people, 2 computers
        bots[0].press_key(pyxel.KEY_O)
        until(bots[:1], lambda: isinstance(apps[0].scene, RoomScene) and (apps[0].scene.net.table or {}).get("code"))
        room = apps[0].scene
        assert room.owner and not next(it for it in room.menu.items if it.value == "start").enabled
        table = room.net.table
        assert table["config"].get("scenario") == "four-islands" and table["seats"][0]["name"] == "Anna"
        url = host.hosted(apps[0].storage).url()
        join_by_keys(bots[1], url, table["code"], "Ben", 1)
        until(bots, lambda: all(s.get("kind") != "open" for s in (room.net.table or {}).get("seats", [])))
        until(bots, lambda: next(it for it in room.menu.items if it.value == "start").enabled)
        bots[0].press_key(pyxel.KEY_P)          # P: play (start the game)
        until(bots, lambda: all(isinstance(a.scene, NetGameScene) for a in apps))
        assert [a.scene.session.seat for a in apps] == [0, 1]
        # A third machine watches by the code: the game, nobody's cards.
        watcher = App(can_quit=False, storage=MemoryStorage())
        wbot = SeaRobot(watcher, "keyboard")
        wbot.press_key(pyxel.KEY_G)
        wbot.press_key(pyxel.KEY_V)
        watch = watcher.scene
        for value, text in (("url", url), ("code", table["code"])):
            wbot.choose(watch.menu, value)
            for _ in range(len(watch.fields[value])):
                wbot.press_key(pyxel.KEY_BACKSPACE)
            pyxel.set_input_text(text)
            wbot.frame()
            pyxel.set_input_text("")
            wbot.press_key(pyxel.KEY_RETURN)
        wbot.choose(watch.menu, "go")
        until([wbot], lambda: isinstance(watcher.scene, NetGameScene))
        assert watcher.scene.session.seat == -1 and watcher.scene.shown_player() is None
        assert not watcher.scene.session.waiting_for_human()
        apps.append(watcher)
        assert [a.scene.session.name(p) for a in apps for p in (0, 1)] == ["Anna", "Ben"] * 3
        for a in apps:
            a.scene.session.net.stop()
            a.scene.session.net.link.shutdown()
    finally:
        for server in host._HOSTED:
            server.stop()
        host._HOSTED.clear()
