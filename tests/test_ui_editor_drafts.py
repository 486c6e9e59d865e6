"""The editor, headless: every problem listed and its hexes marked, drafts
saved and opened again, the on-screen keyboard for the pad and the mouse,
and the title screen telling saved games from scenarios."""

import dataclasses

import pyxel
from ui_robot import Robot

from retrocatan import scenarios
from retrocatan.engine.scenario_read import parse_scenario, read_draft
from retrocatan.engine.scenario_write import dump_scenario
from retrocatan.storage import MemoryStorage, saved_game_names, scenario_names
from retrocatan.ui import keyboard as kb
from retrocatan.ui.app import App
from retrocatan.ui.editor.scene import EditorScene
from retrocatan.ui.maps.files import storage_name
from retrocatan.ui.scenes.title import TitleScene
from retrocatan.ui.text import t


def press(bot, button):
    pyxel.set_btn(button, True)
    bot.frame()
    pyxel.set_btn(button, False)
    bot.frame()


def open_editor(device="keyboard", storage=None):
    app = App(can_quit=False, storage=storage or MemoryStorage())
    bot = Robot(app, device)
    bot.frame()
    if device == "mouse":
        x, y, w, h = app.scene.menu.item_rect(next(i for i, it in enumerate(app.scene.menu.items)
                                                   if it.value == "editor"))
        bot.click(x + w // 2, y + h // 2)
    else:
        bot.choose(app.scene.menu, "editor")
    assert isinstance(app.scene, EditorScene)
    return app, bot, app.scene


def broken_four_islands() -> str:
    """Four Islands with three problems: the robber on the sea, a harbour facing
    the map's edge, a founding hex on the sea."""
    text = scenarios.text("four-islands")
    text = text.replace('{"hex": [1, 2], "side": "se"', '{"hex": [1, 2], "side": "nw"')
    text = text.replace('"founding": "all"', '"founding": [[1, 1]]')
    return text.replace('"robber": "desert"', '"robber": [1, 3]')


def test_every_problem_is_listed_and_the_map_marks_each_hex(pyxel_headless):
    storage = MemoryStorage()
    storage.files[storage_name("four-islands-draft")] = broken_four_islands().replace(
        '"id": "four-islands"', '"id": "four-islands-draft"')
    app, bot, scene = open_editor(storage=storage)
    press(bot, pyxel.KEY_F3)
    target = next(i for i, it in enumerate(scene.load_menu.items)
                  if it.value is not None and it.value.name == "four-islands-draft")
    while scene.load_menu.index != target:
        bot.press("down")
    bot.press("ok")                                         # a draft opens: its format is right
    assert scene.mode is None and scene.scenario.id == "four-islands-draft"
    texts = [p.text for p in scene.problems]
    assert texts == ["robber: row 1, column 3 is not a land hex",
                     "harbours[1] (row 1, column 2): side nw faces no land hex, so the harbour is not on the coast",
                     "founding[1] (row 1, column 1): not a land hex"]
    assert scene.problem_places == [(1, 3), (1, 2), (1, 1)]
    summary = [line for line, _ in scene.problem_summary(200)]
    assert summary[0].startswith("3 problems. 1. robber") and summary[1].startswith("2. harbours[1]")
    assert summary[2].startswith("3. founding[1]")
    # The map outlines each named hex in red, and no other.
    bot.frame()
    assert all(reds(scene, p) > 0 for p in scene.problem_places)
    assert reds(scene, (len(scene.scenario.map), 6)) == 0
    # L lists them all; any other key closes the list.
    press(bot, pyxel.KEY_L)
    assert scene.mode == "problems"
    joined = " ".join(line.strip() for line, _ in scene.problem_lines())
    assert joined == " ".join(f"{i + 1}. {x}" for i, x in enumerate(texts))
    bot.press("ok")
    assert scene.mode is None
    # A fix removes its problem and its mark.
    scene.edit(lambda s: dataclasses.replace(s, robber="desert"))
    assert [p.text for p in scene.problems] == texts[1:] and (1, 3) not in scene.problem_places


def reds(scene, place) -> int:
    """Red pixels within a hex's reach on the screen."""
    from retrocatan.ui.palette import RED
    cx, cy = scene.view.centre(place)
    r = int(scene.view.s) - 1
    return sum(pyxel.pget(x, y) == RED for x in range(int(cx) - r, int(cx) + r + 1)
               for y in range(int(cy) - r, int(cy) + r + 1))


def test_many_problems_show_two_and_how_many_more(pyxel_headless):
    app, bot, scene = open_editor()
    draft = read_draft(broken_four_islands())
    # and a fourth and fifth: fixed numbers under a spiral... on a shuffled map, a pirate without ships
    from dataclasses import replace
    draft = replace(draft, ships=False, pirate=None, vp_target=30, island_bonus="none", island_bonus_points=1)
    scene._open(draft, scene.source)
    assert len(scene.problems) > 3
    summary = [line for line, _ in scene.problem_summary(220)]
    assert len(summary) == 3 and summary[2] == t("ed.more", n=len(scene.problems) - 2)
    # the list scrolls when it is longer than the screen
    press(bot, pyxel.KEY_L)
    assert scene.mode == "problems"
    bot.frame()
    press(bot, pyxel.KEY_ESCAPE)
    assert scene.mode is None


def test_a_draft_saves_with_a_warning_and_opens_again(pyxel_headless):
    app, bot, scene = open_editor()
    bot.press("ok")                                         # one forest hex: far from a game
    first = scene.problem
    press(bot, pyxel.KEY_F2)
    name = storage_name(scene.scenario.id)
    assert app.storage.files[name] == dump_scenario(scene.scenario) and not scene.doc.dirty
    assert scene.message == t("ed.m.saved_draft", name=scene.scenario.id, why=first)
    assert "will not load as a game until" in scene.message
    assert read_draft(app.storage.files[name]) == scene.scenario
    try:
        parse_scenario(app.storage.files[name])
        raise AssertionError("the game loaded a draft")
    except ValueError as e:
        assert str(e) == first
    # New map, then open the draft from the load list.
    press(bot, pyxel.KEY_F3)
    target = next(i for i, it in enumerate(scene.load_menu.items)
                  if it.value is not None and it.value.name == scene.scenario.id)
    saved = scene.scenario
    scene._open(None, scene.source)
    press(bot, pyxel.KEY_F3)
    while scene.load_menu.index != target:
        bot.press("down")
    bot.press("ok")
    assert scene.scenario == saved and scene.problem == first


def pad_to(bot, scene, key):
    want = kb.KEYS.index(key)
    while scene.keyboard.index != want:
        bot.press("down" if want - scene.keyboard.index >= kb.COLUMNS else "right")


def type_on_pad(bot, scene, text):
    for ch in text:
        pad_to(bot, scene, kb.SPACE if ch == " " else ch)
        press(bot, pyxel.GAMEPAD1_BUTTON_A)


def test_the_d_pad_reaches_every_key_and_wraps():
    k = kb.OnScreenKeyboard(0, 0)
    seen = set()
    for d in ("right",) * len(kb.KEYS):
        seen.add(k.index)
        k._move(d)
    assert seen == set(range(len(kb.KEYS))) and k.index == 0
    k._move("up")                                           # from the top row to the bottom row...
    assert kb.KEYS[k.index] == kb.SPACE
    k._move("up")
    assert k.index == (len(kb.ROWS) - 1) * kb.COLUMNS + 2   # ...and back up, to the column above its middle
    k.index = kb.KEYS.index(kb.DONE)
    k._move("down")
    assert k.index // kb.COLUMNS == 0 and k.index % kb.COLUMNS >= 9


def test_the_pad_alone_renames_a_scenario_on_the_on_screen_keyboard(pyxel_headless):
    app, bot, scene = open_editor("gamepad")
    press(bot, pyxel.GAMEPAD1_BUTTON_BACK)                 # Select: next box
    press(bot, pyxel.GAMEPAD1_BUTTON_BACK)
    assert scene.focus == "rules"
    bot.choose(scene.rules, ("text", "name", "de"))
    assert scene.mode == "text" and scene.keyboard_shown
    bot.frame()                                             # the keyboard is drawn
    for _ in range(len(scene.typing["text"])):
        press(bot, pyxel.GAMEPAD1_BUTTON_B)                 # B deletes
    assert scene.typing["text"] == ""
    type_on_pad(bot, scene, "Öde Küste")
    assert scene.typing["text"] == "Öde Küste"
    press(bot, pyxel.GAMEPAD1_BUTTON_START)                 # Start: done
    assert scene.mode is None and scene.scenario.name["de"] == "Öde Küste"
    # The id takes only a-z, 0-9 and '-': capitals are lowered, the rest left out.
    bot.choose(scene.rules, ("text", "id", ""))
    for _ in range(len(scene.typing["text"])):
        press(bot, pyxel.GAMEPAD1_BUTTON_B)
    type_on_pad(bot, scene, "Ö?K2")
    press(bot, pyxel.GAMEPAD1_BUTTON_Y)                     # Y: done
    assert scene.scenario.id == "k2"
    # The on-screen Delete and Done keys, by d-pad and A.
    bot.choose(scene.rules, ("text", "id", ""))
    pad_to(bot, scene, kb.DELETE)
    press(bot, pyxel.GAMEPAD1_BUTTON_A)
    type_on_pad(bot, scene, "3")
    pad_to(bot, scene, kb.DONE)
    press(bot, pyxel.GAMEPAD1_BUTTON_A)
    assert scene.mode is None and scene.scenario.id == "k3"
    # X cancels.
    bot.choose(scene.rules, ("text", "name", "en"))
    type_on_pad(bot, scene, "x")
    press(bot, pyxel.GAMEPAD1_BUTTON_X)
    assert scene.mode is None and scene.scenario.name["en"] == "New scenario"


def test_the_mouse_clicks_the_on_screen_keys_and_the_keyboard_types_directly(pyxel_headless):
    app, bot, scene = open_editor("mouse")
    scene._start_typing("name", "en")
    bot.frame()
    assert scene.keyboard_shown
    for ch in ("ß", kb.SPACE, "A", kb.DELETE, "Z", kb.DONE):
        x, y, w, h = scene.keyboard.rect(kb.KEYS.index(ch))
        bot.click(x + w // 2, y + h // 2)
    assert scene.mode is None and scene.scenario.name["en"] == "New scenarioß Z"
    # The keyboard types as before; the on-screen keys hide.
    scene._start_typing("name", "en")
    press(bot, pyxel.KEY_BACKSPACE)
    assert not scene.keyboard_shown
    press(bot, pyxel.KEY_RETURN)
    assert scene.mode is None and scene.scenario.name["en"] == "New scenarioß"


def test_the_title_counts_saved_games_not_scenarios(pyxel_headless):
    storage = MemoryStorage()
    storage.files[storage_name("mine")] = scenarios.text("four-islands")
    storage.files["options"] = "{}"
    storage.files["autosave"] = "{}"
    app = App(can_quit=False, storage=storage)
    Robot(app, "keyboard").frame()
    assert isinstance(app.scene, TitleScene)
    load = next(it for it in app.scene.menu.items if it.value == "load")
    assert not load.enabled                                  # a scenario is not a saved game
    assert saved_game_names(storage.names()) == [] and scenario_names(storage.names()) == ["scenario-mine"]
    storage.files["finished-20260101-120000-7"] = "{}"
    storage.files["slot2"] = "{}"
    app.switch(TitleScene(app))
    load = next(it for it in app.scene.menu.items if it.value == "load")
    assert load.enabled
    assert saved_game_names(storage.names()) == ["finished-20260101-120000-7", "slot2"]
