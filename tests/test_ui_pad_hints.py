"""The short hints on the game screen name the input device in use: the pad's
buttons for a person playing with the pad only, clicks for the mouse, and
the keyboard's keys (today's texts, unchanged) for the keyboard."""

from __future__ import annotations

import pytest
import pyxel
from ui_robot import Robot

from retrocatan.engine import GameConfig, phases
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.prompts.board_pick import BoardPick
from retrocatan.ui.prompts.discard import Discard
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import TEXTS, hint, set_language, t

KEYBOARD_WORDS = ("Enter", "Esc")


def new_game(app, device, seats=("human", "hard", "hard", "hard"), seed=3):
    s = GameSession(GameConfig(players=len(seats), seed=seed),
                    [SeatSpec(k, f"P{i + 1}") for i, k in enumerate(seats)], speed=3)
    scene = GameScene(app, s)
    app.switch(scene)
    return scene, Robot(app, device)


def until(bot, scene, done, limit=20_000):
    for _ in range(limit):
        if done():
            return
        bot.step(scene)
    raise AssertionError("never reached")


def drawn_texts(bot) -> list[str]:
    """Every text drawn during one frame."""
    drawn = []
    real = font.text
    font.text = lambda x, y, s, col, name="normal": (drawn.append(s), real(x, y, s, col, name))
    try:
        bot.frame()
    finally:
        font.text = real
    return drawn


def road_pick(device, lang="en"):
    """A person in the main phase with road cards chooses "Road" with ``device``:
    the (cancellable) pick of an edge on the board, and the texts drawn."""
    set_language(lang)
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = new_game(app, device)
    g = scene.session.game
    until(bot, scene, lambda: g.phase == phases.MAIN and g.decider == 0 and scene.seen == len(g.history)
          and scene.mode == "menu")
    st = g.state
    for r in range(5):
        st.bank[r] += st.hands[0][r] - 3
    st.hands[0] = [3] * 5
    g.refresh()
    g.forget_views()
    scene.seen = -1
    bot.frame()
    bot.choose(scene.menu, ("build", "road"))
    pick = scene.prompt
    assert isinstance(pick, BoardPick) and pick.kind == "edge" and pick.cancel
    assert app.input.device == device
    return scene, bot, pick, drawn_texts(bot)


def status_of(drawn, scene) -> str:
    status = scene.session.status()
    lines = [s for s in drawn if s.startswith(status)]
    assert lines, drawn
    return lines[-1]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_with_the_pad_the_pick_hints_name_pad_buttons(pyxel_headless, lang):
    try:
        scene, bot, pick, drawn = road_pick("gamepad", lang)
        assert pick.hint() == t("pick.hint.edge.pad") != t("pick.hint.edge")
        assert pick.hint() in drawn
        status = status_of(drawn, scene)
        assert status.endswith(t("status.pick.pad")) and "B" in t("status.pick.pad")
        for s in (pick.hint(), status):
            assert not any(word in s for word in KEYBOARD_WORDS), s
        assert " A " in f" {pick.hint()} ".replace(",", " ")
        bot.press("ok")                                 # A marks the place: A again places, B takes back
        assert pick.marked is not None
        drawn = drawn_texts(bot)
        assert t("pick.confirm.pad") in drawn and pick.hint() == t("pick.confirm.pad")
        assert "A" in pick.hint() and "B" in pick.hint()
        assert not any(word in pick.hint() for word in KEYBOARD_WORDS)
        bot.press("back")
        assert pick.marked is None and scene.prompt is pick
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_with_the_keyboard_the_texts_are_unchanged(pyxel_headless, lang):
    try:
        scene, bot, pick, drawn = road_pick("keyboard", lang)
        assert pick.hint() == t("pick.hint.edge") and pick.hint() in drawn
        assert "Enter" in pick.hint()
        assert status_of(drawn, scene) == f"{scene.session.status()} - {t('status.pick')}"
        bot.press("ok")
        assert t("pick.confirm") in drawn_texts(bot)
    finally:
        set_language("en")


def test_with_the_mouse_the_hints_say_click(pyxel_headless):
    scene, bot, pick, drawn = road_pick("mouse")
    assert pick.hint() == t("pick.hint.edge.mouse") and pick.hint() in drawn
    assert "lick" in pick.hint() and not any(word in pick.hint() for word in KEYBOARD_WORDS)
    status = status_of(drawn, scene)
    assert status.endswith(t("status.pick.mouse")) and "right click" in status
    set_language("de")
    try:
        drawn = drawn_texts(bot)
        assert t("pick.hint.edge.mouse") in drawn and "anklicken" in pick.hint()
        assert status_of(drawn, scene).endswith("(Rechtsklick: zurück)")
    finally:
        set_language("en")


def test_the_hint_follows_the_last_device_used(pyxel_headless):
    """A person who picks up the pad mid-pick sees the pad's hint at once."""
    scene, bot, pick, _ = road_pick("keyboard")
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT, True)
    bot.frame()
    pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT, False)
    drawn = drawn_texts(bot)
    assert t("pick.hint.edge.pad") in drawn and t("pick.hint.edge") not in drawn
    pyxel.set_btn(pyxel.KEY_RIGHT, True)
    bot.frame()
    pyxel.set_btn(pyxel.KEY_RIGHT, False)
    assert t("pick.hint.edge") in drawn_texts(bot)


def test_hot_seat_hand_over_names_the_pad_button(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = new_game(app, "gamepad", seats=("human", "human", "hard"))
    until(bot, scene, lambda: scene.handover)
    assert t("handover.hint") in drawn_texts(bot)        # nothing pressed yet: the keyboard's text
    bot.press("up")                                     # the d-pad, which does nothing here
    assert scene.handover and app.input.device == "gamepad"
    drawn = drawn_texts(bot)
    assert t("handover.hint.pad") in drawn and t("handover.hint") not in drawn
    assert "Enter" not in t("handover.hint.pad")


def test_the_discard_line_follows_the_device():
    """The discard screen's key line is chosen when drawn, from the device the screen sets."""
    lines = {}
    for device in ("keyboard", "gamepad", "mouse"):
        d = Discard.__new__(Discard)
        d.due, d.device = 4, device
        d.chosen = [0] * 5
        lines[device] = Discard._lines(d)[1]
    assert lines["keyboard"] == t("discard.keys")
    assert lines["gamepad"] == t("discard.keys.pad") and "Esc" not in lines["gamepad"]
    assert "lick" in lines["mouse"] and "Esc" not in lines["mouse"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_pad_variant_is_free_of_keyboard_keys_and_has_both_languages(lang):
    pad = [k for k in TEXTS[lang] if k.endswith(".pad")]
    mouse = [k for k in TEXTS[lang] if k.endswith(".mouse")]
    assert len(pad) >= 12 and len(mouse) >= 12
    for k in pad + mouse:
        assert k in TEXTS["en"] and k in TEXTS["de"], k
        base = k.rsplit(".", 1)[0]
        assert base in TEXTS[lang], k                       # a variant of a text the keyboard has
        assert not any(word in TEXTS[lang][k] for word in KEYBOARD_WORDS), (k, TEXTS[lang][k])
    set_language(lang)
    try:
        assert hint("end.continue", "keyboard") == t("end.continue")
        assert hint("end.continue", "gamepad") == t("end.continue.pad") != t("end.continue")
        assert hint("end.continue", "mouse") == t("end.continue.mouse")
        assert hint("pick.hint.corner", "keyboard") == TEXTS[lang]["pick.hint.corner"]
        assert hint("no.such.hint", "gamepad") == "no.such.hint"
    finally:
        set_language("en")
