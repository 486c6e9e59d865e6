"""Screenshots of the newcomer's helps (headless Pyxel, keys only):

    python docs/make_newcomer_screenshots.py [OUT_DIR]

Writes help.png (F1 on the person's turn), pick.png (the cursor with the
ghost settlement, marked), discard.png (the one-screen discard after a 7),
advisor.png (the advisor's move on the board) and offer.png (the offer
editor with the hand), into docs/ or OUT_DIR.
"""

import os

from picture_window import HERE, OUT, ROOT, pyxel  # noqa: E402, F401  (Pyxel started headless, no pointer)
from ui_robot import Robot  # noqa: E402

from retrocatan.engine import GameConfig, phases  # noqa: E402
from retrocatan.storage import MemoryStorage  # noqa: E402
from retrocatan.ui.app import App  # noqa: E402
from retrocatan.ui.scenes.game import GameScene  # noqa: E402
from retrocatan.ui.session import GameSession, SeatSpec  # noqa: E402


def shot(name: str) -> None:
    pyxel.screenshot(os.path.join(OUT, name), 1)


def tap(bot, key) -> None:
    pyxel.set_btn(key, True)
    bot.frame()
    pyxel.set_btn(key, False)
    bot.frame()


def until(bot, scene, done) -> None:
    for _ in range(50_000):
        if done():
            return
        bot.step(scene)
    raise SystemExit("never reached")


def person(scene, phase) -> bool:
    g = scene.session.game
    return g.phase == phase and g.decider == 0 and scene.seen == len(g.history) and not scene.handover


def set_hand(scene, bot, hand) -> None:
    g = scene.session.game
    st = g.state
    for r in range(5):
        st.bank[r] += st.hands[0][r] - hand[r]
    st.hands[0] = list(hand)
    g._legal = None
    g.forget_views()
    scene.seen = -1
    bot.frame()


def main() -> None:
    app = App(can_quit=False, storage=MemoryStorage())
    names = ["Anna", "Bernd", "Clara", "Dieter"]
    kinds = ["human", "hard", "hard", "hard"]
    session = GameSession(GameConfig(players=4, seed=11), [SeatSpec(k, n) for k, n in zip(kinds, names)], speed=3)
    scene = GameScene(app, session)
    app.switch(scene)
    bot = Robot(app, "keyboard")
    until(bot, scene, lambda: person(scene, phases.SETUP_SETTLEMENT))
    bot.press("right")
    bot.press("ok")                   # marked: the ghost turns solid, the hint asks for Enter again
    for _ in range(6):
        bot.frame()
    shot("pick.png")
    bot.press("back")
    until(bot, scene, lambda: person(scene, phases.MAIN) and scene.session.game.state.turn >= 9)
    tap(bot, pyxel.KEY_F1)
    shot("help.png")
    bot.press("back")
    set_hand(scene, bot, [3, 2, 1, 2, 0])
    tap(bot, pyxel.KEY_T)
    bot.choose(scene.prompt.menu, ("give", 0), adjust=1)
    bot.choose(scene.prompt.menu, ("get", 4), adjust=1)
    shot("offer.png")
    bot.press("back")
    set_hand(scene, bot, [2, 2, 1, 1, 0])
    tap(bot, pyxel.KEY_I)
    for _ in range(4):
        bot.frame()
    shot("advisor.png")
    bot.press("back")
    until(bot, scene, lambda: person(scene, phases.ROLL))
    set_hand(scene, bot, [4, 3, 2, 1, 1])
    scene.session.game.fix_dice([(3, 4)])
    tap(bot, pyxel.KEY_R)
    until(bot, scene, lambda: person(scene, phases.DISCARD))
    screen = scene.prompt
    bot.choose(screen.menu, ("res", 0), adjust=1)
    bot.choose(screen.menu, ("res", 0), adjust=1)
    bot.choose(screen.menu, ("res", 1), adjust=1)
    bot.frame()
    shot("discard.png")


if __name__ == "__main__":
    main()
