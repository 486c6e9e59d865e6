"""Network play in the window by keys (issue 45): a window hosts a game by
keys (its own server), a friend's window joins with the code it shows, the
host starts the game, and a third window watches by the code. The whole
game by two window processes, through a server killed and a window killed,
is tests/test_net_processes.py."""

from __future__ import annotations

import asyncio
import gc

import pytest
import pyxel
from net_window_process import join_by_keys, until
from netplay import ServerThread
from test_ui_sea import SeaRobot

from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.scenes.network_game import NetGameScene
from retrocatan.ui.scenes.network_room import RoomScene

__all__ = ["join_by_keys", "until"]       # tests/test_net_post.py and the screenshots join by these


@pytest.mark.timeout(300)
def test_a_window_hosts_by_keys_a_friend_joins_with_the_code_it_shows_and_the_host_starts(pyxel_headless):
    from retrocatan.ui.net import host
    from retrocatan.ui.scenes.network_host import HostScene
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


def finished_game(url: str) -> tuple[dict, str]:
    """A base game of three network computers (Anna, Ben, Cleo) played to its end; the game and
    Anna's seat token."""
    from retrocatan.clients.bot import Bot
    from retrocatan.net.client import create_game

    async def play():
        got = await create_game(url, {"players": 3}, clocks={"computer_delay": 0}, start="full")
        bots = [Bot(url, got["code"], "easy", name=name, colour=i) for i, name in enumerate(("Anna", "Ben", "Cleo"))]
        await asyncio.gather(*(b.play(240) for b in bots))
        return got, bots[0].seat.token
    return asyncio.run(play())



@pytest.mark.timeout(300)
def test_a_finished_network_game_opens_from_my_games_in_the_replay_viewer_stage_by_stage(pyxel_headless, tmp_path):
    """Issue 45, item 6: every stage of a network game's record opens in the replay viewer, from
    My games, by keys, pad or mouse, with the seats' names."""
    from retrocatan.engine.actions import parse_action
    from retrocatan.engine.game import Game
    from retrocatan.engine.replay import GameRecord
    from retrocatan.net.client import one_request
    from retrocatan.ui.net import games as my_games
    from retrocatan.ui.scenes.network_games import GamesScene
    from retrocatan.ui.scenes.replay import ReplayScene
    gc.collect()        # windows of earlier tests go on this thread, not on a server's (Pyxel's images)
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got, token = finished_game(server.url)
        record = asyncio.run(one_request(server.url, {"type": "record", "game": got["game"]}))["record"]
        rec = GameRecord.from_json(record)
        for device in ("keyboard", "gamepad", "mouse"):
            app = App(can_quit=False, storage=MemoryStorage())
            my_games.keep(app.storage, {"url": server.url, "token": token, "code": got["code"], "game": got["game"],
                                        "name": "Anna", "seat": 0, "status": "over"})
            bot = SeaRobot(app, device)
            bot.press_key(pyxel.KEY_G)
            bot.press_key(pyxel.KEY_M)
            games = app.scene
            assert isinstance(games, GamesScene)
            until([bot], lambda: games.pictures.get(token) is not None)        # the board, and the names with it
            if device == "keyboard":
                bot.press_key(pyxel.KEY_R)
            else:
                bot.choose(games.menu, "replay")
            until([bot], lambda: isinstance(app.scene, ReplayScene))
            replay = app.scene
            assert replay.names == ["Anna", "Ben", "Cleo"]
            assert replay.timeline.length == len(rec.actions) and replay.index == 0
            if device != "keyboard":
                continue
            # Stage by stage: Right one decision, Down a whole turn; each stage is the game the rules reach.
            game = Game(rec.config)
            for i, action in enumerate(rec.actions[:12]):
                bot.press("right")
                game.apply(parse_action(action))
                assert replay.index == i + 1 and replay.game.state_hash() == game.state_hash()
            starts = replay.timeline.turn_starts
            turns = 0
            while replay.index < starts[-1]:        # Down: the next turn's start
                before = replay.index
                bot.press("down")
                assert replay.index > before and replay.index in starts
                turns += 1
            while replay.index < replay.timeline.length:       # the last turn decision by decision
                bot.press("right")
            assert turns > 3 and replay.game.over and replay.game.winner is not None
            bot.press("left")
            assert replay.index == replay.timeline.length - 1 and not replay.game.over
            bot.press("back")
            assert isinstance(app.scene, GamesScene)            # Esc: back to My games
        app = bot = games = replay = None
        gc.collect()


@pytest.mark.timeout(300)
def test_a_network_game_in_progress_shows_its_stages_so_far_from_my_games(pyxel_headless, tmp_path):
    """Issue 45, item 6, a game still going: My games' Replay line shows each stage so far as
    everyone may see it (the server's ``stage``, docs/protocol.md), stepped by keys."""
    from retrocatan.engine.game import Game
    from retrocatan.net.client import create_game, one_request
    from retrocatan.ui.scenes.network_games import GamesScene
    from retrocatan.ui.scenes.network_stages import StagesScene
    from retrocatan.words.names import computer_name
    gc.collect()
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                                      seats=[{"kind": "computer", "level": "easy"},
                                             {"kind": "computer", "level": "easy"}, {"kind": "open"}]))
        storage = MemoryStorage()
        bot = SeaRobot(App(can_quit=False, storage=storage), "keyboard")
        join_by_keys(bot, server.url, got["code"], "Cleo", 2)
        until([bot], lambda: isinstance(bot.app.scene, NetGameScene))
        for _ in range(20_000):             # Cleo founds by keys while the computers found theirs
            if bot.app.scene.session.net.step >= 4:
                break
            bot.step(bot.app.scene)
        bot.app.scene.session.net.stop()
        bot.app.scene.session.net.link.shutdown()

        def stage(step):
            answer = asyncio.run(one_request(server.url, {"type": "stage", "game": got["game"], "step": step}))
            return Game.from_json(answer["state"]).state_hash()

        bot = None
        gc.collect()
        bot = SeaRobot(App(can_quit=False, storage=storage), "keyboard")      # the window opened again
        bot.press_key(pyxel.KEY_G)
        bot.press_key(pyxel.KEY_M)
        assert isinstance(bot.app.scene, GamesScene)
        bot.press_key(pyxel.KEY_R)
        scene = bot.app.scene
        assert isinstance(scene, StagesScene)
        until([bot], lambda: scene.steps is not None)
        steps = scene.steps
        assert steps >= 4 and scene.step == steps        # the present first
        assert scene.names == [computer_name(0, "easy"), computer_name(1, "easy"), "Cleo"]
        bot.press_key(pyxel.KEY_HOME)
        until([bot], lambda: scene.step == 0)
        for i in range(1, steps + 1):
            bot.press("right")
            until([bot], lambda: scene.step == i)
            assert scene.game.state_hash() == stage(i)
        bot.press("right")                                 # the present is the last stage
        until([bot], lambda: scene.request is None)
        assert scene.step == steps
        bot.press("back")
        assert isinstance(bot.app.scene, GamesScene)
        bot = scene = None
        gc.collect()
