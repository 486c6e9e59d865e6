"""Saving, continuing and replaying through the window (headless)."""

import json

from ui_robot import Robot

from retrocatan.engine import Game, GameConfig
from retrocatan.saves import AUTOSAVE, SLOTS
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.scenes.load import LoadScene
from retrocatan.ui.scenes.replay import ReplayScene, ReplayTimeline
from retrocatan.ui.scenes.title import TitleScene


def started(storage, seed=8):
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.new_game(4, ["human", "hard", "hard", "hard"], seed=seed)
    return app, bot


def play_turns(bot, app, turns):
    g = app.scene.session.game
    while g.state.turn < turns:
        bot.step(app.scene)


def test_save_to_a_slot_then_load_it_from_the_title(pyxel_headless):
    storage = MemoryStorage()
    app, bot = started(storage)
    play_turns(bot, app, 6)
    scene = app.scene
    while not (scene.session.waiting_for_human() and scene.mode == "menu"
               and scene.seen == len(scene.session.game.history)):
        bot.step(scene)
    bot.choose(scene.menu, "gamemenu")
    bot.choose(scene.prompt.menu, "save")
    bot.choose(scene.prompt.menu, SLOTS[0])
    assert SLOTS[0] in storage.names() and AUTOSAVE in storage.names()
    saved = scene.session.game.to_json()
    bot.choose(scene.menu, "gamemenu")
    bot.choose(scene.prompt.menu, "quit")
    assert isinstance(app.scene, TitleScene)
    bot.choose(app.scene.menu, "load")
    assert isinstance(app.scene, LoadScene)
    bot.choose(app.scene.menu, SLOTS[0])
    assert isinstance(app.scene, GameScene)
    assert app.scene.session.game.to_json() == saved
    assert [s.kind for s in app.scene.session.seats] == ["human", "hard", "hard", "hard"]


def test_autosave_offers_to_continue_after_a_crash(pyxel_headless):
    storage = MemoryStorage()
    app, bot = started(storage, seed=9)
    play_turns(bot, app, 5)
    at_last_turn = json.loads(storage.files[AUTOSAVE])["summary"]["turn"]
    assert at_last_turn >= 4
    # The window is closed without saving: a new start finds the autosave.
    app2 = App(can_quit=False, storage=storage)
    bot2 = Robot(app2, "mouse")
    bot2.frame()
    assert app2.scene.menu.items[0].value == "continue"
    bot2.choose(app2.scene.menu, "continue")
    assert isinstance(app2.scene, GameScene)
    assert app2.scene.session.game.state.turn == at_last_turn


def test_damaged_save_is_refused_in_the_window_and_kept(pyxel_headless):
    storage = MemoryStorage()
    app, bot = started(storage, seed=10)
    play_turns(bot, app, 3)
    text = storage.files[AUTOSAVE]
    broken = text[: len(text) // 2]
    storage.files[SLOTS[2]] = broken
    app2 = App(can_quit=False, storage=storage)
    bot2 = Robot(app2, "keyboard")
    bot2.frame()
    bot2.choose(app2.scene.menu, "load")
    scene = app2.scene
    bot2.choose(scene.menu, SLOTS[2])
    assert app2.scene is scene and "Cannot load" in scene.message
    assert storage.files[SLOTS[2]] == broken


def test_finished_game_is_kept_and_opens_in_the_viewer(pyxel_headless):
    storage = MemoryStorage()
    app, bot = started(storage, seed=11)
    bot.play_to_end()
    finished = [n for n in storage.names() if n.startswith("finished-")]
    assert len(finished) == 1 and AUTOSAVE not in storage.names()
    app2 = App(can_quit=False, storage=storage)
    bot2 = Robot(app2, "keyboard")
    bot2.frame()
    bot2.choose(app2.scene.menu, "load")
    bot2.choose(app2.scene.menu, finished[0])
    assert isinstance(app2.scene, ReplayScene)


def test_viewer_steps_back_and_forth_to_identical_states(pyxel_headless):
    from retrocatan.ai import make_player
    from retrocatan.engine.replay import record
    game = Game(GameConfig(players=4, seed=21))
    bots = [make_player("hard", 21, s) for s in range(4)]
    while not game.over:
        game.apply(bots[game.decider].choose(game))
    rec = record(game, hash_every=10)
    app = App(can_quit=False, storage=MemoryStorage())
    scene = ReplayScene(app, rec)
    app.switch(scene)
    bot = Robot(app, "keyboard")

    def fresh(i):
        g = Game(game.config)
        for act in game.history[:i]:
            g.apply(act)
        return g.to_json()
    for _ in range(30):
        bot.press("right")
    assert scene.index == 30 and scene.game.to_json() == fresh(30)
    for _ in range(7):
        bot.press("left")
    assert scene.index == 23 and scene.game.to_json() == fresh(23)
    bot.press("down")
    bot.press("down")
    start = scene.timeline.turn_starts[scene.timeline.turn_of(scene.index)]
    assert scene.index == start and scene.game.to_json() == fresh(start)
    bot.press("up")
    assert scene.game.to_json() == fresh(scene.index)
    # Play, then view as player 1.
    before = scene.index
    bot.press("ok")
    for _ in range(40):
        bot.frame()
    assert scene.index > before and scene.game.to_json() == fresh(scene.index)
    import pyxel
    pyxel.set_btn(pyxel.KEY_TAB, True)
    bot.frame()
    pyxel.set_btn(pyxel.KEY_TAB, False)
    bot.frame()
    assert scene.viewer == 0
    tl = ReplayTimeline(rec)
    assert tl.length == len(game.history) and not tl.error


def test_a_finished_game_is_named_by_the_clock_the_window_reads(monkeypatch):
    """Its name comes from ``time.time`` (as the saved date does), so a run
    on steady clocks (benchmarks/frame_identity.py) names it alike each time."""
    import time

    from retrocatan.ui.saving import keep_finished
    from retrocatan.ui.session import GameSession, SeatSpec
    session = GameSession(GameConfig(players=3, seed=8), [SeatSpec("normal", f"P{i}") for i in range(3)])
    storage = MemoryStorage()
    clock = time.time() - 400 * 86400          # a day the wall clock is not on
    monkeypatch.setattr(time, "time", lambda: clock)
    keep_finished(storage, session)
    monkeypatch.undo()
    named = time.strftime("finished-%Y%m%d-%H%M%S", time.localtime(clock)) + "-8"
    assert [n for n in storage.names() if n.startswith("finished-")] == [named]
