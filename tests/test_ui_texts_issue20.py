"""Issue 20 item 8, the smaller texts: the computer's turn names the key that
skips ahead (by device), "Roll first", singular and plural in both
languages, the last pick's hint leaves the game-over board."""

import re

import pytest
import pyxel
from test_ui_newcomer import person_decides, set_hand, tap, until
from ui_robot import Robot

from retrocatan.engine import GameConfig, phases
from retrocatan.engine import actions as A
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import TEXTS, hint, set_language, t
from retrocatan.words.refusals import refusal

LANGS = ("en", "de")


def window(seats=("human", "hard", "hard", "hard"), seed=3, speed=1, **config):
    app = App(can_quit=False, storage=MemoryStorage())
    session = GameSession(GameConfig(players=len(seats), seed=seed, **config),
                          [SeatSpec(k, f"P{i + 1}") for i, k in enumerate(seats)], speed=speed)
    scene = GameScene(app, session)
    app.switch(scene)
    return app, scene, Robot(app, "keyboard")


def drawn_while(bot, frames=1) -> list[str]:
    out: list[str] = []
    real = font.text
    font.text = lambda x, y, s, col, name="normal": (out.append(s), real(x, y, s, col, name))
    try:
        for _ in range(frames):
            bot.app.draw_anew()         # what the screen shows, drawn (not a still frame's kept picture)
            bot.frame()
    finally:
        font.text = real
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_a_computer_s_turn_names_the_key_that_skips_ahead_for_the_device_in_use(pyxel_headless, lang):
    app, scene, bot = window(seats=("hard", "human", "hard", "hard"))
    set_language(lang)
    try:
        s = scene.session
        for _ in range(50):
            if not s.waiting_for_human():
                break
            bot.step(scene)
        assert not s.waiting_for_human()
        name = s.name(s.game.decider)
        line = next(x for x in drawn_while(bot) if x.startswith(t("status.thinking", name=name)[:5]))
        assert "F" in line and line == t("status.thinking", name=s.name(s.game.decider))
        pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, True)        # the pad in use
        bot.frame()
        pyxel.set_btn(pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, False)
        if not s.waiting_for_human():
            pad = hint("status.thinking", "gamepad", name=s.name(s.game.decider))
            assert "Y" in pad and pad in drawn_while(bot)
    finally:
        set_language("en")


def test_the_skip_hint_says_each_device_s_key_in_both_languages():
    for lang in LANGS:
        set_language(lang)
        assert "F:" in hint("status.thinking", "keyboard", name="Red")
        assert "Y:" in hint("status.thinking", "gamepad", name="Red")
        assert hint("status.thinking", "mouse", name="Red") != hint("status.thinking", "keyboard", name="Red")
    set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_before_the_roll_a_refusal_says_roll_first(lang):
    set_language(lang)
    try:
        text = refusal("wrong_phase", {"phase": phases.ROLL}, ["A", "B"])
        assert text == {"en": "Roll first", "de": "Erst würfeln"}[lang]
        assert refusal("wrong_phase", {"phase": phases.MAIN}, ["A", "B"]) != text
    finally:
        set_language("en")


PLURAL_WORDS = r"(cards|Karten|hexes|Felder|roads|Straßen|dots|Punkte|buildings|awards)"


def test_no_text_puts_a_plural_noun_after_a_count_that_may_be_one():
    """A count before a noun chooses the noun's number: '1 Karte', '2 Karten'."""
    bad = []
    for lang in LANGS:
        for key, text in TEXTS[lang].items():
            text = re.sub(r"\{\w+:[^{}|]*\|[^{}]*\}", "", text)        # the chosen words themselves
            if re.search(r"\{(n|k|c|p|limit)\} " + PLURAL_WORDS + r"\b", text) or re.search(r"\w\((n|s)\)", text):
                bad.append((lang, key, text))
    assert not bad, bad


@pytest.mark.parametrize("lang,one,two", [("en", "1 card", "2 cards"), ("de", "1 Karte", "2 Karten")])
def test_one_card_is_singular_and_two_are_plural(lang, one, two):
    set_language(lang)
    try:
        for key in ("dialog.rob", "status.discard", "log.must_discard", "replay.counts"):
            said = t(key, name="X", n=1, k=0).replace(" more ", " ").replace(" noch ", " ")
            assert re.search(rf"{one}\b", said), (key, said)
            assert two in t(key, name="X", n=2, k=0).replace(" more ", " "), key
        assert one in t("end.breakdown", b=3, a=0, c=1) and two in t("end.breakdown", b=3, a=0, c=2)
    finally:
        set_language("en")


def test_the_last_pick_s_hint_leaves_the_game_over_board(pyxel_headless):
    """The person wins with a city chosen on the board: the board that
    follows shows no 'Arrows choose a corner' hint."""
    app, scene, bot = window(seed=3, speed=3, vp_target=3)
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    set_hand(scene, bot, [0, 0, 0, 2, 3])
    tap(bot, pyxel.KEY_3)
    pick = scene.prompt
    assert pick.kind == "corner"
    bot.press("ok")
    if scene.prompt is pick and pick.marked is not None:
        bot.press("ok")
    g = scene.session.game
    assert g.over and g.history[-1].kind == A.CITY
    hints = {hint(k, "keyboard") for k in ("pick.hint.corner", "pick.confirm")}
    assert not hints & set(drawn_while(bot, 3))


# --- item 7: help -----------------------------------------------------------------------------
def test_f1_in_the_editor_s_test_game_shows_the_game_s_help(pyxel_headless):
    from test_ui_editor import build_two_islands, open_editor

    from retrocatan.ui.editor.trial import TrialScene
    app, bot, scene = open_editor()
    build_two_islands(bot, scene, gold=False)
    scene.try_it()
    assert isinstance(app.scene, TrialScene)
    for _ in range(5):
        bot.frame()
    tap(bot, pyxel.KEY_F1)
    assert app.help is not None and app.help.page.startswith("game."), app.help and app.help.page
    assert app.help.title != t("help.title.title")
    bot.press("back")


def test_the_help_of_the_answers_to_an_offer_lists_only_what_works_there():
    from retrocatan.ui import help as helppage
    from retrocatan.ui.prompts.answer import OfferConfirm
    scene = type("GameScene", (), {"prompts": [OfferConfirm.__new__(OfferConfirm)], "handover": False,
                                   "menu_prompts": []})()
    assert helppage.prompt_page(scene) == "game.confirm"
    for lang in LANGS:
        set_language(lang)
        keys = t("help.game.confirm.keys")
        assert not re.search(r"\b[YNC] ", keys) and "Enter" in keys
    set_language("en")


def test_no_help_page_sends_the_player_to_a_file_the_game_does_not_ship():
    for lang in LANGS:
        cited = [k for k, v in TEXTS[lang].items() if k.startswith("help.") and re.search(r"\.md\b|docs/", v)]
        assert not cited, (lang, cited)


def _setup_page(bot, app, which):
    bot.choose(app.scene.menu, "new")
    scene = app.scene
    bot.choose(scene.menu, which)
    return scene


@pytest.mark.parametrize("lang", LANGS)
def test_the_names_and_rules_pages_have_no_seed_footer_and_each_option_is_explained(pyxel_headless, lang):
    from retrocatan.saves import OPTIONS_NAME, dump_options, load_options
    from retrocatan.ui.help import option_lines
    from retrocatan.ui.scenes.setup import RULE_OPTIONS
    storage = MemoryStorage()
    storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language=lang)))
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    try:
        seed_footer = t("setup.hint")
        scene = _setup_page(bot, app, "names")
        assert seed_footer not in drawn_while(bot)
        bot.press("back")
        assert seed_footer in drawn_while(bot)          # the main page, with the seed line, keeps it
        bot.choose(scene.menu, "rules")
        explained = set()
        for _ in range(len(scene.menu.items)):
            drawn = " ".join(drawn_while(bot))
            assert seed_footer not in drawn
            value = scene.menu.selected.value
            if value in RULE_OPTIONS:
                words = t(f"optdesc.{value}").split()
                assert all(w in drawn for w in words), (value, drawn)
                explained.add(value)
            bot.press("down")
        assert explained == set(RULE_OPTIONS)
        tap(bot, pyxel.KEY_F1)
        assert app.help is not None and app.help.page == "setup_rules"
        text = " ".join(s for s, _, _ in app.help.lines())
        assert all(t(f"optdesc.{name}").split()[-1] in text for name in RULE_OPTIONS)
        assert len(option_lines()) == len(RULE_OPTIONS)
        bot.press("back")
    finally:
        set_language("en")


# --- item 6: no text cut, in either language ----------------------------------------------------
LONG_NAMES = ["Wilhelmine-A", "Bartholomäus", "Maximilian K", "Friederike S", "Konstantin M", "Gwendolyn Ux"]


class Cuts:
    """Every string ``font.fit`` had to cut, and every string drawn, while in use."""

    def __enter__(self):
        self.cut, self.drawn = [], []
        self.real_fit, self.real_text = font.fit, font.text

        def fit(s, w, name="normal"):
            out = self.real_fit(s, w, name)
            if out != s:
                self.cut.append((s, w, name))
            return out
        font.fit = fit
        font.text = lambda x, y, s, col, name="normal": (self.drawn.append(s), self.real_text(x, y, s, col, name))
        return self

    def __exit__(self, *exc):
        font.fit, font.text = self.real_fit, self.real_text


def app_in(lang, storage=None):
    from retrocatan.saves import OPTIONS_NAME, dump_options, load_options
    storage = storage or MemoryStorage()
    storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language=lang)))
    app = App(can_quit=False, storage=storage)
    return app, Robot(app, "keyboard")


def finished_scenario_session(scenario="new-world-5-6", players=6, seed=11):
    from retrocatan.scenarios import options as scenario_options
    config = GameConfig(players=players, seed=seed, **scenario_options(scenario, players))
    session = GameSession(config, [SeatSpec("hard", LONG_NAMES[p]) for p in range(players)], speed=3)
    while not session.game.over:
        session.tick(fast=True)
    return session


@pytest.fixture(scope="module")
def finished():
    return finished_scenario_session()


@pytest.mark.parametrize("lang", LANGS)
def test_the_title_s_continue_line_is_whole(pyxel_headless, lang):
    from retrocatan.saves import AUTOSAVE
    storage = MemoryStorage()
    storage.write(AUTOSAVE, "{}")
    app, bot = app_in(lang, storage)
    try:
        with Cuts() as c:
            bot.frame()
        assert not c.cut, c.cut
        assert f"C {t('continue')}" in c.drawn
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_scenario_s_end_screen_is_whole_with_long_names(pyxel_headless, lang, finished):
    from retrocatan.ui.scenes.end import EndScene
    app, bot = app_in(lang)
    try:
        app.switch(EndScene(app, finished))
        with Cuts() as c:
            bot.frame()
        assert not c.cut, c.cut
        assert any(s.startswith("= ") for s in c.drawn)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_load_and_save_lists_name_the_board_and_cut_nothing(pyxel_headless, lang, finished):
    """Every slot holds a game on a scenario with six long names, finished
    games too: each line names its board and nothing is cut, in the load
    list, the line under it and the game's save list."""
    from retrocatan.saves import SLOTS
    from retrocatan.ui import saving
    from retrocatan.ui.prompts.game_menu import SaveSlots
    from retrocatan.ui.scenes.load import LoadScene
    app, bot = app_in(lang)
    try:
        for slot in SLOTS:
            assert saving.save_to(app.storage, finished, slot) is None
        saving.keep_finished(app.storage, finished)
        scenario_name = finished.game.config.scenario.name[lang]
        scene = LoadScene(app)
        app.switch(scene)
        with Cuts() as c:
            for _ in range(len(scene.menu.items)):
                bot.press("down")
        assert not c.cut, c.cut
        lines = [it.label for it in scene.menu.items if it.value != "back"]
        assert len(lines) == len(SLOTS) + 1 and all(scenario_name in line for line in lines), lines
        assert any(LONG_NAMES[5] in s for s in c.drawn)        # the players, under the list
        game = GameScene(app, finished_scenario_session("four-islands", 4, 3))
        app.switch(game)
        game.prompts.append(SaveSlots(game._slot_lines()))
        game.prompts[-1].device = "keyboard"
        with Cuts() as c:
            game.prompts[-1].draw()
        assert not c.cut, c.cut
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_editor_s_boxes_and_status_line_cut_nothing_on_every_shipped_scenario(pyxel_headless, lang):
    from retrocatan import scenarios
    from retrocatan.ui.editor.files import Source
    from retrocatan.ui.editor.scene import EditorScene
    app, bot = app_in(lang)
    try:
        scene = EditorScene(app)
        app.switch(scene)
        with Cuts() as c:
            for sid in scenarios.available():
                scene._open(scenarios.load(sid), Source("shipped", sid),
                            t("ed.m.copy", name="my-very-own-scenario-copy-2"))
                scene.focus = "rules"
                for i in range(len(scene.rules.items)):
                    scene.rules.index = i
                    bot.frame()
                scene.message = t("ed.m.saved_draft", name="my-very-own-scenario-copy-2",
                                  why=t("ed.problem", why="founding: room for only 3 founding settlements with "
                                        "the distance rule; 4 players need 8"))
                bot.frame()
        assert not c.cut, sorted(set(c.cut))[:6]
    finally:
        set_language("en")


# --- item 8: the replay viewer on a scenario ----------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_viewer_shows_ships_left_and_the_island_bonus(pyxel_headless, lang, finished):
    from retrocatan.ui.scenes.replay import ReplayScene
    app, bot = app_in(lang)
    try:
        scene = ReplayScene(app, finished.record, finished.seat_dicts())
        app.switch(scene)
        scene.goto(scene.timeline.length)             # the end: every player has built ships
        with Cuts() as c:
            bot.frame()
        v = scene.game.seat_view(None)
        assert v.has_ships and v.island_bonus_points
        for p in range(v.players):
            assert t("box.ships_left", n=v.pieces_left[p]["ships"]) in c.drawn
            assert t("box.island_bonus", n=v.island_bonus[p]) in c.drawn
    finally:
        set_language("en")


# --- item 8: computer offers to a person: rarer, and the way to stop them -----------------------
def _offers_put_to_the_person(seed, frames=12_000):
    from retrocatan.ui.prompts.answer import OfferAnswer
    app, scene, bot = window(seed=seed, speed=3)
    s = scene.session
    asked, offered = {}, []
    real_absorb = s._absorb

    def absorb(events):
        offered.extend(e for e in events if e["type"] == "offer" and e["player"] != 0 and e["to"] in (-1, 0))
        real_absorb(events)
    s._absorb = absorb
    drawn = []
    while bot.frames < frames and not s.game.over:
        top = scene.prompts[-1] if scene.prompts else None
        if isinstance(top, OfferAnswer) and len(s.game.history) not in asked:
            v = s.view
            asked[len(s.game.history)] = (v.turn, v.offer, v.hand)
            drawn = drawn or list(top.lines)          # the dialog's lines (drawn by dialog.py's own text())
        bot.step(scene)
    return list(asked.values()), offered, drawn


@pytest.mark.parametrize("seed", [3, 8])
def test_computer_offers_are_put_to_a_person_at_most_once_a_round_and_only_good_ones(pyxel_headless, seed):
    asked, offered, drawn = _offers_put_to_the_person(seed)
    assert len(offered) > len(asked) >= 1, (len(offered), len(asked))      # most are declined for the person
    for _turn, offer, hand in asked:
        assert all(h >= n for h, n in zip(hand, offer.get)), (offer, hand)        # cards they hold
        assert sum(offer.give) >= sum(offer.get), offer                          # not fewer for more
    turns = [turn for turn, _, _ in asked]
    assert all(b - a >= 4 for a, b in zip(turns, turns[1:])), turns              # at most one a round
    assert t("dialog.offers_option") in drawn                                     # where to stop them all
