"""The faces of the state as extension points (engine/faces.py): a rules
layer keeps its part of the state in its own slot (``GameState.layer``),
written under its old JSON key; a seat's view, a refusal, the menu and a
``Position`` come from the layer's classes and hooks, and a game without
the layer shows the layer's figures empty. A view is made with the legal
actions only; every other figure is read on first use."""

import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig, IllegalAction
from retrocatan.engine.errors import REFUSALS, declare
from retrocatan.engine.position import Position
from retrocatan.engine.view import PlayerView
from retrocatan.scenarios import options as scenario_options
from tests.sea_positions import position, sea_position


def _sea_game():
    """A game on a map with fog (its board changes in play)."""
    return Game(GameConfig(players=3, seed=4, **scenario_options("fog-island", 3)))


def test_the_base_game_has_no_layer_part_and_writes_none():
    g = Game(GameConfig(players=4, seed=1))
    st = g.state
    assert st.layer is None and st.rules.name == "base"
    data = g.to_json()
    assert "sea" not in data
    assert Game.from_json(data).state.layer is None


def test_a_layers_part_is_its_own_slot_written_under_its_key():
    g = _sea_game()
    st = g.state
    assert st.layer is not None and st.rules.state_key == "sea"
    data = g.to_json()
    assert data["sea"] == st.layer.to_json()
    back = Game.from_json(data)
    assert back.to_json() == data and back.state_hash() == g.state_hash()
    # A copy has its own layer part (and the board the fog changes), so changing it changes nothing here.
    c = st.copy()
    assert c.layer is not st.layer and c.layer.to_json() == st.layer.to_json()
    c.layer.fog_pool.clear()
    assert st.layer.fog_pool
    assert (c.board is st.board) == (not st.board.scenario.fog_pool)


def test_the_base_game_refuses_a_layers_part():
    data = Game(GameConfig(players=4, seed=1)).to_json()
    data["sea"] = _sea_game().to_json()["sea"]
    with pytest.raises(ValueError, match="a sea state on the base game's board"):
        Game.from_json(data)


def test_public_points_count_what_the_layer_adds():
    game = sea_position()
    st = game.state
    before = st.public_vp(0)
    st.layer.bonus[0] += 2
    assert st.public_vp(0) == before + 2 and st.rules.public_points(st, 0) == st.layer.bonus[0]
    assert Game(GameConfig(players=4, seed=1)).state.rules.public_points(None, 0) == 0


def test_a_view_is_made_with_the_legal_actions_only():
    g = Game(GameConfig(players=4, seed=2))
    v = PlayerView(g, g.decider)
    assert set(vars(v)) == {"_game", "_st", "viewer", "legal"}
    assert v.legal == tuple(g.legal_actions())
    assert (v.phase, v.decider, v.turn, v.step) == (g.phase, g.decider, g.state.turn, 0)
    assert {"phase", "decider", "turn", "step"} <= set(vars(v))      # kept once read
    assert PlayerView(g, (g.decider + 1) % 4).legal == ()


def test_a_game_without_the_layer_shows_its_figures_empty():
    g = Game(GameConfig(players=4, seed=1))
    v = g.seat_view(0)
    assert type(v) is PlayerView
    assert (v.has_ships, v.ships, v.pirate, v.fog_hexes, v.gold_hexes, v.regions) == (False, (), -1, (), (), ())
    assert v.island_bonus == (0, 0, 0, 0) and v.island_bonus_points == 0
    assert v.island_bonus_corners == ((), (), (), ()) and v.home_regions(0) == frozenset()
    assert (v.explored, v.gold_due, v.ship_moved, v.new_ships, v.pirate_hexes) == ((), (), False, (), ())
    assert v.ship_spots(0) == [] and v.ship_moves() == [] and v.pirate_victims(3) == []
    with pytest.raises(AttributeError):
        v.no_such_figure            # noqa: B018 - the read is the test
    sea = sea_position().seat_view(0)
    assert type(sea) is not PlayerView and isinstance(sea, PlayerView)
    assert sea.has_ships and sea.island_bonus == (0, 0, 0) and sea.pirate == sea_position().state.layer.pirate


def test_a_layer_declares_its_refusals_and_the_base_game_refuses_its_actions():
    assert REFUSALS["no_ships_here"] == "there are no ships in this game"
    declare({"no_ships_here": REFUSALS["no_ships_here"]})      # the same again is fine
    with pytest.raises(ValueError):
        declare({"no_ships_here": "another text"})
    g = Game(GameConfig(players=4, seed=1))
    for text, code in (("ship 5", "no_ships_here"), ("move 1 2", "no_ships_here"), ("pirate 40", "no_pirate")):
        with pytest.raises(IllegalAction) as info:
            g.apply(text)
        assert info.value.code == code
    assert set(g.seat_view(None).menu) == {"roll", "road", "settlement", "city", "buy", "bank", "offer", "play",
                                            "end", "pass"}
    assert {"ship", "move"} <= set(sea_position().seat_view(None).menu)


def test_a_position_is_of_the_class_of_its_maps_rules():
    base = Position()
    assert type(base) is Position
    sea = position()
    assert type(sea) is not Position and isinstance(sea, Position) and hasattr(sea, "ship")
    assert sea.dealt().state.rules.position_class() is type(sea)
    assert not hasattr(type(base), "ship")


def test_a_copy_shares_no_list_with_its_state():
    for g in (Game(GameConfig(players=4, seed=3)), _sea_game()):
        bots = [RandomPlayer(3, s) for s in range(g.state.players)]
        for _ in range(200):
            g.apply(bots[g.decider].choose(g))
        st = g.state
        c = st.copy()
        for name, value in vars(st).items():
            if isinstance(value, list):
                other = vars(c)[name]
                assert other == value and other is not value, name
                assert all(a is not b for a, b in zip(other, value) if isinstance(a, (list, dict))), name
