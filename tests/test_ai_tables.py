"""Hard's tables of positions (``ai.knowledge.Tables``) are only a cache.

A planner keeps what a position's public facts give it (corner values,
road targets, the voyages before the wait for their cards, where ships can
reach) past the decision, and the Expert's look-ahead shares one table
among all the Hard players it plays on with. Whatever is kept, whoever
kept it, and from whichever game, no decision may differ from one worked
out afresh.
"""

from __future__ import annotations

import pytest

from retrocatan.ai import make_player
from retrocatan.ai.knowledge import Seat, Tables
from retrocatan.ai.level import PLANNING_LEVELS
from retrocatan.ai.seafarers import sailing
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.determinize import determinize
from retrocatan.engine.rng import Rng
from retrocatan.engine.seafarers import actions as A
from retrocatan.scenarios import options as scenario_options

HARD = PLANNING_LEVELS["hard"]


def _config(scenario: str, players: int, seed: int) -> GameConfig:
    return GameConfig(players=players, seed=seed, **(scenario_options(scenario, players) if scenario else {}))


def _decide_afresh(player, view):
    player.planner.tables = Tables(HARD)
    return player.choose(view)


@pytest.mark.parametrize("scenario, players, seed", [
    ("", 4, 61), ("new-shores", 4, 62), ("fog-island", 4, 63), ("four-islands", 3, 64),
    ("through-the-desert", 4, 65), ("new-world-5-6", 5, 66)])
def test_tables_shared_by_every_seat_change_no_decision(scenario, players, seed):
    """Every Hard player of a game keeps one table together (small, so it
    also starts afresh now and then); its twins decide each time with an
    empty one; every decision is the same, to the end of the game."""
    shared = Tables(HARD, limit=40)
    kept = [make_player("hard", seed, s) for s in range(players)]
    for p in kept:
        p.planner.tables = shared
    fresh = [make_player("hard", seed, s) for s in range(players)]
    g = Game(_config(scenario, players, seed))
    steps = 0
    while not g.over and steps < 6000:
        d = g.decider
        view = g.seat_view(d)
        a = kept[d].choose(view)
        assert a == _decide_afresh(fresh[d], view), f"decision {steps} differs with the kept table"
        g.apply(a)
        steps += 1
    assert g.over
    assert len(shared._rows) > 0


def test_one_table_serves_two_games_with_different_fog():
    """Two Fog Island games whose fog turns out differently, their players
    sharing one table: a position's table is the board as it lies, so
    what one game's fog showed never answers for the other's."""
    shared = Tables(HARD)
    games = [Game(_config("fog-island", 4, seed)) for seed in (71, 72)]
    kept = [[make_player("hard", 71 + k, s) for s in range(4)] for k in range(2)]
    fresh = [[make_player("hard", 71 + k, s) for s in range(4)] for k in range(2)]
    for row in kept:
        for p in row:
            p.planner.tables = shared
    steps = 0
    while not all(g.over for g in games) and steps < 12000:
        for k, g in enumerate(games):
            if g.over:
                continue
            d = g.decider
            view = g.seat_view(d)
            a = kept[k][d].choose(view)
            assert a == _decide_afresh(fresh[k][d], view), f"game {k}: decision {steps} differs"
            g.apply(a)
        steps += 1
    assert all(g.over for g in games)
    turned = [[(h, t) for h, t, _, _ in g.state.layer.explored] for g in games]
    assert turned[0] and turned[1] and turned[0] != turned[1]


def test_one_table_serves_look_ahead_games_whose_fog_differs():
    """The Expert's look-ahead: games made from one view (the fog not yet
    turned dealt anew in each) where the same ship turns a fog hex, so the
    pieces are the same and the board is not. Players sharing one table
    decide in each exactly as players with an empty table."""
    g = Game(_config("fog-island", 4, 63))
    players = [make_player("hard", 63, s) for s in range(4)]
    found = None
    while found is None and not g.over:
        view = g.seat_view(g.decider)
        for a in (x for x in view.legal if x.kind == A.SHIP):
            made = [determinize(view, Rng(k, 1)) for k in range(4)]
            for x in made:
                x.apply(a)
            if len({tuple(x.state.board.terrain) for x in made}) > 1:
                found = made
                break
        else:
            g.apply(players[g.decider].choose(view))
    assert found is not None
    shared = Tables(HARD)
    for k, x in enumerate(found):
        kept = [make_player("hard", k, s) for s in range(4)]
        for p in kept:
            p.planner.tables = shared
        fresh = [make_player("hard", k, s) for s in range(4)]
        for s in range(4):      # what Hard works out of this position, kept in the shared table or afresh
            view = x.seat_view(s)
            seat, alone = Seat(view), Seat(view)
            seat.shared = shared
            assert sailing.voyages(kept[s].planner, seat) == sailing.voyages(fresh[s].planner, alone)
            assert kept[s].planner.goals.road_targets(seat, 5, ships=True) == \
                fresh[s].planner.goals.road_targets(alone, 5, ships=True)
            corners = range(len(view.corner_owner))
            assert [kept[s].planner.corners.value(seat, c) for c in corners] == \
                [fresh[s].planner.corners.value(alone, c) for c in corners]
        for step in range(300):
            if x.over:
                break
            d = x.decider
            view = x.seat_view(d)
            a = kept[d].choose(view)
            assert a == _decide_afresh(fresh[d], view), f"game {k}: decision {step} differs with the kept table"
            x.apply(a)


def test_a_position_is_the_board_and_the_pieces_not_the_hand():
    g = Game(_config("fog-island", 4, 5))
    while g.state.turn < 8:
        g.apply(make_player("hard", 5, g.decider).choose(g.seat_view(g.decider)))
    view = g.seat_view(0)
    here = Seat(view).position()
    assert Seat(view).position() == here
    other = g.copy()
    other.state.hands[0] = [x + 1 for x in other.state.hands[0]]
    assert Seat(other.seat_view(0)).position() == here          # the hand is not part of it
    assert Seat(g.seat_view(1)).position() != here              # another player's tables are its own
    moved = g.copy()
    moved.state.robber = next(h for h in range(len(moved.state.board.terrain))
                              if h != moved.state.robber and moved.state.board.numbers[h])
    assert Seat(moved.seat_view(0)).position() != here          # the robber is (it changes corner values)


def test_a_table_of_another_level_is_not_used():
    """The tables hold a level's own judgement of the position: an Easy
    player handed Hard's table, which a Hard player of the same seat has
    just filled at the very position, ignores it and decides exactly as
    an Easy player with its own."""
    hard_table = Tables(HARD)
    g = Game(_config("new-shores", 4, 81))
    players = [make_player("easy" if s == 0 else "hard", 81, s) for s in range(4)]
    judge = make_player("hard", 81, 0)
    for p in (*players, judge):
        p.planner.tables = hard_table
    twin = make_player("easy", 81, 0)
    steps = 0
    while not g.over and steps < 6000:
        d = g.decider
        view = g.seat_view(d)
        if d == 0:
            judge.choose(view)          # Hard's tables of this very position, seat 0's
            a = players[0].choose(view)
            assert a == twin.choose(view), f"decision {steps} differs with Hard's table"
        else:
            a = players[d].choose(view)
        g.apply(a)
        steps += 1
    assert g.over and hard_table._rows
