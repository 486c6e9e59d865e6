"""One game window as a process of its own, for tests/test_net_processes.py:
a headless window (its own user folder, so My games outlasts the process)
joins a network game by keys from the title screen, or opens it again from
My games by keys, and plays its seat by keys with the keyboard robot at sea
at the default computer speed with animations on, until the end screen.

    python tests/net_window_process.py --user DIR --report FILE
        (--join URL CODE NAME COLOUR | --reopen) [--buy]

It prints a JSON line to stdout at each new turn (``{"turn": n, "lost": b}``,
``lost``: the window says it is reconnecting), appends every text it draws
and whose hand it shows to ``FILE.drawn`` as it goes (a killed window's
frames are checked too), and writes ``FILE`` at the end: its seat, the
names, the winner, the connection's counts and the game screen's slowest
frame (a measure, never asserted: the test's processes share the cores).

Its helpers (joining by keys, the robot that buys cards, what a window drew
and the privacy check) serve tests/test_net_window.py too."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sys.path[:0] = [HERE, os.path.dirname(HERE)]

import pyxel  # noqa: E402
from test_ui_sea import SeaRobot  # noqa: E402

from retrocatan.engine.actions import parse_action  # noqa: E402
from retrocatan.engine.game import Game  # noqa: E402
from retrocatan.engine.replay import GameRecord  # noqa: E402
from retrocatan.net.client import one_request  # noqa: E402
from retrocatan.ui import boxes, font  # noqa: E402


def type_line(bot, scene, value, text: str) -> None:
    bot.choose(scene.menu, value)
    for _ in range(len(scene.fields[value])):           # what the line held is erased first
        bot.press_key(pyxel.KEY_BACKSPACE)
    pyxel.set_input_text(text)
    bot.frame()
    pyxel.set_input_text("")
    bot.press_key(pyxel.KEY_RETURN)


def join_by_keys(bot, url: str, code: str, name: str, colour: int) -> None:
    """Network game, Join a game: the address, the code, the name and the colour typed, then Connect."""
    from retrocatan.ui.scenes.network import NetworkScene
    from retrocatan.ui.scenes.network_join import JoinScene
    from retrocatan.ui.scenes.network_room import RoomScene
    bot.press_key(pyxel.KEY_G)
    assert isinstance(bot.app.scene, NetworkScene)
    bot.press_key(pyxel.KEY_J)
    scene = bot.app.scene
    assert isinstance(scene, JoinScene)
    type_line(bot, scene, "url", url)
    type_line(bot, scene, "code", code.lower())         # codes are typed case-blind
    type_line(bot, scene, "name", name)
    until([bot], lambda: scene.table is not None)       # the game's colours, as its table says
    for _ in range(7):
        if scene.colour == colour:
            break
        bot.choose(scene.menu, "colour", adjust=1)
    assert scene.colour == colour and scene.fields["name"] == name
    bot.choose(scene.menu, "go")
    until([bot], lambda: isinstance(bot.app.scene, RoomScene))


def reopen_by_keys(bot) -> None:
    """Network game, My games, the newest game chosen; "Since your last turn" read if shown."""
    from retrocatan.ui.scenes.network_game import NetGameScene
    from retrocatan.ui.scenes.network_games import GamesScene
    bot.press_key(pyxel.KEY_G)
    bot.press_key(pyxel.KEY_M)
    scene = bot.app.scene
    assert isinstance(scene, GamesScene) and scene.entries
    bot.choose(scene.menu, 0)
    until([bot], lambda: isinstance(bot.app.scene, NetGameScene))
    if bot.app.scene.since is not None:
        bot.press("ok")


def until(bots, cond, frames: int = 20_000) -> None:
    for _ in range(frames):
        if cond():
            return
        for b in bots:
            b.frame()
    raise AssertionError("waited too long")


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
    ``i``'s frames). ``setattr_``: how the drawing functions are replaced (pytest's
    ``monkeypatch.setattr`` in a test, ``setattr`` in a process of its own)."""

    def __init__(self, setattr_=setattr) -> None:
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
        setattr_(font, "text", text)
        setattr_(boxes, "hand_box", hand_box)

    def watch(self, i: int, bot) -> None:
        real = bot.frame

        def frame():
            self.now = i
            try:
                real()
            finally:
                self.now = None
        bot.frame = frame

    def drawn(self, seats: list[int]) -> dict[int, tuple[set, set]]:
        """Seat -> (texts, hands shown) of the windows ``0, 1, ...`` playing ``seats``."""
        return {seat: (self.texts.get(i, set()), self.hands.get(i, set())) for i, seat in enumerate(seats)}


def leaks(url: str, game: str, names, drawn: dict[int, tuple[set, set]]) -> list:
    """The private texts of the finished game (its record replayed with every secret) that a
    window drew though its seat may not read them, and the hands of other seats it showed
    (tests/test_ui_privacy.py's checks); ``drawn``: seat -> (texts, hands shown)."""
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
    for seat, (texts, hands) in drawn.items():
        found += [(seat, text) for text in texts if text in private and seat not in private[text]]
        found += [(seat, f"the hand of {p}") for p in hands if p != seat]
    return found


def read_drawn(path: str) -> tuple[set, set]:
    """The texts and hands a window process wrote to ``path`` (its report's ``.drawn``)."""
    texts: set = set()
    hands: set = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                got = json.loads(line)
            except ValueError:          # the last line of a killed window may be cut short
                continue
            texts.update(got.get("texts", ()))
            hands.update(got.get("hands", ()))
    return texts, hands


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", required=True, help="the window's user folder (My games, options)")
    ap.add_argument("--report", required=True)
    ap.add_argument("--join", nargs=4, metavar=("URL", "CODE", "NAME", "COLOUR"))
    ap.add_argument("--reopen", action="store_true", help="open the game again from My games")
    ap.add_argument("--buy", action="store_true", help="buy a development card whenever it can")
    args = ap.parse_args(argv)

    from retrocatan.storage import DirStorage
    from retrocatan.ui.app import App, init_pyxel
    from retrocatan.ui.net import games as my_games
    from retrocatan.ui.scenes.end import EndScene
    from retrocatan.ui.scenes.network_game import NetGameScene

    init_pyxel(headless=True)
    app = App(can_quit=False, storage=DirStorage(args.user))
    bot = (BuyingRobot if args.buy else SeaRobot)(app, "keyboard")
    eyes = Eyes()
    eyes.watch(0, bot)
    drawn = open(args.report + ".drawn", "a", encoding="utf-8")
    put_texts: set = set()
    put_hands: set = set()
    slowest = [0.0]
    over_50ms = [0]
    watched = bot.frame

    def frame():
        start = time.perf_counter()
        watched()
        if isinstance(app.scene, NetGameScene):
            took = time.perf_counter() - start
            slowest[0] = max(slowest[0], took)
            over_50ms[0] += took > 0.05
        texts, hands = eyes.texts.get(0, set()), eyes.hands.get(0, set())
        if len(texts) != len(put_texts) or len(hands) != len(put_hands):    # on disk before the next frame
            drawn.write(json.dumps({"texts": sorted(texts - put_texts), "hands": sorted(hands - put_hands)}) + "\n")
            drawn.flush()
            put_texts.update(texts)
            put_hands.update(hands)
    bot.frame = frame

    if args.reopen:
        reopen_by_keys(bot)
    else:
        url, code, name, colour = args.join
        join_by_keys(bot, url, code, name, int(colour))
        until([bot], lambda: isinstance(app.scene, NetGameScene))
    turn = -1
    away = False
    lost: list[str] = []
    for _ in range(1_000_000):
        scene = app.scene
        if isinstance(scene, EndScene):
            break
        if isinstance(scene, NetGameScene):
            s = scene.session
            assert scene.shown_player() == s.seat and not scene.handover        # each machine its own seat
            now_away = bool(s.link_text())
            if now_away and s.status() not in lost:
                lost.append(s.status())
            if s.view.turn != turn or now_away != away:
                turn, away = s.view.turn, now_away
                print(json.dumps({"turn": turn, "lost": away}), flush=True)
            if now_away:
                # The window goes on drawing while it reconnects; nobody decides. At a window's own
                # pace, not flat out: the server being started again needs the cores.
                time.sleep(1 / 60)
                bot.frame()
                continue
            reconnects = s.net.reconnects
            try:
                bot.step(scene)
            except AssertionError:
                # The connection dropped in the middle of the robot's keys (the menu greyed under
                # them): the decision is taken again once the window is back.
                if not (s.link_text() or s.net.reconnects != reconnects):
                    raise
        else:
            bot.frame()
    else:
        raise AssertionError("the game did not end")
    s = app.scene.session
    report = {"seat": s.seat, "names": [s.name(p) for p in range(s.game.config.players)],
              "winner": s.game.winner, "game": s.net.game_id, "reconnects": s.net.reconnects,
              "gaps": s.net.gaps, "duplicates": s.net.duplicates, "lost": lost, "frames": bot.frames,
              "slowest_frame_ms": round(slowest[0] * 1000, 1), "frames_over_50ms": over_50ms[0],
              "kept": my_games.load(app.storage)}
    s.net.stop()
    s.net.link.shutdown()
    drawn.close()
    with open(args.report, "w", encoding="utf-8") as f:
        json.dump(report, f)
    print(json.dumps({"over": True}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
