"""The network screens by the pad alone and by the mouse alone (issue 45):
Join a game's lines typed on the on-screen keyboard, and the join goes
through with what was typed."""

from __future__ import annotations

import asyncio
import gc

import pytest
import pyxel
from net_window_process import until
from netplay import ServerThread
from test_ui_editor_drafts import press
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui import keyboard as kb
from retrocatan.ui.app import App
from retrocatan.ui.palette import WHITE
from retrocatan.ui.scenes.network_join import JoinScene
from retrocatan.ui.scenes.network_room import RoomScene
from retrocatan.ui.scenes.network_typing import KEYBOARD_AT


def pad_type(bot, scene, text: str) -> None:
    """Each character reached with the d-pad (rows first, then along the row) and typed with A."""
    keys, letters = scene.keyboard.keys, scene.keyboard.letters
    for ch in text:
        want = keys.index(kb.SPACE if ch == " " else ch)
        while scene.keyboard.index != want:
            i = scene.keyboard.index
            if i < letters and want < letters and i // kb.COLUMNS != want // kb.COLUMNS:
                bot.press("down" if want > i else "up")
            else:
                bot.press("right" if want > i else "left")
        press(bot, pyxel.GAMEPAD1_BUTTON_A)


def click_key(bot, scene, key: str) -> None:
    x, y, w, h = scene.keyboard.rect(scene.keyboard.keys.index(key))
    bot.click(x + w // 2, y + h // 2)


def type_line(bot, scene, field: str, text: str) -> None:
    """The line chosen, what it held deleted, ``text`` typed and Done, by the robot's device alone."""
    bot.choose(scene.menu, field)
    assert scene.typing == field and scene.keyboard_shown()
    assert pyxel.pget(*KEYBOARD_AT) == WHITE                # the keyboard's box is drawn
    for _ in range(len(scene.fields[field])):
        if bot.device == "gamepad":
            press(bot, pyxel.GAMEPAD1_BUTTON_B)              # B deletes
        else:
            click_key(bot, scene, kb.DELETE)
    assert scene.fields[field] == ""
    if bot.device == "gamepad":
        pad_type(bot, scene, text)
        press(bot, pyxel.GAMEPAD1_BUTTON_START)              # Start: done (not the help page)
    else:
        for ch in text:
            click_key(bot, scene, kb.SPACE if ch == " " else ch)
        click_key(bot, scene, kb.DONE)
    assert scene.typing is None and scene.fields[field] == text
    assert bot.app.help is None


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", ["gamepad", "mouse"])
def test_join_a_game_typed_on_the_on_screen_keyboard_by_pad_or_mouse_alone(pyxel_headless, tmp_path, device):
    from retrocatan.net.client import create_game
    gc.collect()        # windows of earlier tests go on this thread, not on the server's (Pyxel's images)
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3},
                                      seats=[{"kind": "open"}, {"kind": "open"},
                                             {"kind": "computer", "level": "easy"}]))
        app = App(can_quit=False, storage=MemoryStorage())
        bot = Robot(app, device)
        bot.frame()
        bot.choose(app.scene.menu, "network")
        bot.choose(app.scene.menu, "join")
        scene = app.scene
        assert isinstance(scene, JoinScene)
        address = server.url[len("ws://"):]                 # the screen puts ws:// before a bare address
        type_line(bot, scene, "url", address)
        type_line(bot, scene, "code", got["code"].lower())  # codes are typed case-blind
        type_line(bot, scene, "name", "Jürgen Ö")
        # The pad's X gives back the line from before; a click outside the keyboard ends the typing.
        bot.choose(scene.menu, "name")
        if device == "gamepad":
            pad_type(bot, scene, "xy")
            press(bot, pyxel.GAMEPAD1_BUTTON_X)
        else:
            click_key(bot, scene, "x")
            assert scene.fields["name"] == "Jürgen Öx"
            click_key(bot, scene, kb.DELETE)
            bot.click(20, 20)                               # outside the keyboard: done
        assert scene.typing is None and scene.fields["name"] == "Jürgen Ö"
        bot.choose(scene.menu, "go")
        until([bot], lambda: isinstance(app.scene, RoomScene))
        room = app.scene
        assert room.net.url == server.url and room.net.code == got["code"]
        until([bot], lambda: room.net.seat is not None and room.net.seat >= 0
              and (room.net.table or {}).get("seats"))
        until([bot], lambda: room.net.table["seats"][room.net.seat].get("name") == "Jürgen Ö")
        room.net.stop()
        room.net.link.shutdown()
        app = bot = scene = room = None
        gc.collect()


@pytest.mark.timeout(300)
def test_host_a_game_by_pad_alone_with_rule_options_sends_them_in_the_games_config(pyxel_headless):
    """Host a game's Rules... line opens the new-game screen's rule options; the ones changed
    reach the server's table; the host's name is typed on the on-screen keyboard."""
    from retrocatan.engine.rule_options import defaults
    from retrocatan.ui.net import host
    from retrocatan.ui.scenes.network_host import HostScene
    from retrocatan.ui.scenes.rules_page import RULE_OPTIONS
    gc.collect()
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "gamepad")
    try:
        bot.frame()
        bot.choose(app.scene.menu, "network")
        bot.choose(app.scene.menu, "host")
        scene = app.scene
        assert isinstance(scene, HostScene)
        bot.choose(scene.menu, "name")
        assert scene.keyboard_shown()
        for _ in range(len(scene.name)):
            press(bot, pyxel.GAMEPAD1_BUTTON_B)
        pad_type(bot, scene, "Käthe")
        press(bot, pyxel.GAMEPAD1_BUTTON_Y)                  # Y: done
        assert scene.typing is None and scene.name == "Käthe"
        bot.choose(scene.menu, "rules")
        assert scene.rules_open and {it.value for it in scene.menu.items} == {*RULE_OPTIONS, "rules_done"}
        bot.choose(scene.menu, "friendly_robber", adjust=1)
        bot.choose(scene.menu, "turn_limit", adjust=1)
        bot.choose(scene.menu, "special_build", adjust=1)
        bot.choose(scene.menu, "rules_done")
        assert not scene.rules_open and scene.menu.selected.value == "rules"
        start = defaults()
        changed = {"friendly_robber": True, "turn_limit": 20}
        changed["special_build"] = scene.options["special_build"]
        assert changed["special_build"] != start["special_build"]
        assert scene.config() == {"players": 4, **changed}
        bot.choose(scene.menu, "go")
        until([bot], lambda: isinstance(app.scene, RoomScene) and (app.scene.net.table or {}).get("code"))
        table = app.scene.net.table
        got = {k: table["config"].get(k, start[k]) for k in RULE_OPTIONS}
        assert got == {k: changed.get(k, start[k]) for k in RULE_OPTIONS}
        assert table["seats"][0]["name"] == "Käthe"
        app.scene.net.stop()
        app.scene.net.link.shutdown()
    finally:
        for server in host._HOSTED:
            server.stop()
        host._HOSTED.clear()
        app = bot = None
        gc.collect()
