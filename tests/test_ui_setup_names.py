"""Naming the players on the new-game screen with the pad alone: the
on-screen keyboard (the editor's) types, deletes, finishes and cancels;
with the keyboard it stays hidden and the keys type directly."""

import pyxel
from test_ui_editor_drafts import press, type_on_pad
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.palette import WHITE
from retrocatan.ui.scenes import setup


def names_page(device):
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, device)
    bot.frame()
    bot.choose(app.scene.menu, "new")
    scene = app.scene
    bot.choose(scene.menu, "names")
    assert scene.names_open
    return app, bot, scene


def test_the_pad_alone_names_a_player_on_the_on_screen_keyboard(pyxel_headless):
    app, bot, scene = names_page("gamepad")
    bot.choose(scene.menu, ("name", 0))
    assert scene.editing == 0
    bot.frame()
    assert pyxel.pget(*setup.KEYBOARD_AT) == WHITE                 # the keyboard's box is drawn
    for _ in range(len(scene.names[0])):
        press(bot, pyxel.GAMEPAD1_BUTTON_B)                     # B deletes
    assert scene.names[0] == ""
    type_on_pad(bot, scene, "Jürgen")
    press(bot, pyxel.GAMEPAD1_BUTTON_START)                     # Start: done
    assert scene.editing is None and scene.names[0] == "Jürgen"
    # X takes the typing back.
    bot.choose(scene.menu, ("name", 0))
    type_on_pad(bot, scene, "xy")
    assert scene.names[0] == "Jürgenxy"
    press(bot, pyxel.GAMEPAD1_BUTTON_X)
    assert scene.editing is None and scene.names[0] == "Jürgen"
    # The name reaches the game.
    bot.choose(scene.menu, "names_done")
    bot.choose(scene.menu, "start")
    assert app.scene.session.name(0) == "Jürgen"


def test_with_the_keyboard_no_on_screen_keyboard_shows(pyxel_headless):
    app, bot, scene = names_page("keyboard")
    bot.choose(scene.menu, ("name", 1))
    assert scene.editing == 1
    bot.frame()
    assert pyxel.pget(*setup.KEYBOARD_AT) != WHITE
