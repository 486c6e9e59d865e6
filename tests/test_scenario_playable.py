"""Whatever ``scenario check`` accepts, the game deals and plays (issue 21, item 7): the problems
it names for maps the game cannot play, the deals that must not fail, and the clear line for a save
that asks for a layout its scenario lacks."""

import json

import pytest

from retrocatan.engine import Game, GameConfig
from retrocatan.engine.config import ConfigError
from retrocatan.engine.scenario_check import scenario_problems
from retrocatan.engine.scenario_read import scenario_from_json
from retrocatan.engine.scenario_write import dump_scenario
from retrocatan.scenarios import load as load_scenario

BASE = "retrocatan/scenarios/base-3-4.json"


def _base() -> dict:
    with open(BASE, encoding="utf-8") as f:
        return json.load(f)


def _fixed_coal_ten() -> dict:
    """The base island with its top-left hex fixed as the beginner layout has it (coal 10), numbers
    shuffled."""
    d = _base()
    d["id"] = "fixed-ten"
    d["map"][1] = d["map"][1].replace("?   ", "C10 ", 1)
    d["terrain_pool"]["mountains"] -= 1
    d["numbers"] = {"placement": "shuffle", "tokens": list(d["numbers"]["tokens"])}
    d["numbers"]["tokens"].remove(10)
    return d


def test_a_beginner_layout_with_a_fixed_number_deals():
    s = scenario_from_json(_fixed_coal_ten())
    assert scenario_problems(s) == []
    game = Game(GameConfig(players=4, seed=1, scenario=s, board="beginner"))
    board = game.state.board
    assert sorted(n for n in board.numbers if n) == sorted(s.tokens + (10,))


def test_two_fixed_red_numbers_side_by_side_still_deal_with_no_red_neighbours():
    d = _fixed_coal_ten()
    d["id"] = "fixed-red"
    d["map"][1] = d["map"][1].replace("C10 ", "C6  ", 1).replace("?   ", "C8  ", 1)
    d["terrain_pool"]["mountains"] -= 1
    d["numbers"]["tokens"] += [10]
    d["numbers"]["tokens"].remove(6)
    d["numbers"]["tokens"].remove(8)
    d.pop("beginner")
    s = scenario_from_json(d)
    assert scenario_problems(s) == []
    for seed in range(3):
        game = Game(GameConfig(players=4, seed=seed, scenario=s, no_red_neighbours=True))
        geo, numbers = game.state.geo, game.state.board.numbers
        red = [h for h, n in enumerate(numbers) if n in (6, 8)]
        touching = [(h, nb) for h in red for nb in geo.hex_neighbours[h] if numbers[nb] in (6, 8)]
        assert len(touching) == 2, "only the map's own two red numbers touch"   # the pair, both ways


def test_a_config_asking_for_a_layout_its_scenario_lacks_is_refused():
    s = load_scenario("new-shores")
    with pytest.raises(ConfigError, match="beginner"):
        GameConfig(players=4, seed=1, scenario=s, board="beginner", vp_target=14)
    data = GameConfig(players=4, seed=1, scenario=s, vp_target=14).to_dict()
    data["board"] = "beginner"
    with pytest.raises(ConfigError, match="beginner"):
        GameConfig.from_dict(data)
    assert dump_scenario(s)


def test_replay_verify_of_a_record_asking_for_a_missing_layout_gives_one_line(tmp_path):
    import subprocess
    import sys

    from retrocatan.engine.replay import record
    s = load_scenario("new-shores")
    game = Game(GameConfig(players=3, seed=2, scenario=s, vp_target=14))
    game.apply(game.legal_actions()[0])
    data = record(game)
    data["config"]["board"] = "beginner"
    path = tmp_path / "beginner-new-shores.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    res = subprocess.run([sys.executable, "-m", "retrocatan", "replay", str(path), "--verify"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 2
    assert "Traceback" not in res.stderr and "beginner" in res.stderr and len(res.stderr.strip().splitlines()) == 1


def _tiny(rows, **changes) -> dict:
    d = _base()
    d.update({"id": "tiny", "map": rows, "terrain_pool": {}, "numbers": {"placement": "shuffle", "tokens": []},
              "harbour_pool": {}, "harbours": [], "robber": [2, 2], **changes})
    d.pop("beginner")
    return d


def _codes(d) -> list[str]:
    return [p.code for p in scenario_problems(scenario_from_json(d, validate=False))]


def test_check_names_a_founding_land_that_settlements_placed_badly_can_fill():
    # Six hexes in two rows: a careful pick finds room for 8 founding settlements, but 7 placed
    # badly take every corner, so the eighth founder would have none.
    rows = ["~ ~ ~ ~ ~", "~ W5 B6 S8 ~", "~ G4 C3 W9 ~", "~ ~ ~ ~ ~"]
    assert _codes(_tiny(rows)) == ["founding_room_any"]
    assert _codes(_tiny(rows, players=[3])) == []           # 6 founders fit whatever they take
    # Eight hexes in a row: no 7 settlements take all its corners.
    assert _codes(_tiny(["~ ~ ~ ~ ~ ~ ~ ~ ~ ~", "~ W5 B6 S8 G4 C3 W9 B10 S11 ~", "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"])) == []


def test_check_names_a_map_where_the_robber_cannot_move():
    rows = ["~ ~ ~ ~ ~ ~ ~ ~ ~ ~", "~ D D D D D D D W5 ~", "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"]
    assert _codes(_tiny(rows, robber="desert")) == ["robber_nowhere"]
    rows[1] = rows[1].replace("D W5", "C6 W5")
    assert _codes(_tiny(rows, robber="desert")) == []


def test_check_names_a_new_world_template_the_generator_cannot_satisfy():
    from retrocatan.engine.new_world import deal_problems
    d = json.loads(dump_scenario(load_scenario("new-world-3-4")))
    d["id"] = "no-hills"
    d["terrain_pool"]["forest"] += d["terrain_pool"].pop("hills")
    assert _codes(d) == ["generated_resources"]
    d = json.loads(dump_scenario(load_scenario("new-world-3-4")))
    d["id"] = "poor"
    n = len(d["numbers"]["tokens"])
    d["numbers"]["tokens"] = ([2, 12] * n)[:n]                # no corner is worth founding on
    s = scenario_from_json(d)
    assert [p.code for p in deal_problems(s, seeds=[1])] == ["generated_fails"]
    assert deal_problems(load_scenario("new-world-3-4")) == []


def test_scenario_check_escapes_control_and_bidi_characters_of_a_name(tmp_path):
    import subprocess
    import sys
    d = _base()
    d["id"] = "sneaky"
    d["name"] = {"en": "Evil\u202ename\u2066x\u200f", "de": "Böse"}
    path = tmp_path / "sneaky.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    res = subprocess.run([sys.executable, "-m", "retrocatan", "scenario", "check", str(path)],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert not {"\u202e", "\u2066", "\u200f"} & set(res.stdout)
    assert "Evil\\u202ename\\u2066x\\u200f" in res.stdout


def test_a_save_asking_for_a_missing_layout_is_refused_in_the_window(pyxel_headless):
    from ui_robot import Robot

    from retrocatan.saves import AUTOSAVE, SLOTS, dumps, make_save
    from retrocatan.storage import MemoryStorage
    from retrocatan.ui.app import App
    s = load_scenario("new-shores")
    game = Game(GameConfig(players=3, seed=2, scenario=s, vp_target=14))
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    save = make_save(game, [{"kind": "human", "name": f"P{i}"} for i in range(3)], SLOTS[1])
    save["replay"]["config"]["board"] = "beginner"
    storage = MemoryStorage()
    storage.files[SLOTS[1]] = storage.files[AUTOSAVE] = dumps(save)
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    values = [item.value for item in app.scene.menu.items]
    if "continue" in values:
        bot.choose(app.scene.menu, "continue")
        bot.frame()
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "load")
    scene = app.scene
    bot.choose(scene.menu, SLOTS[1])
    assert app.scene is scene and "Cannot load" in scene.message


def test_a_pirate_may_move_where_the_robber_cannot():
    # docs/rules.md §14.8: after a 7 the robber or the pirate moves.
    rows = ["~ ~ ~ ~ ~ ~ ~ ~ ~ ~", "~ D D D D D D D W5 ~", "~ ~ ~ ~ ~ ~ ~ ~ ~ ~"]
    assert _codes(_tiny(rows, robber="desert", ships=True, pirate=[3, 2])) == []
