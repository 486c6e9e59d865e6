"""Random keys, buttons and clicks on every screen: the window never
raises, whatever a person (or a cat on the keyboard) does."""

import pytest
import pyxel

from retrocatan.engine.rng import Rng
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App

KEYS = [pyxel.KEY_UP, pyxel.KEY_DOWN, pyxel.KEY_LEFT, pyxel.KEY_RIGHT, pyxel.KEY_RETURN, pyxel.KEY_SPACE,
        pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.KEY_TAB, pyxel.KEY_F, pyxel.KEY_R, pyxel.KEY_E,
        pyxel.KEY_1, pyxel.KEY_2, pyxel.KEY_3, pyxel.KEY_4, pyxel.KEY_H, pyxel.KEY_T, pyxel.KEY_P, pyxel.KEY_M,
        pyxel.KEY_V, pyxel.KEY_Y, pyxel.KEY_N, pyxel.KEY_C, pyxel.KEY_G, pyxel.KEY_X, pyxel.KEY_U, pyxel.KEY_J,
        pyxel.GAMEPAD1_BUTTON_A, pyxel.GAMEPAD1_BUTTON_B, pyxel.GAMEPAD1_BUTTON_X, pyxel.GAMEPAD1_BUTTON_Y,
        pyxel.GAMEPAD1_BUTTON_DPAD_UP, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER,
        pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER, pyxel.MOUSE_BUTTON_LEFT, pyxel.MOUSE_BUTTON_RIGHT]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_input_never_crashes(pyxel_headless, seed):
    rng = Rng(seed)
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["speed"] = 3
    scenes = set()
    for _ in range(6000):
        key = KEYS[rng.below(len(KEYS))]
        if rng.below(3) == 0:
            pyxel.set_mouse_pos(rng.below(640), rng.below(480))
        pyxel.set_btn(key, True)
        app.update()
        app.draw()
        pyxel.flip()
        pyxel.set_btn(key, False)
        app.update()
        app.draw()
        pyxel.flip()
        scenes.add(type(app.scene).__name__)
    assert {"TitleScene", "SetupScene", "GameScene"} <= scenes
