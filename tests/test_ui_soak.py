"""A short soak of the window (tests/ui_soak.py): random input on every
screen, no exception, and from every screen a way back to the title.
benchmarks/ui_soak.py runs the same for 100,000 frames."""

from ui_soak import ENTRANCES, SCENES, Soak


def test_random_input_on_every_screen_and_always_a_way_home(pyxel_headless):
    soak = Soak(seed=7)
    report = soak.run(frames=2000, episode_frames=(120, 200))
    assert report.episodes >= len(ENTRANCES)
    assert report.scene_types() >= {cls.__name__ for cls in SCENES}
    # people's turns came up in the games: the board was picked on and dialogs were open
    assert {"GameScene:menu", "GameScene:pick", "GameScene:dialog", "GameScene:demo"} <= set(report.screens)
    assert "sea_game" in ENTRANCES and report.episodes > ENTRANCES.index("sea_game")     # a scenario table too
    assert report.frames >= 2000
