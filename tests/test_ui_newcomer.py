"""A newcomer at the real window (issue 14), driven by keys and pad buttons
only: help on F1, refusals in words, a clear cursor with a ghost piece,
confirm placements, the one-screen discard, the offer editor, the replay
viewer's keys, the advisor, and the German edition."""

import pytest
import pyxel
from ui_robot import Robot

from retrocatan.ai import make_player
from retrocatan.ai.planner import PlanningPlayer
from retrocatan.engine import Action, Game, GameConfig, phases
from retrocatan.engine import actions as A
from retrocatan.saves import OPTIONS_NAME, dump_options, load_options
from retrocatan.storage import TEMP_PREFIX, MemoryStorage
from retrocatan.ui import help as helppage
from retrocatan.ui.app import App
from retrocatan.ui.palette import DARK_GREY, LIGHT_BLUE, RED, YELLOW
from retrocatan.ui.prompts.advice import Advice
from retrocatan.ui.prompts.board_pick import BoardPick
from retrocatan.ui.prompts.discard import Discard
from retrocatan.ui.prompts.offer import OfferEditor
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import TEXTS, fill, set_language, t
from retrocatan.words.refusals import refusal


def session(seed=3, seats=("human", "hard", "hard", "hard")):
    return GameSession(GameConfig(players=len(seats), seed=seed),
                       [SeatSpec(k, f"P{i + 1}") for i, k in enumerate(seats)], speed=3)


def start(app, seed=3):
    scene = GameScene(app, session(seed))
    app.switch(scene)
    return scene, Robot(app, "keyboard")


def tap(bot, key):
    """One key (or pad button) down for a frame, then up."""
    pyxel.set_btn(key, True)
    bot.frame()
    pyxel.set_btn(key, False)
    bot.frame()


def until(bot, scene, done, limit=20_000):
    for _ in range(limit):
        if done():
            return
        bot.step(scene)
    raise AssertionError("never reached")


def person_decides(scene, phase):
    g = scene.session.game
    return g.phase == phase and g.decider == 0 and scene.seen == len(g.history) and not scene.handover


def set_hand(scene, bot, hand):
    g = scene.session.game
    st = g.state
    for r in range(5):
        st.bank[r] += st.hands[0][r] - hand[r]
    st.hands[0] = list(hand)
    g.refresh()
    g.forget_views()
    scene.seen = -1
    bot.frame()


# --- 3. help ---------------------------------------------------------------------------------
def test_f1_opens_the_help_of_the_screen_and_of_the_prompt(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    tap(bot, pyxel.KEY_F1)
    assert app.help is not None and app.help.page == "title"
    assert app.help.keys == t("help.title.keys").split("\n")
    scene_before = app.scene
    bot.press("back")                                   # Esc closes the help, not the screen
    assert app.help is None and app.scene is scene_before
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.SETUP_SETTLEMENT))
    tap(bot, pyxel.GAMEPAD1_BUTTON_START)               # the pad button
    page = app.help
    assert page is not None and page.page == "game.pick"
    history = len(scene.session.game.history)
    for _ in range(20):
        bot.frame()                                     # the game waits under the help
    assert len(scene.session.game.history) == history
    words = " ".join(s for s, _, _ in page.lines())
    assert "Enter" in words and "distance" in words and t("status.setup_settlement", name="P1") in words
    tap(bot, pyxel.KEY_F1)
    assert app.help is None
    # On the person's turn the page lists the keys never shown elsewhere and what is possible now.
    until(bot, scene, lambda: person_decides(scene, phases.ROLL))
    tap(bot, pyxel.KEY_F1)
    text = " ".join(s for s, _, _ in app.help.lines())
    assert app.help.page == "game.menu"
    assert all(k in text for k in ("F (pad Y)", "U / J", "F1")) and t("help.action.roll") in text
    assert t("help.action.road") not in text.split(t("help.possible", actions=""))[-1].split(",")
    bot.press("back")


def test_every_help_page_exists_in_both_languages():
    pages = ["title", "setup", "setup_names", "setup_rules", "options", "load", "replay", "end"] + [
        f"game.{p}" for p in ("menu", "pick", "robber", "discard", "offer", "answer", "confirm", "bank", "cards",
                              "gamemenu", "handover")] + [
        "network", "net_host", "net_join", "net_watch", "net_open", "net_games", "net_stages", "net_room", "game.net"]
    for lang in ("en", "de"):
        for page in pages:
            for part in ("title", "keys", "rules"):
                assert f"help.{page}.{part}" in TEXTS[lang], (lang, page, part)
    from retrocatan.ui.scenes import SCENES, scene_class
    own = {name for name in SCENES if getattr(scene_class(name), "own_help", False)}    # the editor's own F1
    assert {name for name in SCENES if name not in ("game", "net_game")} - own <= set(pages)
    load = scene_class("load")
    assert helppage.page_of(load.__new__(load)) == "load"


# --- 5. refusals said in words -----------------------------------------------------------------
def test_a_refused_key_says_why_with_the_refusal_sound(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["sound"] = True
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    set_hand(scene, bot, [0, 0, 0, 0, 0])
    history = len(scene.session.game.history)
    tap(bot, pyxel.KEY_2)                               # a settlement without the cards
    why = scene.session.game.seat_view(0).menu["settlement"]
    assert why is not None and why[0] == "not_enough_resources"
    assert scene.message and "1 Wood" in scene.message and "Brick" in scene.message
    assert app.audio.last_sfx == "invalid"
    assert len(scene.session.game.history) == history and scene.mode == "menu"
    tap(bot, pyxel.GAMEPAD1_BUTTON_X)                   # the pad's card button without a card
    why = scene.session.game.seat_view(0).menu["play"]
    assert why is not None and scene.message == refusal(why[0], why[1], scene.session.name)
    set_language("de")
    try:
        tap(bot, pyxel.KEY_3)                           # and in German
        assert "Getreide" in scene.message and "Erz" in scene.message and "missing" not in scene.message
    finally:
        set_language("en")


# --- 6 and 7. the cursor, the ghost piece and confirm placements ---------------------------------
def test_the_cursor_previews_the_piece_and_waits_for_a_second_ok(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.SETUP_SETTLEMENT))
    pick = scene.prompt
    assert isinstance(pick, BoardPick) and pick.confirm
    bot.press("right")
    c = pick.cursor
    x, y = (int(v) for v in scene.view.corner_px(c))

    def colours(r):
        return {pyxel.pget(x + dx, y + dy) for dx in range(-r, r + 1) for dy in range(-r - 14, r + 1)
                if 0 <= x + dx < 426 and 0 <= y + dy < 390}
    assert YELLOW in colours(10)                        # the ring and the pointer above it
    assert LIGHT_BLUE in colours(6)                     # the ghost settlement in the player's colour
    assert t("pick.hint.corner") == pick.hint()
    bot.press("ok")
    assert pick.marked == c and scene.session.game.state.corner_owner[c] == -1
    assert pick.hint() == t("pick.confirm")
    bot.press("back")                                   # take the mark back
    assert pick.marked is None and scene.prompt is pick
    bot.press("ok")
    bot.press("left")                                   # moving away takes it back too
    assert pick.marked is None
    bot.press("right")
    target = pick.cursor
    bot.press("ok")
    bot.press("ok")
    assert scene.session.game.state.corner_owner[target] == 0


def test_confirm_placements_is_an_option_that_persists(pyxel_headless):
    storage = MemoryStorage()
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.choose(app.scene.menu, "options")
    assert app.settings["confirm_places"] is True
    bot.choose(app.scene.menu, "confirm_places", adjust=1)
    assert app.settings["confirm_places"] is False
    assert load_options(storage.read(OPTIONS_NAME, 10_000))["confirm_places"] is False
    app = App(can_quit=False, storage=storage)          # the next start keeps it
    assert app.settings["confirm_places"] is False
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.SETUP_SETTLEMENT))
    pick = scene.prompt
    c = pick.cursor
    bot.press("ok")                                     # one OK places at once
    assert scene.session.game.state.corner_owner[c] == 0


def test_the_discard_is_one_screen_with_a_count_and_take_back(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.ROLL))
    set_hand(scene, bot, [4, 3, 2, 1, 0])
    g = scene.session.game
    g.fix_dice([(3, 4)])
    tap(bot, pyxel.KEY_R)
    until(bot, scene, lambda: person_decides(scene, phases.DISCARD) or g.phase == phases.ROBBER)
    screen = scene.prompt
    assert isinstance(screen, Discard) and screen.due == 5
    confirm = next(it for it in screen.menu.items if it.value == "confirm")
    assert not confirm.enabled and t("discard.count", k=0, n=5) in screen.lines
    assert not next(it for it in screen.menu.items if it.value == ("res", 4)).enabled   # no coal held
    for _ in range(6):
        bot.choose(screen.menu, ("res", 0), adjust=1)   # more than held is not possible
    assert screen.chosen[0] == 4
    bot.choose(screen.menu, ("res", 1), adjust=1)
    bot.choose(screen.menu, ("res", 1), adjust=1)       # six would be too many: stays at five
    assert screen.total == 5 and screen.chosen[1] == 1
    assert t("discard.count", k=5, n=5) in screen.lines
    bot.press("back")                                   # take the last card back
    assert screen.total == 4 and g.state.hands[0] == [4, 3, 2, 1, 0]
    bot.choose(screen.menu, ("res", 0), adjust=-1)
    bot.choose(screen.menu, ("res", 2), adjust=1)
    bot.choose(screen.menu, ("res", 3), adjust=1)
    assert screen.chosen == [3, 0, 1, 1, 0]
    before = len(g.history)
    bot.choose(scene.prompt.menu, "confirm")
    for _ in range(10):
        bot.frame()
    assert g.state.hands[0] == [1, 3, 1, 0, 0]
    assert [a.kind for a in g.history[before:before + 5]] == [A.DISCARD] * 5


# --- 8. the offer editor ----------------------------------------------------------------------------
def test_the_offer_editor_shows_the_hand_and_gives_only_what_you_hold(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    set_hand(scene, bot, [2, 0, 1, 0, 0])
    tap(bot, pyxel.KEY_T)
    editor = scene.prompt
    assert isinstance(editor, OfferEditor)
    assert t("dialog.your_cards", cards="2Wo 1Sh") in editor.lines
    assert "Left/Right" in editor.title
    for _ in range(4):
        bot.choose(editor.menu, ("give", 0), adjust=1)
    assert editor.terms["give"][0] == 2                 # only the two held
    brick = next(it for it in editor.menu.items if it.value == ("give", 1))
    assert not brick.enabled and brick.label.startswith("You give Brick")
    get = next(it for it in editor.menu.items if it.value == ("get", 4))
    assert get.label.startswith("You get Coal")
    bot.choose(editor.menu, ("get", 4), adjust=1)
    bot.choose(editor.menu, "send")
    off = scene.session.game.seat_view(0).offer
    assert off is not None and off.give == (2, 0, 0, 0, 0) and off.get == (0, 0, 0, 0, 1)


# --- 10. the replay viewer -----------------------------------------------------------------------------
def test_replay_plus_minus_change_the_speed_and_dice_and_decider_are_shown(pyxel_headless):
    g = Game(GameConfig(players=3, seed=9))
    from retrocatan.ai import make_player
    bots = [make_player("normal", 9, p) for p in range(3)]
    while g.state.turn < 6:
        g.apply(bots[g.decider].choose(g))
    app = App(can_quit=False, storage=MemoryStorage())
    from retrocatan.engine.replay import record
    app.switch_to("replay", replay=record(g))
    scene = app.scene
    bot = Robot(app, "keyboard")
    speed = scene.speed
    tap(bot, pyxel.KEY_PLUS)
    assert scene.speed == speed + 1
    tap(bot, pyxel.KEY_MINUS)
    tap(bot, pyxel.KEY_MINUS)
    assert scene.speed == speed - 1
    drawn = []
    from retrocatan.ui import font
    real = font.text
    font.text = lambda x, y, s, col, name="normal": (drawn.append(s), real(x, y, s, col, name))
    try:
        while scene.game.seat_view(None).dice is None:
            bot.press("right")
        d = scene.game.seat_view(None).dice
        dec = scene.game.seat_view(None).decider
        drawn.clear()
        bot.frame()
    finally:
        font.text = real
    assert t("replay.dice", a=d[0], b=d[1], total=sum(d)) in drawn
    assert t("replay.step_of", name=scene.names[dec]) in drawn
    assert "digits+Enter" in t("replay.help") and "Esc" in t("replay.help")


# --- 13. the advisor ------------------------------------------------------------------------------------
def test_the_advisor_shows_and_does_what_the_expert_player_would(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    set_hand(scene, bot, [3, 3, 3, 3, 3])
    g = scene.session.game
    expected = make_player("expert", g.config.seed, 0).choose(g)
    tap(bot, pyxel.KEY_I)
    advice = scene.prompt
    assert isinstance(advice, Advice) and advice.action == expected
    assert advice.why.startswith("Why:") and advice.what
    if advice.action.kind in (A.SETTLE, A.CITY, A.ROAD):
        kind, ids = advice.highlight()[0]
        assert ids == [advice.action.a]
    before = len(g.history)
    bot.press("ok")
    assert g.history[before] == expected


def test_the_advisor_marks_the_founding_corner(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.SETUP_SETTLEMENT))
    g = scene.session.game
    expected = make_player("expert", g.config.seed, 0).choose(g)
    tap(bot, pyxel.KEY_I)
    advice = scene.prompt
    assert isinstance(advice, Advice) and advice.action == expected and advice.code == "found"
    assert advice.highlight() == (("corner", [expected.a]), ("corner", expected.a, "settlement", False))
    x, y = (int(v) for v in scene.view.corner_px(expected.a))
    assert YELLOW in {pyxel.pget(x + dx, y + dy) for dx in range(-11, 12) for dy in range(-11, 12)}
    bot.press("back")                                   # back to the pick, nothing placed
    assert isinstance(scene.prompt, BoardPick) and g.state.corner_owner[expected.a] == -1
    tap(bot, pyxel.KEY_I)
    bot.press("ok")                                     # "do it"
    assert g.state.corner_owner[expected.a] == 0


def test_asking_the_advisor_changes_no_decision_of_the_player():
    def play(ask: bool) -> list:
        g = Game(GameConfig(players=3, seed=21))
        players = [PlanningPlayer("hard", 21, p) for p in range(3)]
        while g.state.turn < 12 and not g.over:
            p = players[g.decider]
            if ask:
                p.advise(g)
            g.apply(p.choose(g))
        return [str(a) for a in g.history]
    assert play(True) == play(False)


def test_advice_reasons_exist_in_both_languages():
    codes = ("found", "road", "settlement", "city", "card", "trade", "offer", "knight", "play", "roll", "end",
             "pass", "robber", "discard", "accept", "decline", "counter", "confirm", "withdraw", "other")
    for lang in ("en", "de"):
        for code in codes:
            assert f"advice.why.{code}" in TEXTS[lang]


def _english_words():
    """The words only the English table has (four letters or more, lower case),
    and the raw option values; neither may be drawn in German."""
    from retrocatan.engine.rule_options import OPTIONS
    english = set()
    german = set()
    for table, words in ((TEXTS["en"], english), (TEXTS["de"], german)):
        for value in table.values():
            words.update(w.strip(".,:;()!?-\"'") for w in value.split())
    only_english = {w for w in english - german if len(w) >= 4 and w.isalpha() and w[0].islower()}
    raw = {str(c) for o in OPTIONS.values() for c in o.choices if isinstance(c, str) and "_" in c or c in (
        "always", "buildable", "abandoned")}
    return only_english, raw


def _english_in(drawn) -> list:
    """(word, text) of every English word in the texts ``drawn`` (the first 20)."""
    only_english, raw = _english_words()
    return sorted({(w, s) for s in drawn for w in (x.strip(".,:;()!?-\"'") for x in s.split())
                   if w in only_english or w in raw})[:20]


# --- 9. the German edition -----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["de"])
def test_german_screens_show_no_english(pyxel_headless, lang):
    """Walk every screen and dialog in German, keys only, recording every text
    drawn; none may hold a word only the English table has, or a raw option value."""
    from retrocatan.ui import font
    drawn = []
    real = font.text

    def record(x, y, s, col, name="normal"):
        drawn.append(s)
        real(x, y, s, col, name)
    set_language(lang)
    font.text = record
    try:
        storage = MemoryStorage()
        storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language=lang)))
        app = App(can_quit=False, storage=storage)      # German from the saved options
        bot = Robot(app, "keyboard")
        bot.frame()
        tap(bot, pyxel.KEY_F1)
        bot.press("back")
        bot.choose(app.scene.menu, "options")
        bot.frame()
        bot.press("back")
        bot.choose(app.scene.menu, "new")
        setup = app.scene
        bot.choose(setup.menu, "rules")
        bot.frame()
        tap(bot, pyxel.KEY_F1)
        bot.press("back")
        bot.press("back")
        bot.press("back")
        scene, bot = start(app)
        until(bot, scene, lambda: person_decides(scene, phases.SETUP_SETTLEMENT))
        tap(bot, pyxel.KEY_F1)
        bot.press("back")
        until(bot, scene, lambda: person_decides(scene, phases.MAIN))
        set_hand(scene, bot, [2, 0, 0, 0, 0])
        for key in (pyxel.KEY_2, pyxel.KEY_3, pyxel.KEY_4, pyxel.KEY_P):
            tap(bot, key)                               # refusals
            bot.frame()
        tap(bot, pyxel.KEY_F1)
        bot.press("back")
        tap(bot, pyxel.KEY_I)
        bot.press("back")
        tap(bot, pyxel.KEY_T)
        tap(bot, pyxel.KEY_F1)
        bot.press("back")
        bot.press("back")
        tap(bot, pyxel.KEY_M)
        bot.press("back")
        scene.submit(Action(A.OFFER, (1, 0, 0, 0, 0), (1, 0, 0, 0, 0), -1))    # refused by the engine
        bot.frame()
        until(bot, scene, lambda: person_decides(scene, phases.ROLL))
        set_hand(scene, bot, [4, 3, 2, 1, 1])
        scene.session.game.fix_dice([(3, 4)])
        tap(bot, pyxel.KEY_R)
        until(bot, scene, lambda: person_decides(scene, phases.DISCARD))
        tap(bot, pyxel.KEY_F1)
        bot.press("back")
        bot.press("right")
        bot.frame()
        # A finished game: the end screen, the load list and the replay viewer.
        from retrocatan.ui import saving
        done = GameSession(GameConfig(players=3, seed=4), [SeatSpec("hard", n) for n in ("Ann", "Bob", "Cy")],
                           speed=3)
        while not done.game.over:
            done.tick(fast=True)
        saving.keep_finished(app.storage, done)
        app.switch_to("end", session=done)
        bot.frame()
        tap(bot, pyxel.KEY_F1)
        bot.press("back")
        app.switch_to("load")
        bot.frame()
        finished = next(it.value for it in app.scene.menu.items if str(it.value).startswith("finished-"))
        bot.choose(app.scene.menu, finished)
        for _ in range(200):
            bot.frame()
            if type(app.scene).__name__ == "ReplayScene":
                break
        assert type(app.scene).__name__ == "ReplayScene"
        for _ in range(30):
            bot.press("right")
        tap(bot, pyxel.KEY_TAB)                         # as one player: the others' cards hidden
        tap(bot, pyxel.KEY_F1)
        bot.press("back")
    finally:
        font.text = real
        set_language("en")
    assert drawn
    bad = _english_in(drawn)
    assert not bad, bad


# --- 12. smaller things ------------------------------------------------------------------------------------
def _drawn_while(bot, action):
    from retrocatan.ui import font
    drawn = []
    real = font.text
    font.text = lambda x, y, s, col, name="normal": (drawn.append((s, col)), real(x, y, s, col, name))
    try:
        action()
    finally:
        font.text = real
    return drawn


def test_saved_is_not_said_in_the_error_colour(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    tap(bot, pyxel.KEY_M)
    bot.choose(scene.prompt.menu, "save")
    bot.choose(scene.prompt.menu, scene.prompt.menu.items[0].value)
    done = t("save.done", n=1)
    drawn = _drawn_while(bot, bot.frame)
    assert (done, RED) not in drawn and any(s == done for s, _ in drawn)
    set_hand(scene, bot, [0, 0, 0, 0, 0])
    tap(bot, pyxel.KEY_2)                               # a refusal still is red
    assert scene.message != done
    drawn = _drawn_while(bot, bot.frame)
    assert (scene.message, RED) in drawn


def test_harbours_name_their_resource_and_help_shows_the_dice(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = start(app)
    scene.view.image = None                             # drawn anew on the next frame
    drawn = _drawn_while(bot, bot.frame)
    kinds = [k for k in scene.session.game.board.harbours if k != "3:1"]
    from retrocatan.engine.components import RESOURCES
    names = {t(f"res.{RESOURCES.index(k)}") for k in kinds}
    assert names and names <= {s for s, _ in drawn}
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    tap(bot, pyxel.KEY_F1)
    rolled = scene.session.game.seat_view(0).stats_dice
    line = next(s for s, _, _ in app.help.lines() if s.startswith(t("dicebox.title")))
    assert all(f"{n}:{rolled[n]}" in line for n in range(2, 13)) and sum(rolled) >= 1
    bot.press("back")


def test_a_bought_card_is_named_in_a_banner(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    scene, bot = start(app)
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    set_hand(scene, bot, [0, 0, 1, 1, 1])
    tap(bot, pyxel.KEY_4)
    g = scene.session.game
    assert g.history[-1].kind == A.BUY
    bought = [name for name, held, new in g.seat_view(0).dev_cards_of(0) if new]
    drew = t("draw.text", card=t(f"dev.{bought[0]}"))
    for _ in range(160):            # after a private line shown before it (a card stolen from P1), if any
        if scene.banner is not None and scene.banner.text == drew:
            break
        bot.frame()
    assert scene.banner is not None and scene.banner.text == drew and scene.banner.owner == 0


def test_finished_games_list_players_winner_and_turn_and_the_end_screen_adds_up(pyxel_headless):
    from retrocatan.ui import saving
    from retrocatan.ui.scenes.end import points_breakdown
    from retrocatan.ui.scenes.load import slot_lines
    storage = MemoryStorage()
    app = App(can_quit=False, storage=storage)
    s = GameSession(GameConfig(players=3, seed=4), [SeatSpec("hard", n) for n in ("Ann", "Bob", "Cy")], speed=3)
    while not s.game.over:
        s.tick(fast=True)
    saving.keep_finished(storage, s)
    name, line = next((name, line) for name, line, _ in slot_lines(app) if name.startswith("finished-"))
    g = s.game
    import re

    from retrocatan.ui.scenes.load import details
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d ", line)              # the date, readable
    assert t("load.finished_line", board=t("load.base", kind=t("board.random")), winner=s.name(g.winner)) in line
    under = details(app, name)          # the line under the list: who played, who won in which turn
    assert "Ann, Bob, Cy" in under and t("load.won", winner=s.name(g.winner), turn=g.state.turn) in under
    v = g.seat_view(None)
    for p in range(3):
        assert sum(points_breakdown(v, p)) == v.vp[p]
    app.switch_to("end", session=s)
    drawn = _drawn_while(Robot(app, "keyboard"), Robot(app, "keyboard").frame)
    b, a, c = points_breakdown(v, g.winner)
    assert t("end.breakdown", b=b, a=a, c=c) in {x for x, _ in drawn}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_new_lines_fit_their_boxes(lang):
    from retrocatan.ui import font
    from retrocatan.ui.layout import BOARD_AREA, DIALOG
    from retrocatan.ui.prompts.offer import short_hand
    set_language(lang)
    try:
        dialog = DIALOG[2] - 20
        checks = [(t("discard.keys"), dialog, "normal"), (t("discard.count", k=10, n=10), dialog, "normal"),
                  (t("discard.confirm", n=10), dialog, "normal"),
                  (t("dialog.your_cards", cards=short_hand([19] * 5)), dialog, "normal"),
                  (t("dialog.offer_hint"), dialog - 12, "bold"), (t("opt.confirm_places", v=t("off")), 320, "normal")]
        checks += [(t("discard.item", res=t(f"res.{r}"), k=19, held=19), dialog - 24, "normal") for r in range(5)]
        checks += [(t(k), BOARD_AREA[2] - 28, "bold") for k in ("pick.hint.corner", "pick.hint.edge",
                                                                   "pick.hint.hex", "pick.confirm")]
        checks += [(t("advice.title"), BOARD_AREA[2] - 28, "bold"), (t("advice.keys"), BOARD_AREA[2] - 32, "small")]
        checks += [(t(k, goal=t("thing.card")), BOARD_AREA[2] - 32, "normal") for k in TEXTS[lang]
                   if k.startswith("advice.why.")]
        checks += [(t(k, n=4, give=t("res.3"), get=t("res.3"), res=t("res.3"), card=t("dev.road_building"),
                      name="Orange"), BOARD_AREA[2] - 32, "bold") for k in TEXTS[lang]
                   if k.startswith("advice.do.") and k != "advice.do.offer"]
        for page in [k for k in TEXTS[lang] if k.startswith("help.") and k.endswith((".keys", ".rules"))]:
            checks += [(line, 556, "small") for line in t(page).split("\n")]
        for suffix in (".pad", ".mouse"):                # the same hints naming pad buttons or clicks
            variants = {k[:-len(suffix)] for k in TEXTS[lang] if k.endswith(suffix)}
            assert {"pick.confirm", "pick.hint.corner", "status.pick", "end.continue"} <= variants
            for base, width, face in [("discard.keys", dialog, "normal"), ("dialog.offer_hint", dialog - 12, "bold"),
                                      ("advice.keys", BOARD_AREA[2] - 32, "small"), ("end.continue", 620, "normal"),
                                      ("handover.hint", 460 - 60, "normal"), ("replay.help", 628, "small")]:
                checks.append((t(base + suffix), width, face))
            checks += [(t(k), BOARD_AREA[2] - 28, "bold") for k in TEXTS[lang]
                       if k.endswith(suffix) and k.startswith(("pick.hint.", "pick.confirm."))]
        too_wide = [(s, font.width(s, face), w) for s, w, face in checks if font.width(s, face) > w]
        assert not too_wide, too_wide
    finally:
        set_language("en")


def test_the_advice_does_not_depend_on_what_the_person_cannot_see():
    """Other players' cards (kinds, not counts) and the deck order change nothing."""
    g = Game(GameConfig(players=4, seed=8))
    players = [PlanningPlayer("hard", 8, p) for p in range(4)]
    checked = 0
    while g.state.turn < 30 and not g.over:
        if g.decider == 0 and g.phase == phases.MAIN:
            first = PlanningPlayer("hard", 8, 0).advise(g)
            st = g.state
            saved = [list(h) for h in st.hands], list(st.deck)
            for q in (1, 2, 3):
                n = sum(st.hands[q])
                st.hands[q] = [0, 0, 0, 0, n]            # same count, other kinds
            st.deck.reverse()
            g.refresh()
            g.forget_views()
            again = PlanningPlayer("hard", 8, 0).advise(g)
            st.hands[:] = saved[0]
            st.deck[:] = saved[1]
            g.refresh()
            g.forget_views()
            assert again == first
            checked += 1
        g.apply(players[g.decider].choose(g))
    assert checked >= 3


# --- 14 (review): the pad rests on greyed lines and hears why ----------------------------------------
def test_the_pad_cursor_rests_on_a_greyed_line_and_ok_says_why(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["sound"] = True
    scene = GameScene(app, session())
    app.switch(scene)
    bot = Robot(app, "gamepad")
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    set_hand(scene, bot, [0, 0, 0, 0, 0])
    menu = scene.menu
    road = next(i for i, it in enumerate(menu.items) if it.value == ("build", A.ROAD))
    assert not menu.items[road].enabled and menu.index != road
    set_language("de")
    try:
        for _ in range(len(menu.items)):
            if menu.index == road:
                break
            bot.press("up")
        assert menu.index == road                       # the cursor rests on the greyed line
        app.audio.last_sfx = None
        history = len(scene.session.game.history)
        bot.press("ok")
        why = scene.session.game.seat_view(0).menu["road"]
        assert scene.message == refusal(why[0], why[1], scene.session.name)
        assert "Holz" in scene.message and "Lehm" in scene.message and "missing" not in scene.message
        assert app.audio.last_sfx == "invalid"
        assert len(scene.session.game.history) == history and scene.mode == "menu"
        drawn = _drawn_while(bot, bot.frame)            # drawn greyed, the status line holds the reason
        label = next(s for s, _ in drawn if s.endswith(menu.items[road].label))
        assert (label, DARK_GREY) in drawn
        assert any(s == scene.message for s, _ in drawn)
    finally:
        set_language("en")


def test_a_menu_that_skips_greyed_lines_still_can():
    from retrocatan.ui.widgets import Item, Menu

    class Keys:
        chars = ""
        mouse_moved = click = False
        mouse_x = mouse_y = 0

        def __init__(self, *pressed):
            self.down = set(pressed)

        def pressed(self, what):
            return what in self.down

        def char(self, c):
            return False
    from retrocatan.ui import input as inp
    items = [Item("a", 1), Item("b", 2, enabled=False), Item("c", 3)]
    skip = Menu([Item(i.label, i.value, enabled=i.enabled) for i in items])
    skip.handle(Keys(inp.DOWN))
    assert skip.selected.value == 3 and skip.handle(Keys(inp.OK)) == ("select", 3)
    rest = Menu(items, rest_on_disabled=True)
    rest.handle(Keys(inp.DOWN))
    assert rest.selected.value == 2 and rest.handle(Keys(inp.OK)) == ("refused", 2)


# --- 14 (review): every save and load failure said in German, and it fits ---------------------------
def _save_text(seed=3):
    from retrocatan.saves import dumps, make_save
    s = session(seed, seats=("easy",) * 4)
    while s.game.state.turn < 3:
        s.tick(fast=True)
    return dumps(make_save(s.game, s.seat_dicts(), "slot1", hashes=s.hashes)), s


def _changed(text, change):
    import json
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _load_failures(good):
    """(code, file content or None for a folder) of every kind of save that does not load."""
    from retrocatan.saves import MAX_SAVE_BYTES

    def bad_step(d):
        d["replay"]["actions"][3] = "roll"              # a roll in the founding phase

    def bad_hash(d):
        d["replay"]["final_hash"] = "0" * 64

    def seat_type(d):
        d["seats"] = "P1,P2,P3,P4"
    return [
        ("damaged", good[: len(good) // 2]),
        ("damaged", good + "}"),
        ("newer_version", _changed(good, lambda d: d.update(version=99))),
        ("older_version", _changed(good, lambda d: d.update(version=0))),
        ("too_large", " " * (MAX_SAVE_BYTES + 1)),
        ("too_deep", "[" * 200 + "]" * 200),
        ("no_version", _changed(good, lambda d: d.update(version="1"))),
        ("bad_seats", _changed(good, seat_type)),
        ("bad_speed", _changed(good, lambda d: d.update(speed=True))),
        ("bad_record", _changed(good, lambda d: d.update(replay=[]))),
        ("not_a_save", "[1, 2]"),
        ("not_retrocatan", '{"format": "elsewhere"}'),
        ("refused_step", _changed(good, bad_step)),
        ("state_differs", _changed(good, bad_hash)),
        ("summary_differs", _changed(good, lambda d: d["summary"].update(turn=77))),
        ("not_a_file", None),
    ]


def test_every_save_and_load_failure_is_said_in_german_and_fits(pyxel_headless, tmp_path, monkeypatch):
    import errno
    import os
    import re

    from retrocatan.saves import SAVE_FAILURES
    from retrocatan.storage import DirStorage
    from retrocatan.ui import font
    from retrocatan.ui.boxes import status_fit
    from retrocatan.ui.scenes.load import LoadScene
    good, _ = _save_text()
    storage = DirStorage(str(tmp_path))
    storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language="de")))
    drawn = []
    real = font.text
    set_language("de")
    font.text = lambda x, y, s, col, name="normal": (drawn.append(s), real(x, y, s, col, name))
    seen = set()
    try:
        app = App(can_quit=False, storage=storage)
        bot = Robot(app, "keyboard")
        for code, content in _load_failures(good) + [("missing", good)]:
            path = os.path.join(str(tmp_path), "slot1.json")
            if os.path.isdir(path):
                os.rmdir(path)
            elif os.path.exists(path):
                os.unlink(path)
            if content is None:
                os.mkdir(path)
            else:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(content)
            app.switch(LoadScene(app))
            bot.frame()
            scene = app.scene
            if code == "missing":
                os.unlink(path)                         # gone between the list and the choice
            drawn.clear()
            bot.choose(scene.menu, "slot1")
            assert app.scene is scene, code
            said = re.escape(t("load.failed", why=t(f"savefail.{code}")))
            assert re.fullmatch(re.sub(r"\\\{\w+\\\}", ".+", said), scene.message), (code, scene.message)
            assert font.width(scene.message, "small") <= 500, scene.message         # not cut
            assert scene.message in drawn
            bad = _english_in(drawn)
            assert not bad, (code, bad)
            if content is not None and code != "missing":
                with open(path, encoding="utf-8") as f:
                    assert f.read() == content                  # a refused file is left as it is
            seen.add(code)
        # Writing: the disk is full, no permission; the previous save is kept.
        scene, bot = start(app)
        until(bot, scene, lambda: person_decides(scene, phases.MAIN))
        storage.write("slot1", good)
        for code, err in (("write_disk_full", errno.ENOSPC), ("write_no_permission", errno.EACCES),
                          ("write_failed", errno.EIO)):
            def fail(*args, err=err):
                raise OSError(err, os.strerror(err))
            monkeypatch.setattr(os, "replace", fail)
            tap(bot, pyxel.KEY_M)
            bot.choose(scene.prompt.menu, "save")
            drawn.clear()
            bot.choose(scene.prompt.menu, "slot1")
            bot.frame()
            monkeypatch.undo()
            assert scene.message == t("save.failed", why=t(f"savefail.{code}")), scene.message
            assert status_fit(scene.message)[0] == scene.message and scene.message in drawn    # not cut
            assert app.audio.last_sfx == "invalid" or not app.settings["sound"]
            bad = _english_in(drawn)
            assert not bad, (code, bad)
            assert storage.read("slot1", 10 ** 8) == good          # the previous save is kept
            assert not [n for n in os.listdir(str(tmp_path)) if n.startswith(TEMP_PREFIX)]
            seen.add(code)
    finally:
        font.text = real
        set_language("en")
    assert {c for c in SAVE_FAILURES if c not in ("no_final_hash", "not_verified", "bad_seat", "bad_date",
                                                  "bad_summary")} <= seen


def test_every_failure_code_has_a_text_in_both_languages_and_the_command_line_keeps_english():
    from retrocatan.saves import SAVE_FAILURES, SaveError
    from retrocatan.storage import FileError, write_code
    for lang in ("en", "de"):
        for code in list(SAVE_FAILURES) + ["unreadable", "no_permission", "not_a_file", "disk_full",
                                           "write_disk_full", "write_no_permission", "write_failed", "bad_name"]:
            assert f"savefail.{code}" in TEXTS[lang], (lang, code)
    exc = SaveError("newer_version", version=9, reads=1)
    assert str(exc) == "the save is of a newer version (9) than this program reads (1)"
    from retrocatan.ui.saving import failure
    set_language("de")
    try:
        assert failure(exc) == t("savefail.newer_version", version=9, reads=1) and "9" in failure(exc)
        assert failure(FileError("cannot save slot1: No space left on device", "write_disk_full")) == t(
            "savefail.write_disk_full")
    finally:
        set_language("en")
    import errno
    assert write_code(OSError(errno.ENOSPC, "full")) == "write_disk_full"
    assert write_code(OSError(errno.EROFS, "ro")) == "write_no_permission"
    assert write_code(OSError(errno.EIO, "io")) == "write_failed"


def test_a_file_that_cannot_be_opened_has_a_code(tmp_path, monkeypatch):
    import errno
    import os

    from retrocatan.storage import FileError, read_text
    path = tmp_path / "x.json"
    path.write_text("{}")

    def denied(*args, **kw):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(FileError) as info:
        read_text(str(path), 100)
    monkeypatch.undo()
    assert info.value.code == "no_permission" and "Permission denied" in str(info.value)
    with pytest.raises(FileError) as info:
        read_text(str(tmp_path / "none.json"), 100)
    assert info.value.code == "missing"


# --- 14 (review): a stranger plays a whole hot-seat game in German, keys only or pad only -----------
@pytest.mark.parametrize("device,seed", [("keyboard", 5), ("gamepad", 6)])
def test_a_hot_seat_game_in_german_from_title_to_end(pyxel_headless, device, seed):
    """Two people and two computers, title to end screen: no English word, no
    text cut to fit, and a hand face up only while its owner decides."""
    from retrocatan.ui import font
    from retrocatan.ui.scenes.end import EndScene
    drawn, cuts, wrong = set(), set(), []
    real_text, real_fit = font.text, font.fit

    def fit(s, w, name="normal"):
        out = real_fit(s, w, name)
        if out != s:
            cuts.add((s, w, name))
        return out
    storage = MemoryStorage()
    storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language="de")))
    font.text = lambda x, y, s, col, name="normal": (drawn.add(s), real_text(x, y, s, col, name))
    font.fit = fit
    try:
        app = App(can_quit=False, storage=storage)
        bot = Robot(app, device)
        bot.frame()
        bot.new_game(4, ["human", "human", "hard", "hard"], seed=seed)
        helped = set()
        while not isinstance(app.scene, EndScene):
            assert bot.frames < 60_000, "the game did not end"
            scene = app.scene
            s = scene.session
            shown = scene.shown_player()
            if shown is not None and not (s.waiting_for_human() and s.game.decider == shown):
                wrong.append((s.game.state.turn, shown, s.game.decider))
            if (s.waiting_for_human() and not scene.handover and s.game.decider not in helped
                    and scene.seen == len(s.game.history)):
                helped.add(s.game.decider)              # each person looks at the help once
                tap(bot, pyxel.KEY_F1 if device == "keyboard" else pyxel.GAMEPAD1_BUTTON_START)
                assert app.help is not None
                bot.press("back")
            bot.step(scene)
        for _ in range(5):
            bot.frame()
    finally:
        font.text, font.fit = real_text, real_fit
    assert helped == {0, 1} and app.scene.session.game.over
    assert not _english_in(drawn), _english_in(drawn)
    assert not cuts, sorted(cuts)[:10]
    assert not wrong, wrong[:10]


def test_a_click_on_a_greyed_action_says_why(pyxel_headless):
    app = App(can_quit=False, storage=MemoryStorage())
    app.settings["sound"] = True
    scene = GameScene(app, session())
    app.switch(scene)
    bot = Robot(app, "mouse")
    until(bot, scene, lambda: person_decides(scene, phases.MAIN))
    set_hand(scene, bot, [0, 0, 0, 0, 0])
    menu = scene.menu
    city = next(i for i, it in enumerate(menu.items) if it.value == ("build", A.CITY))
    app.audio.last_sfx = None
    x, y, w, h = menu.item_rect(city)
    bot.click(x + w // 2, y + h // 2)
    why = scene.session.game.seat_view(0).menu["city"]
    assert scene.message == refusal(why[0], why[1], scene.session.name) and app.audio.last_sfx == "invalid"
    assert scene.prompt is None or not isinstance(scene.prompt, BoardPick)


def test_a_greyed_answer_to_an_offer_says_why_on_the_pad(pyxel_headless):
    from retrocatan.ui.prompts.answer import OfferAnswer
    storage = MemoryStorage()
    storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language="de")))
    app = App(can_quit=False, storage=storage)
    app.settings["sound"] = True
    bot = Robot(app, "gamepad")
    bot.frame()
    try:
        bot.new_game(4, ["human", "human", "hard", "hard"], seed=7)
        scene = app.scene
        g = scene.session.game
        until(bot, scene, lambda: person_decides(scene, phases.MAIN))
        set_hand(scene, bot, [2, 2, 0, 0, 0])
        bot.choose(scene.menu, "offer")
        bot.choose(scene.prompt.menu, ("give", 0), adjust=1)
        bot.choose(scene.prompt.menu, ("get", 4), adjust=1)
        bot.choose(scene.prompt.menu, "send")
        for _ in range(200):
            if scene.handover:
                bot.press("ok")
            elif isinstance(scene.prompt, OfferAnswer) and scene.seen == len(g.history):
                break
            else:
                bot.frame()
        answer = scene.prompt
        assert isinstance(answer, OfferAnswer) and g.decider == 1 and g.state.hands[1][4] == 0
        accept = next(i for i, it in enumerate(answer.menu.items) if it.value == Action(A.ACCEPT))
        assert not answer.menu.items[accept].enabled
        while answer.menu.index != accept:
            bot.press("up")
        app.audio.last_sfx = None
        history = len(g.history)
        bot.press("ok")
        assert scene.message == t("refusal.cannot_accept").format(missing="1 Erz")
        assert app.audio.last_sfx == "invalid" and len(g.history) == history and scene.prompt is answer
    finally:
        set_language("en")


def test_every_status_text_fits_with_the_pad_and_mouse_pick_hints():
    """The status line with " - (B: back)" or the right-click hint appended fits, in both languages."""
    from retrocatan.ui import boxes
    names = {"name": "W" * 12, "offerer": "W" * 12, "n": 10}
    try:
        for lang in ("en", "de"):
            set_language(lang)
            for suffix in (".pad", ".mouse"):
                pick = TEXTS[lang]["status.pick" + suffix]
                for key, text in TEXTS[lang].items():
                    if not key.startswith("status.") or key.startswith("status.pick"):
                        continue
                    full = f"{fill(text, **names)} - {pick}"
                    shown, font_name = boxes.status_fit(full)
                    assert shown == full, f"{lang} {key}{suffix}: cut to {shown!r}"
                    assert boxes.font.width(shown, font_name) <= boxes.STATUS_W
    finally:
        set_language("en")
