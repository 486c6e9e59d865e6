from positions import blank, empty_hands, hand, settle

from retrocatan.engine import phases
from retrocatan.engine.production import produce, throw
from retrocatan.engine.rng import Rng

# Beginner board: hex 4 is hills with a 6 (corners 8, 13, 18, 23, 17, 12),
# hex 0 mountains with a 10 (corners 0, 4, 8, 12, 7, 3).


def test_settlement_one_city_two_robber_none():
    g = blank()
    settle(g, 0, 8)               # on hex 4 (hills 6) and hex 0 (mountains 10)
    settle(g, 1, 18, city=True)   # on hex 4 and the desert
    produce(g.state, 6, [])
    assert hand(g, 0)["brick"] == 1 and hand(g, 1)["brick"] == 2
    g.state.robber = 4
    produce(g.state, 6, [])
    assert hand(g, 0)["brick"] == 1 and hand(g, 1)["brick"] == 2


def test_bank_shortage_nobody_gets_it_when_several_are_owed():
    g = blank()
    settle(g, 0, 8)
    settle(g, 1, 18, city=True)
    g.state.bank[1] = 2          # brick: 3 owed, 2 left
    g.state.hands[3][1] = 17
    produce(g.state, 6, [])
    assert hand(g, 0)["brick"] == 0 and hand(g, 1)["brick"] == 0 and g.state.bank[1] == 2


def test_bank_shortage_single_player_gets_the_rest():
    g = blank()
    settle(g, 1, 18, city=True)
    g.state.bank[1] = 1
    g.state.hands[3][1] = 18
    produce(g.state, 6, [])
    assert hand(g, 1)["brick"] == 1 and g.state.bank[1] == 0


def test_seven_discards_half_rounded_down_in_turn_order():
    g = blank()
    empty_hands(g)
    st = g.state
    st.hands[1] = [3, 3, 3, 0, 0]   # 9 cards: gives up 4
    st.hands[2] = [7, 0, 0, 0, 0]   # 7 cards: keeps all
    st.hands[3] = [2, 2, 2, 2, 0]   # 8 cards: gives up 4
    for p in (1, 2, 3):
        for r in range(5):
            st.bank[r] -= st.hands[p][r]
    st.phase = phases.ROLL
    # Find a seed state that rolls a 7.
    probe = st.copy()
    for seed in range(500):
        probe.rng = Rng(seed)
        if sum(throw(probe)) == 7:
            st.rng = Rng(seed)
            break
    events = g.apply("roll")
    assert events[0]["total"] == 7
    assert g.phase == phases.DISCARD and st.discards == [[1, 4], [3, 4]]
    deciders = []
    while g.phase == phases.DISCARD:
        deciders.append(g.decider)
        g.apply(g.legal_actions()[0])
    assert deciders == [1] * 4 + [3] * 4
    assert sum(st.hands[1]) == 5 and sum(st.hands[2]) == 7 and sum(st.hands[3]) == 4
    assert g.phase == phases.ROBBER and g.decider == 0


def test_dice_deck_deals_each_outcome_once_before_reshuffle():
    g = blank(dice_deck=True)
    st = g.state
    seen = []
    for _ in range(31):
        seen.append(throw(st))
    assert len(set(seen)) == 31          # 36 outcomes, none repeated before the reshuffle
    assert len(st.dice_deck) == 5
    throw(st)
    assert len(st.dice_deck) == 35        # reshuffled at 5 left, then one drawn
