"""The editor's modes on a stack, headless: F1 opens the editor's help over
whatever the editor is doing (typing a text, the load list, the problem list,
a computer-only test game) and closing it goes back to that, unchanged."""

import pytest
import pyxel
from test_ui_editor import build_two_islands, key, open_editor

from retrocatan.ui import input as inp
from retrocatan.ui.editor.cells import PAINT_CODES
from retrocatan.ui.editor.layout import CODE_NAMES
from retrocatan.ui.text import TEXTS


def f1(bot):
    key(bot, "f1")


@pytest.mark.parametrize("start", ["text", "load", "problems", "computers"])
def test_f1_shows_the_help_over_every_mode_and_closing_it_goes_back(pyxel_headless, start, monkeypatch):
    # One decision a frame: a small map's test game must not end within the frames the test takes.
    from retrocatan.ui.editor import autoplay
    step = autoplay.AutoPlay.step
    monkeypatch.setattr(autoplay.AutoPlay, "step", lambda self, seconds=0.0: step(self, 1e-4))
    app, bot, scene = open_editor()
    if start == "text":
        key(bot, "tab", 2)
        bot.choose(scene.rules, ("text", "name", "en"))
        pyxel.set_btn(pyxel.KEY_BACKSPACE, True)
        bot.frame()
        pyxel.set_btn(pyxel.KEY_BACKSPACE, False)
        bot.frame()
        typed = scene.typing["text"]
    elif start == "load":
        key(bot, "o")
        bot.press("down")
        index = scene.load_menu.index
    elif start == "problems":
        key(bot, "l")                                   # the new map has a problem: no land
    else:
        build_two_islands(bot, scene)
        key(bot, "c")
        assert scene.autoplay is not None
    mode = None if start == "computers" else start
    assert scene.mode == mode
    f1(bot)
    assert scene.mode == "help"
    f1(bot)                                             # F1 again closes the help
    assert scene.mode == mode
    if start == "text":
        assert scene.typing["text"] == typed == "New scenari"
        pyxel.set_btn(pyxel.KEY_RETURN, True)
        bot.frame()
        pyxel.set_btn(pyxel.KEY_RETURN, False)
        bot.frame()
        assert scene.mode is None and scene.scenario.name["en"] == "New scenari"
    elif start == "load":
        assert scene.load_menu.index == index
    elif start == "computers":
        assert scene.autoplay is not None               # the test game goes on after the help
        bot.press("back")
        assert scene.autoplay is None


def test_every_code_on_the_tool_bar_has_a_name_in_both_languages():
    assert set(CODE_NAMES) == set(PAINT_CODES)
    for code, name in CODE_NAMES.items():
        assert f"ed.t.{name}" in TEXTS["en"] and f"ed.t.{name}" in TEXTS["de"], code


def test_the_named_keys_are_not_presses_of_any_kind():
    """Function keys and the typing keys come beside the commands: a screen
    that closes on any press does not close on F2 (the editor's Save)."""
    ui = inp.Input()
    ui.keys = {inp.F2}
    assert ui.key(inp.F2) and not ui.any()


def tap(bot, k):
    pyxel.set_btn(k, True)
    bot.frame()
    pyxel.set_btn(k, False)
    bot.frame()


def test_ctrl_z_and_ctrl_y_undo_and_redo_and_ctrl_s_saves(pyxel_headless):
    app, bot, scene = open_editor()
    bot.press("ok")                                     # paint a forest
    painted = scene.scenario
    pyxel.set_btn(pyxel.KEY_CTRL, True)
    try:
        tap(bot, pyxel.KEY_Z)
        assert scene.scenario != painted and not scene.doc.can_undo()
        tap(bot, pyxel.KEY_Y)
        assert scene.scenario == painted
        tap(bot, pyxel.KEY_S)
    finally:
        pyxel.set_btn(pyxel.KEY_CTRL, False)
    assert not scene.doc.dirty and scene.cursor == (4, 5)      # saved, and S did not move the cursor
