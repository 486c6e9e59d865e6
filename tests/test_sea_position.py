"""``Position`` on scenario maps: ships, the pirate, fog turned over or face
down, where each player began (the island bonus), paths on the map's own
geometry; what a game could not reach is refused with one line."""

import pytest

from retrocatan.engine import Game
from retrocatan.engine.components import COST_SETTLEMENT
from retrocatan.engine.position import Position, PositionError
from tests.sea_positions import cards, coast_corners, corners_of, path, position, sea_position


def _line(game, k=3):
    """A founding coast corner and a path of ``k`` ship edges from it."""
    for c in coast_corners(game):
        line = path(game, c, lambda x, c=c: len(path(game, c, lambda y: y == x, lane="ship")) == k, lane="ship")
        if len(line) == k:
            return c, line
    raise AssertionError("no line of ships")


def test_ships_and_the_pirate_by_path_on_the_scenario_map():
    game = sea_position()
    c, line = _line(game)
    corners = corners_of(game, line, c)
    sea_hex = next(h for h in range(game.state.board.nland, len(game.state.geo.hexes))
                   if h != game.state.layer.pirate)
    g = position().settlement(0, c, began=True).ship_path(0, corners).pirate(sea_hex).turn(0).build()
    st = g.state
    assert st.layer.ship_edges[0] == sorted(line) and st.pieces[0]["ships"] == 15 - len(line)
    assert st.layer.pirate == sea_hex and st.route_len[0] == len(line)
    assert g.seat_view(1).ships == tuple((e, 0) for e in sorted(line))
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_road_path_uses_the_scenario_map():
    game = sea_position()
    st = game.state
    c = coast_corners(game)[0]
    roads = path(game, c, lambda x: len(path(game, c, lambda y: y == x, lane="road")) == 2, lane="road")
    g = position().settlement(0, c).road_path(0, corners_of(game, roads, c)).build()
    assert g.state.road_edges[0] == roads and g.state.geo is not None
    assert st.geo.edge_corners[roads[0]] == g.state.geo.edge_corners[roads[0]]


def test_fog_turned_over_in_order_and_the_rest_face_down():
    game = sea_position("fog-island")
    board = game.state.board
    fog = [h for h, t in enumerate(board.terrain) if t == "fog"]
    g = position("fog-island").reveal(fog[0], "forest", by=1).reveal(fog[1], "sea").reveal(fog[2], "hills").build()
    st = g.state
    tokens = list(game.state.layer.fog_tokens)
    assert st.board.terrain[fog[0]] == "forest" and st.board.numbers[fog[0]] == tokens[0]
    assert st.board.terrain[fog[1]] == "sea" and st.board.numbers[fog[1]] == 0
    assert st.board.numbers[fog[2]] == tokens[1]
    assert all(st.board.terrain[h] == "fog" for h in fog[3:])
    assert st.layer.explored[0] == [fog[0], "forest", tokens[0], 1]
    assert len(st.layer.fog_pool) == len(fog) - 3
    with pytest.raises(PositionError, match="fog pool"):
        position("fog-island").reveal(fog[0], "forest").reveal(fog[1], "forest").reveal(fog[2], "forest").build()
    with pytest.raises(PositionError, match="not a fog hex"):
        position("fog-island").reveal(0, "forest").build()


def test_where_a_player_began_decides_the_island_bonus():
    game = sea_position()
    st = game.state
    board, geo = st.board, st.geo
    c = coast_corners(game)[0]
    home = {board.regions[h] for h in geo.corner_hexes[c] if board.regions[h] >= 0}
    line = path(game, c, lambda x: board.corner_land[x] and not home & {
        board.regions[h] for h in geo.corner_hexes[x] if board.regions[h] >= 0} and x not in geo.corner_corners[c],
        lane="ship")
    x = corners_of(game, line, c)[-1]
    pos = position().settlement(0, c, began=True).hand(0, **cards(COST_SETTLEMENT))
    for e in line:
        pos.ship(0, e)
    g = pos.build()
    ev = g.apply(f"S{x}")
    assert [e["points"] for e in ev if e["type"] == "island_bonus"] == [2]
    # A player who began on that island too gets nothing there.
    far = [y for y in board.founding if home & {board.regions[h] for h in geo.corner_hexes[y]}]
    pos = position().settlement(0, c, began=True).hand(0, **cards(COST_SETTLEMENT))
    for e in line:
        pos.ship(0, e)
    other = next(y for y in range(len(geo.corner_xy)) if board.corner_land[y] and y not in far
                 and {board.regions[h] for h in geo.corner_hexes[y] if board.regions[h] >= 0}
                 == {board.regions[h] for h in geo.corner_hexes[x] if board.regions[h] >= 0}
                 and y != x and y not in geo.corner_corners[x]
                 and all(z not in geo.corner_corners[x] for z in geo.corner_corners[y]))
    g = pos.settlement(0, other, began=True).build()
    ev = g.apply(f"S{x}")
    assert not [e for e in ev if e["type"] == "island_bonus"]
    # A bonus already paid is counted in the points.
    g = position().settlement(0, c, began=True).settlement(0, x).island_bonus(0, x).build()
    assert g.state.layer.bonus[0] == 2 and g.vp(0) == 4
    with pytest.raises(PositionError, match="no island bonus"):
        position().settlement(0, c, began=True).island_bonus(0, c).build()


def _fog(game):
    return game.state.board.terrain.index("fog")


@pytest.mark.parametrize("make,msg", [
    (lambda g, c, line: position().settlement(0, c).ship(0, line[1]), "joined to none"),
    (lambda g, c, line: position().settlement(0, c).ship(0, line[0]).ship(1, line[1]), "joined to none"),
    (lambda g, c, line: position().settlement(0, c).ship(0, line[0], new=True).turn(1), "current player"),
    (lambda g, c, line: position().pirate(0), "sails on the sea"),
    (lambda g, c, line: position("fog-island").robber(_fog(sea_position("fog-island"))), "robber stands on land"),
    (lambda g, c, line: position().road(0, line[-1]).settlement(0, c), "no land on either side|joined to none"),
    (lambda g, c, line: position().settlement(0, c).island_bonus(0, c), "no island bonus"),
    (lambda g, c, line: position().settlement(0, c).ship(0, g.state.board.edge_ship.index(False)),
     "no sea on either side"),
    (lambda g, c, line: Position().ship(0, 3), "need a scenario map"),
])
def test_positions_a_game_could_not_reach_are_refused(make, msg):
    game = sea_position()
    c, line = _line(game)
    with pytest.raises(PositionError, match=msg):
        make(game, c, line).build()
