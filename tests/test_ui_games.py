"""Whole games played through the window's inputs, headless: from the
title screen to the end screen with keyboard only, gamepad only, mouse
only, a hot-seat game of two people and a computer, and six players."""

import pytest
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.scenes.end import EndScene


def new_app():
    return App(can_quit=False, storage=MemoryStorage())


@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse"])
def test_whole_game_with_one_input_device(pyxel_headless, device):
    app = new_app()
    bot = Robot(app, device)
    bot.frame()
    bot.new_game(4, ["human", "hard", "hard", "hard"], seed=11)
    bot.play_to_end()
    assert isinstance(app.scene, EndScene)
    game = app.scene.session.game
    assert game.over
    # The person really played, all through inputs: founded, traded, built.
    st = game.state
    assert st.edge_owner.count(0) >= 3 and bot.inputs > 30
    assert sum(st.stats_gained[0]) > 0


def test_hot_seat_two_people_and_a_computer(pyxel_headless):
    app = new_app()
    bot = Robot(app, "keyboard")
    bot.frame()
    handovers = []
    bot.new_game(3, ["human", "human", "hard"], seed=5)
    scene = app.scene
    while not isinstance(app.scene, EndScene):
        assert bot.frames < 80_000
        if app.scene.mode == "handover":
            handovers.append(app.scene.session.game.decider)
            # While the screen waits for the hand-over, no hand is shown.
            assert app.scene.shown_player() is None
        bot.step(app.scene)
    assert len(handovers) > 10 and set(handovers) == {0, 1}
    assert scene.session.game.over


def test_six_player_game(pyxel_headless):
    app = new_app()
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.new_game(6, ["human", "hard", "hard", "hard", "hard", "hard"], seed=6)
    bot.play_to_end()
    game = app.scene.session.game
    assert game.over and game.config.players == 6
