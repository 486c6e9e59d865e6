import pytest

from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Action, ActionSyntaxError, Game, GameConfig, format_action, parse_action
from retrocatan.engine import actions as A


def test_every_action_of_random_games_round_trips():
    kinds = set()
    for seed in range(6):
        g = Game(GameConfig(players=4, seed=seed))
        p = [RandomPlayer(seed, s) for s in range(4)]
        while not g.over:
            for act in g.legal_actions():
                assert parse_action(format_action(act)) == act
                kinds.add(act.kind)
            g.apply(p[g.decider].choose(g))
    assert {A.ROLL, A.END, A.SETTLE, A.ROAD, A.CITY, A.BUY, A.KNIGHT, A.ROBBER, A.DISCARD, A.TRADE,
            A.MONOPOLY, A.INVENTION, A.ROAD_BUILDING} <= kinds


@pytest.mark.parametrize("text", [
    "offer WB:G", "offer WWB:GC p3", "counter W:GG", "confirm p2", "cancel", "accept", "decline", "pass",
    "rob 7", "rob 12 p4", "inv WB", "mono C", "trade 3S G", "discard B", "S0", "R71", "C53"])
def test_text_forms_round_trip(text):
    assert str(parse_action(text)) == text


def test_offer_fields():
    act = parse_action("offer WWB:GC p3")
    assert act == Action(A.OFFER, (2, 1, 0, 0, 0), (0, 0, 0, 1, 1), 2)


@pytest.mark.parametrize("bad", ["", "fly", "S", "Sx", "R-1", "rob", "rob 7 p9", "mono X", "inv W",
                                 "trade 5W G", "offer WB", "offer WB:G p0", "confirm 3", "roll now",
                                 "x" * 500])
def test_bad_text_is_refused(bad):
    with pytest.raises(ActionSyntaxError):
        parse_action(bad)
