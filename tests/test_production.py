from positions import blank, empty_hands, hand, settle

from retrocatan.engine import Game, GameConfig, build, phases
from retrocatan.engine.production import produce, throw
from retrocatan.engine.rng import Rng
from retrocatan.scenarios import options as scenario_options

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


# What each number pays is kept between rolls (production.payout); it must follow every change.
def _brick(g: Game, p: int) -> int:
    return g.state.hands[p][1]


def test_what_a_number_pays_follows_new_buildings_cities_and_the_robber():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)                          # hex 4: hills with a 6
    produce(g.state, 6, [])
    assert (_brick(g, 0), _brick(g, 1)) == (1, 0)
    settle(g, 1, 18)
    produce(g.state, 6, [])
    assert (_brick(g, 0), _brick(g, 1)) == (2, 1)
    build.place_city(g.state, 1, 18)
    produce(g.state, 6, [])
    assert (_brick(g, 0), _brick(g, 1)) == (3, 3)
    g.state.robber = 4
    produce(g.state, 6, [])
    assert (_brick(g, 0), _brick(g, 1)) == (3, 3)
    g.state.robber = 0
    events: list = []
    produce(g.state, 6, events)
    assert (_brick(g, 0), _brick(g, 1)) == (4, 5)
    assert events[0]["gains"][1] == [0, 2, 0, 0, 0]


def test_a_copy_and_a_loaded_game_pay_from_their_own_pieces():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)
    produce(g.state, 6, [])                  # the original's table is made
    twin = g.copy()
    settle(twin, 1, 18, city=True)
    loaded = Game.from_json(twin.to_json())
    for game in (g, twin, loaded):
        produce(game.state, 6, [])
    assert (_brick(g, 0), _brick(g, 1)) == (2, 0)
    assert (_brick(twin, 0), _brick(twin, 1)) == (2, 2)
    assert (_brick(loaded, 0), _brick(loaded, 1)) == (2, 2)


def test_a_short_bank_after_a_paid_roll_pays_by_the_rule():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)
    settle(g, 1, 18, city=True)
    produce(g.state, 6, [])                  # 3 bricks paid, the table kept
    g.state.hands[3][1] += g.state.bank[1] - 2
    g.state.bank[1] = 2                      # 3 owed, 2 left: nobody gets any
    events: list = []
    produce(g.state, 6, events)
    assert (_brick(g, 0), _brick(g, 1), g.state.bank[1]) == (1, 2, 2)
    assert events[0]["shortage"] == [1] and events[0]["gains"][0] == [0, 0, 0, 0, 0]


def test_a_hex_turned_over_pays_from_the_next_roll():
    g = Game(GameConfig(players=3, seed=3, **scenario_options("fog-island", 3)))
    st = g.state
    h, c = next((h, c) for h, t in enumerate(st.board.terrain) if t == "fog"
                for c in st.geo.hex_corners[h] if st.board.corner_land[c])
    build.place_settlement(st, 0, c)
    n = next(n for n in (4, 5, 6, 8, 9, 10) if all(x != h for x, _, _ in st.board.producers[n]))
    before = list(st.hands[0])
    produce(st, n, [])                       # the fog hex pays nothing yet
    assert st.hands[0] == before
    st.board.reveal(h, "hills", n)
    produce(st, n, [])
    assert st.hands[0][1] >= before[1] + 1
