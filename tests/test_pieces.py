"""The one table of the kind of place each piece occupies (engine/pieces.py,
issue 21 deliverable 3): the build event says whether its place is a corner
or an edge, and the table agrees with every place the rules use."""

import pytest

from retrocatan.ai import make_player
from retrocatan.engine import Game, GameConfig, events
from retrocatan.engine.pieces import ACTION_PIECE, PLACE, WrongPlaceKind, action_place, check, count, place_of
from retrocatan.engine.seafarers import actions as A
from retrocatan.scenarios import options


@pytest.mark.parametrize("scenario", [None, "new-world-3-4"])
def test_every_build_event_names_the_kind_of_its_place_and_every_action_fits_the_table(scenario):
    cfg = GameConfig(players=4, seed=11, **(options(scenario, 4) if scenario else {}))
    game = Game(cfg)
    players = [make_player("random", 11, p) for p in range(4)]
    geo = game.state.geo
    built = set()
    for _ in range(1500):
        if game.over:
            break
        view = game.seat_view(game.decider)
        for a in view.legal:                    # every legal place is one of its piece's kind
            where = action_place(a)
            if where is not None:
                check(geo, *where)
        for ev in game.apply(players[game.decider].choose(view)):
            assert events.check(ev) is None
            if ev["type"] == "build":
                assert ev["place"] == PLACE[ev["piece"]] == ("edge" if ev["piece"] in ("road", "ship") else "corner")
                check(geo, ev["place"], ev["at"])
                built.add(ev["piece"])
    assert {"road", "settlement"} <= built and (scenario is None or "ship" in built)


def test_the_table():
    assert {p: place_of(p) for p in ("road", "ship", "settlement", "city", "robber", "pirate")} == \
        {"road": "edge", "ship": "edge", "settlement": "corner", "city": "corner", "robber": "hex", "pirate": "hex"}
    assert ACTION_PIECE[A.MOVE_SHIP] == "ship" and action_place(A.Action(A.MOVE_SHIP, 3, 9)) == ("edge", 9)
    assert action_place(A.Action(A.ROLL)) is None
    geo = Game(GameConfig(players=4, seed=1)).state.geo
    # the hexes: the land and the sea frame
    assert (count(geo, "corner"), count(geo, "edge"), count(geo, "hex")) == (54, 72, 19 + 18)
    with pytest.raises(WrongPlaceKind):
        place_of("knight")
    with pytest.raises(WrongPlaceKind):
        check(geo, "corner", 54)
    with pytest.raises(WrongPlaceKind):
        check(geo, "edge", 3, want="corner")
    with pytest.raises(WrongPlaceKind):
        check(geo, "corner", True)
