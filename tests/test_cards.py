import pytest
from positions import blank, empty_hands, give, hand, settle

from retrocatan.engine import IllegalAction, phases
from retrocatan.engine.components import INVENTION, KNIGHT, MONOPOLY, ROAD_BUILDING, VICTORY_POINT


def deal_card(g, p, card, new=False):
    st = g.state
    st.deck.remove(card)
    st.dev_hand[p][card] += 1
    if new:
        st.dev_new[p][card] += 1
    g.refresh()


def put_on_top(g, card):
    st = g.state
    st.deck.remove(card)
    st.deck.append(card)


def test_card_bought_this_turn_waits_for_the_next_turn():
    g = blank()
    empty_hands(g)
    give(g, 0, sheep=1, wheat=1, coal=1)
    put_on_top(g, KNIGHT)
    g.apply("buy")
    assert g.state.dev_hand[0][KNIGHT] == 1
    assert "knight" not in {str(a) for a in g.legal_actions()}
    with pytest.raises(IllegalAction, match="bought this turn"):
        g.apply("knight")
    # Round the table back to player 1.
    g.apply("end")
    for _ in range(3):
        g.apply("roll")
        while g.phase != phases.MAIN:
            g.apply(g.legal_actions()[0])
        g.apply("end")
    assert g.current == 0 and g.phase == phases.ROLL
    assert "knight" in {str(a) for a in g.legal_actions()}    # before the roll too


def test_one_card_per_turn_and_option():
    for per_turn, expect in ((1, False), (2, True)):
        g = blank(dev_cards_per_turn=per_turn)
        deal_card(g, 0, MONOPOLY)
        deal_card(g, 0, INVENTION)
        g.apply("mono W")
        assert any(a.kind == "invention" for a in g.legal_actions()) is expect


def test_knight_before_the_roll_returns_to_the_roll():
    g = blank()
    g.state.phase = phases.ROLL
    deal_card(g, 0, KNIGHT)
    g.apply("knight")
    assert g.phase == phases.ROBBER
    g.apply(g.legal_actions()[0])
    assert g.phase == phases.ROLL and g.state.dev_played[0][KNIGHT] == 1


def test_road_building_with_one_road_piece_left():
    g = blank()
    settle(g, 0, 8)
    g.state.pieces[0]["roads"] = 1
    deal_card(g, 0, ROAD_BUILDING)
    g.apply("roads")
    assert g.phase == phases.ROAD_BUILDING
    g.apply(g.legal_actions()[0])
    assert g.phase == phases.MAIN and g.state.pieces[0]["roads"] == 0


def test_road_building_places_two_free_roads():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)
    deal_card(g, 0, ROAD_BUILDING)
    g.apply("roads")
    g.apply(g.legal_actions()[0])
    assert g.phase == phases.ROAD_BUILDING
    g.apply(g.legal_actions()[0])
    assert g.phase == phases.MAIN and g.state.edge_owner.count(0) == 2 and sum(g.state.hands[0]) == 0


def test_monopoly_takes_every_card_of_the_kind():
    g = blank()
    empty_hands(g)
    give(g, 1, wheat=3, wood=1)
    give(g, 2, wheat=2)
    give(g, 0, wheat=1)
    deal_card(g, 0, MONOPOLY)
    events = g.apply("mono G")
    assert hand(g, 0)["wheat"] == 6 and hand(g, 1) == {"wood": 1, "brick": 0, "sheep": 0, "wheat": 0, "coal": 0}
    assert [e for e in events if e["type"] == "monopoly"][0]["taken"] == [0, 3, 2, 0]


def test_invention_takes_two_from_the_bank_if_it_has_them():
    g = blank()
    empty_hands(g)
    deal_card(g, 0, INVENTION)
    g.state.bank[4] = 1
    g.state.hands[3][4] = 18
    g.refresh()
    opts = {str(a) for a in g.legal_actions() if a.kind == "invention"}
    assert "inv CC" not in opts and "inv WC" in opts and "inv WW" in opts
    g.apply("inv WB")
    assert hand(g, 0)["wood"] == 1 and hand(g, 0)["brick"] == 1


def test_winning_by_buying_a_victory_point_card():
    g = blank()
    empty_hands(g)
    for c in (0, 2, 17, 26):
        settle(g, 0, c, city=True)     # 8 points
    settle(g, 0, 44)                   # 9 points
    give(g, 0, sheep=1, wheat=1, coal=1)
    put_on_top(g, VICTORY_POINT)
    events = g.apply("buy")
    assert g.over and g.winner == 0 and events[-1]["type"] == "win"


def test_victory_card_waits_a_turn_without_the_house_rule():
    g = blank(vp_cards_instant=False)
    empty_hands(g)
    for c in (0, 2, 17, 26):
        settle(g, 0, c, city=True)
    settle(g, 0, 44)
    give(g, 0, sheep=1, wheat=1, coal=1)
    put_on_top(g, VICTORY_POINT)
    g.apply("buy")
    assert not g.over and g.vp(0) == 9
    g.apply("end")
    for _ in range(3):
        g.apply("roll")
        while g.phase != phases.MAIN:
            g.apply(g.legal_actions()[0])
        g.apply("end")
    assert g.over and g.winner == 0       # counted at the start of the owner's next turn


def test_empty_deck_no_purchase():
    g = blank()
    give(g, 0, sheep=1, wheat=1, coal=1)
    g.state.deck.clear()
    for p in range(4):
        g.state.dev_played[p] = [0] * 5
    g.refresh()
    assert "buy" not in {str(a) for a in g.legal_actions()}
    with pytest.raises(IllegalAction, match="deck is empty"):
        g.apply("buy")


def test_progress_card_goes_under_the_deck_with_the_option():
    g = blank(progress_to_deck_bottom=True)
    deal_card(g, 0, MONOPOLY)
    size = len(g.state.deck)
    g.apply("mono W")
    assert g.state.deck[0] == MONOPOLY and len(g.state.deck) == size + 1
    assert g.state.dev_played[0][MONOPOLY] == 0
