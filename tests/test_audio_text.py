"""Sound, music, animation and the two languages."""

import pytest
import pyxel
from ui_robot import Robot

from retrocatan.engine import GameConfig
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.audio import EVENT_SFX, SFX
from retrocatan.ui.layout import DIALOG, RIGHT_W
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import TEXTS, fill, set_language, t


def test_both_languages_have_every_text():
    en, de = set(TEXTS["en"]), set(TEXTS["de"])
    assert en == de, f"missing in German: {sorted(en - de)}; missing in English: {sorted(de - en)}"


def test_german_names_of_the_1996_edition():
    set_language("de")
    try:
        assert [t(f"res.{r}") for r in range(5)] == ["Holz", "Lehm", "Wolle", "Getreide", "Erz"]
        assert [t(f"dev.{k}") for k in ("knight", "victory_point", "road_building", "monopoly", "invention")] == [
            "Ritter", "Siegpunkt", "Straßenbau", "Monopol", "Erfindung"]
        assert t("longest_route") == "Längste Handelsstraße" and t("largest_army") == "Größte Rittermacht"
    finally:
        set_language("en")


# Widest values the texts are shown with, and the widths of the places they go.
SAMPLE = {"name": "Orange", "n": 12, "res": "Getreide", "give": "2 Getreide, 1 Wolle", "get": "1 Holz",
          "vp": 10, "target": 10, "colour": "Orange", "kind": "Computer (schwer)", "seed": 123456,
          "speed": "langsam", "v": "buildable", "ratio": 4, "offerer": "Orange", "who": "everyone",
          "a": 6, "b": 6, "total": 12, "cards": "2 Getreide, 1 Wolle", "victim": "Orange", "other": "Orange",
          "card": "Siegpunkt", "turn": 100, "held": 19, "k": 19,
          "i": 1200, "desc": "2026-11-29 14:02  4 players, turn 77", "hand": 19, "dev": 9, "knights": 9,
          "route": 15, "since": "30 Dez. 14:02", "address": "ws://192.168.178.100:8765",
          "why": "the game is over", "title": "Seit Ihrem letzten Zug",
          "line": "Jürgen baut eine Straße", "places": "Kante 51 (W6 B3)",
          "did": "einen Rohstoff aus Gold gewählt"}
# The network game screen's troubles: each one's headline, and what happens meanwhile (a paragraph the box breaks).
TROUBLES = ("host_closed", "server_down", "unreachable", "network_gone", "refused")
LIMITS = [  # (key prefix, pixels, font): the first that matches counts
    ("setup.hint", 360, "small"), ("menu.", RIGHT_W - 12 - 16, "normal"),
    ("box.figures", RIGHT_W - 18 - 70, "small"), ("box.", RIGHT_W - 12, "bold"),
    ("status.", 628, "normal"),
    ("dialog.", DIALOG[2] - 28, "normal"), ("setup.", 340 - 8, "normal"), ("opt.", 340 - 16, "normal"),
    ("log.", 414, "small"), ("end.points", 214, "normal"), ("handover.", 400, "normal"),
    ("level.", 200, "normal"), ("res.", 8 * 9, "normal"), ("replay.", 628, "small"),
    ("legend", RIGHT_W - 12, "small"),
    # The network game's screen: the game menu's lines (after their key), the trouble's box
    # (its title; the rest is broken into rows), the players box's word, the log, "since".
    ("game.net_line", DIALOG[2] - 20, "normal"), ("game.", DIALOG[2] - 28 - 16, "normal"),
    *[(f"net.trouble.{kind}.more", None, "normal") for kind in TROUBLES],
    ("net.trouble.wait", DIALOG[2] - 28 - 16, "normal"), ("net.trouble.", 560 - 12, "bold"),
    ("net.absent.", 24, "small"), ("clock.move", 414, "small"), ("net.since", 540, "small"),
    ("net.keep.", 628, "normal"), ("net.waiting", 628 - 80, "normal"), ("net.sending", 628, "normal"),
    ("net.away", 628, "normal"), ("net.back_to_you", 160, "normal"), ("net.chat_refused", 628, "normal"),
]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_text_fits_its_box(lang):
    too_wide = []
    for key, text in TEXTS[lang].items():
        for prefix, limit, face in LIMITS:
            if key.startswith(prefix):
                if limit is None:           # broken into rows where it is shown
                    break
                shown = fill(text, **SAMPLE)
                if font.width(shown, face) > limit:
                    too_wide.append((key, shown, font.width(shown, face), limit))
                break
    assert not too_wide, too_wide


def _scene(app, speed=1):
    session = GameSession(GameConfig(players=4, seed=5), [SeatSpec("human", "Blue")] +
                          [SeatSpec("hard", n) for n in ("Red", "White", "Orange")], speed=speed)
    scene = GameScene(app, session)
    app.switch(scene)
    return scene


def test_sound_starts_on_its_event(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["sound"] = True
    scene = _scene(app)
    bot = Robot(app, "keyboard")
    while not (scene.session.waiting_for_human() and scene.mode == "pick"):
        bot.frame()
    bot.press("ok")
    bot.press("ok")                        # the founding settlement (marked, then placed)
    assert app.audio.last_sfx == "settlement" and pyxel.play_pos(3) is not None
    pyxel.stop(3)
    while not (scene.session.waiting_for_human() and scene.mode == "pick"):
        bot.frame()
    bot.press("ok")
    bot.press("ok")                        # its road
    assert app.audio.last_sfx == "road" and pyxel.play_pos(3) is not None
    seen = set()
    while scene.session.game.state.turn < 8:
        bot.step(scene)
        seen.update(app.audio.played)
    assert {"dice", "production", "your_turn"} <= seen


def test_no_sound_when_switched_off(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["sound"] = False
    scene = _scene(app)
    bot = Robot(app, "keyboard")
    pyxel.stop(3)
    while scene.session.game.state.turn < 3:
        bot.step(scene)
    assert app.audio.last_sfx is None and pyxel.play_pos(3) is None


def test_music_plays_and_stops_when_switched_off(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["music"] = True
    bot = Robot(app, "keyboard")
    app.audio.music("title")
    bot.frame()
    assert pyxel.play_pos(0) is not None and app.audio.music_playing == "title"
    bot.choose(app.scene.menu, "options")
    bot.choose(app.scene.menu, "music", adjust=1)
    assert app.settings["music"] is False
    assert pyxel.play_pos(0) is None and app.audio.music_playing is None
    # The choice persists.
    app2 = App(can_quit=False, storage=app.storage)
    assert app2.settings["music"] is False


def test_every_event_sound_exists():
    assert all(v is None or v in SFX for v in EVENT_SFX.values())
    assert set(SFX) >= {"dice", "production", "road", "settlement", "city", "buy", "knight", "robber", "steal",
                        "trade", "discard", "award", "invalid", "your_turn"}


def test_animations_show_events_and_can_be_skipped(pyxel_headless):
    from retrocatan.ui.animations import BuildRing, CardFlight
    app = App(can_quit=False, storage=MemoryStorage())
    scene = _scene(app, speed=1)
    bot = Robot(app, "keyboard")
    kinds = set()
    while scene.session.game.state.turn < 6:
        bot.step(scene)
        kinds |= {type(a) for a in scene.anims}
    assert {BuildRing, CardFlight} <= kinds
    # A key press skips what is running.
    while not scene.anims:
        bot.frame()
    bot.press("right")
    assert not scene.anims
    # The fastest speed shows none.
    fast = _scene(App(can_quit=False, storage=MemoryStorage()), speed=3)
    app2 = fast.app
    bot2 = Robot(app2, "keyboard")
    while fast.session.game.state.turn < 4:
        bot2.step(fast)
        assert not fast.anims


def test_player_colours_differ_from_every_ground():
    from retrocatan.ui.art import TERRAIN_BASE
    from retrocatan.ui.palette import EGA, PLAYER_COLOURS
    assert len(EGA) == 16
    for body, _, second in PLAYER_COLOURS:
        for ground in TERRAIN_BASE.values():
            assert second is not None or body != ground
    # And the six players differ from each other.
    assert len({(b, s) for b, _, s in PLAYER_COLOURS}) == 6
