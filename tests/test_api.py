"""The engine's public face: views hide what a player may not know, illegal
actions change nothing, and legal-action counts of known positions."""

import random

import pytest
from positions import blank, empty_hands, give, settle

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Action, Game, GameConfig, IllegalAction, phases
from retrocatan.engine import actions as A


def test_a_players_view_hides_other_hands_and_the_deck():
    g = Game(GameConfig(players=4, seed=3))
    bots = [RandomPlayer(3, s) for s in range(4)]
    for _ in range(400):
        g.apply(bots[g.decider].choose(g))
    st = g.state
    for p in range(4):
        v = g.seat_view(p)
        assert not hasattr(v, "rng") and not hasattr(v, "deck") and v.deck_size == len(st.deck)
        assert v.hand == tuple(st.hands[p])
        for q in range(4):
            assert (v.hands[q] is not None) == (q == p) and (v.dev_hands[q] is not None) == (q == p)
            assert v.card_counts[q] == sum(st.hands[q])
            assert v.dev_counts[q] == sum(st.dev_hand[q])
            assert v.public_vp[q] == st.public_vp(q)
            assert v.vp[q] == (st.vp(q) if q == p else st.public_vp(q))
            assert (v.vp_cards[q] is None) == (q != p)
    full = g.seat_view(None)
    assert all(h is not None for h in full.hands) and all(d is not None for d in full.dev_hands)
    assert not hasattr(full, "rng")


def test_everything_is_revealed_when_the_game_is_over():
    g = Game(GameConfig(players=3, seed=5))
    bots = [RandomPlayer(5, s) for s in range(3)]
    while not g.over:
        g.apply(bots[g.decider].choose(g))
    v = g.seat_view(1)
    assert all(h is not None for h in v.hands) and all(d is not None for d in v.dev_hands)
    assert v.vp == tuple(g.state.vp(q) for q in range(3))
    assert v.winner == g.winner


ALL_KINDS = ["roll", "end", "S0", "R0", "C0", "buy", "knight", "roads", "mono W", "inv WB", "rob 3", "rob 3 p2",
             "discard W", "trade 4W G", "offer W:G", "accept", "decline", "counter W:G", "confirm p2", "cancel",
             "pass"]


def test_illegal_actions_change_nothing_anywhere():
    rnd = random.Random(7)
    g = Game(GameConfig(players=5, seed=9))
    bots = [RandomPlayer(9, s) for s in range(5)]
    tried = refused = 0
    while not g.over:
        if rnd.random() < 0.2:
            legal = {str(a) for a in g.legal_actions()}
            for text in rnd.sample(ALL_KINDS, 6):
                if text in legal or g.is_legal(text):
                    continue
                before = g.to_json()
                with pytest.raises(IllegalAction):
                    g.apply(text)
                assert g.to_json() == before
                refused += 1
            tried += 1
        g.apply(bots[g.decider].choose(g))
    assert tried > 50 and refused > 200


def test_garbage_is_refused_as_illegal():
    g = Game(GameConfig(players=4, seed=1))
    for bad in ("", "S999", "R-1", "jump", 42, None, ("roll",)):
        with pytest.raises(IllegalAction):
            g.apply(bad)


@pytest.mark.parametrize("players,corners", [(3, 54), (4, 54), (5, 80), (6, 80)])
def test_founding_counts(players, corners):
    g = Game(GameConfig(players=players, seed=2))
    assert len(g.legal_actions()) == corners
    c = g.legal_actions()[0].a
    degree = len(g.state.geo.corner_corners[c])
    g.apply(g.legal_actions()[0])
    assert len(g.legal_actions()) == degree                # its roads
    g.apply(g.legal_actions()[0])
    assert len(g.legal_actions()) == corners - 1 - degree  # the corner and its neighbours are gone


def test_known_trade_and_robber_counts():
    g = blank()
    empty_hands(g)
    give(g, 0, wood=4)
    assert sorted(str(a) for a in g.legal_actions()) == sorted(
        ["end", "trade 4W B", "trade 4W S", "trade 4W G", "trade 4W C"])
    give(g, 0, brick=1)
    kinds = [a.kind for a in g.legal_actions()]
    assert kinds.count(A.ROAD) == 0        # no road to build from yet
    settle(g, 0, 8)
    assert [a.kind for a in g.legal_actions()].count(A.ROAD) == 3
    # The robber: 18 hexes (not its own), one "rob nobody" each, plus victims with cards.
    settle(g, 1, 23)
    give(g, 1, sheep=1)
    st = g.state
    st.phase, st.resume = phases.ROBBER, phases.MAIN
    g.refresh()
    acts = g.legal_actions()
    victims = [a for a in acts if a.b != -1]
    assert len([a for a in acts if a.b == -1]) == 18
    assert sorted((a.a, a.b) for a in victims) == sorted((h, 1) for h in st.geo.corner_hexes[23] if h != st.robber)
    assert Action(A.ROBBER, st.robber, -1) not in acts


def test_copy_is_independent():
    g = Game(GameConfig(players=4, seed=6))
    bots = [RandomPlayer(6, s) for s in range(4)]
    for _ in range(300):
        g.apply(bots[g.decider].choose(g))
    before = g.to_json()
    c = g.copy()
    assert c.to_json() == before and c.legal_actions() == g.legal_actions()
    c.state.hands[0][0] += 5
    c.state.deck.pop()
    c.state.pieces[1]["roads"] = 0
    c.state.rng.next_u32()
    others = [RandomPlayer(60, s) for s in range(4)]
    for _ in range(300):
        if c.over:
            break
        c.apply(others[c.decider].choose(c))
    assert g.to_json() == before


def test_decider_and_over_follow_every_decision_and_a_refresh():
    # Game.decider and Game.over are kept by apply and refresh (plain attributes): they say what the state says
    g = Game(GameConfig(players=4, seed=3))
    bots = [RandomPlayer(3, s) for s in range(4)]
    while not g.over:
        assert (g.decider, g.over) == (g.state.decider, False)
        g.apply(bots[g.decider].choose(g))
    assert g.decider == g.state.decider == -1 and g.state.phase == phases.OVER
    assert Game.from_json(g.to_json()).over and g.copy().over
    h = blank()
    h.state.decider = 2             # set by hand, then refreshed as the docstring asks
    h.refresh()
    assert h.decider == 2 and not h.over
