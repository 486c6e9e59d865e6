"""Where the island bonus lies over land (``voyage.land_reach``), and the
Expert's sea rollouts there (``ai/seafarers/expert.py``, ``SEA_ROLLOUTS_LAND``).

docs/rules.md §14.12: "A player's home regions are the regions of their
founding settlements" and a settlement "in each region other than their
home regions earns a bonus"; "A settlement stands in every region of its
corner's land hexes other than deserts". On Through the Desert the other
regions lie beyond the desert, so roads reach them (§5: a road joins the
player's own road or building; a settlement keeps the distance rule); on
the islands' maps the sea lies between, and only ships reach them.

The positions are laid with ``sea_positions.sea_position``; the expected
answers come from a plain shortest path over road edges
(``sea_positions.path``), not from the function under test."""

from __future__ import annotations

import pytest
from sea_positions import corners_of, path, sea_position

from retrocatan.ai import look_ahead, make_player
from retrocatan.ai.knowledge import view_of
from retrocatan.ai.seafarers import expert as sea_expert
from retrocatan.ai.seafarers.voyage import land_reach
from retrocatan.engine import Game, GameConfig
from retrocatan.scenarios import options as scenario_options

DESERT = "through-the-desert"


def _bonus_corner(view):
    """A corner where seat 0 may settle and earn the bonus (distance rule kept)."""
    return lambda c: view.island_bonus_at(0, c) > 0 and view.corner_open(c) and view.corner_owner[c] == -1


def _desert_home(far: int):
    """Through the Desert, four players: seat 0's one founding settlement on
    the first founding corner at least ``far`` roads from the bonus; the
    game, the corner and the shortest road path to the bonus."""
    g0 = sea_position(DESERT, players=4)
    for c in sorted(g0.state.board.founding):
        g = sea_position(DESERT, players=4, buildings=[(0, c, 1, True)])
        view = view_of(g.seat_view(0))
        route = path(g, c, _bonus_corner(view), lane="road", max_len=20)
        if len(route) >= far:
            return g, c, route
    pytest.fail(f"no founding corner {far} roads from the bonus")


def test_the_roads_to_the_nearest_corner_with_the_bonus_are_counted():
    g, home, route = _desert_home(far=4)
    view = view_of(g.seat_view(0))
    assert land_reach(view, 0, 20) == len(route)
    assert land_reach(view, 0, len(route)) == len(route)
    assert land_reach(view, 0, len(route) - 1) is None, "beyond the limit: not within reach"


@pytest.mark.parametrize("built", [1, 2, 3])
def test_each_road_built_toward_it_brings_it_one_nearer(built):
    """The player's roads are part of its network: the count starts at
    their free ends."""
    g, home, route = _desert_home(far=4)
    g = sea_position(DESERT, players=4, buildings=[(0, home, 1, True)], roads=[(0, e) for e in route[:built]])
    view = view_of(g.seat_view(0))
    assert land_reach(view, 0, 20) == len(route) - built


def test_another_player_s_building_on_the_way_is_a_wall():
    """A road may not pass another player's building: the count goes
    round it (the shortest path that avoids its corner)."""
    g, home, route = _desert_home(far=5)
    on_way = corners_of(g, route, home)[3]          # three roads out: the distance rule holds for both
    g = sea_position(DESERT, players=4, buildings=[(0, home, 1, True), (1, on_way, 1, True)])
    view = view_of(g.seat_view(0))
    around = path(g, home, _bonus_corner(view), lane="road", avoid={on_way}, max_len=30)
    expected = len(around) if around else None
    assert land_reach(view, 0, 30) == expected
    assert expected is None or expected > len(route), "the wall makes the way longer"


def test_another_player_s_road_on_the_way_is_a_wall():
    """A road may not be built on an edge that holds a piece: another
    player's road there (joined to its settlement beside the way) sends the
    count round it."""
    g, home, route = _desert_home(far=4)
    way = corners_of(g, route, home)
    geo = g.state.geo
    beside = next(x for x in geo.corner_corners[way[2]] if x not in way and all(
        y not in (home, *geo.corner_corners[home]) for y in (x, *geo.corner_corners[x])))
    rival = [(1, geo.edge_index[(min(beside, way[2]), max(beside, way[2]))]), (1, route[2])]
    g = sea_position(DESERT, players=4, buildings=[(0, home, 1, True), (1, beside, 1, True)], roads=rival)
    view = view_of(g.seat_view(0))
    around = path(g, home, _bonus_corner(view), lane="road", avoid={beside}, avoid_edges={e for _, e in rival},
                  max_len=30)
    expected = len(around) if around else None
    assert land_reach(view, 0, 30) == expected
    assert expected is None or expected > len(route), "the wall makes the way longer"


def test_a_corner_next_to_a_building_does_not_count():
    """The distance rule (docs/rules.md §5): no settlement on a corner next
    to another building, so the nearest corner with the bonus is then one
    beyond."""
    g, home, route = _desert_home(far=4)
    way = corners_of(g, route, home)
    geo = g.state.geo
    end = way[-1]
    beside = next(x for x in geo.corner_corners[end] if x not in way and g.state.board.corner_land[x])
    g = sea_position(DESERT, players=4, buildings=[(0, home, 1, True), (1, beside, 1, True)])
    view = view_of(g.seat_view(0))
    assert not view.corner_open(end)
    around = path(g, home, _bonus_corner(view), lane="road", avoid={beside}, max_len=30)
    expected = len(around) if around else None
    assert land_reach(view, 0, 30) == expected
    assert expected != len(route)


def test_a_corner_with_the_bonus_already_at_hand_is_zero_roads_away():
    g, home, route = _desert_home(far=2)
    g = sea_position(DESERT, players=4, buildings=[(0, home, 1, True)], roads=[(0, e) for e in route])
    assert land_reach(view_of(g.seat_view(0)), 0, 6) == 0


@pytest.mark.parametrize("scenario", ["new-shores", "four-islands", "fog-island", "new-world-3-4"])
def test_over_the_sea_no_road_reaches_the_bonus(scenario):
    """The islands' maps: from every founding corner, no road path leads to
    a corner with the bonus (the sea lies between), however long."""
    g0 = sea_position(scenario, players=4)
    for c in sorted(g0.state.board.founding)[::5]:
        g = sea_position(scenario, players=4, buildings=[(0, c, 1, True)])
        view = view_of(g.seat_view(0))
        assert path(g, c, _bonus_corner(view), lane="road", max_len=40) == []
        assert land_reach(view, 0, 40) is None


def test_the_base_game_has_no_bonus_to_reach():
    g = Game(GameConfig(players=4, seed=3))
    assert land_reach(view_of(g.seat_view(0)), 0, 40) is None


@pytest.mark.parametrize("scenario, crowded", [(DESERT, False), ("new-shores", False), (DESERT, True)])
def test_the_expert_plays_on_in_more_games_where_the_bonus_lies_over_land(monkeypatch, scenario, crowded):
    """``SEA_ROLLOUTS_LAND`` games a candidate, each played on to the start
    of the Expert's next turn (``SEA_PLAY_ON_LAND``), when a corner with the
    bonus is within ``LAND_LIMIT`` roads; ``SEA_ROLLOUTS`` to the end of the
    turn otherwise: on Through the Desert both happen (with the limit at 2
    roads: at 6 the bonus is within reach for most of a game), on New
    Shores only the second. With more players than ``look_ahead.ROLLOUT_PLAYERS`` (set
    to 3 here) the rollouts stop at the end of the turn even then."""
    if scenario == DESERT:
        monkeypatch.setattr(sea_expert, "LAND_LIMIT", 2)
    if crowded:
        monkeypatch.setattr(look_ahead, "ROLLOUT_PLAYERS", 3)
    seen = []
    real = look_ahead.LookAhead.play_on

    def counted(self, view, close, me, games, worth, turn_only):
        near = land_reach(view, me, sea_expert.LAND_LIMIT) is not None
        seen.append((near, games, turn_only))
        return real(self, view, close, me, games, worth, turn_only)
    monkeypatch.setattr(look_ahead.LookAhead, "play_on", counted)
    cfg = GameConfig(players=4, seed=11, **scenario_options(scenario, 4))
    game = Game(cfg)
    players = [make_player("expert" if s == 0 else "hard", cfg.seed, s) for s in range(4)]
    while not game.over and game.state.turn < 60:
        game.apply(players[game.decider].choose(game))
    assert seen
    assert all(games == (sea_expert.SEA_ROLLOUTS_LAND if near else sea_expert.SEA_ROLLOUTS) for near, games, _ in seen)
    # four players: where the bonus lies over land, on to the start of the next turn; elsewhere to this one's end
    assert all(turn_only == (crowded or not near) for near, _, turn_only in seen)
    assert sea_expert.SEA_ROLLOUTS_LAND != sea_expert.SEA_ROLLOUTS
    if scenario == DESERT:
        assert {near for near, _, _ in seen} == {True, False}
    else:
        assert not any(near for near, _, _ in seen)
