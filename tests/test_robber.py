import pytest
from positions import blank, empty_hands, give, settle

from retrocatan.engine import IllegalAction, phases


def robber_phase(g):
    g.state.phase = phases.ROBBER
    g.state.resume = phases.MAIN
    g.refresh()


def test_robber_must_move_and_steals_one_card():
    g = blank()
    empty_hands(g)
    settle(g, 1, 8)                 # touches hexes 0, 1, 4
    give(g, 1, wood=2, coal=1)
    robber_phase(g)
    hexes = {a.a for a in g.legal_actions()}
    assert g.state.robber not in hexes and len(hexes) == 18
    assert "rob 4 p2" in {str(a) for a in g.legal_actions()}
    with pytest.raises(IllegalAction):
        g.apply("rob 4 p3")         # player 3 has no building there
    events = g.apply("rob 4 p2")
    steal = [e for e in events if e["type"] == "steal"][0]
    assert sum(g.state.hands[1]) == 2 and sum(g.state.hands[0]) == 1
    assert g.state.hands[0][steal["resource"]] == 1
    assert g.state.robber == 4 and g.phase == phases.MAIN


def test_no_victim_without_cards():
    g = blank()
    empty_hands(g)
    settle(g, 1, 8)
    robber_phase(g)
    assert "rob 4 p2" not in {str(a) for a in g.legal_actions()}
    assert "rob 4" in {str(a) for a in g.legal_actions()}


def test_robber_to_desert_option():
    g = blank(robber_to_desert=False)
    g.state.robber = 0
    robber_phase(g)
    assert 9 not in {a.a for a in g.legal_actions()}   # hex 9 is the desert
    g2 = blank()
    g2.state.robber = 0
    robber_phase(g2)
    assert 9 in {a.a for a in g2.legal_actions()}


def test_friendly_robber_protects_small_players():
    g = blank(friendly_robber=True)
    settle(g, 1, 8)                      # player 2: 1 point
    settle(g, 2, 30, city=True)          # player 3: 2 points (hexes 9, 10, 14)
    settle(g, 3, 41)                     # player 4: 3 points with the next two
    settle(g, 3, 50)
    settle(g, 3, 0)
    g.state.robber = 7
    robber_phase(g)
    hexes = {a.a for a in g.legal_actions()}
    assert not hexes & {0, 1, 4}         # next to player 2
    assert not hexes & {10, 14}          # next to player 3 (desert 9 is always allowed)
    assert 9 in hexes
    assert {15, 18} <= hexes             # next to player 4 only, who has 3 points


def test_victims_follow_the_hands_and_buildings_of_the_moment():
    # "may rob one random resource card from a player with a building on that hex": a player who
    # gave up every card, or who built there since the robber last moved, is listed as they are now
    g = blank()
    empty_hands(g)
    settle(g, 1, 8)                 # touches hexes 0, 1, 4
    give(g, 1, wood=1)
    robber_phase(g)
    assert "rob 4 p2" in {str(a) for a in g.legal_actions()}
    g.state.hands[1][0] = 0         # the card is gone
    g.state.bank[0] += 1
    robber_phase(g)
    assert not any(a.b == 1 for a in g.legal_actions())
    give(g, 1, wood=1)
    settle(g, 2, 40)
    give(g, 2, coal=1)
    robber_phase(g)
    listed = {str(a) for a in g.legal_actions()}
    assert "rob 4 p2" in listed and any(a.b == 2 for a in g.legal_actions())


def test_robber_listing_kept_from_move_to_move_equals_one_made_afresh():
    from retrocatan.ai.random_player import RandomPlayer
    from retrocatan.engine import Game, GameConfig

    compared = 0
    for seed in range(4):
        g = Game(GameConfig(players=4, seed=seed))
        bots = [RandomPlayer(seed, s) for s in range(4)]
        while not g.over:
            if g.phase == phases.ROBBER:
                assert g.legal_actions() == Game.from_json(g.to_json()).legal_actions()
                compared += 1
            g.apply(bots[g.decider].choose(g))
    assert compared > 20
