"""The legal-action listing writes the main phase out inline for speed
(``Game._list_legal``); the rule modules keep each rule in its plain form.
Here the two must agree at every main-phase decision of random games, so the
fast copy cannot drift from the rule: maritime trades (docs/rules.md §7:
4:1 with the bank, 3:1 or 2:1 at a harbour, for any resource the bank still
holds), buying a card (§10.1: the cost, and a card left in the deck), and
whether a road, settlement or city is affordable with a piece left (§9.1),
and which development cards may be played (§10.2: one a turn, not one
bought this turn)."""

import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig, build, cards, phases, trade
from retrocatan.engine import actions as A
from retrocatan.engine.components import INVENTION, KNIGHT, MONOPOLY


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 12), (5, 13), (6, 15)])
def test_the_inline_listing_agrees_with_the_rule_modules(players, seed):
    game = Game(GameConfig(players=players, seed=seed))
    seats = [RandomPlayer(seed, s) for s in range(players)]
    checked = {"trade": 0, "buy": 0, "road": 0, "settle": 0, "city": 0, "card": 0}
    while not game.over and len(game.history) < 30000:
        st, p = game.state, game.decider
        if st.phase == phases.MAIN:
            legal = game.legal_actions()
            kinds = {a.kind for a in legal}
            listed = {(a.a, a.b, a.c) for a in legal if a.kind == A.TRADE}
            expected = set(trade.maritime_options(st, p)) if trade.trading_open(st) else set()
            assert listed == expected
            checked["trade"] += bool(expected)
            assert (A.BUY in kinds) == cards.can_buy(st, p)
            checked["buy"] += A.BUY in kinds
            # Affordable with a piece left is needed for a build to be listed (a place is needed too).
            for kind, can, key in ((A.ROAD, build.can_build_road, "road"),
                                   (A.SETTLE, build.can_build_settlement, "settle"),
                                   (A.CITY, build.can_build_city, "city")):
                if kind in kinds:
                    assert can(st, p)
                    checked[key] += 1
            for kind, card in ((A.KNIGHT, KNIGHT), (A.MONOPOLY, MONOPOLY), (A.INVENTION, INVENTION)):
                may = cards.may_play(st) and cards.playable(st, p, card)
                if card == INVENTION:       # and two cards the bank can give
                    may = may and bool(cards.invention_options(st))
                assert (kind in kinds) == may, (kind, len(game.history))
                checked["card"] += may
        game.apply(seats[p].choose(game))
    assert all(checked.values()), checked     # every rule was met with at least once
