"""Randomised whole games: after every action the invariants hold; each game
replays from its record and its JSON round-trips."""

import os

import pytest
from invariants import check_all

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig
from retrocatan.engine import actions as A
from retrocatan.engine.replay import record, verify

ROUTE_CHANGING = (A.ROAD, A.SETTLE)
# Whole random games per test below: a few in the suite (its time: every game checks the
# invariants after each of its thousands of actions); RETROCATAN_SOAK_GAMES=10 plays the
# 200 base games and 200 extension games of a deep run (seeds 0-9 of each chunk).
SOAK_GAMES = int(os.environ.get("RETROCATAN_SOAK_GAMES", "1"))


def play_checked(cfg: GameConfig, round_trip_every: int = 0) -> Game:
    game = Game(cfg)
    players = [RandomPlayer(cfg.seed, s) for s in range(cfg.players)]
    n = 0
    while not game.over:
        act = players[game.decider].choose(game)
        game.apply(act)
        n += 1
        assert n < 50_000, "game does not end"
        check_all(game, check_routes=act.kind in ROUTE_CHANGING)
        if round_trip_every and n % round_trip_every == 0:
            copy = Game.from_json(game.to_json())
            assert copy.to_json() == game.to_json()
            assert copy.legal_actions() == game.legal_actions()
    return game


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("chunk", range(10))
def test_base_games_keep_invariants(players, chunk):
    # 2 player counts x 10 chunks x SOAK_GAMES games (20 whole games; 200 in a deep run).
    for i in range(min(SOAK_GAMES, 10)):
        seed = 1000 * players + 10 * chunk + i
        game = play_checked(GameConfig(players=players, seed=seed), round_trip_every=97 if i == 0 else 0)
        assert game.winner != -1
        if i == 0:
            rec = record(game)
            verdict = verify(rec)
            assert verdict.ok, verdict.message
            assert verdict.game.to_json() == game.to_json()


@pytest.mark.parametrize("options", [
    {"free_phase_order": True},
    {"dev_cards_per_turn": 3},
    {"vp_cards_instant": False},
    {"robber_to_desert": False},
    {"no_red_neighbours": True},
    {"friendly_robber": True},
    {"dice_deck": True},
    {"turn_limit": 40},
    {"cut_roads": "abandoned"},
    {"cut_roads": "lost"},
    {"progress_to_deck_bottom": True},
    {"board": "beginner"},
    {"vp_target": 6},
])
def test_options_keep_invariants(options):
    for seed in range(3):
        game = play_checked(GameConfig(players=4, seed=seed, **options))
        assert game.winner != -1
        if options.get("turn_limit"):
            assert game.state.turn <= options["turn_limit"]


def test_progress_cards_return_under_the_deck():
    # With the option, played progress cards go back under the deck: the
    # deck never has fewer cards than were bought minus knights/VP kept.
    cfg = GameConfig(players=4, seed=11, progress_to_deck_bottom=True, dev_cards_per_turn=5)
    game = play_checked(cfg)
    played_progress = sum(sum(h[2:]) for h in game.state.dev_played)
    assert played_progress == 0
