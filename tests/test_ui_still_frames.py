"""Still frames (``Scene.still``, ``App.draw``): while nothing on the game screen moves (a
computer's turn between its decisions, no animation, prompt or message running) a frame draws
nothing and the screen keeps its picture. What the screen shows after any frame must be what
drawing it anew gives, pixel for pixel, at every moment of a game at one machine and at a
server, whatever the person at the window does meanwhile."""

from __future__ import annotations

import random

import pytest
import pyxel
from sessions import net_server, open_game, server_of  # noqa: F401 (net_server: the module's server)
from test_ui_as_played import DEFAULT_SPEED, start
from test_ui_kept_pictures import screen
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.text import language, set_language

# Keys that change the screen during others' turns: the log up and down, hurry the computers,
# the map scrolled and its overview; K opens a network game's chat line.
KEYS = (pyxel.KEY_U, pyxel.KEY_J, pyxel.KEY_F, pyxel.KEY_LEFT, pyxel.KEY_RIGHT, pyxel.KEY_UP, pyxel.KEY_DOWN,
        pyxel.KEY_O)


class Checked:
    """Frames of ``app`` whose screen is compared with drawing it anew after each one (the
    cursor too: Pyxel draws it into the screen at the end of a frame); counts the frames that
    drew nothing (the screen's ``draw`` not called). A key held for the next frame is let go
    after it."""

    def __init__(self, app: App, scene: GameScene) -> None:
        self.app, self.scene = app, scene
        self.draws = self.still = self.compared = 0
        self.held: int | None = None
        real = scene.draw

        def draw():
            self.draws += 1
            real()

        scene.draw = draw

    def hold(self, key: int | None) -> None:
        if key is not None:
            pyxel.set_btn(key, True)
            self.held = key

    def let_go(self) -> None:
        if self.held is not None:
            pyxel.set_btn(self.held, False)
            self.held = None

    def frame(self, bot: Robot, i: int) -> None:
        before = self.draws
        bot.frame()
        self.let_go()
        if self.app.scene is not self.scene:
            return
        if self.draws == before:
            self.still += 1
        shown = screen()
        self.app.draw_anew()
        self.app.draw()
        pyxel.flip()            # as the frame: Pyxel draws the mouse cursor into the screen
        anew = screen()
        if anew != shown:
            at = next(k for k in range(len(shown)) if shown[k] != anew[k])
            pytest.fail(f"frame {i}: the screen kept differs from the one drawn anew, first at "
                        f"({at % pyxel.width}, {at // pyxel.width}); {'kept' if self.draws == before else 'drawn'}")
        self.compared += 1


def poke(rng: random.Random, keys=KEYS) -> int | None:
    """Now and then what a person does while others decide: the mouse moved, or a key to hold
    down for a frame (returned)."""
    if rng.random() < 0.5:
        pyxel.set_mouse_pos(rng.randrange(640), rng.randrange(480))
        return None
    return rng.choice(keys)


def test_a_still_frame_shows_what_drawing_anew_gives_at_one_machine(pyxel_headless):
    """Five computers on New World at the default pace, with its animations; the mouse moves,
    the log and the map scroll, the computers are hurried and the language changes on the way."""
    app, bot, scene = start("new-world-5-6", 5, DEFAULT_SPEED)
    checked = Checked(app, scene)
    rng = random.Random(7)
    before = language()
    try:
        for i in range(4000):
            if app.scene is not scene:
                break
            if i % 37 == 0:
                checked.hold(poke(rng))
            if i in (1500, 3000):
                set_language("de" if language() == "en" else "en")
            checked.frame(bot, i)
    finally:
        checked.let_go()
        set_language(before)
    assert not scene.faults, scene.faults
    assert scene.session.step > 300 and checked.compared > 2000
    assert checked.still > checked.compared // 3, "most of the computers' frames draw nothing"


@pytest.mark.parametrize("kind", ["net"])
def test_a_still_frame_shows_what_drawing_anew_gives_at_a_server(pyxel_headless, request, tmp_path, kind):
    """A network game, the person in seat 0 (by keys) against two of the server's computers,
    each pausing a quarter of a second before a decision: besides what a person does at one
    machine, chat lines typed and sent while others decide (each comes back into the log);
    the seats' connections and clocks come from the server."""
    app = App(can_quit=False, storage=MemoryStorage())
    with open_game(kind, tmp_path, {"players": 3}, ["normal", "normal"], app=app,
                   clocks={"computer_delay": 0.25}, server=server_of(request, kind)):
        scene = app.scene
        bot = Robot(app, "keyboard")
        checked = Checked(app, scene)
        rng = random.Random(11)
        chats = 0
        try:
            for i in range(3000):
                if app.scene is not scene:
                    break
                if scene.session.waiting_for_human() and scene.chat is None:
                    bot.step(scene)         # the person's decision (its frames are not compared)
                    continue
                if scene.chat is not None:
                    pyxel.set_input_text("hallo " if rng.random() < 0.8 else "")
                    if rng.random() < 0.1:
                        checked.hold(pyxel.KEY_RETURN)
                elif checked.compared % 29 == 0:
                    key = poke(rng, KEYS + (pyxel.KEY_K,) * 2)
                    chats += key == pyxel.KEY_K
                    checked.hold(key)
                checked.frame(bot, i)
                pyxel.set_input_text("")
        finally:
            checked.let_go()
            pyxel.set_input_text("")
        assert not scene.faults, scene.faults
        assert chats > 0 and checked.compared > 500
        assert checked.still > checked.compared // 3, "most frames while others decide draw nothing"
