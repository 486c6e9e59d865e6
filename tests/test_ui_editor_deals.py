"""The editor's test games are dealt off the frame (issue 44 item 11): a
long deal for Try it or for a computer-only game shows a box over the
editor, Esc gives up and says so; a map whose regions have no rows is
refused with the game's own words (item 13)."""

import threading
from dataclasses import replace

from test_ui_editor import build_two_islands, open_editor

from retrocatan import scenarios
from retrocatan.ui.editor import autoplay, trial
from retrocatan.ui.editor.checks import problem_text, problems
from retrocatan.ui.scenes import dealing
from retrocatan.ui.text import t


def _held(monkeypatch, module, name):
    """``module.name`` held until the returned event is set (a deal that takes long)."""
    release = threading.Event()
    real = getattr(module, name)

    def slow(*a, **kw):
        release.wait(30)
        return real(*a, **kw)
    monkeypatch.setattr(module, name, slow)
    return release


def _wait_for(bot, app, cls, frames=300):
    for _ in range(frames):
        if isinstance(app.scene, cls):
            return True
        bot.frame()
    return isinstance(app.scene, cls)


def test_try_it_deals_off_the_frame_and_esc_gives_up(pyxel_headless, monkeypatch):
    app, bot, scene = open_editor()
    build_two_islands(bot, scene, gold=False)
    release = _held(monkeypatch, trial, "GameSession")
    scene.try_it()
    assert isinstance(app.scene, dealing.DealingScene)
    bot.frame()
    bot.press("back")
    assert app.scene is scene and scene.message == t("deal.given_up")
    release.set()
    release = _held(monkeypatch, trial, "GameSession")
    scene.try_it()
    assert isinstance(app.scene, dealing.DealingScene)
    release.set()
    assert _wait_for(bot, app, trial.TrialScene)


def test_a_computer_game_deals_off_the_frame_too(pyxel_headless, monkeypatch):
    app, bot, scene = open_editor()
    build_two_islands(bot, scene, gold=False)
    release = _held(monkeypatch, autoplay, "AutoPlay")
    scene.computer_game()
    assert isinstance(app.scene, dealing.DealingScene)
    release.set()
    for _ in range(300):
        bot.frame()
        if app.scene is scene:
            break
    assert app.scene is scene and scene.autoplay is not None


def test_try_it_on_regions_with_no_rows_names_the_problem(pyxel_headless):
    app, bot, scene = open_editor()
    s = replace(scenarios.load("new-shores"), regions=())
    scene.doc.apply(lambda _s: s)
    scene._refresh()
    scene.try_it()
    assert app.scene is scene
    assert scene.message == t("ed.m.try_bad", why=problem_text(problems(s)[0]))
    assert "list index" not in scene.message
