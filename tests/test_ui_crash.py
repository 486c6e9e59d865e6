"""A crash never ends a game (issue 20 items 1, 2 and deliverable 2): a ship
built at the default pace with animations on, animations and boxes that
check the kind of the place they are handed (the engine's table,
engine/pieces.py), the pirate hopping as itself, a fault of an animation,
a box or a prompt caught at the game screen (notice, crash log, ``faults``),
the autosave after every decision and the pace kept after a restart."""

import json
import os

import pytest
import pyxel
from ui_robot import Robot

from retrocatan.engine import Action, GameConfig, phases
from retrocatan.engine.pieces import WrongPlaceKind
from retrocatan.engine.seafarers import actions as A
from retrocatan.saves import AUTOSAVE
from retrocatan.scenarios import options as scenario_options
from retrocatan.storage import CRASH_LOG, DirStorage, FileError, MemoryStorage
from retrocatan.ui import animations, boxes
from retrocatan.ui.animations import BuildRing, PirateHop, RobberHop
from retrocatan.ui.app import App
from retrocatan.ui.prompts.board_pick import BoardPick
from retrocatan.ui.prompts.sea import RoadOrShip
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.scenes.setup import SetupScene
from retrocatan.ui.scenes.title import TitleScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import t
from tests.sea_positions import sea_position
from tests.test_seafarers import _open_sea_start

DEFAULT_SPEED = 1       # the pace a new player gets (saves.OPTION_DEFAULTS)


def computers(app, scenario: str | None, players: int, seed: int, speed: int = DEFAULT_SPEED) -> GameScene:
    extra = scenario_options(scenario, players) if scenario else {}
    config = GameConfig(players=players, seed=seed, **extra)
    session = GameSession(config, [SeatSpec("normal", f"P{i + 1}") for i in range(players)], speed=speed)
    scene = GameScene(app, session)
    app.switch(scene)
    return scene


def ship_builds(scene) -> list[int]:
    return [a.a for a in scene.session.game.history if a.kind == A.SHIP]


# --- item 1: a ship built with animations on -------------------------------------------------------
def test_the_issues_repro_new_world_seed_1_computers_at_the_default_pace_does_not_crash(pyxel_headless):
    """New game, Blue: Computer (normal), Board: New World, seed 1, start:
    the window closed within seconds (a ship's ring drawn at corner_px(edge))."""
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    setup = app.scene
    assert isinstance(setup, SetupScene) and app.settings["speed"] == DEFAULT_SPEED
    while setup.kinds[0] != "normal":
        bot.choose(setup.menu, ("seat", 0), adjust=1)
    while setup.board != "new-world-3-4":
        bot.choose(setup.menu, "board", adjust=1)
    setup.seed = 1
    setup._build()
    bot.choose(setup.menu, "start")
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.session.speed == DEFAULT_SPEED
    rings = []
    for _ in range(1500):
        bot.frame()
        rings += [a.at for a in scene.anims if isinstance(a, BuildRing)]
        if ship_builds(scene) and not scene.anims and not scene.session.events:
            break
    ships = ship_builds(scene)
    assert ships, "no ship was built: the test shows nothing"
    # The ring of each ship stands on its edge, not on an unrelated corner.
    assert scene.view.edge_px(ships[0]) in rings
    assert scene.faults == []


@pytest.mark.parametrize("speed", [0, 1, 2])
def test_ships_are_built_on_new_world_at_every_animated_pace_without_a_fault(pyxel_headless, speed):
    app = App(can_quit=False, storage=MemoryStorage())
    scene = computers(app, "new-world-5-6", 5, seed=1, speed=speed)
    rings = set()
    for _ in range(3000):
        app.update()
        rings |= {a.at for a in scene.anims if isinstance(a, BuildRing)}
        app.draw()
        pyxel.flip()
        if len(ship_builds(scene)) >= 2 and not scene.anims and not scene.session.events:
            break
    ships = ship_builds(scene)
    assert len(ships) >= 2
    assert all(scene.view.edge_px(e) in rings for e in ships)      # each ring on its ship's edge
    assert scene.faults == []


# --- a place of the wrong kind ------------------------------------------------------------------------
def _sea_view():
    from retrocatan.ui.board_view import BoardView
    from retrocatan.ui.layout import BOARD_AREA
    game = sea_position()
    return game, BoardView(game.board, *BOARD_AREA)


def test_animations_refuse_a_place_of_the_wrong_kind():
    game, view = _sea_view()
    geo = game.state.geo
    edge = len(geo.corner_xy) + 3           # an edge id no corner has: the crash of the issue
    assert edge < len(geo.edge_corners)
    ring = animations.for_event({"type": "build", "player": 0, "piece": "ship", "at": edge, "place": "edge"},
                                view, game.seat_view(None), -1)
    assert ring[0].at == view.edge_px(edge)
    with pytest.raises(WrongPlaceKind):     # a ship handed a corner
        animations.for_event({"type": "build", "player": 0, "piece": "ship", "at": 3, "place": "corner"},
                             view, game.seat_view(None), -1)
    with pytest.raises(WrongPlaceKind):     # a corner id past the board
        animations.for_event({"type": "build", "player": 0, "piece": "settlement", "at": edge}, view,
                             game.seat_view(None), -1)
    with pytest.raises(WrongPlaceKind):
        animations.for_event({"type": "pirate", "player": 0, "hex": len(geo.hexes), "victim": -1}, view,
                             game.seat_view(None), -1, 0)
    with pytest.raises(WrongPlaceKind):
        animations.place_px(view, "hex", 2, "road")


def test_boxes_that_take_a_place_refuse_one_of_the_wrong_kind(pyxel_headless):
    game, view = _sea_view()
    app = App(can_quit=False, storage=MemoryStorage())
    ships = [a for a in game.seat_view(0).legal if a.kind == A.SHIP] or [Action(A.SHIP, 0)]
    with pytest.raises(WrongPlaceKind):
        BoardPick(view, app.input, "corner", ships)
    pick = BoardPick(view, app.input, None, ships)          # the engine's kind
    assert pick.kind == "edge"
    with pytest.raises(WrongPlaceKind):
        BoardPick(view, app.input, "edge", [Action(A.SHIP, len(game.state.geo.edge_corners))])
    with pytest.raises(WrongPlaceKind):
        RoadOrShip(len(game.state.geo.edge_corners) + 1, view)


# --- item 8: the pirate moves as the pirate --------------------------------------------------------
def test_the_pirate_hops_from_its_old_sea_hex_and_the_robber_stays(pyxel_headless, monkeypatch):
    game = sea_position()
    st = game.state
    c, line = _open_sea_start(game)
    sea_hex = next(h for h in st.geo.edge_hexes[line[1]] if h >= st.board.nland)
    g = sea_position(buildings=[(1, c, 1, True)], ships=[(1, line[0]), (1, line[1])], hands={1: (0, 0, 0, 2, 0)},
                     phase="robber", current=0)
    old_pirate, robber = g.seat_view(None).pirate, g.seat_view(None).robber
    assert old_pirate >= 0 and old_pirate != sea_hex
    app = App(can_quit=False, storage=MemoryStorage())
    session = GameSession(g.state.config, [SeatSpec(k, f"P{i}") for i, k in enumerate(("human", "hard", "hard"))],
                          speed=DEFAULT_SPEED, resume=g)
    scene = GameScene(app, session)
    app.switch(scene)
    drawn = {"pirate": [], "robber": []}
    from retrocatan.ui import art
    real_pirate, real_robber = art.pirate, art.robber
    monkeypatch.setattr(art, "pirate", lambda x, y, *a: (drawn["pirate"].append((x, y)), real_pirate(x, y, *a)))
    monkeypatch.setattr(art, "robber", lambda x, y, *a: (drawn["robber"].append((x, y)), real_robber(x, y, *a)))
    bot = Robot(app, "keyboard")
    bot.frame()
    assert scene.submit(Action(A.PIRATE, sea_hex, -1))
    bot.frame()
    hops = [a for a in scene.anims if isinstance(a, RobberHop)]
    assert [type(a) for a in hops] == [PirateHop]
    assert hops[0].start == scene.view.hex_px(old_pirate) and hops[0].end == scene.view.hex_px(sea_hex)
    drawn["pirate"].clear()
    drawn["robber"].clear()
    for _ in range(20):
        bot.frame()
    # The pirate was drawn on its way (not only at either end); the robber stood still.
    ends = {scene.view.hex_px(old_pirate), scene.view.hex_px(sea_hex)}
    assert any(p not in ends for p in set(drawn["pirate"]))
    rx, ry = scene.view.hex_px(robber)
    assert set(drawn["robber"]) == {(rx + 12, ry - 6)}
    assert scene.faults == []


# --- deliverable 2: a fault is caught, logged and skipped ---------------------------------------------
def _run(app, scene, frames: int) -> None:
    for _ in range(frames):
        app.update()
        app.draw()
        pyxel.flip()


def test_a_failing_animation_is_skipped_logged_and_the_game_goes_on(pyxel_headless, monkeypatch, tmp_path):
    storage = DirStorage(str(tmp_path))
    app = App(can_quit=False, storage=storage)
    scene = computers(app, None, 4, seed=5)

    def boom(self):
        raise RuntimeError("boom in a ring")
    monkeypatch.setattr(BuildRing, "update", boom)
    _run(app, scene, 200)
    assert any(f.startswith("animation: RuntimeError: boom in a ring") for f in scene.faults)
    before = len(scene.session.game.history)
    _run(app, scene, 200)
    assert len(scene.session.game.history) > before            # the game went on
    log = (tmp_path / CRASH_LOG).read_text(encoding="utf-8")
    assert "Traceback" in log and "RuntimeError: boom in a ring" in log and "def boom" not in log
    assert "in boom" in log                                     # the whole stack, down to the failing frame
    assert log.count("=== ") == 1                               # the same fault is logged once
    notice = t("fault.notice", path=scene.fault_log)
    assert scene.fault_log.endswith(CRASH_LOG) and notice in scene.session.log
    assert scene.message == t("fault.notice", path=CRASH_LOG)     # the status line's notice


def test_a_fault_naming_a_file_whose_name_is_not_utf8_is_logged_escaped(pyxel_headless, monkeypatch, tmp_path):
    storage = DirStorage(str(tmp_path))
    app = App(can_quit=False, storage=storage)
    scene = computers(app, None, 4, seed=5)
    name = os.fsdecode(b"Karte-\xff.json")                     # a lone surrogate, as Python reads such a name

    def unreadable(self):
        raise FileError(f"cannot read {name}: no permission", "unreadable")     # the name as it stands
    monkeypatch.setattr(BuildRing, "update", unreadable)
    _run(app, scene, 200)
    assert scene.faults and scene.fault_log.endswith(CRASH_LOG)         # not "(no crash log: ...)"
    log = (tmp_path / CRASH_LOG).read_text(encoding="utf-8")
    assert "FileError: cannot read Karte-\\udcff.json: no permission" in log


def test_a_failing_box_is_skipped_and_the_screen_still_draws(pyxel_headless, monkeypatch):
    storage = MemoryStorage()
    app = App(can_quit=False, storage=storage)
    scene = computers(app, None, 3, seed=2)

    def broken(*a, **k):
        raise ValueError("players box")
    monkeypatch.setattr(boxes, "players_box", broken)
    _run(app, scene, 30)
    assert scene.faults and all(f == "box: ValueError: players box" for f in scene.faults)
    assert "ValueError: players box" in storage.logs[CRASH_LOG]
    assert scene.message == t("fault.notice", path=CRASH_LOG)      # the log names the place
    assert t("fault.notice", path="memory:" + CRASH_LOG) in scene.session.log


def test_a_failing_prompt_asks_the_decision_again(pyxel_headless, monkeypatch):
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.new_game(3, ["human", "hard", "hard"], seed=4)
    scene = app.scene
    for _ in range(400):
        if scene.session.waiting_for_human() and isinstance(scene.prompt, BoardPick):
            break
        bot.frame()
    first = scene.prompt
    assert isinstance(first, BoardPick) and scene.session.game.phase == phases.SETUP_SETTLEMENT
    calls = []
    real = BoardPick.update

    def fails_once(self, ui):
        calls.append(1)
        if len(calls) == 1:
            raise KeyError("cursor lost")
        return real(self, ui)
    monkeypatch.setattr(BoardPick, "update", fails_once)
    bot.frame()
    assert scene.faults == ["prompt: KeyError: 'cursor lost'"]
    bot.frame()
    again = scene.prompt
    assert isinstance(again, BoardPick) and again is not first     # asked anew
    decided = len(scene.session.game.history)
    bot.step(scene)
    while scene.session.game.phase == phases.SETUP_SETTLEMENT and len(scene.session.game.history) == decided:
        bot.step(scene)
    assert len(scene.session.game.history) > decided               # the person goes on playing


def test_a_crash_log_that_cannot_be_written_is_no_second_crash(pyxel_headless, monkeypatch):
    class NoLog(MemoryStorage):
        def append_log(self, entry, name=CRASH_LOG, limit=0):
            raise OSError("read-only")
    app = App(can_quit=False, storage=NoLog())
    scene = computers(app, None, 3, seed=2)
    monkeypatch.setattr(animations.DiceRoll, "update", lambda self: 1 / 0)
    _run(app, scene, 200)
    assert scene.faults and scene.fault_log.startswith("(no crash log")


def test_the_crash_log_keeps_its_newest_entries_within_its_bound(tmp_path):
    storage = DirStorage(str(tmp_path))
    for i in range(40):
        storage.append_log(f"=== entry {i}\n" + "x" * 100 + "\n", limit=1000)
    text = (tmp_path / CRASH_LOG).read_text()
    assert len(text) <= 1000 and text.startswith("=== ") and "entry 39" in text and "entry 0\n" not in text
    assert CRASH_LOG not in " ".join(storage.names())          # not a save


# --- the autosave after every decision, and Continue ---------------------------------------------------
def test_the_autosave_is_written_after_the_first_founding_decision_and_continue_resumes_there(pyxel_headless):
    storage = MemoryStorage()
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.new_game(3, ["human", "hard", "hard"], seed=6)
    scene = app.scene
    g = scene.session.game
    while not g.history:
        bot.step(scene)
    bot.frame()
    assert AUTOSAVE in storage.names()          # after the first decision of the founding
    first = json.loads(storage.files[AUTOSAVE])["replay"]["actions"]
    assert first and first == [str(a) for a in g.history[:len(first)]]
    while not (g.phase == phases.SETUP_ROAD and scene.session.waiting_for_human()):
        bot.step(scene)
    bot.frame()
    last = len(g.history)
    saved = json.loads(storage.files[AUTOSAVE])
    assert len(saved["replay"]["actions"]) == last      # the last decision, before the person's next one
    # Killed: the scene is dropped without saving; a new start goes on from the last decision.
    app2 = App(can_quit=False, storage=storage)
    bot2 = Robot(app2, "keyboard")
    bot2.frame()
    assert isinstance(app2.scene, TitleScene) and app2.scene.menu.items[0].value == "continue"
    bot2.choose(app2.scene.menu, "continue")
    assert isinstance(app2.scene, GameScene)
    assert app2.scene.session.game.history == g.history[:last]


def test_fast_computers_are_autosaved_at_least_at_every_turn(pyxel_headless):
    storage = MemoryStorage()
    app = App(can_quit=False, storage=storage)
    scene = computers(app, "new-shores", 3, seed=2, speed=3)
    g = scene.session.game
    _run(app, scene, 5)
    while g.state.turn < 3:
        _run(app, scene, 1)
    _run(app, scene, 1)
    saved = json.loads(storage.files[AUTOSAVE])
    assert saved["summary"]["turn"] >= 3


# --- the pace chosen on the new-game screen is kept ----------------------------------------------------
def test_the_pace_chosen_for_a_new_game_is_kept_after_a_restart(pyxel_headless):
    storage = MemoryStorage()
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    setup = app.scene
    while app.settings["speed"] != 2:
        bot.choose(setup.menu, "speed", adjust=1)
    while setup.kinds[0] != "normal":
        bot.choose(setup.menu, ("seat", 0), adjust=1)
    bot.choose(setup.menu, "start")
    scene = app.scene
    assert scene.session.speed == 2
    while len(scene.session.game.history) < 3:
        bot.frame()
    bot.frame()
    # A restart: the new-game screen offers the same pace, Continue goes on at it.
    app2 = App(can_quit=False, storage=storage)
    assert app2.settings["speed"] == 2
    app2.settings["speed"] = 0               # even after the options changed since
    bot2 = Robot(app2, "keyboard")
    bot2.frame()
    bot2.choose(app2.scene.menu, "continue")
    assert isinstance(app2.scene, GameScene) and app2.scene.session.speed == 2


def test_a_crash_log_path_is_in_the_user_folder(tmp_path):
    storage = DirStorage(str(tmp_path))
    assert storage.log_path() == os.path.join(str(tmp_path), CRASH_LOG)


def test_the_faults_notice_fits_the_status_line_in_both_languages():
    from retrocatan.ui.text import set_language
    try:
        for lang in ("en", "de"):
            set_language(lang)
            text = t("fault.notice", path=CRASH_LOG)
            assert boxes.status_fit(text)[0] == text and CRASH_LOG in text
    finally:
        set_language("en")


def test_a_failing_autosave_is_said_once_not_after_every_decision(pyxel_headless, monkeypatch):
    from retrocatan.storage import FileError

    class Full(MemoryStorage):
        def write(self, name, text):
            raise FileError("disk full", "write_disk_full")
    app = App(can_quit=False, storage=Full())
    scene = computers(app, None, 3, seed=2, speed=2)
    said = []
    real = scene._say
    monkeypatch.setattr(scene, "_say", lambda text, error=True: (said.append(text), real(text, error)))
    _run(app, scene, 600)
    assert len(scene.session.game.history) > 20 and scene.autosaver.why
    assert said == [t("save.failed", why=scene.autosaver.why)]
