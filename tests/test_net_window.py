"""Network play as people play it (issue 45): two game windows (headless
Apps, each with its own user folder) join a real server on 127.0.0.1 by
keys from the title screen (Network game, Join a game: address, code,
name, colour), wait in the waiting room, and play a whole Seafarers game
with two computers by keys, each window deciding only for its own seat,
with animations on at the default speed. Then one window is closed and
opened again from My games and plays on."""

from __future__ import annotations

import asyncio

import pytest
import pyxel
from netplay import ServerProcess, ServerThread
from test_ui_sea import SeaRobot

from retrocatan.engine.actions import parse_action
from retrocatan.engine.game import Game
from retrocatan.engine.replay import GameRecord
from retrocatan.server.client import create_game, one_request
from retrocatan.storage import MemoryStorage
from retrocatan.ui import boxes, font
from retrocatan.ui.app import App
from retrocatan.ui.net import games as my_games
from retrocatan.ui.scenes.end import EndScene
from retrocatan.ui.scenes.network import GamesScene, JoinScene, NetworkScene, RoomScene
from retrocatan.ui.scenes.network_game import NetGameScene


def type_line(bot, scene, value, text: str) -> None:
    bot.choose(scene.menu, value)
    for _ in range(len(scene.fields[value])):           # what the line held is erased first
        bot.press_key(pyxel.KEY_BACKSPACE)
    pyxel.set_input_text(text)
    bot.frame()
    pyxel.set_input_text("")
    bot.press_key(pyxel.KEY_RETURN)


def join_by_keys(bot, url: str, code: str, name: str, colour: int) -> None:
    bot.press_key(pyxel.KEY_G)
    assert isinstance(bot.app.scene, NetworkScene)
    bot.press_key(pyxel.KEY_J)
    scene = bot.app.scene
    assert isinstance(scene, JoinScene)
    type_line(bot, scene, "url", url)
    type_line(bot, scene, "code", code.lower())         # codes are typed case-blind
    type_line(bot, scene, "name", name)
    for _ in range(colour + 1):
        bot.choose(scene.menu, "colour", adjust=1)
    assert scene.colour == colour and scene.fields["name"] == name
    bot.choose(scene.menu, "go")
    assert isinstance(bot.app.scene, RoomScene)


class BuyingRobot(SeaRobot):
    """The keyboard robot at sea that buys a development card whenever it can (a drawn card
    is a secret of its buyer)."""

    def menu_turn(self, scene) -> None:
        if scene.session.game.phase == "main" and any(it.value == "buy" and it.enabled for it in scene.menu.items):
            self.choose(scene.menu, "buy")
            return
        super().menu_turn(scene)


class Eyes:
    """What each window drew: every text and whose hand (``eyes.watch(i, bot)`` wraps window
    ``i``'s frames)."""

    def __init__(self, monkeypatch) -> None:
        self.now: int | None = None
        self.texts: dict[int, set] = {}
        self.hands: dict[int, set] = {}
        real_text, real_hand = font.text, boxes.hand_box

        def text(x, y, s, *a, **k):
            if self.now is not None:
                self.texts.setdefault(self.now, set()).add(s)
            return real_text(x, y, s, *a, **k)

        def hand_box(view, y, bottom):
            if self.now is not None and view.hand is not None:
                self.hands.setdefault(self.now, set()).add(view.shown)
            return real_hand(view, y, bottom)
        monkeypatch.setattr(font, "text", text)
        monkeypatch.setattr(boxes, "hand_box", hand_box)

    def watch(self, i: int, bot) -> None:
        real = bot.frame

        def frame():
            self.now = i
            try:
                real()
            finally:
                self.now = None
        bot.frame = frame

    def leaks(self, url: str, game: str, names, seats: list[int]) -> list:
        """The private texts of the finished game (its record replayed with every secret) that a
        window drew though its seat may not read them (tests/test_ui_privacy.py's checks)."""
        from test_ui_privacy import private_texts
        record = asyncio.run(one_request(url, {"type": "record", "game": game}))["record"]
        rec = GameRecord.from_json(record)
        g = Game(rec.config)
        private: dict[str, set] = {}
        for action in rec.actions:
            for ev in g.apply(parse_action(action)):
                for text, owners in private_texts(ev, names).items():
                    private.setdefault(text, set()).update(owners)
        assert private, "the game had no secret to keep"
        found = []
        for i, seat in enumerate(seats):
            found += [(seat, text) for text in self.texts.get(i, ()) if text in private
                      and seat not in private[text]]
            found += [(seat, f"the hand of {p}") for p in self.hands.get(i, ()) if p != seat]
        return found


def until(bots, cond, frames: int = 20_000) -> None:
    for _ in range(frames):
        if cond():
            return
        for b in bots:
            b.frame()
    raise AssertionError("waited too long")


@pytest.mark.timeout(600)
def test_two_windows_join_by_keys_and_play_a_seafarers_game_and_one_comes_back_from_my_games(pyxel_headless,
                                                                                            tmp_path, monkeypatch):
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 4, "scenario": "four-islands"},
                                      clocks={"computer_delay": 0}, start="full",
                                      seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                             {"kind": "open"}, {"kind": "computer", "level": "easy"}]))
        apps = [App(can_quit=False, storage=MemoryStorage()) for _ in range(2)]
        bots = [BuyingRobot(a, "keyboard") for a in apps]         # drawn cards are secrets to keep
        eyes = Eyes(monkeypatch)
        for i, b in enumerate(bots):
            eyes.watch(i, b)
        join_by_keys(bots[0], server.url, got["code"], "Anna", 0)
        join_by_keys(bots[1], server.url, got["code"], "Ben", 2)
        until(bots, lambda: all(isinstance(a.scene, NetGameScene) for a in apps))
        seats = [a.scene.session.seat for a in apps]
        assert seats == [0, 2]
        reopened = False
        for _ in range(200_000):
            if all(isinstance(a.scene, EndScene) for a in apps):
                break
            for i, (a, b) in enumerate(zip(apps, bots)):
                scene = a.scene
                if isinstance(scene, NetGameScene):
                    s = scene.session
                    assert scene.shown_player() == seats[i] and not scene.handover      # each machine its own seat
                    if i == 1 and not reopened and s.view.turn >= 6:
                        # The window is closed (its connection with it) and opened again from My games.
                        reopened = True
                        s.net.stop()
                        s.net.link.shutdown()
                        fresh = App(can_quit=False, storage=a.storage)
                        apps[1] = fresh
                        bots[1] = b = BuyingRobot(fresh, "keyboard")
                        eyes.watch(1, b)
                        b.press_key(pyxel.KEY_G)
                        b.press_key(pyxel.KEY_M)
                        assert isinstance(fresh.scene, GamesScene) and fresh.scene.entries
                        b.choose(fresh.scene.menu, 0)
                        until([b], lambda: isinstance(fresh.scene, NetGameScene))
                        if fresh.scene.since is not None:
                            b.press("ok")
                        assert fresh.scene.session.seat == 2
                        break
                    b.step(scene)
                else:
                    b.frame()
        assert reopened
        assert all(isinstance(a.scene, EndScene) for a in apps)
        winners = {a.scene.session.game.winner for a in apps}
        assert len(winners) == 1
        for a in apps:
            s = a.scene.session
            assert s.net.gaps == 0 and s.net.duplicates == 0
            s.net.stop()
            s.net.link.shutdown()
        assert my_games.load(apps[1].storage)[0]["status"] == "over"
        names = apps[0].scene.session.name
        assert eyes.leaks(server.url, got["game"], names, seats) == []


def play_on(apps, bots, hook=None, rounds: int = 200_000) -> None:
    """Each window's robot plays its seat in turn until both windows show the end; ``hook(i)``
    may act before window ``i``'s step (True: it did, the step waits)."""
    for _ in range(rounds):
        if all(isinstance(a.scene, EndScene) for a in apps):
            return
        for i in range(len(apps)):
            scene = apps[i].scene
            if hook is not None and hook(i):
                continue
            if isinstance(scene, NetGameScene):
                assert scene.shown_player() == scene.session.seat and not scene.handover
                bots[i].step(scene)
            else:
                bots[i].frame()
    raise AssertionError("the game did not end")


@pytest.mark.timeout(600)
def test_the_server_killed_and_started_again_mid_game_both_windows_reconnect_and_finish(pyxel_headless,
                                                                                        tmp_path):
    server = ServerProcess(str(tmp_path / "games.sqlite3")).start()
    try:
        got = asyncio.run(create_game(server.url, {"players": 4, "scenario": "four-islands"},
                                      clocks={"computer_delay": 0}, start="full",
                                      seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                             {"kind": "open"}, {"kind": "computer", "level": "easy"}]))
        apps = [App(can_quit=False, storage=MemoryStorage()) for _ in range(2)]
        bots = [SeaRobot(a, "keyboard") for a in apps]
        join_by_keys(bots[0], server.url, got["code"], "Anna", 0)
        join_by_keys(bots[1], server.url, got["code"], "Ben", 2)
        until(bots, lambda: all(isinstance(a.scene, NetGameScene) for a in apps))
        port = server.port
        said: list[str] = []
        killed = [False]

        def kill_once(i: int) -> bool:
            scene = apps[i].scene
            if killed[0] or not isinstance(scene, NetGameScene) or scene.session.view.turn < 5:
                return False
            killed[0] = True
            server.kill()
            until(bots, lambda: all(a.scene.session.link_text() for a in apps))
            said.extend(a.scene.session.status() for a in apps)        # "Connection lost - reconnecting..."
            for _ in range(30):
                for b in bots:
                    b.frame()       # the windows go on drawing while the server is away
            server.start(port)
            return True

        play_on(apps, bots, kill_once)
        assert killed[0] and len(said) == 2
        assert all(line.startswith("Connection lost") for line in said), said
        assert len({a.scene.session.game.winner for a in apps}) == 1
        for a in apps:
            s = a.scene.session
            assert s.net.reconnects >= 1 and s.net.gaps == 0 and s.net.duplicates == 0
            s.net.stop()
            s.net.link.shutdown()
    finally:
        server.kill()


@pytest.mark.timeout(300)
def test_a_window_hosts_by_keys_a_friend_joins_with_the_code_it_shows_and_the_host_starts(pyxel_headless):
    from retrocatan.ui.net import host
    from retrocatan.ui.scenes.network import HostScene
    apps = [App(can_quit=False, storage=MemoryStorage()) for _ in range(2)]
    bots = [SeaRobot(a, "keyboard") for a in apps]
    try:
        bots[0].press_key(pyxel.KEY_G)
        bots[0].press_key(pyxel.KEY_H)
        scene = apps[0].scene
        assert isinstance(scene, HostScene)
        scene.typing = None
        bots[0].choose(scene.menu, "name")
        for _ in range(len(scene.name)):
            bots[0].press_key(pyxel.KEY_BACKSPACE)
        pyxel.set_input_text("Anna")
        bots[0].frame()
        pyxel.set_input_text("")
        bots[0].press_key(pyxel.KEY_RETURN)
        while scene.boards()[scene.board] != "four-islands":
            bots[0].choose(scene.menu, "board", adjust=1)
        assert scene.players == 4 and scene.seats[:3] == ["open", "normal", "normal"]     # 2 people, 2 computers
        bots[0].press_key(pyxel.KEY_O)
        until(bots[:1], lambda: isinstance(apps[0].scene, RoomScene) and (apps[0].scene.net.table or {}).get("code"))
        room = apps[0].scene
        assert room.owner and not next(it for it in room.menu.items if it.value == "start").enabled
        table = room.net.table
        assert table["config"].get("scenario") == "four-islands" and table["seats"][0]["name"] == "Anna"
        url = host.hosted(apps[0].storage).url()
        join_by_keys(bots[1], url, table["code"], "Ben", 1)
        until(bots, lambda: all(s.get("kind") != "open" for s in (room.net.table or {}).get("seats", [])))
        until(bots, lambda: next(it for it in room.menu.items if it.value == "start").enabled)
        bots[0].press_key(pyxel.KEY_P)          # P: play (start the game)
        until(bots, lambda: all(isinstance(a.scene, NetGameScene) for a in apps))
        assert [a.scene.session.seat for a in apps] == [0, 1]
        # A third machine watches by the code: the game, nobody's cards.
        watcher = App(can_quit=False, storage=MemoryStorage())
        wbot = SeaRobot(watcher, "keyboard")
        wbot.press_key(pyxel.KEY_G)
        wbot.press_key(pyxel.KEY_V)
        watch = watcher.scene
        for value, text in (("url", url), ("code", table["code"])):
            wbot.choose(watch.menu, value)
            for _ in range(len(watch.fields[value])):
                wbot.press_key(pyxel.KEY_BACKSPACE)
            pyxel.set_input_text(text)
            wbot.frame()
            pyxel.set_input_text("")
            wbot.press_key(pyxel.KEY_RETURN)
        wbot.choose(watch.menu, "go")
        until([wbot], lambda: isinstance(watcher.scene, NetGameScene))
        assert watcher.scene.session.seat == -1 and watcher.scene.shown_player() is None
        assert not watcher.scene.session.waiting_for_human()
        apps.append(watcher)
        assert [a.scene.session.name(p) for a in apps for p in (0, 1)] == ["Anna", "Ben"] * 3
        for a in apps:
            a.scene.session.net.stop()
            a.scene.session.net.link.shutdown()
    finally:
        for server in host._HOSTED:
            server.stop()
        host._HOSTED.clear()
