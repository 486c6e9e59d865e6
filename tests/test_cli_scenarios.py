"""The command line on scenario maps: scenarios, board --scenario, and
simulate / tournament --scenario."""

import os

from tests.test_cli import last_json, run


def test_scenarios_json_lists_every_shipped_map():
    res = run("scenarios", "--json")
    assert res.returncode == 0, res.stderr
    out = last_json(res)["scenarios"]
    ids = [s["id"] for s in out]
    assert {"base-3-4", "base-5-6", "new-shores", "fog-island", "new-world-3-4"} <= set(ids)
    shores = next(s for s in out if s["id"] == "new-shores")
    assert shores["players"] == [3, 4] and shores["vp_target"] == 14 and shores["name"]
    assert all(os.path.isfile(s["path"]) and s["path"].endswith(f"{s['id']}.json") for s in out)


def test_board_json_of_a_scenario():
    res = run("board", "--scenario", "fog-island", "--seed", "5", "--json")
    assert res.returncode == 0, res.stderr
    b = last_json(res)
    terrains = {h["terrain"] for h in b["hexes"]}
    assert {"fog", "sea", "gold"} <= terrains
    assert b["pirate"] is not None and b["scenario"] == "fog-island"
    assert b["regions"] and all("region" in h for h in b["hexes"])
    assert any(e["ship"] and not e["road"] for e in b["edges"]) and any(e["road"] for e in b["edges"])
    again = last_json(run("board", "--scenario", "fog-island", "--seed", "5", "--json"))
    assert again == b
    other = last_json(run("board", "--scenario", "fog-island", "--seed", "6", "--json"))
    assert other != b


def test_board_text_and_bad_scenario():
    res = run("board", "--scenario", "new-shores", "--seed", "2")
    assert res.returncode == 0 and "$" in res.stdout and "P" in res.stdout
    res = run("board", "--scenario", "atlantis")
    assert res.returncode == 2 and "atlantis" in res.stderr and "Traceback" not in res.stderr
    res = run("board", "--scenario", "new-shores", "--players", "6")
    assert res.returncode == 2 and "players" in res.stderr and "Traceback" not in res.stderr


def test_simulate_and_tournament_on_a_scenario(tmp_path):
    res = run("simulate", "--scenario", "new-shores", "--games", "2", "--players", "3", "--json",
              "--save-replays", str(tmp_path))
    assert res.returncode == 0, res.stderr
    assert sum(last_json(res)["wins"]) == 2
    files = sorted(os.listdir(tmp_path))
    res = run("replay", str(tmp_path / files[0]), "--verify", "--json")
    assert res.returncode == 0 and last_json(res)["ok"] is True
    res = run("tournament", "--scenario", "fog-island", "--seats", "hard,normal,easy", "--games", "2", "--json")
    assert res.returncode == 0, res.stderr
    assert last_json(res)["games"] == 2
    res = run("simulate", "--scenario", "new-world-5-6", "--players", "3", "--games", "1")
    assert res.returncode == 2 and "Traceback" not in res.stderr
