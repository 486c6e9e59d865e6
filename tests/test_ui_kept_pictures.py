"""The game screen's kept pictures (ui/kept_picture.py): the log, turn,
players and cards boxes and the board with its placed pieces are copied
while what they show stays the same. What is copied must always be what
drawing them anew gives, and a box that shows the same is not drawn again."""

from __future__ import annotations

import ctypes

import pyxel
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui import boxes
from retrocatan.ui.app import App
from retrocatan.ui.kept_picture import KeptPicture
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.text import language, set_language, t


def screen() -> bytes:
    """The screen's pixels (one colour index a byte), copied at once from Pyxel's buffer (a
    ctypes array of them, or a pointer to one)."""
    size = pyxel.width * pyxel.height
    ptr = pyxel.screen.data_ptr()
    return ctypes.string_at(ctypes.addressof(ptr.contents if hasattr(ptr, "contents") else ptr), size)


def computers_game(board: str, seed: int) -> tuple[App, Robot, GameScene]:
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.new_game(4, ["hard", "normal", "easy", "hard"], seed=seed, board=board, speed=2)
    assert isinstance(app.scene, GameScene)
    return app, bot, app.scene


def test_what_is_kept_is_what_drawing_anew_gives_at_every_moment_of_a_game(pyxel_headless):
    """A Seafarers game of computers with its animations (robber, pirate, ships, fog turned,
    dice tumbling), the language changed on the way: every few frames the screen as drawn with
    the kept pictures and drawn again with every picture forgotten are the same, pixel for pixel."""
    before = language()
    app, bot, scene = computers_game("fog-island", 31)
    compared = 0
    try:
        for i in range(6000):
            if app.scene is not scene:
                break                   # the game is over: its end screen
            bot.frame()
            if i == 500:
                set_language("de")
            elif i == 1000:
                set_language("en")
            if i % 6 == 0 and app.scene is scene:
                app.draw_anew()         # drawn, with the kept pictures (not kept whole as a still frame)
                app.draw()
                kept = screen()
                scene.side_boxes = boxes.SideBoxes()
                scene.view.placed = KeptPicture()
                app.draw_anew()
                app.draw()
                assert screen() == kept, f"frame {i}: a kept picture differs from the one drawn anew"
                compared += 1
    finally:
        set_language(before)
    assert scene.session.game.over and compared > 200


def test_a_box_that_shows_the_same_is_not_drawn_again(pyxel_headless, monkeypatch):
    app, bot, scene = computers_game("random", 18)
    for _ in range(300):
        bot.frame()
    drawn: list[str] = []
    real = boxes.font.text
    monkeypatch.setattr(boxes.font, "text", lambda x, y, s, *a, **k: (drawn.append(s), real(x, y, s, *a, **k))[1])
    app.draw()
    drawn.clear()
    app.draw_anew()                  # drawn, not kept whole as a still frame
    app.draw()                       # nothing happened between the two frames
    assert t("box.players") not in drawn and t("legend") not in drawn
    set_language("de" if language() == "en" else "en")
    try:
        app.draw_anew()
        app.draw()                   # another language: every box anew
        assert t("box.players") in drawn
    finally:
        set_language("en" if language() == "de" else "de")
