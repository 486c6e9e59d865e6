"""The player's own New World templates and saves on made maps never
freeze a screen as it opens: the new-game screen deals the templates not
judged yet off the frame and keeps each file's verdict until the file
changes; the Load screen replays a save on a made map off the frame."""

import json
import os
import sys
import threading
import time
from dataclasses import replace

from retrocatan import saves, scenarios
from retrocatan.engine import Game, GameConfig
from retrocatan.engine import new_world as new_world_module
from retrocatan.engine.scenario_write import dump_scenario
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.maps import files as own_files
from retrocatan.ui.scenes import load, setup
from retrocatan.ui.text import t

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from ui_robot import Robot  # noqa: E402


def _maps_made(monkeypatch) -> list[bool]:
    """For each map the New World generator tries to make from now on: whether the window's thread made it."""
    made = []
    real = new_world_module.generate_map

    def spy(*args, **kwargs):
        made.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)
    monkeypatch.setattr(new_world_module, "generate_map", spy)
    return made


def _template(sid: str, tokens=None):
    """An own New World template; with all 6s and 8s its generator finds no map."""
    s = replace(scenarios.load("new-world-3-4"), id=sid, name={"en": sid, "de": sid})
    return replace(s, tokens=tokens) if tokens else s


def _open_setup(app, bot):
    bot.choose(app.scene.menu, "new")
    assert isinstance(app.scene, setup.SetupScene)
    return app.scene


def _frames_while(bot, busy, seconds: float = 60.0) -> None:
    """Frames while ``busy()``: the work off the frame gets the time it needs on a busy machine."""
    end = time.monotonic() + seconds
    while busy():
        assert time.monotonic() < end, "the work off the frame never ended"
        bot.frame()


def _judged(bot, scene) -> None:
    _frames_while(bot, lambda: scene.judging is not None)


def test_own_templates_are_dealt_off_the_frame_and_each_verdict_kept_until_its_file_changes(pyxel_headless,
                                                                                              monkeypatch):
    storage = MemoryStorage()
    red = _template("red-isles-1", tokens=(6, 8) * 15)
    storage.write(own_files.storage_name("red-isles-1"), dump_scenario(red))
    storage.write(own_files.storage_name("my-world-1"), dump_scenario(_template("my-world-1")))
    made = _maps_made(monkeypatch)
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    scene = _open_setup(app, bot)
    _judged(bot, scene)
    assert made and not any(made)                   # dealt, and never in the window's thread
    assert setup.OWN + "my-world-1" in setup.board_choices(3, scene.own)
    assert "red-isles-1" not in scene.own           # its generator finds no map: not offered
    # Opened again: every verdict is known, nothing is dealt, the board is there at once.
    bot.press("back")
    made.clear()
    scene = _open_setup(app, bot)
    assert made == [] and scene.judging is None
    assert "my-world-1" in scene.own and "red-isles-1" not in scene.own
    # The file changes (a fair token mix now): it is judged anew, off the frame, and offered.
    storage.write(own_files.storage_name("red-isles-1"), dump_scenario(replace(red, tokens=_template("x").tokens)))
    bot.press("back")
    scene = _open_setup(app, bot)
    _judged(bot, scene)
    assert made and not any(made)
    assert "red-isles-1" in scene.own


def _save_on_no_map_template() -> str:
    """A save of a New World game whose template (changed in the file) finds no map for its seed."""
    game = Game(GameConfig(players=3, seed=5, scenario=_template("red-save-1")))
    data = json.loads(saves.dumps(saves.make_save(game, [{"kind": "human", "name": "Anna"}] * 3, "slot1")))
    data["replay"]["config"]["scenario"]["numbers"]["tokens"] = [6, 8] * 15
    return json.dumps(data)


def test_a_save_on_a_made_map_is_replayed_off_the_frame_on_the_load_screen(pyxel_headless, monkeypatch):
    storage = MemoryStorage()
    storage.write("slot1", _save_on_no_map_template())
    made = _maps_made(monkeypatch)
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "load")
    scene = app.scene
    assert isinstance(scene, load.LoadScene)
    _frames_while(bot, lambda: scene.pending)
    assert made and not any(made)                   # its map was tried off the frame only
    line = scene.menu.items[0].label
    assert line == t("load.slot", n=1, desc=t("load.damaged"))
