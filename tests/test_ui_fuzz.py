"""Random keys, buttons and clicks on every screen: the window never
raises, whatever a person (or a cat on the keyboard) does."""

import traceback

import pytest
import pyxel
from place_check import watch_builds

from retrocatan import scenarios
from retrocatan.engine.rng import Rng
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec

KEYS = [pyxel.KEY_UP, pyxel.KEY_DOWN, pyxel.KEY_LEFT, pyxel.KEY_RIGHT, pyxel.KEY_RETURN, pyxel.KEY_SPACE,
        pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.KEY_TAB, pyxel.KEY_F, pyxel.KEY_R, pyxel.KEY_E,
        pyxel.KEY_1, pyxel.KEY_2, pyxel.KEY_3, pyxel.KEY_4, pyxel.KEY_H, pyxel.KEY_T, pyxel.KEY_P, pyxel.KEY_M,
        pyxel.KEY_V, pyxel.KEY_Y, pyxel.KEY_N, pyxel.KEY_C, pyxel.KEY_G, pyxel.KEY_X, pyxel.KEY_U, pyxel.KEY_J,
        pyxel.GAMEPAD1_BUTTON_A, pyxel.GAMEPAD1_BUTTON_B, pyxel.GAMEPAD1_BUTTON_X, pyxel.GAMEPAD1_BUTTON_Y,
        pyxel.GAMEPAD1_BUTTON_DPAD_UP, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER,
        pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER, pyxel.MOUSE_BUTTON_LEFT, pyxel.MOUSE_BUTTON_RIGHT]


def tap(app, key) -> None:
    """One frame with ``key`` down, one with it up, as a person taps it."""
    pyxel.set_btn(key, True)
    app.update()
    app.draw()
    pyxel.flip()
    pyxel.set_btn(key, False)
    app.update()
    app.draw()
    pyxel.flip()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_input_never_crashes(pyxel_headless, seed):
    rng = Rng(seed)
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["speed"] = 3
    scenes = set()
    for _ in range(2000):       # the seeds reach the title, setup and game screens within 850
        key = KEYS[rng.below(len(KEYS))]
        if rng.below(3) == 0:
            pyxel.set_mouse_pos(rng.below(640), rng.below(480))
        tap(app, key)
        scenes.add(type(app.scene).__name__)
    assert {"TitleScene", "SetupScene", "GameScene"} <= scenes


# --- on the Seafarers maps --------------------------------------------------------------------------
SEA_KEYS = KEYS + [pyxel.KEY_5, pyxel.KEY_6, pyxel.KEY_TAB, pyxel.KEY_I, pyxel.GAMEPAD1_BUTTON_BACK,
                   pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT]
SEA_BOARDS = [sid for sid in scenarios.available() if not sid.startswith("base-")]
SEA_FRAMES = 2400


def _faults(scene) -> list[str]:
    return ["".join(traceback.format_exception(f)) if isinstance(f, BaseException) else repr(f)
            for f in getattr(scene, "faults", None) or ()]


@pytest.mark.parametrize("scenario", SEA_BOARDS)
def test_random_input_on_a_scenario_table_never_crashes(pyxel_headless, monkeypatch, scenario):
    """A person (two at the table on every other map: hot seat) and computers
    at the default speed, with animations; random keys, pad buttons and
    clicks -- half of the clicks on a place the board offers. No exception
    and no fault caught by the game screen, no piece's build shown anywhere
    but at its own edge or corner; the game went past the founding."""
    wrong = watch_builds(monkeypatch)
    made_for = sorted(scenarios.load(scenario).players)
    players = made_for[SEA_BOARDS.index(scenario) % len(made_for)]
    people = 1 + SEA_BOARDS.index(scenario) % 2
    seats = [SeatSpec("human" if s < people else ("easy", "normal", "hard")[s % 3], f"P{s + 1}")
             for s in range(players)]
    rng = Rng(SEA_BOARDS.index(scenario) + 11)
    app = App(can_quit=False, storage=MemoryStorage())
    speed = app.settings["speed"]           # the speed a new player gets
    session = GameSession(scenarios.config_for(scenario, players, seed=rng.below(1000)), seats, speed=speed)
    scene = GameScene(app, session)
    app.switch(scene)
    modes = set()
    for _ in range(SEA_FRAMES // 2):
        if app.scene is not scene:
            app.switch(scene)           # left for the title (game menu, quit): Continue
        key = SEA_KEYS[rng.below(len(SEA_KEYS))]
        if rng.below(3) == 0:
            prompt = scene.prompt
            if scene.mode == "pick" and getattr(prompt, "ids", None) and rng.below(2):
                x, y = scene.view.target_px(prompt.kind, prompt.ids[rng.below(len(prompt.ids))])
                pyxel.set_mouse_pos(int(x), int(y))
                key = pyxel.MOUSE_BUTTON_LEFT
            else:
                pyxel.set_mouse_pos(rng.below(640), rng.below(480))
        tap(app, key)
        modes.add(scene.mode)
        assert not _faults(scene), "the game screen caught a fault:\n" + "\n".join(_faults(scene))
    assert not wrong, "built pieces shown at places of the wrong kind:\n" + "\n".join(wrong[:10])
    assert {"menu", "pick", "dialog"} <= modes
    assert len(session.game.history) > 4 * players      # past the founding
