"""Screens and controls of the window, headless."""

import os
import subprocess
import sys

from ui_robot import Robot

from retrocatan.engine import GameConfig, phases
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.prompts.board_pick import BoardPick
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.scenes.setup import SetupScene
from retrocatan.ui.session import GameSession, SeatSpec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def game_scene(app, players=4, seed=3, seats=None):
    seats = seats or ["human"] + ["hard"] * (players - 1)
    session = GameSession(GameConfig(players=players, seed=seed),
                          [SeatSpec(k, f"P{i + 1}") for i, k in enumerate(seats)], speed=3)
    scene = GameScene(app, session)
    app.switch(scene)
    return scene


def until_the_person_decides(bot, scene):
    while not scene.session.waiting_for_human():
        bot.frame()
    bot.frame()


def test_founding_cursor_snaps_to_legal_corners(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene = game_scene(app)
    bot = Robot(app, "keyboard")
    until_the_person_decides(bot, scene)
    pick = scene.prompt
    assert isinstance(pick, BoardPick) and pick.kind == "corner"
    legal = {a.a for a in scene.session.game.legal_actions()}
    assert set(pick.ids) == legal
    seen = set()
    for d in ("right", "down", "left", "up", "right", "right"):
        bot.press(d)
        seen.add(pick.cursor)
    assert seen <= legal and len(seen) > 2        # the cursor moves, only over legal corners
    chosen = pick.cursor
    bot.press("ok")                               # confirm placements (default): the first OK marks
    assert scene.session.game.state.corner_owner[chosen] == -1 and pick.marked == chosen
    bot.press("ok")
    assert scene.session.game.state.corner_owner[chosen] == 0


def test_mouse_hover_and_click_on_the_board(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene = game_scene(app)
    bot = Robot(app, "mouse")
    until_the_person_decides(bot, scene)
    ids = scene.prompt.ids
    target = ids[len(ids) // 2]
    x, y = scene.view.corner_px(target)
    bot.click(x + 2, y - 1)
    assert scene.session.game.state.corner_owner[target] == -1      # marked (confirm placements)
    bot.click(x + 2, y - 1)
    assert scene.session.game.state.corner_owner[target] == 0


def test_illegal_choice_is_refused_with_a_message(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene = game_scene(app)
    bot = Robot(app, "keyboard")
    until_the_person_decides(bot, scene)
    before = scene.session.game.to_json()
    from retrocatan.engine import Action
    assert not scene.submit(Action("road", 0))
    assert scene.message and scene.session.game.to_json() == before


def test_setup_screen_builds_the_config(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    scene = app.scene
    assert isinstance(scene, SetupScene)
    bot.choose(scene.menu, "players", adjust=1)
    bot.choose(scene.menu, "board", adjust=1)
    bot.choose(scene.menu, "vp", adjust=-1)
    # Typing digits sets the seed.
    while scene.menu.selected.value != "seed":
        bot.press("down")
    import pyxel
    for key in (pyxel.KEY_X, pyxel.KEY_4, pyxel.KEY_2):
        pyxel.set_btn(key, True)
        bot.frame()
        pyxel.set_btn(key, False)
        bot.frame()
    cfg = scene.config()
    assert (cfg.players, cfg.board, cfg.vp_target, cfg.seed) == (5, "beginner", 9, 42)
    bot.choose(scene.menu, "rules")
    bot.choose(scene.menu, "dice_deck", adjust=1)
    bot.choose(scene.menu, "rules_done")
    assert scene.config().dice_deck is True


def test_discard_dialog_for_a_person(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene = game_scene(app, seats=["human", "hard", "hard", "hard"])
    g = scene.session.game
    bot = Robot(app, "keyboard")
    # Fast-forward the founding phase through the robot, then force a discard.
    while g.phase != phases.ROLL or g.decider != 0:
        bot.step(scene)
    st = g.state
    for r in range(5):
        st.bank[r] += st.hands[0][r] - (3 if r < 3 else 0)
    st.hands[0] = [3, 3, 3, 0, 0]
    st.phase, st.discards, st.decider = phases.DISCARD, [[0, 4]], 0
    g.refresh()
    g.forget_views()
    scene.seen = -1
    bot.frame()
    assert scene.mode == "dialog"
    for _ in range(4):
        bot.step(scene)
    assert sum(st.hands[0]) == 5 and g.phase == phases.ROBBER


def test_demo_command_writes_a_screenshot(tmp_path):
    shot = tmp_path / "demo.png"
    env = dict(os.environ, PYTHONPATH=ROOT, SDL_AUDIODRIVER="dummy")
    res = subprocess.run([sys.executable, "-m", "retrocatan", "demo", "--headless", "--frames", "120",
                          "--screenshot", str(shot), "--players", "5", "--seed", "3", "--json"],
                         capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    import json
    assert json.loads(res.stdout.strip().splitlines()[-1])["frames"] == 120
    bad = subprocess.run([sys.executable, "-m", "retrocatan", "demo", "--headless", "--screenshot",
                          "/nonexistent/x.png"], capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_names_typed_or_chosen_reach_the_game(pyxel_headless):
    import pyxel
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    scene = app.scene
    bot.choose(scene.menu, "names")
    bot.choose(scene.menu, ("name", 0))          # Enter starts typing
    assert scene.editing == 0
    for _ in range(4):
        pyxel.set_btn(pyxel.KEY_BACKSPACE, True)
        bot.frame()
        pyxel.set_btn(pyxel.KEY_BACKSPACE, False)
        bot.frame()
    pyxel.set_input_text("Jürgen")
    bot.frame()
    pyxel.set_input_text("")
    bot.press("ok")
    assert scene.editing is None and scene.names[0] == "Jürgen"
    bot.choose(scene.menu, ("name", 1), adjust=1)  # a gamepad or mouse picks a preset name
    assert scene.names[1] == "Anna"
    bot.choose(scene.menu, "names_done")
    bot.choose(scene.menu, "start")
    assert [s.name for s in app.scene.session.seats][:2] == ["Jürgen", "Anna"]


def test_standing_answer_declines_computer_offers(pyxel_headless):
    from retrocatan.engine import phases
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["computer_offers"] = "decline"
    scene = game_scene(app)
    bot = Robot(app, "keyboard")
    human_answers = 0
    while scene.session.game.state.turn < 14:
        g = scene.session.game
        assert not (scene.mode == "dialog" and g.phase == phases.OFFER_RESPONSE)
        was_human_answer = g.phase == phases.OFFER_RESPONSE and g.decider == 0
        before = len(g.history)
        bot.step(scene)
        if was_human_answer and len(g.history) > before:
            assert g.history[before].kind == "decline"
            human_answers += 1
    assert human_answers > 0, "computer offers reached the person and were declined for them"
