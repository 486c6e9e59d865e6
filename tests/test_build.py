import pytest
from positions import blank, edge, empty_hands, give, roads, settle

from retrocatan.engine import IllegalAction, phases
from retrocatan.engine.position import Position


def legal(g, kind):
    return sorted(a.a for a in g.legal_actions() if a.kind == kind)


def test_road_must_touch_own_piece_and_not_pass_an_opponent():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)
    give(g, 0, wood=3, brick=3)
    assert legal(g, "road") == sorted(g.state.geo.corner_edges[8])
    roads(g, 0, [8, 12])
    settle(g, 1, 17)             # opponent on the far end of the road
    spots = legal(g, "road")
    assert edge(g, 12, 7) in spots
    assert edge(g, 17, 22) not in spots and edge(g, 17, 23) not in spots
    with pytest.raises(IllegalAction, match="cannot build there"):
        g.apply(f"R{edge(g, 17, 22)}")


def test_settlement_needs_own_road_and_distance_rule():
    g = (Position().settlement(0, 8).road_path(0, [8, 12, 17]).hand(0, wood=1, brick=1, sheep=1, wheat=1)
         .turn(0).build())
    assert legal(g, "settle") == [17]     # 12 is next to 8
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("S12")
    assert g.to_json() == before          # refused: nothing changed
    g.apply("S17")
    assert g.state.pieces[0]["settlements"] == 3 and sum(g.state.hands[0]) == 0


def test_city_replaces_a_settlement_and_returns_its_piece():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)
    give(g, 0, wheat=2, coal=3)
    assert legal(g, "city") == [8]
    g.apply("C8")
    assert g.state.corner_level[8] == 2
    assert g.state.pieces[0] == {"settlements": 5, "cities": 3, "roads": 15}
    assert g.vp(0) == 2


def test_no_piece_left_no_building():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)
    roads(g, 0, [8, 12, 17])
    give(g, 0, wood=2, brick=2, sheep=1, wheat=1)
    g.state.pieces[0]["settlements"] = 0
    g.state.pieces[0]["roads"] = 0
    g.refresh()
    assert legal(g, "settle") == [] and legal(g, "road") == []
    with pytest.raises(IllegalAction, match="a road piece"):
        g.apply(f"R{edge(g, 17, 22)}")


def test_no_building_before_the_roll():
    g = blank()
    settle(g, 0, 8)
    give(g, 0, wood=1, brick=1)
    g.state.phase = phases.ROLL
    g.refresh()
    assert [str(a) for a in g.legal_actions()] == ["roll"]


def _cut_position(mode):
    """Player 1's road 8-12-17-22-28 is cut at 17 by player 4's settlement;
    then it is player 1's turn (rolled a 12) with a wood and a brick."""
    g = (Position(cut_roads=mode).settlement(0, 8).road_path(0, [8, 12, 17, 22, 28]).hand(0, wood=1, brick=1)
         .settlement(3, 29).road_path(3, [29, 23, 17]).hand(3, wood=1, brick=1, sheep=1, wheat=1)
         .turn(3).build())
    g.apply("S17")
    g.apply("end")
    g.fix_dice([(6, 6)])
    g.apply("roll")
    return g


def test_cut_roads_buildable_default():
    g = _cut_position("buildable")
    spots = legal(g, "road")
    assert edge(g, 22, 16) in spots and edge(g, 28, 33) in spots


def test_cut_roads_abandoned():
    g = _cut_position("abandoned")
    spots = legal(g, "road")
    assert edge(g, 22, 16) not in spots and edge(g, 28, 33) not in spots
    assert edge(g, 12, 7) in spots
    assert g.state.edge_owner[edge(g, 22, 28)] == 0    # still on the board


def test_cut_roads_lost():
    g = _cut_position("lost")
    st = g.state
    assert st.edge_owner[edge(g, 17, 22)] == -1 and st.edge_owner[edge(g, 22, 28)] == -1
    assert st.edge_owner[edge(g, 12, 17)] == 0     # still joined to the settlement at 8
    assert st.pieces[0]["roads"] == 13
