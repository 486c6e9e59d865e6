"""One map model (issue 21, item 1): every board, the base islands included, is a ``board.Board`` dealt by
``scenario_deal`` from a scenario file; the base islands are the shipped files base-3-4.json and
base-5-6.json; the rules a game plays are the ones its map declares, and a saved board keeps them."""

import json

import pytest

from retrocatan import scenarios
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.board import Board
from retrocatan.engine.scenario_read import parse_scenario

SHIPPED = scenarios.available()


@pytest.mark.parametrize("players,sid", [(3, "base-3-4"), (4, "base-3-4"), (5, "base-5-6"), (6, "base-5-6")])
def test_the_base_game_is_played_on_the_shipped_island_file(players, sid):
    for board in ("random", "beginner"):
        game = Game(GameConfig(players=players, seed=5, board=board))
        island = scenarios.load(sid)
        assert type(game.board) is Board and game.board.scenario is island
        assert game.board.geo is island.shape.geometry          # the file's geometry: no shape of its own
        assert game.board.layer == "base" and game.state.rules.name == "base" and game.state.sea is None


@pytest.mark.parametrize("sid", SHIPPED)
def test_every_map_has_the_one_board_class_and_plays_the_layer_it_declares(sid):
    s = scenarios.load(sid)
    game = Game(scenarios.config_for(sid, s.players[0], seed=3))
    want = "base" if sid.startswith("base-") else "seafarers"
    assert type(game.board) is Board
    assert game.board.layer == game.state.rules.name == want
    assert (game.state.sea is None) == (want == "base")


@pytest.mark.parametrize("sid", SHIPPED)
def test_both_json_forms_load_back_with_their_layer(sid):
    s = scenarios.load(sid)
    game = Game(scenarios.config_for(sid, s.players[0], seed=4))
    data = json.loads(json.dumps(game.board.to_json()))
    # A base island is written as the base game always wrote its board; any other map by its scenario's id.
    assert ("kind" in data) == (game.board.layer == "base") and ("scenario" in data) != ("kind" in data)
    back = Board.from_json(data, game.config.scenario, game.config.seed)
    assert back.to_json() == game.board.to_json() and back.layer == game.board.layer
    assert back.describe() == game.board.describe()
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.state.rules.name == game.state.rules.name and loaded.state_hash() == game.state_hash()


def test_a_board_of_one_scenario_is_refused_on_another():
    game = Game(scenarios.config_for("four-islands", 4, seed=1))
    with pytest.raises(ValueError, match="not the config's scenario"):
        Board.from_json(game.board.to_json(), scenarios.load("new-shores"), 1)
    with pytest.raises(ValueError, match="not the config's scenario"):
        Board.from_json(game.board.to_json())


def test_an_edited_island_that_is_no_base_island_plays_the_seafarers_layer():
    # The base island with one harbour turned to face another hex: no longer the base game's island.
    d = json.loads(scenarios.text("base-3-4"))
    d["id"], d["harbours"][0]["side"] = "bent-harbour", "e"
    s = parse_scenario(json.dumps(d))
    game = Game(GameConfig(players=4, seed=2, scenario=s, vp_target=s.vp_target))
    assert game.board.layer == game.state.rules.name == "seafarers" and "scenario" in game.board.to_json()
    # Its deal is the base island's: the same random calls give the same terrain and numbers.
    plain = Game(GameConfig(players=4, seed=2))
    assert (game.board.terrain, game.board.numbers) == (plain.board.terrain, plain.board.numbers)


def test_states_of_one_game_loaded_again_get_boards_of_their_own():
    """A game's states share their config and board (``validate`` makes them once): each load
    still gets a board of its own, so that fog turned in one game is not turned in another."""
    game = Game(scenarios.config_for("fog-island", 4, seed=3))
    data = json.loads(json.dumps(game.to_json()))
    first, second = Game.from_json(data), Game.from_json(data)
    assert first.board is not second.board and first.config is second.config
    fog = next(h for h, t in enumerate(first.board.terrain) if t == "fog")
    first.board.reveal(fog, "forest", 8)
    third = Game.from_json(data)
    for other in (second, third):
        assert other.board.terrain[fog] == "fog" and other.board.numbers[fog] == game.board.numbers[fog]
        assert other.state_hash() == game.state_hash()
    assert first.board.terrain[fog] == "forest"
