"""The game screen of a network game offers what it offers at one machine,
or what fits there instead, played by keys in the real window (headless)
against real ``retrocatan serve`` processes on 127.0.0.1 (tests/sessions.py;
the same games through either session are tests/test_ui_games.py's,
test_ui_as_played.py's and test_ui_sea.py's): the advisor on the person's own turn;
the game menu at every moment (own turn, others' turns, a spectator's,
while the server is away), with its options, help and record; and leaving
the table at every moment, the seat staying the person's; a hosting
window's process killed: its friend's window says so and leaves; and the
record kept, with the clock's moves and the computers' names in the log,
"since your last turn" and the replay viewer; a person's offer put as
theirs, a computer's turn without a clock, a full chat line said so."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys

import pytest
import pyxel
from netplay import ROOT, ServerProcess
from sessions import close_net, close_seat, join_seat, open_game, start_seat, under_way, wait_until
from ui_robot import Robot

from retrocatan.ai import make_player
from retrocatan.engine import phases
from retrocatan.engine.actions import Action
from retrocatan.net.client import create_game
from retrocatan.storage import DirStorage, MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.help import HelpPage
from retrocatan.ui.net import games as my_games
from retrocatan.ui.net import peek
from retrocatan.ui.net.seat import ONLINE, NetSeat
from retrocatan.ui.net.session import NetSession
from retrocatan.ui.net.thread_link import ThreadLink
from retrocatan.ui.net.trouble import since_text
from retrocatan.ui.prompts.advice import Advice
from retrocatan.ui.prompts.answer import OfferAnswer
from retrocatan.ui.prompts.game_menu import GameMenu, GameOptions
from retrocatan.ui.prompts.net_trouble import TroubleBox
from retrocatan.ui.scenes.end import EndScene
from retrocatan.ui.scenes.network_game import NetGameScene
from retrocatan.ui.scenes.replay import ReplayScene
from retrocatan.ui.scenes.title import TitleScene
from retrocatan.ui.text import t
from retrocatan.words.actions import clock_move

HERE = os.path.dirname(os.path.abspath(__file__))


def until(bot, cond, frames: int = 40_000, play: bool = False) -> None:
    """Frames (the robot playing its seat by keys when ``play``) until ``cond()``."""
    for _ in range(frames):
        if cond():
            return
        bot.step(bot.app.scene) if play else bot.frame()
    raise AssertionError("waited too long")


def anna_and_computers(server, app: App, delay: float) -> tuple:
    """A game of Anna (this window's seat 0) and two Easy computers (``delay``: their pause):
    Anna's game screen and the game's invite code."""
    got = asyncio.run(create_game(server.url, {"players": 3}, clocks={"computer_delay": delay}, start="full",
                                  seats=[{"kind": "open"}] + [{"kind": "computer", "level": "easy"}] * 2))
    return join_seat(server.url, app, code=got["code"], name="Anna", colour=0), got["code"]


def anna_and_ben(server, app: App, level: str, delay: float, ben: str) -> tuple:
    """A game of Anna (this window's seat 0), ``ben`` (a seat taken at once, seat 1, driven by the
    test) and a computer of ``level`` (``delay``: its pause): Anna's game screen and Ben's seat."""
    got = asyncio.run(create_game(server.url, {"players": 3}, clocks={"computer_delay": delay}, start="full",
                                  seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": level}]))
    seat = NetSeat(ThreadLink(), server.url, code=got["code"], name=ben, colour=1)
    seat.start()
    wait_until(lambda: seat.seat is not None, seat.update)
    return join_seat(server.url, app, code=got["code"], name="Anna", colour=0), seat


def own_main(scene) -> bool:
    s = scene.session
    return (s.waiting_for_human() and s.game.phase == phases.MAIN and scene.seen == s.step
            and not scene.prompts and scene.menu_prompts == [])


@pytest.mark.timeout(300)
def test_net_advisor_on_your_own_turn_advises_and_enter_does_it(pyxel_headless, tmp_path):
    with open_game("net", tmp_path, {"players": 3}, ["easy", "easy"]) as app:
        scene = app.scene
        s = scene.session
        bot = Robot(app, "keyboard")
        until(bot, lambda: own_main(scene) and sum(s.view.hand) > 0, play=True)
        hand = s.view.hand
        give = next(r for r in range(5) if hand[r] > 0)
        offer = Action("offer", tuple(int(r == give) for r in range(5)), tuple(int(r == (give + 1) % 5)
                                                                           for r in range(5)), -1)
        assert scene.submit(offer)
        until(bot, lambda: own_main(scene) or (s.waiting_for_human() and s.game.phase == phases.OFFER_CONFIRM
                                               and scene.seen == s.step))      # the computers answered
        if s.game.phase == phases.OFFER_CONFIRM:    # one would take it: withdrawn
            assert scene.submit(Action("cancel"))
            until(bot, lambda: own_main(scene))
        assert s.offers_made() == [offer]         # the advisor counts it as its own: not advised again
        bot.press_key(pyxel.KEY_I)
        advice = scene.prompt
        assert isinstance(advice, Advice) and scene.faults == [], scene.faults
        assert advice.what and advice.view.is_legal(advice.action)
        step = s.step
        bot.press("ok")                             # Enter does what it advises
        until(bot, lambda: s.step > step)
        assert scene.faults == []


@pytest.mark.timeout(300)
def test_net_menu_at_every_moment_with_options_help_and_the_record(pyxel_headless, tmp_path):
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        app = App(can_quit=False, storage=MemoryStorage())
        scene, code = anna_and_computers(server, app, 0.2)
        s = scene.session
        bot = Robot(app, "keyboard")

        def menu_here() -> GameMenu:
            bot.press("back")
            menu = scene.prompt
            assert isinstance(menu, GameMenu) and scene.menu_prompts == [menu]
            return menu

        # Others' turns: Esc opens the menu; the game goes on at the server meanwhile.
        until(bot, lambda: not s.waiting_for_human() and s.game.decider != 0 and not s.game.over, play=True)
        menu = menu_here()
        values = [it.value for it in menu.menu.items]
        assert values == ["keep", "chat", "leave", "options", "help", "back"]
        step = s.step
        until(bot, lambda: s.step > step)           # nothing waits for the menu
        assert scene.prompt is menu
        bot.choose(menu.menu, "keep")               # the record, kept when the game ends
        assert s.keep and scene.menu_prompts[-1].menu.items[0].label == t("game.keep", v=t("on"))
        menu = scene.menu_prompts[-1]
        bot.choose(menu.menu, "options")
        options = scene.prompt
        assert isinstance(options, GameOptions)
        sound = app.settings["sound"]
        bot.choose(options.menu, "sound", adjust=1)
        assert app.settings["sound"] is (not sound)
        bot.press("back")
        assert scene.prompt is menu
        bot.choose(menu.menu, "help")               # the network game's help page, over the game
        assert isinstance(app.help, HelpPage) and app.help.page == "game.net" and scene.menu_prompts == []
        bot.press("back")
        assert app.help is None
        # The person's own turn: Esc on the action menu.
        until(bot, lambda: own_main(scene), play=True)
        menu = menu_here()
        bot.choose(menu.menu, "back")
        assert scene.menu_prompts == [] and scene.prompt is scene.actions
        # A spectator has a menu too: no chat, Leave.
        watcher = App(can_quit=False, storage=MemoryStorage())
        watching = join_seat(server.url, watcher, watch=True, code=code)
        wbot = Robot(watcher, "keyboard")
        wbot.press("back")
        assert isinstance(watching.prompt, GameMenu)
        assert [it.value for it in watching.prompt.menu.items] == ["keep", "leave", "options", "help", "back"]
        wbot.choose(watching.prompt.menu, "back")
        # The server is gone: the menu opens all the same.
        server.kill()
        until(bot, lambda: s.link_text() is not None)
        menu = menu_here()
        assert scene.faults == [] and watching.faults == []
        for w in (scene, watching):
            close_seat(w)


@pytest.mark.timeout(300)
def test_net_reconnect_at_the_same_step_asks_the_decision_again(pyxel_headless, tmp_path):
    """The server killed while the person places a founding settlement (a pick on the board, not
    the action menu) and started again: nothing was decided meanwhile, and the pick is back."""
    server = ServerProcess(str(tmp_path / "games.sqlite3")).start()
    try:
        app = App(can_quit=False, storage=MemoryStorage())
        scene, code = anna_and_computers(server, app, 0)
        s = scene.session
        bot = Robot(app, "keyboard")
        deciding = lambda: s.waiting_for_human() and scene.seen == s.step      # noqa: E731
        until(bot, lambda: deciding() and s.game.phase == phases.SETUP_SETTLEMENT)
        assert scene.mode == "pick"
        step, port = s.step, server.port
        server.kill()
        until(bot, lambda: s.link_text() is not None)
        assert scene.mode == "menu"                 # nothing to decide while the server is away
        server.start(port)
        until(bot, deciding)
        assert s.step == step and scene.mode == "pick" and scene.faults == []
        close_seat(scene)
    finally:
        server.kill()


@pytest.mark.timeout(300)
def test_net_leave_the_table_at_every_moment_and_the_seat_stays_yours(pyxel_headless, tmp_path):
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        app = App(can_quit=False, storage=MemoryStorage())
        scene, code = anna_and_computers(server, app, 0.2)
        seat = {"game": scene.session.net.game_id, "token": scene.session.net.token}
        bot = Robot(app, "keyboard")

        def leave(scene) -> None:
            bot.press("back")
            if not isinstance(scene.prompt, GameMenu):      # a board pick: back first
                bot.press("back")
            bot.choose(scene.prompt.menu, "leave")
            assert isinstance(app.scene, TitleScene) and scene.session.net.status == "stopped"

        moments = [("own turn", lambda sc: own_main(sc)),
                   ("others' turn", lambda sc: not sc.session.waiting_for_human() and sc.session.game.decider != 0)]
        for _, moment in moments:
            until(bot, lambda: moment(app.scene), play=True)
            leave(app.scene)
            scene = join_seat(server.url, app, **seat)          # the seat stays the person's: taken again
            assert scene.session.seat == 0 and scene.session.name(0) == "Anna"
        # A spectator leaves.
        watcher = App(can_quit=False, storage=MemoryStorage())
        watching = join_seat(server.url, watcher, watch=True, code=code)
        wbot = Robot(watcher, "keyboard")
        wbot.press("back")
        wbot.choose(watching.prompt.menu, "leave")
        assert isinstance(watcher.scene, TitleScene)
        # While the server is away.
        server.kill()
        until(bot, lambda: scene.session.link_text() is not None)
        leave(scene)
        server.start(server.port)
        scene = join_seat(server.url, app, **seat)
        assert scene.session.seat == 0
        close_seat(scene)


@pytest.mark.timeout(300)
def test_net_host_gone_the_hosting_window_killed_its_friend_s_window_says_so_and_leaves(pyxel_headless, tmp_path,
                                                                                        monkeypatch):
    host = subprocess.Popen([sys.executable, os.path.join(HERE, "net_host_window.py"), "--user", str(tmp_path)],
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": ROOT}, cwd=ROOT)
    try:
        line = host.stdout.readline()
        assert line, "the hosting window did not start"
        hosting = json.loads(line)
        app = App(can_quit=False, storage=MemoryStorage())
        scene = join_seat(hosting["url"], app, code=hosting["code"], name="Ben", colour=1)
        s = scene.session
        bot = Robot(app, "keyboard")
        until(bot, lambda: s.step > 12, play=True)         # both windows play
        host.kill()                                         # the hosting window's process, and its server, die
        host.wait(10)
        until(bot, lambda: s.trouble() is not None)
        trouble = s.trouble()
        assert trouble.kind == "server_down" and trouble.address == hosting["url"]
        assert s.status() == t("net.trouble.server_down", since=since_text(trouble.since))
        assert not s.waiting_for_human()                    # nobody decides here meanwhile
        until(bot, lambda: isinstance(scene.prompt, TroubleBox))    # the box, once the trouble lasts
        box = scene.prompt
        assert box.title == s.status() and any("host's window may be closed" in row for row in box.lines)
        assert any("clocks stop" in row for row in box.lines)
        drawn: list[str] = []
        real = font.text
        monkeypatch.setattr(font, "text", lambda x, y, text, *a, **k: (drawn.append(text),
                                                                       real(x, y, text, *a, **k))[1])
        bot.frame()
        assert drawn.count(box.title) == 2 and any(t("game.leave") in text for text in drawn)    # box, status
        bot.choose(box.menu, "leave")                       # and leaves
        assert isinstance(app.scene, TitleScene) and s.net.status == "stopped"
        kept = my_games.load(app.storage)
        assert [e["token"] for e in kept] == [s.net.token]  # the seat stays Ben's: My games opens it again
        assert scene.faults == []
    finally:
        host.kill()
        host.wait(10)


@pytest.mark.timeout(600)
def test_net_record_kept_names_the_clock_s_moves_and_the_computers_in_the_log_and_the_replay(pyxel_headless,
                                                                                            tmp_path):
    clocks = {"turn": 3, "decision": 3, "offer": 3, "computer_delay": 0, "missed_turns": 0}
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, clocks=clocks, start="full",
                                      seats=[{"kind": "open"}, {"kind": "computer", "level": "hard"},
                                             {"kind": "computer", "level": "easy"}]))
        app = App(can_quit=False, storage=MemoryStorage())
        scene = join_seat(server.url, app, code=got["code"], name="Anna", colour=0)
        s = scene.session
        assert [s.name(p) for p in range(3)] == ["Anna", "Red (Hard)", "White (Easy)"]
        watching = start_seat(server.url, watch=True, code=got["code"])     # a spectator's window's session
        wait_until(lambda: under_way(watching), watching.update)
        watcher = NetSession(watching)
        bot = Robot(app, "keyboard")
        bot.press("back")                                   # the game menu: keep this game's record
        bot.choose(scene.prompt.menu, "keep")
        bot.choose(scene.prompt.menu, "back")
        assert s.keep
        # One of Anna's turns runs out: the computer decides for her, and the log says what it did.
        until(bot, lambda: own_main(scene), play=True)
        seq = s.net.seq
        ran_out = t("clock.move", name="Anna", did="")
        until(bot, lambda: any(line.startswith(ran_out) for line in s.log))     # nobody presses a key for 3 s
        said = next(line for line in s.log if line.startswith(ran_out))
        assert said != clock_move("Anna", None) and said in s.lines_since(seq)   # "since your last turn" too
        # The spectator is not told Anna's move, only its events: its log says the same sentence.
        until(bot, lambda: (watcher.pump(), said in watcher.lines_since(0))[1])
        bot.play_to_end(max_frames=200_000)
        assert isinstance(app.scene, EndScene)
        close_net(watching)
    # The record kept on this machine opens in the replay viewer from Load game, by keys.
    finished = [n for n in app.storage.names() if n.startswith("finished-")]
    assert len(finished) == 1
    bot.press("ok")
    assert isinstance(app.scene, TitleScene)
    bot.choose(app.scene.menu, "load")
    bot.choose(app.scene.menu, finished[0])
    until(bot, lambda: isinstance(app.scene, ReplayScene))
    replay = app.scene
    assert replay.names == ["Anna", "Red (Hard)", "White (Easy)"]
    assert replay.by is not None and "clock" in replay.by and len(replay.by) == replay.timeline.length
    first = replay.by.index("clock")
    assert said == clock_move("Anna", str(replay.timeline.actions[first]))     # the first move the clock made
    drawn: list[str] = []
    real = font.text
    for _ in range(first + 1):
        bot.press("right")
    assert replay.index == first + 1
    font.text = lambda x, y, text, *a, **k: (drawn.append(text), real(x, y, text, *a, **k))[1]
    try:
        bot.frame()
    finally:
        font.text = real
    assert any(said in text for text in drawn)


@pytest.mark.timeout(300)
def test_net_record_kept_after_leaving_the_table_lands_in_load_game_once_my_games_learns_the_game_is_over(
        pyxel_headless, tmp_path):
    """Anna asks for the record, then leaves the table at once: the game goes on at its server (the
    clock, then a computer, plays her seat) and ends while no window of hers is there. My games asks
    the server, learns the game is over, and the record lands in Load game's finished games (once),
    with the seats' names and the clock's moves, as the game screen would have kept it."""
    clocks = {"turn": 0.3, "decision": 0.3, "offer": 0.3, "warn": 0, "missed_turns": 1, "computer_delay": 0}
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, clocks=clocks, start="full",
                                      seats=[{"kind": "open"}] + [{"kind": "computer", "level": "easy"}] * 2))
        app = App(can_quit=False, storage=MemoryStorage())
        scene = join_seat(server.url, app, code=got["code"], name="Anna", colour=0)
        bot = Robot(app, "keyboard")
        bot.frame()
        bot.press("back")                                   # the game menu: keep this game's record ...
        bot.choose(scene.prompt.menu, "keep")
        assert scene.session.keep and scene.message == t("net.keep.on")
        bot.choose(scene.prompt.menu, "leave")              # ... and leave the table
        assert isinstance(app.scene, TitleScene)
        [entry] = my_games.load(app.storage)
        assert entry["keep"] and entry["status"] == "playing" and not entry.get("kept")
        watching = start_seat(server.url, watch=True, code=got["code"])
        wait_until(lambda: under_way(watching) and watching.table.get("status") == "over", watching.update, 240)
        close_net(watching)
        assert not [n for n in app.storage.names() if n.startswith("finished-")]      # nothing kept yet
        peek.forget_heard()
        bot.choose(app.scene.menu, "network")
        bot.choose(app.scene.menu, "games")                 # My games asks the server: over, and the record
        until(bot, lambda: my_games.load(app.storage)[0].get("kept"), frames=20_000)
        bot.press("back")
        bot.choose(app.scene.menu, "games")                 # asked again: kept once
        for _ in range(60):
            bot.frame()
        bot.press("back")
        bot.press("back")
    finished = [n for n in app.storage.names() if n.startswith("finished-")]
    assert len(finished) == 1
    assert isinstance(app.scene, TitleScene)
    bot.choose(app.scene.menu, "load")
    bot.choose(app.scene.menu, finished[0])
    until(bot, lambda: isinstance(app.scene, ReplayScene))
    replay = app.scene
    assert replay.names == ["Anna", "Red (Easy)", "White (Easy)"]
    assert replay.by is not None and "clock" in replay.by and replay.timeline.length == len(replay.by)
    first = replay.by.index("clock")
    for _ in range(first + 1):
        bot.press("right")
    note = clock_move("Anna", str(replay.timeline.actions[first]))
    assert replay.clock_note is not None and replay.clock_note[0] == note


@pytest.mark.timeout(300)
def test_net_absent_player_named_in_words_and_since_your_last_turn_scrolls_every_line(pyxel_headless, tmp_path):
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        app = App(can_quit=False, storage=MemoryStorage())
        scene, ben = anna_and_ben(server, app, "expert", 0, "Benedikt Maximilian")
        s = scene.session
        ben.stop()                                           # Ben's window goes: he is away
        ben.link.shutdown()
        bot = Robot(app, "keyboard")
        drawn: list[str] = []
        real = font.text
        font.text = lambda x, y, text, *a, **k: (drawn.append(text), real(x, y, text, *a, **k))[1]
        word = " " + t("net.absent.offline")
        try:                                # the players box is drawn anew when his line changes
            until(bot, lambda: any(text.endswith(word) for text in drawn))
        finally:
            font.text = real
        assert not s.seat_info(1).get("connected")
        away = [text for text in drawn if text.endswith(word)]
        assert away and away[0].startswith("B") and font.width(away[0], "small") <= 52, away
        assert s.status().startswith(t("net.waiting", name="")) or s.waiting_for_human()
        # "Since your last turn": every line, scrolled by keys; its hint says what Enter does.
        lines = [f"line {i}" for i in range(60)]
        since = NetGameScene(app, s, since=lines)
        app.switch(since)
        drawn.clear()
        font.text = lambda x, y, text, *a, **k: (drawn.append(text), real(x, y, text, *a, **k))[1]
        try:
            bot.frame()
            assert "line 0" in drawn and "line 59" not in drawn
            assert t("net.since.hint.more") in drawn
            for _ in range(60):
                bot.press("down")
            drawn.clear()
            app.draw_anew()         # what the screen shows, drawn (the last press drew it already)
            bot.frame()
        finally:
            font.text = real
        assert "line 59" in drawn and "line 0" not in drawn and since.since_top == 60 - 24
        assert t("net.since.rows", title=t("net.since"), a=37, b=60, n=60) in drawn
        bot.press("ok")                                      # Enter: to the game
        assert since.since is None and app.scene is since
        close_seat(since)


@pytest.mark.timeout(300)
def test_net_a_person_s_offer_is_put_as_theirs_a_computer_shows_no_clock_and_a_full_chat_line_says_so(
        pyxel_headless, tmp_path):
    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        app = App(can_quit=False, storage=MemoryStorage())
        app.settings["computer_offers"] = "decline"     # a computer's offers declined for Anna: never a person's
        scene, ben_net = anna_and_ben(server, app, "easy", 0.3, "Ben")
        s = scene.session
        wait_until(lambda: ben_net.state is not None, ben_net.update)
        ben = NetSession(ben_net)
        ben_ai = make_player("easy", 3, 1)
        bot = Robot(app, "keyboard")
        offered, asked, computer_waits = set(), [], []
        for _ in range(60_000):
            ben.pump()
            ben.events.clear()
            if ben.waiting_for_human():
                g, hand = ben.game, ben.view.hand
                if (g.phase == phases.MAIN and ben.view.menu["offer"] is None and g.state.turn not in offered
                        and sum(hand) > 0):
                    offered.add(g.state.turn)
                    give = next(r for r in range(5) if hand[r] > 0)
                    ben.submit(Action("offer", tuple(int(r == give) for r in range(5)),
                                      tuple(int(r == (give + 1) % 5) for r in range(5)), 0))
                else:
                    ben.submit(ben_ai.choose(ben.view))
            if s.game.decider == 2 and (s.deadline() or {}).get("kind") == "computer" and s.link_text() is None:
                computer_waits.append(s.status())
            if isinstance(scene.prompt, OfferAnswer) and s.waiting_for_human() and scene.seen == s.step:
                asked.append(scene.prompt.lines)
                if computer_waits:
                    break
            bot.step(scene)
        assert asked, "Ben's offer was never put to Anna"
        assert all(t("dialog.offers_option") not in lines for lines in asked)     # a person's: no such line
        assert all(any("Ben" in line for line in lines) for lines in asked)
        assert computer_waits and set(computer_waits) == {t("net.waiting", name="White (Easy)")}   # no clock
        # A chat line holds 200 characters: the line says so, and shows its end. (Anna answers Ben's
        # offer first, as a person does, and the table is free of boxes.)
        until(bot, lambda: not scene.prompts and not scene.menu_prompts and scene.chat is None, play=True)
        bot.press_key(pyxel.KEY_K)
        assert scene.chat == ""
        pyxel.set_input_text("x" * 190 + "y" * 20)
        bot.frame()
        pyxel.set_input_text("")
        assert len(scene.chat) == 200 and scene.chat_full
        line = scene.chat_line()
        assert line.endswith(t("net.chat_full", n=200)) and "y" * 10 in line and ".." in line
        assert font.width(line) <= 628
        bot.press_key(pyxel.KEY_ESCAPE)
        assert scene.chat is None
        close_seat(scene)
        ben_net.stop()
        ben_net.link.shutdown()


HELP_KEYS = (pyxel.KEY_R, pyxel.KEY_1, pyxel.KEY_2, pyxel.KEY_3, pyxel.KEY_4, pyxel.KEY_5, pyxel.KEY_6, pyxel.KEY_H,
             pyxel.KEY_T, pyxel.KEY_P, pyxel.KEY_E, pyxel.KEY_I, pyxel.KEY_M, pyxel.KEY_K, pyxel.KEY_F, pyxel.KEY_U,
             pyxel.KEY_J, pyxel.KEY_O, pyxel.KEY_Y, pyxel.KEY_N, pyxel.KEY_C, pyxel.KEY_TAB, pyxel.KEY_ESCAPE,
             pyxel.KEY_RETURN, pyxel.KEY_BACKSPACE, pyxel.KEY_UP, pyxel.KEY_DOWN, pyxel.KEY_LEFT, pyxel.KEY_RIGHT,
             pyxel.KEY_F1, pyxel.GAMEPAD1_BUTTON_A, pyxel.GAMEPAD1_BUTTON_B, pyxel.GAMEPAD1_BUTTON_X,
             pyxel.GAMEPAD1_BUTTON_Y, pyxel.GAMEPAD1_BUTTON_START, pyxel.GAMEPAD1_BUTTON_BACK,
             pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER, pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER, pyxel.GAMEPAD1_BUTTON_DPAD_UP,
             pyxel.GAMEPAD1_BUTTON_DPAD_DOWN, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT,
             pyxel.MOUSE_BUTTON_RIGHT)
MOMENTS = {("player", "own turn"), ("player", "others' turns"), ("player", "reconnecting"),
           ("spectator", "others' turns"), ("spectator", "reconnecting")}


def moment(scene, watch: bool) -> tuple[str, str]:
    """Who the window is and the moment of the game it shows: its own decision, another's, or its
    server away (the window reconnecting)."""
    s = scene.session
    if s.net.status != ONLINE:
        at = "reconnecting"
    elif not watch and s.game.decider == s.seat and not s.game.over:
        at = "own turn"
    else:
        at = "others' turns"
    return ("spectator" if watch else "player", at)


@pytest.mark.timeout(600)
def test_net_every_help_key_at_random_moments_leaves_the_crash_log_empty(pyxel_headless, tmp_path):
    """Every key of the game screen's help (the pad's buttons and the right click too) pressed at
    random moments of a network game on a Seafarers map: a player's window and a spectator's, at
    the player's own turn, at others' turns and while the server process is killed (the windows
    reconnecting; killed again until every key was pressed so, as a key may leave the table),
    and after it is back; a window that left the table takes its seat again. Every key is
    pressed at each of these moments, and nothing fails: no crash log, no fault."""
    rand = random.Random(7)
    pressed: dict = {}

    def covered(moments) -> bool:
        return all(len(pressed.get(at, ())) == len(HELP_KEYS) for at in moments)

    with ServerProcess(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3, "scenario": "four-islands"},
                                      clocks={"computer_delay": 0.1}, start="full",
                                      seats=[{"kind": "open"}] + [{"kind": "computer", "level": "easy"}] * 2))
        windows = []
        for who, seat in (("player", {"code": got["code"], "name": "Anna", "colour": 0}),
                          ("spectator", {"code": got["code"]})):
            folder = tmp_path / who
            folder.mkdir()
            app = App(can_quit=False, storage=DirStorage(str(folder)))
            scene = join_seat(server.url, app, watch=who == "spectator", **seat)
            if who == "player":
                seat = {"game": scene.session.net.game_id, "token": scene.session.net.token}
            windows.append([app, Robot(app, "keyboard"), seat, who == "spectator", [scene]])
        assert windows[0][4][0].session.view.has_ships
        port = server.port
        online = [at for at in MOMENTS if at[1] != "reconnecting"]
        away = [at for at in MOMENTS if at[1] == "reconnecting"]
        killed, back, kills, step_back = None, 0, 0, 20

        def step() -> int:
            return windows[0][4][-1].session.step

        for i in range(8000):
            in_game = [w for w in windows if isinstance(w[0].scene, NetGameScene)]
            if killed is None and i - back >= 300 and covered(online):
                if covered(away):
                    if step() > step_back:
                        break                   # every key at every moment, and the game went on after
                else:
                    server.kill()               # the server away: the windows say so and take keys all the same
                    killed, kills = i, kills + 1
            elif killed is not None and (covered(away) or not in_game or i - killed > 800):
                server.start(port)              # back: a window that left the table takes its seat again
                killed, back, step_back = None, i, max(20, step())
            for app, bot, seat, watch, scenes in windows:
                if not isinstance(app.scene, NetGameScene) and server.proc.poll() is None:
                    scenes.append(join_seat(server.url, app, watch=watch, **seat))
                if not isinstance(app.scene, NetGameScene):
                    bot.frame()
                elif rand.random() < 0.3:
                    at = moment(app.scene, watch)
                    key = rand.choice([k for k in HELP_KEYS if k not in pressed.get(at, ())] or HELP_KEYS)
                    pressed.setdefault(at, set()).add(key)
                    bot.press_key(key)
                elif app.scene.chat is not None or app.scene.menu_prompts or app.scene.since is not None:
                    bot.frame()                 # a chat line, the menu or a box the keys opened: left to them
                else:
                    try:
                        bot.step(app.scene)     # the robot plays on where the keys left the screen
                    except (AssertionError, StopIteration):
                        bot.frame()             # ... or not, where they moved a menu under it
        assert covered(MOMENTS) and killed is None and kills >= 1 and step() > step_back, \
            {at: len(keys) for at, keys in pressed.items()}
        for app, _, _, _, scenes in windows:
            assert all(sc.faults == [] for sc in scenes), [sc.faults for sc in scenes]
            assert not os.path.exists(app.storage.log_path()), open(app.storage.log_path()).read()[:2000]
            if isinstance(app.scene, NetGameScene):
                close_seat(app.scene)
