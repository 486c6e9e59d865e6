"""The player view: what one seat may know, and what it may do now."""

import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine import actions as A
from retrocatan.engine.components import DEV_CARDS, VICTORY_POINT
from retrocatan.engine.position import Position

MENU_KIND = {"roll": A.ROLL, "road": A.ROAD, "settlement": A.SETTLE, "city": A.CITY, "buy": A.BUY,
             "bank": A.TRADE, "end": A.END, "pass": A.PASS}
CARD_KINDS = {A.KNIGHT, A.ROAD_BUILDING, A.MONOPOLY, A.INVENTION}


def _check_view(g: Game, p):
    st = g.state
    v = g.seat_view(p)
    n = st.players
    assert v.card_counts == tuple(sum(h) for h in st.hands)
    assert v.dev_counts == tuple(sum(h) for h in st.dev_hand)
    assert v.bank == tuple(st.bank) and v.deck_size == len(st.deck) and v.robber == st.robber
    assert v.public_vp == tuple(st.public_vp(q) for q in range(n))
    assert v.corner_owner == tuple(st.corner_owner) and v.edge_owner == tuple(st.edge_owner)
    assert v.route_lengths == tuple(st.route_len)
    assert (v.longest_route, v.largest_army) == (st.longest, st.army)
    assert v.knights == tuple(row[0] for row in st.dev_played)
    for q in range(n):
        if p is None or q == p or g.over:
            assert v.hands[q] == tuple(st.hands[q]) and v.vp[q] == st.vp(q)
            assert [v.dev_hands[q][c] for c in DEV_CARDS] == st.dev_hand[q]
        else:
            assert v.hands[q] is None and v.dev_hands[q] is None and v.vp_cards[q] is None
            assert v.vp[q] == st.public_vp(q)      # victory point cards stay hidden
    seat = g.decider if p is None else p
    if seat != g.decider or g.over:
        return
    kinds = {a.kind for a in g.legal_actions()}
    assert v.legal_kinds == kinds
    for name, kind in MENU_KIND.items():
        assert (v.menu[name] is None) == (kind in kinds), (name, v.menu[name], st.phase)
    assert (v.menu["play"] is None) == bool(kinds & CARD_KINDS)
    for name, why in v.menu.items():
        assert why is None or isinstance(why[0], str), name


@pytest.mark.parametrize("players,seed,opts", [(4, 3, {}), (5, 4, {"vp_cards_instant": False}),
                                               (3, 5, {"free_phase_order": True})])
def test_views_tell_each_seat_what_it_may_know(players, seed, opts):
    g = Game(GameConfig(players=players, seed=seed, **opts))
    bots = [RandomPlayer(seed, s) for s in range(players)]
    k = 0
    while not g.over:
        if k % 7 == 0:
            for p in [None, *range(players)]:
                _check_view(g, p)
        g.apply(bots[g.decider].choose(g))
        k += 1
    for p in [None, *range(players)]:
        _check_view(g, p)         # the end reveals every card


def test_vp_cards_hidden_from_others_until_the_end():
    g = Position().settlement(0, 8).settlement(1, 29).dev_cards(1, victory_point=2).turn(0).build()
    assert g.state.dev_hand[1][VICTORY_POINT] == 2
    assert g.seat_view(0).vp[1] == 1 and g.seat_view(1).vp[1] == 3 and g.seat_view(None).vp[1] == 3
    assert g.seat_view(0).dev_counts[1] == 2 and g.seat_view(0).dev_hands[1] is None


def test_the_same_view_until_the_next_decision():
    g = Game(GameConfig(seed=2))
    v = g.seat_view(0)
    assert g.seat_view(0) is v and g.seat_view(1) is not v
    g.apply(g.legal_actions()[0])
    assert g.seat_view(0) is not v and g.seat_view(0).step == 1
    with pytest.raises(TypeError):
        v.hands[0][0] = 5       # tuples: the view is read-only


def test_menu_names_the_missing_cards_and_the_phase_order():
    g = (Position().settlement(0, 8).road_path(0, [8, 12]).hand(0, wood=2, brick=1, sheep=4)
         .turn(0).build())
    v = g.seat_view(0)
    assert v.menu["road"] is None
    assert v.menu["settlement"] == ("not_enough_resources",
                                    {"player": 0, "what": "settlement", "missing": [0, 0, 0, 1, 0]})
    assert v.menu["bank"] is None and v.prompt == ("main.trade_build", {"player": 0})
    assert v.menu["roll"] == ("wrong_phase", {"phase": phases.MAIN})
    assert g.seat_view(1).menu["end"] == ("not_your_decision", {"player": 0})
    g.apply("R7")
    v = g.seat_view(0)
    assert v.prompt == ("main.build", {"player": 0})
    assert v.menu["bank"] == ("trading_closed", {}) and v.menu["offer"] == ("trading_closed", {})
    free = Position(free_phase_order=True).settlement(0, 8).hand(0, sheep=4).turn(0).build()
    assert free.seat_view(0).prompt[0] == "main.free"


def test_offer_and_discards_on_the_view():
    g = (Position().settlement(0, 8).settlement(1, 29).hand(0, wood=1).hand(1, sheep=9)
         .turn(0, phase="discard").build())
    v = g.seat_view(None)
    assert v.discards == ((1, 4),) and v.discard_due(1) == 4 and v.prompt == ("discard", {"player": 1, "cards": 4})
    g = Position().settlement(0, 8).settlement(1, 29).hand(0, wood=1).hand(1, sheep=1).turn(0).build()
    g.apply("offer W:S p2")
    off = g.seat_view(1).offer
    assert (off.offerer, off.give, off.get, off.to, off.pending) == (0, (1, 0, 0, 0, 0), (0, 0, 1, 0, 0), 1, (1,))
    g.apply("accept")
    assert g.seat_view(0).offer.answers == ((1, "accept", (1, 0, 0, 0, 0), (0, 0, 1, 0, 0)),)


def test_producing_hexes_skip_the_robber():
    g = Position().turn(0).build()
    v = g.seat_view(None)
    board = g.board
    for number in range(2, 13):
        expect = [(h, board.resource[h]) for h, x in enumerate(board.numbers) if x == number and h != v.robber]
        assert sorted(v.producing_hexes(number)) == sorted(expect)
