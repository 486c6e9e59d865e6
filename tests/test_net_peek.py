"""The present from the server (issue 49, item 3): My games and the title's
"a game by post waits for your move" ask each game's server (``peek``) in
the background, against a real server on the loopback address: a move that
became yours since this machine last looked is named; a server that does not
answer says so while the frames go on; a game its server forgot says so and
Del removes it."""

from __future__ import annotations

import asyncio
import gc
import time

import pytest
import pyxel
from net_window_process import until
from netplay import ServerThread
from test_net_join_screens import drawn, free_port, take_seat
from test_net_leave_screens import Silent
from ui_robot import Robot

from retrocatan.net.client import create_game
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.net import games as my_games
from retrocatan.ui.net import peek
from retrocatan.ui.scenes.network_games import GamesScene
from retrocatan.ui.scenes.title import TitleScene

YOUR_MOVE = "A game by post waits for your move: Network game (G)"


def stale(seat, url: str, code: str, name: str) -> dict:
    """What My games kept of a seat when its game was last seen: before it started."""
    return {"url": url, "token": seat.token, "code": code, "game": seat.game_id, "name": name, "seat": seat.seat,
            "pace": "post", "status": "open", "mine": False}


@pytest.mark.timeout(300)
def test_net_peek_the_title_names_a_by_post_move_that_became_yours(pyxel_headless, tmp_path):
    gc.collect()
    peek.forget_heard()
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, pace="post", start="full", seats=[
            {"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}],
            clocks={"computer_delay": 0}))
        seats = [take_seat(server.url, got["code"], name, colour=p) for p, name in enumerate(("Anna", "Ben"))]
        try:
            end = time.monotonic() + 60
            while not any(s.my_decision() for s in seats):      # the computer founds before a person
                assert time.monotonic() < end
                for s in seats:
                    s.update()
                time.sleep(0.01)
            apps = []
            for s, name in zip(seats, ("Anna", "Ben")):
                storage = MemoryStorage()
                my_games.keep(storage, stale(s, server.url, got["code"], name))
                apps.append(App(can_quit=False, storage=storage))
            bots = [Robot(a, "keyboard") for a in apps]
            for b in bots:
                b.frame()
            assert all(isinstance(a.scene, TitleScene) and a.scene.message == "" for a in apps)
            until(bots, lambda: all(a.scene.peek.done for a in apps))
            for s, a, b in zip(seats, apps, bots):
                assert (a.scene.message == YOUR_MOVE) == s.my_decision()
                assert (YOUR_MOVE in drawn(b)) == s.my_decision()
                entry, = my_games.load(a.storage)
                assert entry["status"] == "playing" and entry["mine"] == s.my_decision()
            # My games says the same, with whose turn it is.
            mover = next(i for i, s in enumerate(seats) if s.my_decision())
            other = 1 - mover
            peek.forget_heard()
            apps[other].switch_to("network")
            bots[other].choose(apps[other].scene.menu, "games")
            games = apps[other].scene
            assert isinstance(games, GamesScene)
            until([bots[other]], lambda: games.peek.done)
            assert games.menu.items[0].label.startswith(f"{got['code']}: others (")       # with its time left
        finally:
            for s in seats:
                s.stop()
                s.link.shutdown()
            apps = bots = games = None
            gc.collect()


@pytest.mark.timeout(300)
def test_net_peek_server_not_answering_and_a_game_its_server_forgot(pyxel_headless, tmp_path):
    gc.collect()
    peek.forget_heard()
    with ServerThread(str(tmp_path / "games.sqlite3")) as server, Silent() as silent:
        storage = MemoryStorage()
        down = f"ws://127.0.0.1:{free_port()}"
        my_games.keep(storage, {"url": silent.url, "token": "s" * 32, "code": "SILENT12", "game": "g1", "name": "Anna",
                                "seat": 0, "pace": "post", "status": "playing", "mine": False, "turn": "Ben"})
        my_games.keep(storage, {"url": down, "token": "d" * 32, "code": "DOWN1234", "game": "g2", "name": "Anna",
                                "seat": 0, "pace": "live", "status": "playing", "mine": True})
        my_games.keep(storage, {"url": server.url, "token": "f" * 32, "code": "GONE5678", "game": "g3",
                                "name": "Anna", "seat": 1, "pace": "post", "status": "open"})
        app = App(can_quit=False, storage=storage)
        bot = Robot(app, "keyboard")
        bot.frame()
        bot.choose(app.scene.menu, "network")
        bot.choose(app.scene.menu, "games")
        games = app.scene
        assert [e["code"] for e in games.entries] == ["GONE5678", "DOWN1234", "SILENT12"]
        frames = 0
        while not games.peek.done:                          # the frames go on while the servers are asked
            bot.frame()
            frames += 1
            assert frames < 20_000
        assert frames > 10
        lines = [it.label for it in games.menu.items[:3]]
        assert lines == ["GONE5678: forgotten by its server", "DOWN1234: server not answering",
                         "SILENT12: server not answering"]
        assert "Its server no longer knows this" in drawn(bot)      # the cursor is on the forgotten game
        bot.press("down")
        bot.press("down")
        assert games.chosen == 2 and "Last seen: Ben" in drawn(bot)   # not answering: what was last seen
        bot.press("up")
        bot.press("up")
        assert games.chosen == 0 and my_games.load(storage)[-1]["forgotten"]
        bot.press_key(pyxel.KEY_DELETE)
        assert [e["code"] for e in my_games.load(storage)] == ["SILENT12", "DOWN1234"]
        assert [e["code"] for e in games.entries] == ["DOWN1234", "SILENT12"]
