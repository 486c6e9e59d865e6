import pytest

from retrocatan.engine import Game, GameConfig, IllegalAction, phases
from retrocatan.engine import actions as A
from retrocatan.engine.components import TERRAIN_RESOURCE


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_snake_order_and_second_settlement_income(players):
    g = Game(GameConfig(players=players, seed=21))
    first = g.state.first
    order = [(first + i) % players for i in range(players)]
    deciders = []
    k = 0
    while g.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD):
        p = g.decider
        acts = g.legal_actions()
        if g.phase == phases.SETUP_SETTLEMENT:
            deciders.append(p)
            act = acts[(k * 7) % len(acts)]
            c = act.a
            before = list(g.state.hands[p])
            g.apply(act)
            gained = [x - y for x, y in zip(g.state.hands[p], before)]
            expected = [0] * 5
            if len(deciders) > players:
                for h in g.state.geo.corner_hexes[c]:
                    r = TERRAIN_RESOURCE[g.board.terrain[h]]
                    if r is not None:
                        expected[r] += 1
            assert gained == expected
            # Distance rule: no neighbour of c is offered any more.
            assert g.phase == phases.SETUP_ROAD
            roads = g.legal_actions()
            assert roads and all(c in g.state.geo.edge_corners[a.a] for a in roads)
        else:
            g.apply(acts[0])
            k += 1
    assert deciders == order + order[::-1]
    assert g.phase == phases.ROLL and g.current == first and g.state.turn == 1
    assert all(g.state.pieces[p]["settlements"] == 3 and g.state.pieces[p]["roads"] == 13 for p in range(players))


def test_distance_rule_in_founding():
    g = Game(GameConfig(players=4, seed=3))
    c = g.legal_actions()[10].a
    g.apply(A.Action(A.SETTLE, c))
    g.apply(g.legal_actions()[0])
    spots = {a.a for a in g.legal_actions()}
    assert c not in spots
    assert not spots & set(g.state.geo.corner_corners[c])
    with pytest.raises(IllegalAction):
        g.apply(A.Action(A.SETTLE, g.state.geo.corner_corners[c][0]))


def test_founding_refuses_other_actions():
    g = Game(GameConfig(players=3, seed=3))
    for text in ("roll", "end", "buy", "R0"):
        with pytest.raises(IllegalAction):
            g.apply(text)
