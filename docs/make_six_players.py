"""Take docs/six-players.png: a six-player game on the base island's 5-6
extension, mid-game, every player's pieces on the board with their
colour and their seat's pips (headless Pyxel; the window's demo game).

    python docs/make_six_players.py [OUT_FILE]
"""

import os
import sys

from picture_window import HERE, OUT, ROOT, pyxel  # noqa: E402, F401  (Pyxel started headless, no pointer)
from ui_robot import Robot  # noqa: E402

from retrocatan.storage import MemoryStorage  # noqa: E402
from retrocatan.ui.app import App  # noqa: E402

TURN = 24           # the picture is taken at the start of this turn


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "six-players.png")
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    app.demo_players, app.demo_seed = 6, 4
    app.start_demo(speed=3)
    game = app.scene.session.game
    for _ in range(20_000):
        bot.frame()
        if game.state.turn >= TURN and not app.scene.anims:
            break
    pyxel.screenshot(out, 1)


if __name__ == "__main__":
    main()
