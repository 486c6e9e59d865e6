"""The game screen's parts: prompts on a stack ("back" is a pop), the
animation objects, saving, the boxes' table view, and screens by name."""

import ast
import os

import pytest
from ui_robot import Robot

from retrocatan.engine import GameConfig, phases
from retrocatan.engine import actions as A
from retrocatan.engine.components import INVENTION, MONOPOLY
from retrocatan.saves import AUTOSAVE, MAX_FINISHED, load
from retrocatan.storage import FileError, MemoryStorage
from retrocatan.ui import animations, saving
from retrocatan.ui.app import App
from retrocatan.ui.prompts.bank import BankGet, BankGive
from retrocatan.ui.prompts.cards import CardPlay, Invention, Monopoly
from retrocatan.ui.prompts.game_menu import GameMenu, SaveSlots
from retrocatan.ui.prompts.offer import OfferEditor
from retrocatan.ui.scenes import SCENES, scene_class
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.table import table_view

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def session(seed=3):
    return GameSession(GameConfig(players=4, seed=seed),
                       [SeatSpec(k, f"P{i + 1}") for i, k in enumerate(["human", "hard", "hard", "hard"])], speed=3)


def main_phase_with_cards(app):
    """A game where the person (seat 0) is in the main phase of a turn with
    four of every resource."""
    scene = GameScene(app, session())
    app.switch(scene)
    bot = Robot(app, "keyboard")
    g = scene.session.game
    while not (g.phase == phases.MAIN and g.decider == 0 and scene.seen == len(g.history)):
        bot.step(scene)
    st = g.state
    for r in range(5):
        st.bank[r] += st.hands[0][r] - 4
    st.hands[0] = [4] * 5
    g.refresh()
    g.forget_views()
    scene.seen = -1
    bot.frame()
    return scene, bot


def test_back_pops_the_prompt_on_top(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = main_phase_with_cards(app)
    history = len(scene.session.game.history)
    # The bank: what to give, then what to get; back returns to the first, as it was left.
    bot.choose(scene.menu, "bank")
    give = scene.prompt
    assert isinstance(give, BankGive) and scene.mode == "dialog"
    second = give.menu.items[1].value
    bot.choose(give.menu, second)
    assert isinstance(scene.prompt, BankGet) and scene.prompts == [give, scene.prompt]
    assert {it.value.a for it in scene.prompt.menu.items[:-1]} == {second}
    bot.press("back")
    assert scene.prompt is give and give.menu.selected.value == second
    bot.press("back")
    assert scene.prompts == [] and scene.mode == "menu"
    # The offer editor keeps its terms while open; back drops it and offers nothing.
    bot.choose(scene.menu, "offer")
    editor = scene.prompt
    assert isinstance(editor, OfferEditor)
    bot.choose(editor.menu, ("give", 0), adjust=1)
    bot.choose(editor.menu, ("give", 0), adjust=1)
    assert editor.terms["give"][0] == 2 and scene.prompt is editor
    bot.press("back")
    assert scene.prompts == []
    # The game menu and its save slots.
    bot.choose(scene.menu, "gamemenu")
    menu = scene.prompt
    assert isinstance(menu, GameMenu)
    bot.choose(menu.menu, "save")
    assert isinstance(scene.prompt, SaveSlots)
    bot.press("back")
    assert scene.prompt is menu
    bot.press("back")
    assert scene.prompts == [] and len(scene.session.game.history) == history


def test_card_prompts_monopoly_and_invention(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = main_phase_with_cards(app)
    g = scene.session.game
    st = g.state
    st.dev_hand[0][MONOPOLY] += 1
    st.dev_hand[0][INVENTION] += 1
    g.refresh()
    g.forget_views()
    scene.seen = -1
    bot.frame()
    bot.choose(scene.menu, "play")
    cards = scene.prompt
    assert isinstance(cards, CardPlay)
    assert {it.value for it in cards.menu.items} >= {A.MONOPOLY, A.INVENTION}
    bot.choose(cards.menu, A.MONOPOLY)
    assert isinstance(scene.prompt, Monopoly)
    bot.press("back")
    assert scene.prompt is cards
    # Invention: two choices in one box; back after the first leaves the card.
    bot.choose(cards.menu, A.INVENTION)
    invention = scene.prompt
    assert isinstance(invention, Invention)
    title = invention.title
    bot.choose(invention.menu, 2)
    assert scene.prompt is invention and invention.picked == [2] and invention.title != title
    bot.press("back")
    assert scene.prompt is cards
    bot.choose(cards.menu, A.INVENTION)
    bot.choose(scene.prompt.menu, 2)
    before = list(st.hands[0])
    bot.choose(scene.prompt.menu, 3)
    assert st.hands[0][2] == before[2] + 1 and st.hands[0][3] == before[3] + 1
    assert g.history[-1].kind == A.INVENTION


def test_animation_objects_run_and_end():
    dice = animations.DiceRoll()
    frames = 0
    while dice.alive:
        dice.update()
        frames += 1
    assert frames == dice.n == 12
    card = animations.CardFlight(0, (0, 0), (100, 100), delay=4)
    assert card.t == -4 and card.alive
    for _ in range(4 + 22):
        card.update()
    assert not card.alive
    flash = animations.HexFlash([1, 2], frames=3)
    for _ in range(3):
        assert flash.alive
        flash.update()
    assert not flash.alive


def test_events_become_animations():
    from retrocatan.ui.board_view import BoardView
    s = session()
    view = BoardView(s.game.board, 0, 0, 426, 390)
    board = s.game.board
    seen = s.game.seat_view(None)
    assert [type(a) for a in animations.for_event({"type": "dice", "total": 8}, view, seen, 0)] == \
        [animations.DiceRoll]
    ring = animations.for_event({"type": "build", "piece": "city", "at": 5}, view, seen, 0)
    assert isinstance(ring[0], animations.BuildRing) and ring[0].at == view.corner_px(5)
    hop = animations.for_event({"type": "robber", "hex": 3}, view, seen, 7)[0]
    assert hop.start == view.hex_px(7) and hop.end == view.hex_px(3)
    # Production: one card a resource gained (up to four), each starting later.
    number = next(n for n in board.numbers if n)
    r = next(board.resource[h] for h, n in enumerate(board.numbers) if n == number)
    gains = [[0] * 5 for _ in range(4)]
    gains[2][r] = 3
    flights = animations.for_event({"type": "production", "number": number, "gains": gains}, view, seen, -1)
    assert len(flights) == 3 and [f.t for f in flights] == [0, -2, -4]
    assert all(f.resource == r for f in flights)


def test_the_flash_and_the_flying_cards_leave_out_the_robbers_hex_as_the_view_says(pyxel_headless):
    """Both take the producing hexes from ``PlayerView.producing_hexes``,
    which leaves out the robber's hex, and the flash keeps the hexes of its
    roll when the robber moves on while it blinks."""
    app = App(can_quit=False, storage=MemoryStorage())
    s = session()
    s.speed = 1                                 # cards fly at this pace
    scene = GameScene(app, s)
    app.switch(scene)
    board, st = s.game.board, s.game.state
    number = next(n for n in range(2, 13) if sum(x == n for x in board.numbers) >= 2)
    robbed, other = [h for h, x in enumerate(board.numbers) if x == number][:2]
    st.robber = robbed
    s.game.forget_views()
    gains = [[0] * 5 for _ in range(4)]
    gains[1][board.resource[other]] = 2
    s.events += [{"type": "dice", "player": 0, "dice": [1, number - 1], "total": number},
                 {"type": "production", "number": number, "gains": gains, "shortage": []}]
    app.update()
    producing = [h for h, _ in s.view.producing_hexes(number)]
    assert robbed not in producing and other in producing
    assert scene.flash.hexes == producing
    starts = {a.start for a in scene.anims if isinstance(a, animations.CardFlight)}
    assert starts and starts <= {scene.view.hex_px(h) for h in producing}
    st.robber = other                           # a knight played while the hexes blink
    s.game.forget_views()
    assert scene.flash.hexes == producing


class BrokenStorage(MemoryStorage):
    def write(self, name, text):
        raise FileError("disk full")


def test_saving_slots_autosave_and_finished_games():
    s = session()
    storage = MemoryStorage()
    assert saving.save_to(storage, s, "slot1") is None
    game, data = load(storage.read("slot1", 10_000_000))
    assert game.to_json() == s.game.to_json() and data["seats"] == s.seat_dicts()
    assert saving.autosave(storage, s) is None and AUTOSAVE in storage.names()
    for i in range(MAX_FINISHED + 3):
        storage.files[f"finished-20200101-0000{i:02d}-1"] = "{}"
    saving.keep_finished(storage, s)
    finished = [n for n in storage.names() if n.startswith("finished-")]
    assert len(finished) == MAX_FINISHED and AUTOSAVE not in storage.names()
    assert "finished-20200101-000000-1" not in finished         # the oldest went
    assert any(not n.startswith("finished-2020") for n in finished)   # this game was kept
    broken = BrokenStorage()
    broken.files[AUTOSAVE] = "old"
    assert saving.autosave(broken, s) == "disk full"
    saving.keep_finished(broken, s)
    assert broken.files == {AUTOSAVE: "old"}         # a failed write deletes nothing


def test_table_view_hides_what_the_viewer_may_not_see():
    s = session()
    g = s.game
    st = g.state
    st.dev_hand[1][1] = 1         # a victory point card: hidden from the others
    hidden = table_view(s, None)
    assert hidden.hand is None and hidden.dev_cards == []
    assert hidden.lines[1].vp == st.public_vp(1) and hidden.lines[1].dev_cards == 1
    own = table_view(s, 1)
    assert own.lines[1].vp == st.vp(1) == st.public_vp(1) + 1
    assert own.hand == st.hands[1] and own.dev_cards == s.dev_cards_of(1)
    assert own.shown_name == "P2" and not own.shown_is_human


def test_screens_by_name_and_no_import_circle():
    for name, (_, cls) in SCENES.items():
        assert scene_class(name).__name__ == cls
    with pytest.raises(ValueError):
        scene_class("nowhere")
    folder = os.path.join(ROOT, "retrocatan", "ui", "scenes")
    graph = {}
    for module, _ in SCENES.values():
        path = os.path.join(folder, module + ".py") if "." not in module else os.path.join(
            os.path.dirname(folder), *module.split(".")) + ".py"       # a screen outside scenes/ (the editor's)
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        graph[module] = {n.module for n in ast.walk(tree)
                         if isinstance(n, ast.ImportFrom) and n.level == 1 and n.module in {m for m, _ in
                                                                                           SCENES.values()}}

    def reaches(start, goal, seen=()):
        return any(m == goal or (m not in seen and reaches(m, goal, seen + (m,))) for m in graph[start])
    assert not [m for m in graph if reaches(m, m)], graph


def test_ai_levels_differ_only_by_fields():
    from retrocatan.ai import planner
    assert set(planner.PLANNING_LEVELS) == {"easy", "normal", "hard"}
    assert all(isinstance(lv, planner.Level) for lv in planner.PLANNING_LEVELS.values())
    with open(planner.__file__, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            names = [n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)]
            assert "level" not in names, ast.unparse(node)


def test_robber_victims_back_returns_to_the_same_hex(pyxel_headless):
    from retrocatan.engine.components import KNIGHT
    from retrocatan.ui.prompts.robber import RobberPick, Victims
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = main_phase_with_cards(app)
    g = scene.session.game
    g.state.dev_hand[0][KNIGHT] += 1
    g.refresh()
    g.forget_views()
    scene.seen = -1
    bot.frame()
    bot.choose(scene.menu, "play")
    bot.choose(scene.prompt.menu, A.KNIGHT)
    bot.frame()
    pick = scene.prompt
    assert isinstance(pick, RobberPick) and g.phase == phases.ROBBER
    with_victims = [h for h in pick.ids if any(a.b != -1 for a in pick.actions[h])]
    assert with_victims
    while pick.cursor not in with_victims:
        pyxel_headless.set_btn(pyxel_headless.KEY_TAB, True)
        bot.frame()
        pyxel_headless.set_btn(pyxel_headless.KEY_TAB, False)
        bot.frame()
    hex_ = pick.cursor
    bot.press("ok")
    victims = scene.prompt
    assert isinstance(victims, Victims) and scene.prompts == [pick, victims]
    # The box leaves the chosen hex in sight, the robber standing on it.
    hx, hy = scene.view.hex_px(hex_)
    x, y, w, h = victims.area
    assert not (x <= hx <= x + w and y - 12 <= hy <= y + h + 12)
    assert victims.highlight()[1][:3] == ("hex", hex_, "robber")
    import os
    if os.environ.get("RETROCATAN_SHOT"):
        pyxel_headless.screenshot(os.environ["RETROCATAN_SHOT"], 1)
    bot.press("back")
    assert scene.prompt is pick and pick.cursor == hex_ and g.phase == phases.ROBBER
    bot.press("ok")
    target = next(it.value for it in scene.prompt.menu.items if it.value.b != -1)
    cards = sum(g.state.hands[target.b])
    bot.choose(scene.prompt.menu, target)
    assert g.state.robber == hex_ and sum(g.state.hands[target.b]) == cards - 1
