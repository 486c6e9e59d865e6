"""A game's config carries its scenario (GameConfig.scenario is the map
itself): any game, on a shipped or an edited map, replays from its record
alone, in a fresh process with nothing registered; records of the previous
format, which named a shipped scenario by id only, still load and verify."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from retrocatan import saves, scenarios
from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.config import ConfigError
from retrocatan.engine.replay import GameRecord, ReplayError, record
from retrocatan.engine.scenario_read import scenario_from_json
from retrocatan.engine.scenario_write import dump_scenario
from retrocatan.ui.editor.trial import trial_config
from tests.test_editor_model import two_islands

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
OLD_REPLAY = DATA / "old-id-only-new-world-replay.json"     # written by the previous version
OLD_SAVE = DATA / "old-id-only-fog-island-save.json"
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "normal", "name": "Bo"}, {"kind": "easy", "name": "Cy"},
         {"kind": "hard", "name": "Di"}]


def _play(config, steps, seed=1):
    game = Game(config)
    players = [RandomPlayer(seed, p) for p in range(config.players)]
    for _ in range(steps):
        if game.over:
            break
        game.apply(players[game.decider].choose(game))
    return game


def _fresh(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, input=stdin, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("sid", scenarios.available())
def test_the_config_carries_the_whole_scenario(sid):
    s = scenarios.load(sid)
    cfg = scenarios.config_for(sid, s.players[0], seed=9)
    d = json.loads(json.dumps(cfg.to_dict()))
    assert isinstance(d["scenario"], dict) and scenario_from_json(d["scenario"]) == s
    assert dump_scenario(scenario_from_json(d["scenario"])) == dump_scenario(s)
    back = GameConfig.from_dict(d)
    assert back == cfg and back.scenario_id == sid
    game = Game(cfg)
    assert Game(back).state_hash() == game.state_hash()
    assert Game.from_json(game.to_json()).state_hash() == game.state_hash()


def test_the_scenario_is_shared_not_copied():
    cfg = scenarios.config_for("new-shores", 4, seed=2)
    game = _play(cfg, 60)
    assert game.state.copy().config.scenario is cfg.scenario
    assert cfg.replace(seed=3).scenario is cfg.scenario
    assert hash(GameConfig.from_dict(cfg.to_dict())) == hash(cfg)     # a config stays usable as a key


def test_a_new_world_config_carries_the_template_and_the_seed_makes_the_map():
    a = Game(scenarios.config_for("new-world-3-4", 3, seed=1))
    b = Game(scenarios.config_for("new-world-3-4", 3, seed=2))
    assert a.config.scenario is b.config.scenario and a.config.scenario.generator == "new-world"
    assert a.board.to_json() != b.board.to_json()
    again = Game(GameConfig.from_dict(json.loads(json.dumps(a.config.to_dict()))))
    assert again.board.to_json() == a.board.to_json()


def test_the_base_game_config_has_no_scenario():
    d = GameConfig(players=5, seed=4).to_dict()
    assert "scenario" not in d and "island_bonus" not in d
    assert GameConfig.from_dict(d).scenario is None


def test_an_edited_map_game_replays_and_loads_in_a_fresh_process(tmp_path):
    s = two_islands().scenario
    assert s.id not in scenarios.available()
    game = _play(trial_config(s, seed=5, players=4), 250, seed=5)
    assert game.config.scenario is s and len(game.history) > 50
    rec_path, save_path = tmp_path / "edited.replay.json", tmp_path / "edited.save.json"
    rec_path.write_text(json.dumps(record(game, hash_every=5)), encoding="utf-8")
    save_path.write_text(saves.dumps(saves.make_save(game, SEATS, "slot1", now=0)), encoding="utf-8")
    out = _fresh("-m", "retrocatan", "replay", "--verify", "--json", str(rec_path))
    assert out.returncode == 0, out.stderr
    verdict = json.loads(out.stdout)
    assert verdict["ok"] and verdict["steps"] == len(game.history) and verdict["compared"] > 10
    code = ("import sys; from retrocatan import saves; g, _ = saves.load(open(sys.argv[1]).read()); "
            "print(g.state_hash(), g.config.scenario_id)")
    out = _fresh("-c", code, str(save_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [game.state_hash(), s.id]


def test_a_changed_scenario_in_a_record_does_not_verify(tmp_path):
    game = _play(trial_config(two_islands().scenario, seed=6, players=3), 120, seed=6)
    data = record(game, hash_every=5)
    data["config"]["scenario"]["vp_target"] = data["config"]["scenario"]["vp_target"] + 1   # another map
    data["config"]["vp_target"] = data["config"]["scenario"]["vp_target"]
    verdict = GameRecord.from_json(data).verify()
    assert not verdict.ok and verdict.step is not None
    data["config"]["scenario"]["map"] = "not rows"
    with pytest.raises(ReplayError, match="bad config: scenario:"):
        GameRecord.from_json(data)


def test_a_previous_format_record_naming_its_scenario_by_id_still_verifies():
    data = json.loads(OLD_REPLAY.read_text(encoding="utf-8"))
    assert data["config"]["scenario"] == "new-world-3-4"             # the old shape: an id only
    with pytest.raises(ReplayError, match="named only by its id"):  # the engine alone reads no files
        GameRecord.from_json(data)
    rec = GameRecord.from_json(data, resolve=scenarios.resolve)
    assert rec.legacy_id == "new-world-3-4" and rec.config.scenario is scenarios.load("new-world-3-4")
    verdict = rec.verify()
    assert verdict.ok and verdict.compared == len(data["hashes"]) + 1
    assert rec.to_json()["config"] == data["config"]                  # written back as read
    data["hashes"][20] = "0" * 16                                    # the old hashes are really compared
    assert GameRecord.from_json(data, resolve=scenarios.resolve).verify().step == 210
    out = _fresh("-m", "retrocatan", "replay", "--verify", str(OLD_REPLAY))
    assert out.returncode == 0 and out.stdout.startswith("OK: 400 steps"), out.stdout + out.stderr


def test_a_previous_format_record_with_an_unknown_id_is_refused_in_one_line(tmp_path):
    data = json.loads(OLD_REPLAY.read_text(encoding="utf-8"))
    data["config"]["scenario"] = "no-such-map"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    out = _fresh("-m", "retrocatan", "replay", "--verify", str(bad))
    assert out.returncode != 0 and "no scenario 'no-such-map'" in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    with pytest.raises(ConfigError, match="no scenario"):
        GameConfig.from_dict(data["config"], scenarios.resolve)


def test_a_previous_format_save_loads_goes_on_and_saves_in_the_new_shape():
    text = OLD_SAVE.read_text(encoding="utf-8")
    assert json.loads(text)["replay"]["config"]["scenario"] == "fog-island"
    loader = saves.SaveLoader(text)
    game, data, rec = loader.run()
    assert game.config.scenario is scenarios.load("fog-island") and len(game.history) == 300
    players = [RandomPlayer(3, p) for p in range(game.config.players)]
    for _ in range(40):
        if game.over:
            break
        game.apply(players[game.decider].choose(game))
        rec.append(game)
    new = saves.make_save(game, data["seats"], "slot2", now=0, hashes=rec)
    assert isinstance(new["replay"]["config"]["scenario"], dict)     # the scenario travels in the new save
    again, _ = saves.load(saves.dumps(new))
    assert again.state_hash() == game.state_hash()
