"""Take the network screenshots shown in the README and docs/network-window.md
(headless Pyxel, a real server on 127.0.0.1), and measure the game screen's
frames while the server's messages arrive.

    python docs/make_network_screenshots.py [OUT_DIR]

Writes net-menu.png (Network game), net-host.png (Host a game), net-room.png
(the waiting room with the invite), net-join.png (Join a game), net-game.png
(a live game in progress: the status line's clock, each player's connection
and the running clock in the players box), net-game-menu.png (the game menu
over a network game, at another's turn), net-host-gone.png (the host's
server gone mid-game: what the friend's window says), net-games.png (My
games), net-cannot-reach.png (Join a game at an address nobody answers)
and net-open.png (Open games on a server: a game listed on a `retrocatan
serve` process), by keys through the test robot: one
window hosts, a second joins with the code it shows, two computers fill the
other seats. Then both windows play the game at the default speed with
animations on to turn 16 (the computers at the live pace's second a move),
and the time of every frame of the game screens (update and draw) is
printed: the most, the 99th percentile, and how many took over 50 ms.
"""

import os
import sys
import time

from picture_window import HERE, OUT, ROOT, pyxel  # noqa: E402, F401  (Pyxel started headless, no pointer)
from test_net_window import until  # noqa: E402
from test_ui_sea import SeaRobot  # noqa: E402

from retrocatan.storage import MemoryStorage  # noqa: E402
from retrocatan.ui.app import App  # noqa: E402
from retrocatan.ui.net import host  # noqa: E402
from retrocatan.ui.prompts.net_trouble import TroubleBox  # noqa: E402
from retrocatan.ui.scenes.end import EndScene  # noqa: E402
from retrocatan.ui.scenes.network_game import NetGameScene  # noqa: E402
from retrocatan.ui.scenes.network_room import RoomScene  # noqa: E402

TURNS = 16          # the game screens are timed until this turn (live: the computers take a second a move)


def shot(name: str) -> None:
    pyxel.screenshot(os.path.join(OUT, name), 1)


def typed(bot, scene, value, attr_text: str, text: str) -> None:
    bot.choose(scene.menu, value)
    for _ in range(len(attr_text)):
        bot.press_key(pyxel.KEY_BACKSPACE)
    pyxel.set_input_text(text)
    bot.frame()
    pyxel.set_input_text("")
    bot.press_key(pyxel.KEY_RETURN)


class TimedRobot(SeaRobot):
    """The sea robot; every frame of a game screen is timed (``times``, seconds)."""

    times: list

    def frame(self) -> None:
        scene = self.app.scene
        game = isinstance(scene, NetGameScene)
        step = scene.session.net.step if game else None
        start = time.perf_counter()
        self.app.update()
        self.app.draw()
        took = time.perf_counter() - start
        pyxel.flip()
        self.frames += 1
        if game:
            self.times.append(took)
            if took > 0.05 and "--why" in sys.argv:
                print(f"{took * 1000:.0f} ms: frame {scene.frame}, steps {step}->{scene.session.net.step}, "
                      f"{len(scene.anims)} animations")


def main() -> None:
    times: list[float] = []
    apps = [App(can_quit=False, storage=MemoryStorage()) for _ in range(2)]
    bots = [TimedRobot(a, "keyboard") for a in apps]
    for b in bots:
        b.times = times
    anna, ben = bots
    anna.frame()
    anna.press_key(pyxel.KEY_G)
    shot("net-menu.png")
    anna.press_key(pyxel.KEY_H)
    scene = apps[0].scene
    typed(anna, scene, "name", scene.name, "Anna")
    while scene.boards()[scene.board] != "four-islands":
        anna.choose(scene.menu, "board", adjust=1)
    anna.frame()
    shot("net-host.png")
    anna.choose(scene.menu, "go")
    until(bots[:1], lambda: isinstance(apps[0].scene, RoomScene) and (apps[0].scene.net.table or {}).get("code"))
    room = apps[0].scene
    anna.frame()
    shot("net-room.png")
    server = host.hosted(apps[0].storage)
    ben.frame()
    ben.press_key(pyxel.KEY_G)
    ben.press_key(pyxel.KEY_J)
    join = apps[1].scene
    typed(ben, join, "url", join.fields["url"], server.url())
    typed(ben, join, "code", join.fields["code"], room.net.table["code"])
    typed(ben, join, "name", join.fields["name"], "Ben")
    until([ben], lambda: join.table is not None)        # the game's colours, Blue taken by Anna
    ben.choose(join.menu, "colour", adjust=1)
    ben.frame()
    shot("net-join.png")
    ben.choose(join.menu, "go")
    until(bots, lambda: all(s.get("kind") != "open" for s in (room.net.table or {}).get("seats", [])))
    until(bots, lambda: next(it for it in room.menu.items if it.value == "start").enabled)
    anna.press_key(pyxel.KEY_P)
    until(bots, lambda: all(isinstance(a.scene, NetGameScene) for a in apps))
    took_game = False
    for _ in range(400_000):
        if all(isinstance(a.scene, EndScene) for a in apps) or (
                took_game and apps[0].scene.session.view.turn >= TURNS):
            break
        for i, (a, b) in enumerate(zip(apps, bots)):
            sc = a.scene
            if not isinstance(sc, NetGameScene):
                b.frame()
                continue
            s = sc.session
            if (i == 0 and not took_game and s.view.turn >= 5 and s.game.decider == 1 and s.time_left()
                    and s.time_left()[1] < 80):
                took_game = True
                a.draw()
                shot("net-game.png")
            b.step(sc)
    print(f"game screen frames: {len(times)}, most {max(times) * 1000:.1f} ms, "
          f"99th percentile {sorted(times)[int(len(times) * 0.99)] * 1000:.1f} ms, "
          f"over 50 ms: {sum(x > 0.05 for x in times)}")
    # The game menu over Ben's game at another's turn (the game goes on at the server meanwhile).
    for _ in range(100_000):            # the windows play on to a computer's turn
        if apps[1].scene.session.is_computer(apps[1].scene.session.game.decider):
            break
        for a, b in zip(apps, bots):
            b.step(a.scene)
    ben.press("back")
    ben.frame()
    shot("net-game-menu.png")
    ben.press("back")
    # The host's server goes away mid-game (and comes back): Ben's window says so, and what happens.
    port = host._HOSTED[0].port
    for server in host._HOSTED:
        server.stop()
    host._HOSTED.clear()
    until(bots, lambda: isinstance(apps[1].scene.prompt, TroubleBox))
    apps[1].draw()
    shot("net-host-gone.png")
    host.hosted(apps[0].storage, port)
    until(bots, lambda: all(a.scene.session.link_text() is None for a in apps))
    # My games.
    apps[1].switch_to("net_games")
    for _ in range(600):
        ben.frame()
        if apps[1].scene.asking is None and apps[1].scene.pictures:
            break
    ben.frame()
    shot("net-games.png")
    for server in host._HOSTED:
        server.stop()
    anna.press_key(pyxel.KEY_ESCAPE)
    cannot_reach()
    open_games()


def cannot_reach() -> None:
    """Join a game at an address nobody answers: "Cannot reach ADDRESS", every line kept."""
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = App(can_quit=False, storage=MemoryStorage())
    bot = SeaRobot(app, "keyboard")
    bot.frame()
    bot.press_key(pyxel.KEY_G)
    bot.press_key(pyxel.KEY_J)
    join = app.scene
    typed(bot, join, "url", join.fields["url"], f"127.0.0.1:{port}")
    typed(bot, join, "code", join.fields["code"], "K7QX2M9P")
    typed(bot, join, "name", join.fields["name"], "Ben")
    bot.choose(join.menu, "go")
    until([bot], lambda: join.joining is None)
    bot.frame()
    shot("net-cannot-reach.png")


def open_games() -> None:
    """Open games on a server: two games listed on a `retrocatan serve` process, one chosen."""
    import asyncio
    import tempfile

    from netplay import ServerProcess

    from retrocatan.net.client import one_request
    with tempfile.TemporaryDirectory() as folder, ServerProcess(os.path.join(folder, "games.sqlite3")) as server:
        async def make():
            for config, pace in (({"players": 4, "scenario": "four-islands"}, "post"), ({"players": 3}, "live")):
                await one_request(server.url, {"type": "create", "config": config, "pace": pace, "start": "owner",
                                               "seats": [{"kind": "open"}] * config["players"], "listed": True})
        asyncio.run(make())
        app = App(can_quit=False, storage=MemoryStorage())
        bot = SeaRobot(app, "keyboard")
        bot.frame()
        bot.press_key(pyxel.KEY_G)
        bot.press_key(pyxel.KEY_O)
        scene = app.scene
        typed(bot, scene, "url", scene.fields["url"], server.url)
        until([bot], lambda: scene.request is None)
        bot.press("down")
        bot.press("down")
        bot.frame()
        shot("net-open.png")


if __name__ == "__main__":
    main()
