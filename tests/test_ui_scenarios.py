"""The window plays every shipped Seafarers scenario (issue 15 item 5): the
map fits the board area, gold and fog are drawn unlike any other ground,
ships and the pirate appear on the map, and computer players play hundreds
of frames in the real App without an exception. Each run writes a
screenshot into the test's temporary folder, or into docs/ (the README's
pictures) when RETROCATAN_SCREENSHOTS=docs is set."""

import os

import pytest

from retrocatan.engine import GameConfig
from retrocatan.scenarios import options as scenario_options
from retrocatan.storage import MemoryStorage
from retrocatan.ui import art
from retrocatan.ui.app import App
from retrocatan.ui.board_view import BoardView
from retrocatan.ui.layout import BOARD_AREA
from retrocatan.ui.palette import BROWN, YELLOW
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENARIOS = {"new-shores": 3, "four-islands": 4, "fog-island": 3, "through-the-desert": 4, "new-world-3-4": 3,
             "new-world-5-6": 5, "base-5-6": 6}
FRAMES = 400


def _scene(app, scenario: str, players: int, seed: int = 7) -> GameScene:
    config = GameConfig(players=players, seed=seed, **scenario_options(scenario, players))
    session = GameSession(config, [SeatSpec("hard", f"P{i + 1}") for i in range(players)], speed=3)
    scene = GameScene(app, session)
    app.switch(scene)
    return scene


def _inside_board_area(view: BoardView) -> None:
    """The whole map (its land; a big map in its overview) shows in the board area."""
    x, y, w, h = BOARD_AREA
    geo = view.geo
    view.set_overview(view.scrolls)
    for i in range(len(geo.land)):
        cx, cy = view.hex_px(i)
        assert x <= cx - view.s * 0.87 and cx + view.s * 0.87 <= x + w, f"hex {i} sticks out sideways"
        assert y <= cy - view.s and cy + view.s <= y + h, f"hex {i} sticks out up or down"


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_a_scenario_game_plays_in_the_window_and_its_map_fits(pyxel_headless, scenario, tmp_path):
    pyxel = pyxel_headless
    app = App(can_quit=False, storage=MemoryStorage())
    scene = _scene(app, scenario, SCENARIOS[scenario])
    _inside_board_area(scene.view)
    scene.view.set_overview(False)
    assert scene.view.s >= 28                     # tokens clear of pieces (tests/test_ui_map.py)
    game = scene.session.game
    saw_ship = False
    frames = 0
    # Some hundreds of frames, and on until a ship sails (if the map has ships).
    while (frames < FRAMES or (not saw_ship and game.seat_view(None).has_ships and frames < 4 * FRAMES)) \
            and not game.over:
        app.update()
        app.draw()
        pyxel.flip()
        frames += 1
        saw_ship = saw_ship or bool(game.seat_view(None).ships)
    v = game.seat_view(None)
    assert len(game.history) > 20                 # the computer players got on with it
    if v.has_ships:
        assert saw_ship, "no ship was built in a game with ships"
        # A ship is drawn on its edge: the pixels there change when it is drawn.
        e, owner = v.ships[0]
        scene.view.follow("edge", e)
        px, py = scene.view.edge_px(e)
        scene.view.blit_static()
        before = [pyxel.pget(int(px) + dx, int(py) + dy) for dx in range(-6, 7) for dy in range(-10, 5)]
        art.ship(px, py - 2, owner)
        after = [pyxel.pget(int(px) + dx, int(py) + dy) for dx in range(-6, 7) for dy in range(-10, 5)]
        assert before != after
    if v.pirate >= 0:
        pyxel.cls(0)
        scene.view.follow("hex", v.pirate)
        cx, cy = scene.view.hex_px(v.pirate)
        art.pirate(cx, cy)
        assert pyxel.pget(int(cx) - 5, int(cy) - 2) != 0       # the white skull on a black sail
    scene.draw()                   # the board, even if the game has ended meanwhile
    folder = os.path.join(ROOT, "docs") if os.environ.get("RETROCATAN_SCREENSHOTS") == "docs" else str(tmp_path)
    pyxel.screenshot(os.path.join(folder, f"scenario-{scenario}.png"), 1)
    assert os.path.getsize(os.path.join(folder, f"scenario-{scenario}.png")) > 0


def test_gold_and_fog_are_unlike_every_other_ground(pyxel_headless):
    pyxel = pyxel_headless

    def colours(kind: str) -> dict:
        pyxel.cls(0)
        art.terrain(60, 60, 40, kind, seed=3)
        seen: dict = {}
        for x in range(30, 91):
            for y in range(30, 91):
                c = pyxel.pget(x, y)
                seen[c] = seen.get(c, 0) + 1
        return seen
    gold, fog = colours("gold"), colours("fog")
    assert gold[BROWN] > 200 and gold[YELLOW] > 200            # ochre ground with yellow nuggets
    for kind in ("fields", "desert", "hills", "pasture", "forest", "mountains", "sea"):
        other = colours(kind)
        assert other != gold and other != fog
        # Fields and desert are yellow too, with far less brown.
        assert other.get(BROWN, 0) * 2 < gold[BROWN]
    assert max(fog, key=fog.get) in (7, 15)                    # grey and white mist


def test_the_new_game_screen_offers_the_scenarios_for_the_player_count(pyxel_headless):
    import sys
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from ui_robot import Robot

    from retrocatan import scenarios
    from retrocatan.ui.scenes.setup import SetupScene, board_choices
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    scene = app.scene
    assert isinstance(scene, SetupScene)
    for players in (3, 4, 5, 6):
        fitting = [i for i in scenarios.available() if players in scenarios.load(i).players]
        # The base game's files are the random island itself: not offered twice.
        assert board_choices(players) == ["random", "beginner"] + [i for i in fitting if not i.startswith("base-")]
    assert "new-world-5-6" in board_choices(5) and "new-world-5-6" not in board_choices(3)
    bot.choose(scene.menu, "players", adjust=-1)           # 3 players
    seen = []
    for _ in range(len(board_choices(3))):
        bot.choose(scene.menu, "board", adjust=1)
        seen.append(scene.board)
        if scene.board == "fog-island":
            break
    assert seen[0] == "beginner" and scene.board == "fog-island"
    assert scene.menu.selected.label.endswith(scenarios.load("fog-island").name["en"])
    cfg = scene.config()
    assert (cfg.players, cfg.scenario_id, cfg.vp_target) == (3, "fog-island", scenarios.load("fog-island").vp_target)
    # A player count the scenario is not made for goes back to the base island.
    while scene.players < 5:
        bot.choose(scene.menu, "players", adjust=1)
    assert scene.board == "random" and scene.config().scenario is None
    while scene.players > 3:
        bot.choose(scene.menu, "players", adjust=-1)
    while scene.board != "fog-island":
        bot.choose(scene.menu, "board", adjust=1)
    bot.choose(scene.menu, "start")
    assert isinstance(app.scene, GameScene) and app.scene.session.game.seat_view(None).scenario == "fog-island"
    for _ in range(30):
        bot.frame()
