"""Readers switched to the engine's view (issue 12) say what the state says:
the editor's test game counts every seat's points, victory point cards
included."""

from retrocatan.engine import GameConfig
from retrocatan.ui.editor.autoplay import AutoPlay


def test_the_editors_test_game_counts_every_point():
    ap = AutoPlay(GameConfig(players=4, seed=9))
    while not ap.step(0.5):
        pass
    st = ap.game.state
    points = ap.points()
    assert points == [st.vp(p) for p in range(4)]
    assert points[ap.game.winner] >= ap.config.vp_target
