"""The ship moves the engine lists are exactly those the rule gives: a ship
at the open end of an open route, not built this turn, may go to any edge a
new ship could go to once it has left its own (docs/rules.md §14). Checked
against lifting each movable ship off a copy of the state, on random games
of every scenario with ships."""

from __future__ import annotations

import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine.seafarers import movable_ships, ship_moves, ship_spots
from retrocatan.scenarios import available, load
from retrocatan.scenarios import options as scenario_options

SHIP_SCENARIOS = [sid for sid in available() if load(sid).ships]


def _moves_by_lifting(st, p: int) -> list[tuple[int, int]]:
    out = []
    for e in movable_ships(st, p):
        lifted = st.copy()
        sea = lifted.sea
        lifted.edge_owner[e] = -1
        sea.ship[e] = False
        sea.ship_edges[p].remove(e)
        out += [(e, f) for f in ship_spots(lifted, p) if f != e]
    return out


@pytest.mark.parametrize("scenario", SHIP_SCENARIOS)
def test_listed_ship_moves_are_the_ships_lifted_and_put_where_a_new_one_could_go(scenario):
    n = 4 if 4 in load(scenario).players else load(scenario).players[0]
    game = Game(GameConfig(players=n, seed=5, **scenario_options(scenario, n)))
    bots = [RandomPlayer(5, s) for s in range(n)]
    compared = moves = 0
    while not game.over and game.state.turn < 250:
        st = game.state
        if st.phase == phases.MAIN:
            for p in range(n):
                want = _moves_by_lifting(st, p)
                assert ship_moves(st, p) == want, (scenario, len(game.history), p)
                compared += 1
                moves += len(want)
        game.apply(bots[game.decider].choose(game))
    assert compared > 100 and moves > 0
