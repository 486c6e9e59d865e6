"""What things cost has one home, the rules' pieces (``Rules.costs``, from
``Rules.pieces`` and a development card's): the refusals, the player view
(the computer players' goals) and the window's cost texts read it there,
a layer's pieces (the ship) from its own rules."""

from __future__ import annotations

import copy
import pickle

from retrocatan.engine import Game, GameConfig
from retrocatan.engine.components import COST_DEV_CARD
from retrocatan.engine.layers import rules_for
from retrocatan.engine.refusals import build_refusal
from retrocatan.scenarios import options as scenario_options
from retrocatan.words import costs as from_engine


def _sea_game() -> Game:
    return Game(GameConfig(players=4, seed=3, **scenario_options("new-shores", 4)))


def test_costs_are_the_pieces_and_a_development_card_s_for_each_layer():
    for layer in ("base", "seafarers"):
        rules = rules_for(layer)
        assert dict(rules.costs) == {name: p.cost for name, p in rules.pieces.items()} | {"card": COST_DEV_CARD}
    assert "ship" in rules_for("seafarers").costs and "ship" not in rules_for("base").costs


def test_the_view_and_the_window_s_texts_read_the_rules_costs():
    base, sea = Game(GameConfig(players=4, seed=3)), _sea_game()
    assert base.seat_view(0).costs == rules_for("base").costs
    assert sea.seat_view(0).costs == rules_for("seafarers").costs
    assert from_engine.COSTS == dict(rules_for("base").costs) | dict(rules_for("seafarers").costs)


def test_a_ship_refused_for_its_cards_names_what_the_rules_say_it_costs():
    g = _sea_game()
    st = g.state
    st.hands[0] = [0, 0, 0, 0, 0]
    code, params = build_refusal(st, 0, "ship")
    assert code == "not_enough_resources" and params["missing"] == list(rules_for("seafarers").costs["ship"])


def test_a_game_and_its_view_copy_and_pickle_after_their_costs_were_read():
    """The cost table lives on the rules' class, not in a game's objects:
    a game (for a worker process) and a view (the advisor's copies) still
    pickle and deep-copy."""
    g = _sea_game()
    view = g.seat_view(0)
    assert view.costs["ship"]
    assert pickle.loads(pickle.dumps(g)).state_hash() == g.state_hash()
    assert copy.deepcopy(view).costs == view.costs
