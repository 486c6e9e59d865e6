"""Positions built piece by piece: consistent ones load, inconsistent ones
are refused with one line; fixed dice for tests never reach a replay."""

import pytest

from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine.components import BOARD_KINDS
from retrocatan.engine.position import Position, PositionError
from retrocatan.engine.replay import record_with, short_hash, verify

TOP = [3, 0, 4, 1, 5, 2, 6, 10, 14]


def test_a_position_adds_up_and_round_trips():
    g = (Position(players=4).settlement(0, 3).city(0, 20).road_path(0, TOP[:7])
         .settlement(1, 29).hand(0, wood=2, wheat=3).hand(1, coal=4)
         .dev_cards(0, knight=1).dev_cards(0, new=True, monopoly=1).played(2, knight=3)
         .robber(5).turn(0, number=9).build())
    st = g.state
    spec = BOARD_KINDS["base"]
    assert [st.bank[r] + sum(h[r] for h in st.hands) for r in range(5)] == [spec["bank"]] * 5
    assert len(st.deck) == sum(spec["deck"]) - 5
    assert st.longest == 0 and st.route_len[0] == 6       # computed, not left out
    assert st.army == 2
    assert st.pieces[0] == {"settlements": 4, "cities": 3, "roads": 9}
    assert (st.phase, st.current, st.turn, st.robber, st.dice) == (phases.MAIN, 0, 9, 5, (3, 4))
    assert g.vp(0) == 1 + 2 + 2 and g.vp(2) == 2
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    assert "knight" in {str(a) for a in g.legal_actions()}
    assert "mono W" not in {str(a) for a in g.legal_actions()}    # bought this turn


@pytest.mark.parametrize("make,msg", [
    (lambda: Position().settlement(0, 8).settlement(1, 12), "distance rule"),
    (lambda: Position().settlement(0, 8).road_path(0, [40, 44]), "joined to none"),
    (lambda: Position().hand(0, wood=12).hand(1, wood=8), "not enough wood in the bank"),
    (lambda: Position().dev_cards(0, monopoly=2).played(1, monopoly=1), "not enough monopoly"),
    (lambda: Position().hand(0, ore=1), "unknown resource 'ore'"),
    (lambda: Position().settlement(0, 3).road_path(0, TOP[:7]).awards(longest=1), "Longest Trade Route"),
    (lambda: Position().settlement(0, 3).road_path(0, TOP[:7]).awards(longest=-1), "cannot be set aside"),
    (lambda: Position().settlement(0, 3).road_path(0, TOP[:6]).settlement(1, 43)
     .road_path(1, [43, 38, 33, 27, 21, 16]), "tie"),
    (lambda: Position().played(0, knight=3).played(1, knight=3), "Largest Army"),
    (lambda: Position().turn(0, phase="robber").hand(1, wood=8), "give up half"),
    (lambda: Position().turn(0, phase="discard"), "nobody has more than 7"),
    (lambda: Position().turn(0, phase="main", dice=(3, 3)).turn(0, phase="robber", dice=(3, 3)), "after a 7"),
    (lambda: Position().turn(0, phase="roll", dice=(1, 2)), "no dice yet"),
    (lambda: Position(vp_target=5).city(0, 3).city(0, 20).settlement(0, 29), "would be over"),
    (lambda: Position().dev_cards(1, new=True, knight=1).turn(0), "only the current player"),
    (lambda: Position().turn(0, phase="setup_settlement"), "a position starts in phase"),
    (lambda: Position().settlement(7, 3), "no player 7"),
    (lambda: Position().settlement(0, 500), "no corner 500"),
])
def test_inconsistent_positions_are_refused(make, msg):
    with pytest.raises(PositionError, match=msg):
        make().build()


def test_an_award_where_the_rules_cannot_tell_is_named():
    tie = (Position().settlement(0, 3).road_path(0, TOP[:6]).settlement(1, 43)
           .road_path(1, [43, 38, 33, 27, 21, 16]))
    assert tie.awards(longest=1).build().state.longest == 1
    assert tie.awards(longest=-1).build().state.longest == -1


def test_discard_phase_queues_the_players_over_seven():
    g = (Position().settlement(0, 8).settlement(2, 29).hand(0, wood=3).hand(1, sheep=9).hand(2, coal=10)
         .turn(2, phase="discard").build())
    assert g.phase == phases.DISCARD and g.state.discards == [[2, 5], [1, 4]] and g.decider == 2
    assert g.state.dice == (1, 6)


def test_deck_top_is_drawn_first():
    g = Position().hand(0, sheep=2, wheat=2, coal=2).deck_top("road_building", "knight").turn(0).build()
    g.apply("buy")
    g.apply("buy")
    assert g.state.dev_hand[0][2] == 1 and g.state.dev_hand[0][0] == 1


def test_fixed_dice_give_the_roll_and_never_replay():
    g = Game(GameConfig(seed=3))
    hashes = []
    while g.phase != phases.ROLL:
        g.apply(g.legal_actions()[0])
        hashes.append(short_hash(g))
    natural = Game.from_json(g.to_json())
    natural.apply("roll")
    throws = [(6, 6)] if natural.state.dice != (6, 6) else [(1, 1)]
    g.fix_dice(throws)
    before = g.state_hash()
    assert "fixed" not in str(g.to_json())
    events = g.apply("roll")
    assert events[0]["dice"] == list(throws[0]) and g.state.dice == throws[0]
    assert g.state_hash() != before
    hashes.append(short_hash(g))
    verdict = verify(record_with(g, hashes))
    assert not verdict.ok                  # the recorded game does not replay: no cheating by fixed dice
    with pytest.raises(ValueError, match="pairs of numbers 1 to 6"):
        g.fix_dice([(0, 7)])
