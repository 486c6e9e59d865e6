"""The editor's test game keeps no saves, so its game menu offers none
(found by the probe: "Saved in slot 2" was shown, and the save was dropped
with the test game)."""

import pyxel
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.editor.scene import EditorScene
from retrocatan.ui.editor.trial import TrialScene
from retrocatan.ui.layout import DIALOG
from retrocatan.ui.prompts.game_menu import GameMenu
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.text import set_language, t


def _key(bot, k):
    pyxel.set_btn(k, True)
    bot.frame()
    pyxel.set_btn(k, False)
    bot.frame()


def _game_menu(bot, scene: GameScene) -> GameMenu:
    """Esc on the person's action menu (computer turns played first)."""
    for _ in range(5000):
        if scene.handover:
            bot.confirm_anywhere()
        elif scene.session.waiting_for_human() and scene.seen == len(scene.session.game.history) \
                and scene.mode == "menu" and scene.menu.items:
            break
        elif scene.session.waiting_for_human() and scene.seen == len(scene.session.game.history):
            bot.step(scene)
        else:
            bot.frame()
    bot.press("back")
    assert isinstance(scene.prompt, GameMenu)
    return scene.prompt


def test_the_test_game_offers_no_save_and_writes_none(pyxel_headless):
    storage = MemoryStorage()
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "editor")
    editor = app.scene
    assert isinstance(editor, EditorScene)
    _key(bot, pyxel.KEY_F3)                                   # the load list: open a shipped scenario
    items = editor.load_menu.items
    target = next(i for i, it in enumerate(items) if getattr(it.value, "name", None) == "four-islands")
    while editor.load_menu.index != target:
        bot.press("down")
    bot.press("ok")
    _key(bot, pyxel.KEY_G)                                    # Try it
    trial = app.scene
    assert isinstance(trial, TrialScene) and isinstance(trial.inner, GameScene), editor.message
    menu = _game_menu(bot, trial.inner)
    save = next(it for it in menu.menu.items if it.value == "save")
    assert not save.enabled and save.label == t("game.save_trial")
    _key(bot, pyxel.KEY_V)                                    # the save key does nothing here
    bot.press("ok")                                           # nor Enter on the greyed line
    assert trial.inner.prompt is menu
    assert not [n for n in storage.names() if n.startswith("slot")]
    bot.choose(menu.menu, "quit")
    assert app.scene is editor


def test_a_real_game_still_saves_from_its_menu(pyxel_headless):
    storage = MemoryStorage()
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.new_game(3, ["human", "easy", "easy"], seed=5)
    menu = _game_menu(bot, app.scene)
    assert next(it for it in menu.menu.items if it.value == "save").enabled
    bot.choose(menu.menu, "save")
    bot.choose(app.scene.prompt.menu, "slot3")
    assert "slot3" in storage.names()


def test_the_greyed_save_line_fits_in_both_languages():
    room = DIALOG[2] - 20 - 8
    for lang in ("en", "de"):
        set_language(lang)
        try:
            assert font.width(t("game.save_trial")) <= room
        finally:
            set_language("en")
