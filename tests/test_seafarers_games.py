"""Whole games on every shipped scenario: cards and pieces conserved,
ships at most 15, points recounted with the island bonus, saves reload
to the same state, every game ends (random and Hard players)."""

import pytest

from retrocatan.ai import make_player
from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.components import BOARD_KINDS, PIECES, VICTORY_POINT
from retrocatan.engine.replay import record, verify
from retrocatan.match import play
from retrocatan.scenarios import available
from retrocatan.scenarios import load as load_scenario
from retrocatan.scenarios import options as scenario_options

SEA = [s for s in available() if load_scenario(s).ships]


def _players(sid):
    counts = load_scenario(sid).players
    return counts[0]


def check_sea(game) -> None:
    """The invariants of a scenario game, recounted from the pieces."""
    st = game.state
    spec = BOARD_KINDS[st.board.kind]
    n = st.players
    for r in range(5):
        assert st.bank[r] + sum(st.hands[p][r] for p in range(n)) == spec["bank"]
        assert st.bank[r] >= 0 and all(st.hands[p][r] >= 0 for p in range(n))
    assert len(st.deck) + sum(map(sum, st.dev_hand)) + sum(map(sum, st.dev_played)) == sum(spec["deck"])
    sea = st.sea
    settlements, cities, ships_of, roads_of = [0] * n, [0] * n, [0] * n, [0] * n     # one pass over the board
    for c, o in enumerate(st.corner_owner):
        if o != -1:
            settlements[o] += st.corner_level[c] == 1
            cities[o] += st.corner_level[c] == 2
    for e, o in enumerate(st.edge_owner):
        if o != -1:
            (ships_of if sea.ship[e] else roads_of)[o] += 1
    for p in range(n):
        s, c_, ships, roads = settlements[p], cities[p], ships_of[p], roads_of[p]
        assert s + st.pieces[p]["settlements"] == PIECES["settlements"]
        assert c_ + st.pieces[p]["cities"] == PIECES["cities"]
        assert roads + st.pieces[p]["roads"] == PIECES["roads"]
        assert ships + st.pieces[p]["ships"] == 15 and ships <= 15
        bonus = sum(k for _, k in sea.bonus_corners[p])
        assert all(st.corner_owner[c] == p for c, _ in sea.bonus_corners[p])
        cards = st.dev_hand[p][VICTORY_POINT]
        assert game.vp(p) == s + 2 * c_ + cards + 2 * (st.longest == p) + 2 * (st.army == p) + bonus
    for e, o in enumerate(st.edge_owner):
        if o != -1:
            assert (st.board.edge_ship if sea.ship[e] else st.board.edge_road)[e], "a piece on the wrong edge"
    for c, o in enumerate(st.corner_owner):
        if o != -1:
            assert st.board.corner_land[c]
            assert all(st.corner_owner[d] == -1 for d in st.geo.corner_corners[c])
    assert st.board.terrain[st.robber] not in ("sea", "fog")
    assert sea.pirate == -1 or st.board.is_sea_hex(sea.pirate)
    assert len(sea.fog_pool) == st.board.terrain.count("fog")


@pytest.mark.parametrize("sid", SEA)
def test_random_games_keep_the_invariants_and_reload(sid):
    n = _players(sid)
    for seed in (1, 2):
        game = Game(GameConfig(players=n, seed=seed, **scenario_options(sid, n)))
        players = [RandomPlayer(seed, s) for s in range(n)]
        steps = 0
        while not game.over:
            game.apply(players[game.decider].choose(game))
            check_sea(game)
            steps += 1
            if steps % 400 == 0:
                again = Game.from_json(game.to_json())
                assert again.state_hash() == game.state_hash()
                assert again.legal_actions() == game.legal_actions()
        assert steps < 60000
        verdict = verify(record(game, hash_every=50))
        assert verdict.ok, verdict.message


@pytest.mark.parametrize("sid", SEA)
def test_hard_players_finish_every_scenario(sid):
    n = load_scenario(sid).players[-1]
    for seed in (3, 4):
        res = play(GameConfig(players=n, seed=seed, **scenario_options(sid, n)),
                   [make_player("hard", seed, s) for s in range(n)])
        g = res.game
        assert g.over and g.vp(g.winner) >= g.config.vp_target
        check_sea(g)


def test_planners_sail_and_settle_new_islands():
    built = bonus = 0
    for seed in range(4):
        res = play(GameConfig(players=4, seed=seed, **scenario_options("new-shores", 4)),
                   [make_player("hard", seed, s) for s in range(4)])
        built += sum(len(x) for x in res.game.state.sea.ship_edges)
        bonus += sum(res.game.state.bonus)
    assert built > 0 and bonus > 0


@pytest.mark.parametrize("sid", [s for s in available() if s not in SEA])
def test_base_scenarios_keep_the_base_invariants(sid):
    from tests.invariants import check_all
    n = load_scenario(sid).players[0]
    game = Game(GameConfig(players=n, seed=5, **scenario_options(sid, n)))
    assert game.state.sea is None
    players = [RandomPlayer(5, s) for s in range(n)]
    while not game.over:
        game.apply(players[game.decider].choose(game))
        check_all(game, check_routes=False)
