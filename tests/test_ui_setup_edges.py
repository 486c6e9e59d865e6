"""The new-game screen's edges (issue 44): the preview's target is the
one chosen, the footer says in both languages that X clears the seed, a
New World template whose generator finds no map is not offered and its
preview never ends the window, and Start deals off the frame (a long deal
shows a box and Esc gives up)."""

import os
import re
import sys
import threading
from dataclasses import replace

import pyxel

from retrocatan import scenarios
from retrocatan.engine import new_world
from retrocatan.engine.new_world import deal_problems
from retrocatan.engine.scenario_check import scenario_problems
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.editor import files as editor_files
from retrocatan.ui.maps import files as own_files
from retrocatan.ui.scenes import dealing, setup
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.text import language, set_language, t

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from ui_robot import Robot  # noqa: E402


def _setup(storage=None):
    app = App(can_quit=False, storage=storage or MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    assert isinstance(app.scene, setup.SetupScene)
    return app, bot


def _texts_drawn(monkeypatch, bot) -> list[str]:
    drawn = []
    real = font.text

    def spy(x, y, s, *a, **kw):
        drawn.append(s)
        return real(x, y, s, *a, **kw)
    monkeypatch.setattr(font, "text", spy)
    bot.frame()
    monkeypatch.setattr(font, "text", real)
    return drawn


def test_the_preview_shows_the_target_chosen_on_the_screen(pyxel_headless, monkeypatch):
    app, bot = _setup()
    scene = app.scene
    bot.choose(scene.menu, "vp", adjust=-1)
    bot.choose(scene.menu, "vp", adjust=-1)
    assert scene.vp != 10                      # the base island's own target is 10
    s = scene._scenario()
    lo, hi = min(s.players), max(s.players)
    drawn = _texts_drawn(monkeypatch, bot)
    assert any(t("setup.vp", n=scene.vp) in row for row in drawn)
    assert t("preview.players", players=f"{lo}-{hi}", vp=scene.vp) in drawn
    assert t("preview.players", players=f"{lo}-{hi}", vp=s.vp_target) not in drawn


def test_the_footer_says_that_x_clears_the_seed_in_both_languages(pyxel_headless, monkeypatch):
    from retrocatan.saves import OPTIONS_NAME, dump_options, load_options
    for lang in ("en", "de"):
        storage = MemoryStorage()
        storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language=lang)))
        app, bot = _setup(storage)
        assert language() == lang
        drawn = _texts_drawn(monkeypatch, bot)
        assert t("setup.hint") in drawn                                       # drawn whole
        assert re.search(r"\(X \w+\)", t("setup.hint"))                        # "(X clears)": what X does
        # and X does clear it
        bot.choose(app.scene.menu, "seed")
        pyxel.set_btn(pyxel.KEY_X, True)
        bot.frame()
        pyxel.set_btn(pyxel.KEY_X, False)
        bot.frame()
        assert app.scene.seed == 0
    set_language("en")


def _no_map_template():
    """A New World template the format and the check accept, whose generator finds no fair map (all 6s and 8s)."""
    s = scenarios.load("new-world-3-4")
    s = replace(s, id="narrow-world", name={"en": "Red World", "de": "Rote Welt"}, tokens=(6, 8) * 15)
    assert scenario_problems(s) == [] and deal_problems(s)
    return s


def test_a_template_with_no_map_is_not_offered_and_its_preview_never_ends_the_window(pyxel_headless, monkeypatch):
    storage = MemoryStorage()
    narrow = _no_map_template()
    editor_files.save(storage, narrow, editor_files.Source("new"))
    assert "narrow-world" in own_files.user_scenarios(storage)
    assert "narrow-world" not in own_files.playable(storage)     # as ``retrocatan scenario check`` says
    searches = []
    real = new_world.generate_map
    monkeypatch.setattr(new_world, "generate_map", lambda s, rng: searches.append(s.id) or real(s, rng))
    # Its preview (were it chosen) draws a line instead of ending the window.
    app, bot = _setup(storage)
    scene = app.scene
    scene.own = {"narrow-world": narrow}
    scene.board = setup.OWN + "narrow-world"
    scene.players = 3
    scene._build()
    for _ in range(3):
        bot.frame()
    assert app.scene is scene
    # Start on it stays on the screen with one line.
    bot.choose(scene.menu, "start")
    for _ in range(3):
        bot.frame()
    assert app.scene is scene and scene.message.startswith(t("deal.failed", why="")[:10])
    # The generator searched once for the seed shown, not again in every frame the preview was drawn.
    assert searches == ["narrow-world"]


def _blocked_sessions(monkeypatch):
    """GameSession held until ``release`` is set (a deal that takes long), as the worker thread sees it."""
    release = threading.Event()
    real = setup.GameSession

    def slow(*a, **kw):
        release.wait(30)
        return real(*a, **kw)
    monkeypatch.setattr(setup, "GameSession", slow)
    return release


def test_a_long_deal_runs_off_the_frame_with_a_box_and_esc_gives_up(pyxel_headless, monkeypatch):
    release = _blocked_sessions(monkeypatch)
    app, bot = _setup()
    scene = app.scene
    bot.choose(scene.menu, "start")
    assert isinstance(app.scene, dealing.DealingScene)          # the frame came back while dealing
    for _ in range(5):
        bot.frame()
    assert isinstance(app.scene, dealing.DealingScene)
    bot.press("back")
    assert app.scene is scene and scene.message == t("deal.given_up")
    release.set()
    # Dealt: the game begins once the deal is done.
    release2 = _blocked_sessions(monkeypatch)
    bot.choose(scene.menu, "start")
    assert isinstance(app.scene, dealing.DealingScene)
    release2.set()
    for _ in range(200):
        bot.frame()
        if isinstance(app.scene, GameScene):
            break
    assert isinstance(app.scene, GameScene)


def test_where_no_thread_starts_the_box_is_drawn_and_the_deal_runs_in_the_next_frame(pyxel_headless, monkeypatch):
    def no_threads(self):
        raise RuntimeError("can't start new thread")       # as in the browser
    monkeypatch.setattr(dealing.threading.Thread, "start", no_threads)
    app, bot = _setup()
    bot.choose(app.scene.menu, "start")
    assert isinstance(app.scene, dealing.DealingScene)
    for _ in range(3):
        bot.frame()
    assert isinstance(app.scene, GameScene)


def _red_isles():
    """An own board whose every number is a 6 or an 8: under "no 6 and 8 side by side" no layout is
    found, after seconds of tries."""
    s = scenarios.load("four-islands")
    red = tuple(6 if i % 2 else 8 for i in range(len(s.tokens)))
    return replace(s, id="red-isles", name={"en": "Red Isles", "de": "Rote Inseln"}, tokens=red)


def test_esc_on_a_long_deal_ends_its_thread_soon_after(pyxel_headless):
    storage = MemoryStorage()
    red = _red_isles()
    editor_files.save(storage, red, editor_files.Source("new"))
    app, bot = _setup(storage)
    scene = app.scene
    scene.board, scene.players = setup.OWN + red.id, max(red.players)
    scene.options["no_red_neighbours"] = True
    scene._build()
    assert scene.config().no_red_neighbours
    before = threading.active_count()
    bot.choose(scene.menu, "start")
    assert isinstance(app.scene, dealing.DealingScene)
    deal, = [th for th in threading.enumerate() if th.name == "retrocatan-deal"]
    bot.press("back")
    assert app.scene is scene and scene.message == t("deal.given_up")
    deal.join(3)                # the dealer stops at its next try; left alone it would deal on for seconds
    assert not deal.is_alive() and threading.active_count() == before
