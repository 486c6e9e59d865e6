"""The new-game screen previews the chosen board: name, players, target,
island bonus, the description (wrapped, never cut inside the box) and a
small map; a map made from the seed (New World) follows the seed line."""

import os
import sys

from retrocatan import scenarios
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.scenario_preview import MAX_DESCRIPTION_ROWS, text_lines
from retrocatan.ui.scenes import setup
from retrocatan.ui.text import set_language, t

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WIDTH = setup.PREVIEW.rect[2] - 16


def test_every_board_s_text_fits_in_both_languages_and_keeps_the_whole_description():
    for lang in ("en", "de"):
        set_language(lang)
        for sid in scenarios.available():
            s = scenarios.load(sid)
            rows = text_lines(s, s.players[0], sid, WIDTH)
            assert rows[0][0] == t("preview.players", players=f"{min(s.players)}-{max(s.players)}", vp=s.vp_target)
            assert all(font.width(r, "small") <= WIDTH for r, _ in rows)
            bonus = [r for r, _ in rows if r == t("preview.bonus", n=s.island_bonus_points)]
            assert len(bonus) == (1 if s.island_bonus != "none" and s.island_bonus_points else 0)
            described = [r for r, _ in rows[1 + len(bonus):]]
            assert len(described) <= MAX_DESCRIPTION_ROWS
            assert " ".join(described).split() == s.description[lang].split()    # every word, none cut
    set_language("en")


def _screen_of_setup(board: str, seed: int):
    import pyxel
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from ui_robot import Robot
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    scene = app.scene
    bot.choose(scene.menu, "players", adjust=-1)
    while scene.board != board:
        bot.choose(scene.menu, "board", adjust=1)
    scene.seed = seed
    bot.frame()
    x, y, w, h = setup.PREVIEW.rect
    return [[pyxel.pget(x + i, y + j) for i in range(0, w, 2)] for j in range(0, h, 2)]


def test_the_preview_map_follows_the_board_and_for_new_world_the_seed(pyxel_headless):
    fog_a, fog_b = _screen_of_setup("fog-island", 1), _screen_of_setup("fog-island", 2)
    assert fog_a == fog_b                               # a drawn map: the seed changes nothing
    new_a, new_b = _screen_of_setup("new-world-3-4", 1), _screen_of_setup("new-world-3-4", 2)
    assert new_a != new_b                               # islands made from the seed
    assert new_a != fog_a


def test_the_player_s_own_playable_scenarios_are_boards_on_the_new_game_screen(pyxel_headless):
    from dataclasses import replace

    from retrocatan.engine.scenario_write import dump_scenario
    from retrocatan.ui.editor import files as editor_files
    from retrocatan.ui.maps import files as own_files
    from retrocatan.ui.scenes.game import GameScene
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from ui_robot import Robot
    storage = MemoryStorage()
    mine = replace(scenarios.load("four-islands"), id="my-isles", name={"en": "My Isles", "de": "Meine Inseln"})
    editor_files.save(storage, mine, editor_files.Source("new"))
    storage.write(own_files.storage_name("draft"), dump_scenario(replace(mine, id="draft", vp_target=99)))
    storage.write(own_files.storage_name("junk"), "{not json")
    assert sorted(own_files.user_scenarios(storage)) == ["draft", "junk", "my-isles"]
    assert list(own_files.playable(storage)) == ["my-isles"]       # the draft and the damaged file are left out
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    scene = app.scene
    assert setup.OWN + "my-isles" in setup.board_choices(4, scene.own)
    while scene.board != setup.OWN + "my-isles":
        bot.choose(scene.menu, "board", adjust=1)
    assert scene.menu.selected.label.endswith(t("board.own", name="My Isles"))
    assert scene.vp == mine.vp_target
    bot.choose(scene.menu, "start")
    assert isinstance(app.scene, GameScene)
    cfg = app.scene.session.game.config
    assert cfg.scenario.id == "my-isles" and cfg.scenario.map == mine.map
    # Five players: the scenario is made for 3-4, so it is not offered.
    assert setup.OWN + "my-isles" not in setup.board_choices(5, scene.own)


def test_the_beginner_board_shows_the_rule_book_s_layout_not_question_marks(pyxel_headless):
    beginner, random_ = _screen_of_setup("beginner", 1), _screen_of_setup("random", 1)
    assert beginner != random_
    assert scenarios.load("base-3-4").beginner.map is not None
