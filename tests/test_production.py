from positions import blank, empty_hands, hand, settle

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig, build, phases
from retrocatan.engine.production import produce, throw, yields
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


def test_buildings_placed_between_rolls_pay_at_the_next_roll():
    # "every hex with that number ... yields 1 card per adjacent settlement and 2 per city":
    # the buildings of the roll's moment, whatever was built since the last roll of that number
    g = blank()
    settle(g, 0, 8)
    produce(g.state, 6, [])
    assert hand(g, 0)["brick"] == 1 and hand(g, 1)["brick"] == 0
    settle(g, 1, 18)              # a settlement after the roll
    produce(g.state, 6, [])
    assert hand(g, 0)["brick"] == 2 and hand(g, 1)["brick"] == 1
    build.place_city(g.state, 0, 8)    # a city after it
    produce(g.state, 6, [])
    assert hand(g, 0)["brick"] == 4 and hand(g, 1)["brick"] == 2
    produce(g.state, 10, [])      # hex 0 (mountains 10): the same city
    assert hand(g, 0)["coal"] == 2


def test_each_roll_pays_as_the_board_and_buildings_say_in_random_games():
    # the buildings met with the hexes of each number, kept from roll to roll, equal those found afresh
    for seed in range(3):
        g = Game(GameConfig(players=4, seed=seed))
        bots = [RandomPlayer(seed, s) for s in range(4)]
        while not g.over:
            st = g.state
            if st.phase == phases.MAIN and st.dice and sum(st.dice) != 7:
                fresh = {n: sorted((h, r, st.corner_owner[c], c) for h, r, c in row if st.corner_owner[c] != -1)
                         for n, row in st.board.producer_corners.items()}
                assert {n: sorted(row) for n, row in yields(st).items()} == fresh
            g.apply(bots[g.decider].choose(g))


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
