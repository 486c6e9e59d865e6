"""A stranger's walk (probe2): greyed lines say why. "6 Move ship" is
greyed until the player has a ship; the reason given (key 6, or the greyed
line chosen by pad or mouse) names that, not the rule about the open end of
a route. A player whose only ship was built this turn still hears the route
rule. The title's greyed "Load game" says there is no saved game yet."""

import pyxel
from sea_positions import sea_position
from test_ui_sea import key, settle, window
from ui_robot import Robot

from retrocatan.ui.text import t
from tests.test_seafarers import _open_sea_start


def _game_without_ships():
    game = sea_position()
    c, _ = _open_sea_start(game)
    return sea_position(buildings=[(0, c, 1, True)])


def test_move_ship_without_any_ship_says_there_is_none_by_key_pad_and_mouse(pyxel_headless):
    g = _game_without_ships()
    assert not any(owner == 0 for _, owner in g.seat_view(0).ships)
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    move = next(it for it in scene.menu.items if it.value == "move")
    assert not move.enabled
    want = t("refusal.no_ship_to_move", player="P1")
    key(bot, pyxel.KEY_6)
    assert scene.prompts == [] and scene.message == want
    scene.message = ""
    pad = Robot(app, "gamepad")
    pad.choose(scene.menu, "move")                  # the cursor rests on the greyed line; A says why
    assert scene.prompts == [] and scene.message == want
    scene.message = ""
    mouse = Robot(app, "mouse")
    mouse.choose(scene.menu, "move")
    assert scene.prompts == [] and scene.message == want


def test_a_ship_built_this_turn_keeps_the_route_rule_as_its_reason(pyxel_headless):
    game = sea_position()
    c, line = _open_sea_start(game)
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, line[0])], new_ships=[line[0]])
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    key(bot, pyxel.KEY_6)
    assert scene.message == t("refusal.ship_not_movable")


def test_the_title_s_greyed_load_game_says_why_by_pad_key_and_mouse(pyxel_headless):
    from retrocatan.storage import MemoryStorage
    from retrocatan.ui.app import App
    from retrocatan.ui.scenes.title import TitleScene
    app = App(can_quit=False, storage=MemoryStorage())
    for device in ("gamepad", "keyboard", "mouse"):
        bot = Robot(app, device)
        bot.frame()
        scene = app.scene
        assert isinstance(scene, TitleScene) and scene.message == ""
        load = next(it for it in scene.menu.items if it.value == "load")
        assert not load.enabled
        if device == "keyboard":
            key(bot, pyxel.KEY_L)
        else:
            bot.choose(scene.menu, "load")          # the pad's cursor rests on the greyed line; A or a click
        assert app.scene is scene and scene.message == t("title.no_saves")
        scene.message = ""
