import pytest
from positions import blank, give, roads, settle
from test_awards import BOTTOM, TOP

from retrocatan.engine import IllegalAction, phases


def test_no_win_on_another_players_turn():
    """Player 2 gets the Longest Trade Route (and 10 points) when player 1
    breaks player 3's route; player 2 wins only when their own turn starts."""
    g = blank()
    st = g.state
    for c in (26, 36, 40, 50):
        settle(g, 1, c, city=True)         # player 2: 8 points
    roads(g, 1, BOTTOM)                    # 6
    roads(g, 2, TOP[:8])                   # player 3: 7, holds the card
    assert st.longest == 2 and g.vp(1) == 8
    settle(g, 0, 13)
    roads(g, 0, [13, 9, 5])
    give(g, 0, wood=1, brick=1, sheep=1, wheat=1)
    g.apply("S5")                          # breaks player 3's route: 4 and 3
    assert st.longest == 1 and g.vp(1) == 10
    assert not g.over
    g.apply("end")
    assert g.over and g.winner == 1 and st.turn == 2 and g.phase == phases.OVER


def test_winning_on_own_turn_by_building():
    g = blank()
    for c in (0, 2, 17, 26):
        settle(g, 0, c, city=True)
    settle(g, 0, 44)
    roads(g, 0, [44, 39, 34])
    give(g, 0, wood=1, brick=1, sheep=1, wheat=1)
    assert not g.over and g.vp(0) == 9
    events = g.apply("S34")
    assert g.over and g.winner == 0 and events[-1]["type"] == "win"
    with pytest.raises(IllegalAction, match="over"):
        g.apply("end")
    assert g.legal_actions() == []


def test_vp_target_option():
    g = blank(vp_target=5)
    for c in (0, 2):
        settle(g, 0, c, city=True)
    settle(g, 0, 44)
    roads(g, 0, [44, 39, 34])
    give(g, 0, wood=1, brick=1, sheep=1, wheat=1)
    g.apply("S34")
    assert g.over and g.winner == 0


def test_turn_limit_leader_wins():
    g = blank(turn_limit=2)
    settle(g, 2, 8)
    settle(g, 2, 26)
    settle(g, 1, 44)
    g.apply("end")
    g.apply("roll")
    while g.phase != phases.MAIN:
        g.apply(g.legal_actions()[0])
    g.apply("end")
    assert g.over and g.winner == 2
