"""The scenario editor in the window, headless: built by keys only, saved,
loaded, refused files, the mouse and the pad, and the texts' widths."""

import pytest
import pyxel
from ui_robot import Robot

from retrocatan import scenarios
from retrocatan.engine.scenario import MAX_COLUMNS, MAX_ROWS
from retrocatan.engine.scenario_read import parse_scenario, read_draft
from retrocatan.engine.scenario_write import dump_scenario
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.editor.checks import problems
from retrocatan.ui.editor.file_box import FILE_BUTTONS
from retrocatan.ui.editor.layout import MAP_AREA, RW
from retrocatan.ui.editor.scene import EditorScene
from retrocatan.ui.editor.tool_bar import TOOLS
from retrocatan.ui.editor.trial import TrialScene
from retrocatan.ui.maps.files import storage_name
from retrocatan.ui.maps.hexes import MIN_HEX, MapGrid
from retrocatan.ui.text import TEXTS, fill, set_language, t

KEY = {ch: getattr(pyxel, f"KEY_{ch.upper()}") for ch in "qetxuprhvogcl"}
KEY.update({str(d): getattr(pyxel, f"KEY_{d}") for d in range(10)})
KEY.update({"tab": pyxel.KEY_TAB, "f1": pyxel.KEY_F1, "f2": pyxel.KEY_F2, "f3": pyxel.KEY_F3, "f5": pyxel.KEY_F5,
            "f": pyxel.KEY_F})


def key(bot, name, times=1):
    for _ in range(times):
        pyxel.set_btn(KEY[name], True)
        bot.frame()
        pyxel.set_btn(KEY[name], False)
        bot.frame()


def open_editor(storage=None):
    app = App(can_quit=False, storage=storage or MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "editor")          # the title screen's entry
    assert isinstance(app.scene, EditorScene)
    return app, bot, app.scene


def go(bot, scene, target):
    """Move the cursor with the arrow keys."""
    for _ in range(40):
        y, x = scene.cursor
        if (y, x) == target:
            return
        bot.press("up" if target[0] < y else "down" if target[0] > y else "left" if target[1] < x else "right")
    raise AssertionError(f"cursor stuck at {scene.cursor}")


def pick_tool(bot, scene, tool):
    want = TOOLS.index(tool)
    while scene.tool != want:
        key(bot, "e" if (want - scene.tool) % len(TOOLS) <= len(TOOLS) // 2 else "q")


def build_two_islands(bot, scene, gold=True):
    pick_tool(bot, scene, ("code", "?"))
    for p in [(3, 2), (3, 3), (4, 3), (4, 2), (5, 2), (4, 4)]:
        go(bot, scene, p)
        bot.press("ok")
    pick_tool(bot, scene, ("code", "D"))
    go(bot, scene, (5, 3))
    bot.press("ok")
    for p, code, digits in [((3, 7), "W", "8"), ((4, 7), "G", "5"), ((4, 8), "C", "10"),
                            ((5, 8), "$" if gold else "S", "3")]:
        pick_tool(bot, scene, ("code", code))
        go(bot, scene, p)
        bot.press("ok")
        for d in digits:
            key(bot, d)
    pick_tool(bot, scene, ("harbour", "3:1"))
    go(bot, scene, (4, 9))
    bot.press("ok")
    pick_tool(bot, scene, ("harbour", "?"))
    go(bot, scene, (2, 2))
    bot.press("ok")
    key(bot, "t")                                   # turn it to its other land side
    key(bot, "p")                                   # fit the pools to the map


def test_build_save_and_check_a_two_island_scenario_by_keys_only(pyxel_headless):
    app, bot, scene = open_editor()
    s0 = scene.scenario
    assert set(c for row in s0.map for c in row) == {"~"} and scene.problem == "map: has no land"
    build_two_islands(bot, scene)
    s = scene.scenario
    assert scene.problem is None, scene.problem
    assert s.map[2][6] == "W8" and s.map[3][6] == "G5" and s.map[3][7] == "C10" and s.map[4][7] == "$3"
    assert s.map[4][2] == "D" and sum(c == "?" for row in s.map for c in row) == 6
    assert {h.hex for h in s.harbours} == {(4, 9), (2, 2)}
    assert sum(dict(s.terrain_pool).values()) == 6 and len(s.tokens) == 6
    # The statistics the rules box shows.
    assert scene.stats["per_number"][8] >= 1 and scene.stats["pips"]["coal"] >= 3
    # Save through the file box: Tab to it, right to Save, Enter.
    key(bot, "tab", 3)
    assert scene.focus == "file"
    bot.press("right")
    bot.press("ok")
    text = app.storage.files[storage_name(s.id)]
    assert text == dump_scenario(s)                         # the canonical format
    assert parse_scenario(text) == s                        # and the game's reader takes it
    assert not scene.doc.dirty and "Saved" in scene.message
    # Undo every edit by key, then redo them all.
    bot.press("back")
    steps = len(scene.doc.undo_stack)
    for _ in range(steps):
        key(bot, "u")
    assert scene.scenario == s0
    for _ in range(steps):
        key(bot, "r")
    assert scene.scenario == s
    from retrocatan.ai import make_player
    from retrocatan.match import play
    from retrocatan.ui.editor.trial import trial_config
    cfg = trial_config(parse_scenario(text), seed=11, players=3)
    result = play(cfg, [make_player("normal", 11, p) for p in range(3)])
    assert result.game.over and result.game.winner >= 0
    assert result.game.state.vp(result.game.winner) >= s.vp_target


def test_load_list_scrolls_without_limit_and_damaged_files_get_one_line(pyxel_headless):
    storage = MemoryStorage()
    good = scenarios.text("four-islands").replace('"id": "four-islands"', '"id": "mine"')
    for i in range(60):
        storage.files[storage_name(f"s{i:02d}")] = good.replace('"id": "mine"', f'"id": "s{i:02d}"')
    storage.files[storage_name("zz-bad")] = '{"format": "retrocatan-scenario", "version": 1, "map": [['
    app, bot, scene = open_editor(storage)
    key(bot, "f3")
    assert scene.mode == "load"
    items = scene.load_menu.items
    assert len(items) == 60 + 1 + len(scenarios.available()) + 1
    # Scroll down to the damaged file with the keys.
    target = next(i for i, it in enumerate(items) if it.value is not None and it.value.name == "zz-bad")
    while scene.load_menu.index != target:
        bot.press("down")
    assert scene.load_menu.scroll > 0
    before = scene.scenario
    bot.press("ok")
    assert "\n" not in scene.message and "zz-bad" in scene.message and len(scene.message) < 300
    assert scene.scenario == before and storage.files[storage_name("zz-bad")].endswith("[[")
    # A shipped scenario opens read-only; saving makes a copy and leaves the original alone.
    target = next(i for i, it in enumerate(items) if it.value is not None and it.value.name == "fog-island")
    while scene.load_menu.index != target:
        bot.press("down")
    bot.press("ok")
    assert scene.mode is None and scene.source.read_only and scene.scenario.id == "fog-island"
    key(bot, "f2")
    assert storage_name("fog-island") not in storage.files
    copy = storage.files[storage_name("fog-island-copy")]
    assert copy == scenarios.text("fog-island").replace('"id": "fog-island"', '"id": "fog-island-copy"')
    assert scene.source.kind == "user" and scene.source.name == "fog-island-copy"


def test_the_problem_names_a_hex_and_the_map_marks_it(pyxel_headless):
    app, bot, scene = open_editor()
    bot.press("ok")                                         # a forest...
    key(bot, "5")                                           # ...with a 5
    tab = [i for i, it in enumerate(scene.rules.items) if it.value == "placement"][0]
    key(bot, "tab", 2)
    bot.choose(scene.rules, "placement", adjust=1)          # the spiral deals every number
    assert scene.rules.items[tab].label.endswith("letter spiral")
    assert "row 4, column 5" in scene.problem and scene.problem_place == (4, 5)
    bot.frame()


def test_refused_edits_say_why_and_change_nothing(pyxel_headless):
    app, bot, scene = open_editor()
    before = scene.scenario
    key(bot, "5")                                           # a number on the sea
    assert scene.message == "numbers go on land other than a desert" and scene.scenario == before
    pick_tool(bot, scene, ("harbour", "wood"))
    bot.press("ok")                                         # a harbour with no land beside it
    assert "land" in scene.message and scene.scenario == before


def test_grow_and_shrink_the_map_from_the_rules_box(pyxel_headless):
    app, bot, scene = open_editor()
    rows, cols = len(scene.scenario.map), len(scene.scenario.map[0])
    key(bot, "tab", 2)
    assert scene.focus == "rules"
    menu = scene.rules
    bot.choose(menu, ("edge", "top"), adjust=1)
    bot.choose(menu, ("edge", "right"), adjust=1)
    bot.choose(menu, ("edge", "bottom"), adjust=-1)
    assert (len(scene.scenario.map), len(scene.scenario.map[0])) == (rows + 1, cols + 1)
    for _ in range(25):
        bot.choose(menu, ("edge", "right"), adjust=1)
    assert len(scene.scenario.map[0]) == MAX_COLUMNS and "columns" in scene.message


def test_the_largest_map_fits_at_a_readable_size():
    assert MapGrid.size_for(MAP_AREA, MAX_ROWS, MAX_COLUMNS) >= MIN_HEX
    view = MapGrid(MAP_AREA)
    view.fit(MAX_ROWS, MAX_COLUMNS)
    x0, y0, w, h = MAP_AREA
    for p in [(1, 1), (MAX_ROWS, MAX_COLUMNS), (2, MAX_COLUMNS), (MAX_ROWS, 1)]:
        cx, cy = view.centre(p)
        assert x0 <= cx - view.s * 0.87 and cx + view.s * 0.87 <= x0 + w and y0 <= cy - view.s and cy + view.s <= y0 + h
        assert view.hit(cx + 2, cy - 2) == p


def test_mouse_paints_picks_tools_and_presses_buttons(pyxel_headless):
    app, _, scene = open_editor()
    bot = Robot(app, "mouse")
    x, y, w, h = scene.tool_rect(TOOLS.index(("code", "B")))
    bot.click(x + w // 2, y + h // 2)
    assert TOOLS[scene.tool] == ("code", "B") and scene.focus == "tools"
    cx, cy = scene.view.centre((2, 3))
    bot.click(cx, cy)
    assert scene.scenario.map[1][2] == "B" and scene.cursor == (2, 3)
    bot.click(*scene.view.centre((1, 1)), right=True)      # right click: take the hex's terrain
    assert TOOLS[scene.tool] == ("code", "~") and app.scene is scene
    bot.click(*scene.view.centre((2, 3)), right=True)
    assert TOOLS[scene.tool] == ("code", "B")
    x, y, w, h = scene.file_rect(FILE_BUTTONS.index("undo"))
    bot.click(x + w // 2, y + h // 2)
    assert scene.scenario.map[1][2] == "~"
    x, y, w, h = scene.file_rect(FILE_BUTTONS.index("help"))
    bot.click(x + w // 2, y + h // 2)
    assert scene.mode == "help"
    bot.click(100, 100)
    assert scene.mode is None


def test_gamepad_paints_fills_and_undoes(pyxel_headless):
    app, _, scene = open_editor()
    bot = Robot(app, "gamepad")
    bot.press("ok")
    assert scene.scenario.map[3][4] == "W"
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER, True)
    bot.frame()
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER, False)
    bot.frame()
    assert TOOLS[scene.tool] == ("code", "B")
    bot.press("right")
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_Y, True)            # fill the sea around
    bot.frame()
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_Y, False)
    bot.frame()
    assert sum(c == "B" for row in scene.scenario.map for c in row) == 7 * 9 - 1
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_X, True)            # undo
    bot.frame()
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_X, False)
    bot.frame()
    assert sum(c == "B" for row in scene.scenario.map for c in row) == 0


def test_help_screen_and_german(pyxel_headless):
    app, bot, scene = open_editor()
    key(bot, "f1")
    assert scene.mode == "help"
    bot.press("ok")
    assert scene.mode is None
    key(bot, "h")
    assert scene.mode == "help"
    key(bot, "h")
    assert scene.mode is None
    key(bot, "o")
    assert scene.mode == "load"
    bot.press("back")
    assert scene.mode is None
    set_language("de")
    try:
        scene._refresh()
        bot.frame()
        assert scene.rules.items[1].label.startswith("Name (en)")
        assert t("ed.f.save") == "Sichern"
    finally:
        set_language("en")


def test_try_it_plays_the_edited_map_and_comes_back(pyxel_headless):
    app, bot, scene = open_editor()
    scene.try_it()
    assert "map: has no land" in scene.message and app.scene is scene     # an unplayable map is not started
    build_two_islands(bot, scene, gold=False)      # the game screen's pictures are the base game's
    edited = scene.scenario
    scene.try_it()                                 # what F5 and the Try it button do
    from retrocatan.ui.scenes.game import GameScene
    trial = app.scene
    assert isinstance(trial, TrialScene) and isinstance(trial.inner, GameScene), scene.message
    game = trial.inner
    assert str(scene.try_seed) in scene.message and game.session.game.config.seed == scene.try_seed
    board = game.session.game.board
    assert len(board.terrain) == 11                          # the edited map's land, not the base island
    for _ in range(30):
        bot.frame()
    if app.scene is scene:                                   # the game screen could not show this map
        assert scene.message.startswith("The test game stopped:") and "\n" not in scene.message
        pytest.xfail(f"the game screen cannot draw scenario maps yet: {scene.message}")
    assert not any(n.startswith(("autosave", "finished-")) for n in app.storage.names())   # the player's saves
    game.app.switch_to("end", session=game.session)          # the game's end screen stays in the trial
    assert app.scene is trial and type(trial.inner).__name__ == "EndScene"
    bot.press("ok")                                          # "Enter: back to the title" leads to the editor
    assert app.scene is scene and scene.scenario == edited and str(scene.try_seed) in scene.message


BUTTON_W = 73 - 4


@pytest.mark.parametrize("lang", ["en", "de"])
def test_editor_texts_fit_their_places(lang):
    sample = {"n": 21, "r": 21, "c": 21, "v": "x" * 6, "kind": "Getreide", "label": "a", "num": 12, "p": 5,
              "side": "Nordwesten", "lang": "de", "seed": 999999, "name": "x" * 20, "why": "x",
              "turn": 999, "points": "12 10 9 8 7 6", "vp": 30}
    limits = [("ed.f.", BUTTON_W, "normal"), ("ed.help.", 576, "small"), ("ed.hint", 632, "small"),
              ("ed.m.", 632, "small"), ("ed.t.", RW - 16, "small"), ("ed.i.", RW - 16, "small"),
              ("ed.sec.", RW - 20, "normal"), ("ed.r.", RW - 20, "normal"), ("ed.hex", RW - 12, "bold"),
              ("ed.tools", RW - 12, "bold"), ("ed.rules", RW - 12, "bold"),
              ("scenario_editor", 160 - 8 - 16, "normal")]          # the title menu, with its key letter
    too_wide = []
    for k, text in TEXTS[lang].items():
        for prefix, limit, face in limits:
            if k.startswith(prefix):
                shown = fill(text, **sample)
                if font.width(shown, face) > limit:
                    too_wide.append((k, shown))
                break
    assert not too_wide, too_wide


def test_typing_a_name_backspace_enter_and_escape(pyxel_headless):
    app, bot, scene = open_editor()
    key(bot, "tab", 2)
    bot.choose(scene.rules, ("text", "name", "en"))
    assert scene.mode == "text" and scene.typing["text"] == "New scenario"
    pyxel.set_btn(pyxel.KEY_BACKSPACE, True)
    bot.frame()
    pyxel.set_btn(pyxel.KEY_BACKSPACE, False)
    bot.frame()
    bot.press("back")                                       # Esc: nothing changes
    assert scene.mode is None and scene.scenario.name["en"] == "New scenario" and not scene.doc.can_undo()
    bot.choose(scene.rules, ("text", "name", "en"))
    pyxel.set_btn(pyxel.KEY_BACKSPACE, True)
    bot.frame()
    pyxel.set_btn(pyxel.KEY_BACKSPACE, False)
    bot.frame()
    bot.press("ok")                                         # Enter: the shorter name, one undo step
    assert scene.mode is None and scene.scenario.name["en"] == "New scenari"
    key(bot, "tab", 2)
    assert scene.focus == "map"
    key(bot, "u")
    assert scene.scenario.name["en"] == "New scenario"


def test_leaving_asks_once_when_there_are_unsaved_changes(pyxel_headless):
    from retrocatan.ui.scenes.title import TitleScene
    app, bot, scene = open_editor()
    bot.press("ok")                                         # paint a forest
    bot.press("back")
    assert app.scene is scene and scene.message == t("ed.m.unsaved")
    bot.press("back")
    assert isinstance(app.scene, TitleScene)


def test_random_presses_never_break_the_editor(pyxel_headless):
    import random
    rng = random.Random(7)
    app, bot, scene = open_editor()
    keys = [pyxel.KEY_UP, pyxel.KEY_DOWN, pyxel.KEY_LEFT, pyxel.KEY_RIGHT, pyxel.KEY_RETURN, pyxel.KEY_ESCAPE,
            pyxel.KEY_TAB, pyxel.KEY_F, pyxel.KEY_F1, pyxel.KEY_F2, pyxel.KEY_F3, pyxel.GAMEPAD1_BUTTON_X,
            pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER, pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER, pyxel.GAMEPAD1_BUTTON_A,
            pyxel.GAMEPAD1_BUTTON_B, pyxel.GAMEPAD1_BUTTON_Y, pyxel.GAMEPAD1_BUTTON_START,
            pyxel.GAMEPAD1_BUTTON_DPAD_DOWN]
    keys += [KEY[c] for c in "qetxuprp25810hvol"]
    for _ in range(600):
        if not isinstance(app.scene, EditorScene):            # left for the title: come back
            bot.choose(app.scene.menu, "editor")
            scene = app.scene
        k = rng.choice(keys)
        pyxel.set_btn(k, True)
        bot.frame()
        pyxel.set_btn(k, False)
        bot.frame()
        assert scene.problems == problems(scene.scenario)
        assert scene.problem == (scene.problems[0].text if scene.problems else None)
    for name, text in app.storage.files.items():
        if name.startswith("scenario-"):
            read_draft(text)                                 # whatever was saved opens again


def test_computer_players_test_the_map_while_the_editor_stays(pyxel_headless):
    app, bot, scene = open_editor()
    key(bot, "c")
    assert "map: has no land" in scene.message and scene.autoplay is None
    build_two_islands(bot, scene)
    key(bot, "c")
    assert scene.autoplay is not None and str(scene.try_seed) in scene.message
    for _ in range(3000):
        if scene.autoplay is None:
            break
        bot.frame()
    assert scene.autoplay is None and app.scene is scene
    assert scene.message.startswith(f"Seed {scene.try_seed}: ") and " won with " in scene.message
    key(bot, "c")                                            # Esc stops one
    bot.press("back")
    assert scene.autoplay is None and "stopped" in scene.message
