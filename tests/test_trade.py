import pytest
from positions import blank, empty_hands, give, hand, roads, settle

from retrocatan.engine import IllegalAction, phases


def test_maritime_ratios_bank_generic_and_specific_harbours():
    g = blank()
    empty_hands(g)
    give(g, 0, wood=4, sheep=2, coal=3)
    acts = {str(a) for a in g.legal_actions()}
    assert "trade 4W G" in acts and "trade 2S G" not in acts and "trade 3C G" not in acts
    settle(g, 0, 0)   # the sheep harbour (corners 0, 3)
    acts = {str(a) for a in g.legal_actions()}
    assert "trade 2S G" in acts and "trade 4W G" in acts and "trade 3C G" not in acts
    settle(g, 0, 16)  # a generic 3:1 harbour (corners 16, 21)
    acts = {str(a) for a in g.legal_actions()}
    assert "trade 3W G" in acts and "trade 3C G" in acts and "trade 2S G" in acts
    assert "trade 4W G" not in acts
    g.apply("trade 2S B")
    assert hand(g, 0)["sheep"] == 0 and hand(g, 0)["brick"] == 1


def test_no_trade_after_building_in_strict_order():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)
    roads(g, 0, [8, 12])
    give(g, 0, wood=5, brick=1)
    g.apply("trade 4W G")
    g.apply(_a_road(g))
    assert not any(a.kind == "trade" for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="no trading after building"):
        g.apply("trade 4W G")


def _a_road(g):
    return next(str(a) for a in g.legal_actions() if a.kind == "road")


def test_free_phase_order_allows_trade_after_building():
    g = blank(free_phase_order=True)
    empty_hands(g)
    settle(g, 0, 8)
    give(g, 0, wood=5, brick=1)
    g.apply(_a_road(g))
    g.apply("trade 4W G")
    assert hand(g, 0)["wheat"] == 1


def test_domestic_offer_to_all_answers_and_confirm():
    g = blank()
    empty_hands(g)
    give(g, 0, wood=2)
    give(g, 1, wheat=1)
    give(g, 2, wheat=2)
    g.apply("offer WW:G")
    assert g.phase == phases.OFFER_RESPONSE and g.decider == 1
    g.apply("accept")
    assert g.decider == 2
    g.apply("counter W:GG")          # player 3 wants the offerer to give 1 wood for 2 wheat
    assert g.decider == 3
    assert [str(a) for a in g.legal_actions()] == ["decline"]   # player 4 has no wheat
    g.apply("decline")
    assert g.phase == phases.OFFER_CONFIRM and g.decider == 0
    assert {str(a) for a in g.legal_actions()} == {"confirm p2", "confirm p3", "cancel"}
    g.apply("confirm p3")
    assert hand(g, 0) == {"wood": 1, "brick": 0, "sheep": 0, "wheat": 2, "coal": 0}
    assert hand(g, 2) == {"wood": 1, "brick": 0, "sheep": 0, "wheat": 0, "coal": 0}
    assert hand(g, 1)["wheat"] == 1 and g.phase == phases.MAIN


def test_offer_rules_no_gifts_own_cards_one_addressee():
    g = blank()
    empty_hands(g)
    give(g, 0, wood=1)
    with pytest.raises(IllegalAction, match="gifts"):
        g.apply("offer W:")
    with pytest.raises(IllegalAction, match="do not have"):
        g.apply("offer WW:G")
    with pytest.raises(IllegalAction):
        g.apply("offer W:G p1")      # not to yourself
    with pytest.raises(IllegalAction, match="same resource"):
        g.apply("offer W:WG")
    g.apply("offer W:G p3")
    assert g.decider == 2
    g.apply("decline")
    assert g.phase == phases.MAIN    # everybody declined: back to trading


def test_offers_per_turn_bound():
    g = blank(offers_per_turn=2)
    empty_hands(g)
    give(g, 0, wood=1)
    for _ in range(2):
        g.apply("offer W:G p2")
        g.apply("decline")
    with pytest.raises(IllegalAction, match="no more trade offers"):
        g.apply("offer W:G p2")


def test_no_trading_before_the_roll():
    g = blank()
    g.state.phase = phases.ROLL
    g.refresh()
    give(g, 0, wood=4)
    with pytest.raises(IllegalAction):
        g.apply("offer W:G")
    with pytest.raises(IllegalAction):
        g.apply("trade 4W G")
