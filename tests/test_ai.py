"""The computer opponents: legal, reproducible, blind to hidden cards, and
sensible in chosen positions."""

import pickle

import pytest
from positions import blank, empty_hands, free_corners, give, path, roads, settle

from retrocatan.ai import make_player
from retrocatan.ai.level import PLANNING_LEVELS
from retrocatan.engine import Action, Game, GameConfig, phases
from retrocatan.engine import actions as A
from retrocatan.match import play
from retrocatan.tournament import run, wilson


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_no_illegal_action_and_no_stall(players):
    levels = ["hard", "normal", "easy", "random", "hard", "normal"][:players]
    decisions = 0
    for g in range(3):
        seed = 700 + 10 * players + g
        res = play(GameConfig(players=players, seed=seed),
                   [make_player(levels[(s + g) % players], seed, s) for s in range(players)])
        assert res.game.over and res.game.winner != -1
        decisions += res.decisions
    assert decisions > 500


def test_same_seed_same_game():
    def once():
        cfg = GameConfig(players=4, seed=42)
        return play(cfg, [make_player(lv, 42, s) for s, lv in enumerate(["hard", "normal", "easy", "hard"])]).game
    a, b = once(), once()
    assert [str(x) for x in a.history] == [str(x) for x in b.history]
    assert a.state_hash() == b.state_hash()


def test_offers_are_bounded_per_turn():
    offers = {}

    def count(game, act, events):
        if act.kind == A.OFFER:
            key = (game.config.seed, game.state.turn, game.current)
            offers[key] = offers.get(key, 0) + 1

    for seed in range(6):
        play(GameConfig(players=4, seed=seed), [make_player("hard", seed, s) for s in range(4)], on_events=count)
    assert offers, "hard players make offers"
    assert max(offers.values()) <= PLANNING_LEVELS["hard"].offers_per_turn


def _perturb_hidden(game, me, seed):
    """Swap cards between other players (each keeps their count, the bank
    is unchanged) and shuffle the deck: what ``me`` cannot see."""
    g = game.copy()
    st = g.state
    others = [p for p in range(st.players) if p != me]
    from retrocatan.engine.rng import Rng
    rng = Rng(seed)
    for _ in range(20):
        p, q = others[rng.below(len(others))], others[rng.below(len(others))]
        a, b = rng.below(5), rng.below(5)
        if p != q and a != b and st.hands[p][a] and st.hands[q][b]:
            st.hands[p][a] -= 1
            st.hands[q][a] += 1
            st.hands[q][b] -= 1
            st.hands[p][b] += 1
    rng.shuffle(st.deck)
    g.refresh()
    return g


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_decisions_do_not_depend_on_hidden_cards(level):
    cfg = GameConfig(players=4, seed=17)
    game = Game(cfg)
    players = [make_player(level, 17, s) for s in range(4)]
    checked = 0
    while not game.over and checked < 400:
        me = game.decider
        twin = pickle.loads(pickle.dumps(players[me]))      # the same player, memory and all
        other = _perturb_hidden(game, me, checked)
        if other.legal_actions() == game.legal_actions():
            act = players[me].choose(game)
            assert twin.choose(other) == act
            checked += 1
        else:
            act = players[me].choose(game)
        game.apply(act)
    assert checked >= 200


def test_takes_a_winning_build():
    g = blank()
    empty_hands(g)
    for c in free_corners(g, 4):
        settle(g, 0, c, city=True)
    home = free_corners(g, 1, start=30)[0]
    settle(g, 0, home)
    way = path(g, home, 2)
    roads(g, 0, way)
    give(g, 0, wood=1, brick=1, sheep=1, wheat=1, coal=2)
    assert g.vp(0) == 9
    act = make_player("hard", 1, 0).choose(g)
    assert act == Action(A.SETTLE, way[-1])


def test_robber_goes_to_the_leaders_best_hex_not_its_own():
    g = blank()
    empty_hands(g)
    # Beginner board: hex 4 is hills 6 (corners 8 13 18 23 17 12), hex 17 fields 6
    # (corners 40 45 49 52 48 44). Player 1 (the computer) sits on hex 4;
    # player 3 leads with cities on hex 17.
    settle(g, 0, 8)
    settle(g, 2, 40, city=True)
    settle(g, 2, 49, city=True)
    settle(g, 2, 0, city=True)
    give(g, 2, wood=2)
    st = g.state
    st.robber = 9
    st.phase = phases.ROBBER
    st.resume = phases.MAIN
    g.refresh()
    act = make_player("hard", 1, 0).choose(g)
    assert act.a == 17 and act.b == 2


def _offer_from(g, offerer, vp_cities):
    st = g.state
    for c in free_corners(g, vp_cities, start=20):
        settle(g, offerer, c, city=True)
    st.current = st.decider = offerer
    st.phase = phases.MAIN
    g.refresh()
    give(g, offerer, wheat=1)
    g.apply("offer G:W p1")
    assert g.decider == 0


def test_does_not_feed_a_player_close_to_winning():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)                      # a settlement on hills 6: wants wheat for a city...
    give(g, 0, wood=3, coal=3, wheat=1)
    _offer_from(g, 1, 4)                 # player 2 has 8 points
    assert make_player("hard", 1, 0).choose(g) == Action(A.DECLINE)
    # The same offer from a player far from winning is taken.
    g2 = blank()
    empty_hands(g2)
    settle(g2, 0, 8)
    give(g2, 0, wood=3, coal=3, wheat=1)
    _offer_from(g2, 1, 1)
    assert make_player("hard", 1, 0).choose(g2) == Action(A.ACCEPT)


def test_discards_keep_what_the_goal_needs():
    g = blank()
    empty_hands(g)
    settle(g, 0, 8)
    give(g, 0, wheat=2, coal=3, sheep=5)
    st = g.state
    st.phase = phases.DISCARD
    st.discards = [[0, 5]]
    st.decider = 0
    g.refresh()
    bot = make_player("hard", 1, 0)
    for _ in range(5):
        act = bot.choose(g)
        assert act.kind == A.DISCARD and act.a == 2      # sheep
        g.apply(act)
    assert st.hands[0] == [0, 0, 0, 2, 3]


def test_tournament_rotates_seats_and_counts_every_game():
    res = run(["hard", "random", "random"], 6, seed=3)
    assert res.games == 6 and sum(res.wins) == 6
    assert res.wins[0] >= 5
    s = res.summary()
    assert [x["level"] for x in s["seats"]] == ["hard", "random", "random"]
    assert set(s["decision_ms"]) == {"hard", "random"}


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson(0, 10)[0] == 0.0
