"""Pixel record of the window: plays scripted games through the test robot
(headless) and writes the hash of every frame drawn, plus PNG screenshots of
named situations, into a folder. Two such folders (before and after a change
to the screen's code) compare with ``--compare``.

    python docs/pixel_check.py OUT_DIR
    python docs/pixel_check.py --compare BEFORE_DIR AFTER_DIR

The situations: title, setup, founding, the board mid-game, the offer editor,
a discard, a robber pick, a computer's offer, the end screen, a hot-seat
hand-over, a mouse game, six players, the German edition.
"""

import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def compare(before: str, after: str) -> int:
    """Frame hashes and screenshots of two runs; 0 when all are identical."""
    with open(os.path.join(before, "frames.json")) as f:
        a = json.load(f)
    with open(os.path.join(after, "frames.json")) as f:
        b = json.load(f)
    bad = 0
    for run in sorted(set(a) | set(b)):
        fa, fb = a.get(run, []), b.get(run, [])
        diff = next((i for i, (x, y) in enumerate(zip(fa, fb)) if x != y), None)
        if diff is None and len(fa) == len(fb):
            print(f"{run}: {len(fa)} frames identical")
        else:
            bad += 1
            print(f"{run}: {len(fa)} vs {len(fb)} frames, first difference at frame {diff}")
    for name in sorted(os.listdir(before)):
        if name.endswith(".png"):
            with open(os.path.join(before, name), "rb") as f1:
                x = f1.read()
            other = os.path.join(after, name)
            y = b""
            if os.path.exists(other):
                with open(other, "rb") as f2:
                    y = f2.read()
            same = x == y
            bad += not same
            print(f"{name}: {'identical' if same else 'DIFFERENT'}")
    return 1 if bad else 0


def record(out: str) -> None:
    from retrocatan.engine import phases
    from retrocatan.storage import MemoryStorage
    from retrocatan.ui.app import App, init_pyxel
    init_pyxel(headless=True)
    import pyxel
    from ui_robot import Robot

    from retrocatan.ui.scenes.end import EndScene
    from retrocatan.ui.scenes.title import TitleScene
    from retrocatan.ui.text import set_language

    os.makedirs(out, exist_ok=True)
    frames: dict[str, list[str]] = {}

    class Recorder(Robot):
        run = "start"

        def frame(self) -> None:
            super().frame()
            frames.setdefault(self.run, []).append(hashlib.md5(bytes(pyxel.screen.data_ptr())).hexdigest()[:12])

    def shot(name: str) -> None:
        pyxel.screenshot(os.path.join(out, name), 1)

    def ready(sc) -> bool:
        g = sc.session.game
        return sc.session.waiting_for_human() and sc.mode == "menu" and sc.seen == len(g.history)

    def play(bot, players, seats, seed, tag, trade_at=None, speed=3, max_frames=80_000) -> None:
        bot.run = tag
        bot.new_game(players, seats, seed)
        bot.app.scene.session.speed = speed        # below 3 the screen animates events
        taken = set()
        start = bot.frames
        while not isinstance(bot.app.scene, EndScene) and bot.frames - start < max_frames:
            sc = bot.app.scene
            g = sc.session.game
            wait = sc.session.waiting_for_human() and sc.seen == len(g.history)
            for ph, name in ((phases.SETUP_SETTLEMENT, "founding"), (phases.DISCARD, "discard"),
                             (phases.ROBBER, "robber"), (phases.OFFER_RESPONSE, "offer")):
                if wait and g.phase == ph and name not in taken and sc.mode != "handover":
                    taken.add(name)
                    shot(f"{tag}-{name}.png")
            if wait and sc.mode == "handover" and "handover" not in taken:
                taken.add("handover")
                shot(f"{tag}-handover.png")
            if trade_at and "board" not in taken and g.state.turn >= trade_at and ready(sc) and g.phase == "main":
                bot.frame()
                shot(f"{tag}-board.png")
                taken.add("board")
                bot.choose(sc.menu, "offer")
                for key in ("right", "down", "down", "down", "down", "down", "down", "right"):
                    bot.press(key)
                bot.frame()
                shot(f"{tag}-trade.png")
                bot.press("back")
                if any(it.value == "bank" and it.enabled for it in sc.menu.items):
                    bot.choose(sc.menu, "bank")
                    shot(f"{tag}-bank.png")
                    bot.press("ok")
                    shot(f"{tag}-bank-get.png")
                    bot.press("back")
                    bot.press("back")
                bot.press("back")           # the game menu
                shot(f"{tag}-menu.png")
                bot.press("ok")             # its first item: save
                shot(f"{tag}-slots.png")
                bot.press("back")
                bot.press("back")
            bot.step(sc)
        bot.frame()
        shot(f"{tag}-end.png")

    def new_app():
        app = App(can_quit=False, storage=MemoryStorage())
        app.new_seed = lambda: 4242         # the set-up screen shows a seed taken from the clock
        return app

    app = new_app()
    bot = Recorder(app, "keyboard")
    bot.run = "title"
    bot.frame()
    shot("title.png")
    bot.choose(app.scene.menu, "new")
    bot.frame()
    shot("setup.png")
    app.switch(TitleScene(app))
    play(bot, 4, ["human", "hard", "hard", "hard"], 11, "keys", trade_at=30)
    app.switch(TitleScene(app))
    play(bot, 3, ["human", "human", "hard"], 5, "hotseat")
    app.switch(TitleScene(app))
    play(bot, 6, ["human", "hard", "normal", "easy", "hard", "hard"], 6, "six")
    mouse = Recorder(new_app(), "mouse")
    mouse.frame()
    play(mouse, 4, ["human", "hard", "hard", "hard"], 11, "mouse")
    pad = Recorder(new_app(), "gamepad")
    pad.frame()
    play(pad, 4, ["human", "easy", "normal", "hard"], 21, "pad", speed=2)
    set_language("de")
    app.settings["language"] = "de"
    app.switch(TitleScene(app))
    play(bot, 4, ["human", "hard", "hard", "hard"], 11, "de", trade_at=24)
    set_language("en")
    app.demo_players, app.demo_seed = 6, 4
    app.start_demo(speed=2)
    bot.run = "demo"
    for _ in range(600):
        bot.frame()
    shot("demo-6.png")
    with open(os.path.join(out, "frames.json"), "w") as f:
        json.dump(frames, f)
    print({k: len(v) for k, v in frames.items()})


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        try:
            sys.exit(compare(sys.argv[2], sys.argv[3]))
        except (OSError, ValueError) as exc:
            print(f"pixel_check: cannot compare: {exc}", file=sys.stderr)
            sys.exit(2)
    if len(sys.argv) != 2:
        print("usage: pixel_check.py OUT_DIR | --compare BEFORE AFTER", file=sys.stderr)
        sys.exit(2)
    record(sys.argv[1])
