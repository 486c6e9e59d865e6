"""Take the screenshots shown in the README (headless Pyxel).

    python docs/make_screenshots.py [OUT_DIR]

Writes title.png, setup.png, board.png, trade.png, end.png, board-6.png,
de-board.png and de-offer.png (into docs/, or OUT_DIR) by playing a game
through the window's inputs (the test robot). ``docs/pixel_check.py``
records every frame of such games to compare two versions of the screen.

    python docs/make_screenshots.py --scenarios [OUT_DIR]

writes only the scenarios' pictures: setup-scenario.png (the new-game
screen with Fog Island chosen, its preview beside the choices), the
Seafarers maps as a player sees them mid-game at the default zoom:
scenario-<id>.png for every shipped scenario but the base island (New
World 5-6 with six players) and scenario-overview.png (the whole map, key
O, of New World 5-6).
"""

import os
import sys

from picture_window import HERE, OUT, ROOT, pyxel  # noqa: E402, F401  (Pyxel started headless, no pointer)
from ui_robot import Robot  # noqa: E402

from retrocatan.storage import MemoryStorage  # noqa: E402
from retrocatan.ui.app import App  # noqa: E402
from retrocatan.ui.scenes.end import EndScene  # noqa: E402


def shot(name: str) -> None:
    pyxel.screenshot(os.path.join(OUT, name), 1)


def main() -> None:
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    shot("title.png")
    bot.choose(app.scene.menu, "new")
    bot.frame()
    shot("setup.png")
    app.switch(type(app.scene)(app))
    from retrocatan.ui.scenes.title import TitleScene
    app.switch(TitleScene(app))
    bot.new_game(4, ["human", "hard", "hard", "hard"], seed=11)
    scene = app.scene
    g = scene.session.game
    took_board = took_trade = False
    while not isinstance(app.scene, EndScene):
        sc = app.scene
        if (not took_board and g.state.turn >= 30 and sc.session.waiting_for_human() and sc.mode == "menu"
                and g.phase == "main"):
            bot.frame()
            shot("board.png")
            took_board = True
            bot.choose(sc.menu, "offer")
            bot.press("right")
            bot.press("down")
            bot.press("down")
            bot.press("down")
            bot.press("down")
            bot.press("down")
            bot.press("down")
            bot.press("right")
            bot.frame()
            shot("trade.png")
            took_trade = True
            bot.press("back")
        bot.step(sc)
    bot.frame()
    shot("end.png")
    assert took_trade
    # A six-player board from the demo.
    app.demo_players, app.demo_seed = 6, 4
    app.start_demo(speed=3)
    for _ in range(400):
        bot.frame()
    shot("board-6.png")
    german(app, bot)


def german(app, bot) -> None:
    """The German edition: a board mid-game and an offer from the computer."""
    from retrocatan.engine import phases
    from retrocatan.ui.scenes.title import TitleScene
    from retrocatan.ui.text import set_language
    set_language("de")
    app.settings["language"] = "de"
    app.switch(TitleScene(app))
    bot.new_game(4, ["human", "hard", "hard", "hard"], seed=11)
    g = app.scene.session.game
    took_board = took_answer = False
    while not (took_board and took_answer) and not g.over:
        sc = app.scene
        if (not took_board and g.state.turn >= 24 and sc.session.waiting_for_human() and sc.mode == "menu"
                and g.phase == "main"):
            bot.frame()
            shot("de-board.png")
            took_board = True
        if (not took_answer and g.phase == phases.OFFER_RESPONSE and sc.mode == "dialog"
                and sc.session.waiting_for_human()):
            bot.frame()
            shot("de-offer.png")
            took_answer = True
        bot.step(sc)
    set_language("en")


def setup_scenario_shot() -> None:
    """The new-game screen for three players with Fog Island on the Board line."""
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "new")
    scene = app.scene
    while scene.players != 3:
        bot.choose(scene.menu, "players", adjust=-1)
    while scene.board != "fog-island":
        bot.choose(scene.menu, "board", adjust=1)
    scene.seed = 119785
    scene._build()
    bot.frame()
    shot("setup-scenario.png")


def scenario_shots(turn: int = 14) -> None:
    """Every shipped scenario mid-game: the first seat a person whose
    choices the Hard computer makes, the others Hard computers, until the
    person's main phase of turn ``turn``; the map scrolled to the person's
    buildings, as a player looks at it."""
    from retrocatan import scenarios
    from retrocatan.ai import make_player
    from retrocatan.engine import GameConfig
    from retrocatan.ui.scenes.game import GameScene
    from retrocatan.ui.session import GameSession, SeatSpec
    app = App(can_quit=False, storage=MemoryStorage())
    for sid in scenarios.available():
        if sid == "base-3-4":
            continue
        n = max(scenarios.load(sid).players)
        config = GameConfig(players=n, seed=3, **scenarios.options(sid, n))
        session = GameSession(config, [SeatSpec("human", "Anna")] + [SeatSpec("hard", name) for name in
                                                                     ("Bert", "Carla", "Dirk", "Eva", "Fritz")[:n - 1]],
                              speed=3)
        me = make_player("hard", config.seed, 0)
        scene = GameScene(app, session)
        app.switch(scene)
        g = session.game
        while not g.over and not (g.decider == 0 and g.phase == "main" and g.state.turn >= turn):
            if session.is_human(g.decider):
                session.submit(me.choose(g.seat_view(0)))
            else:
                session.tick(fast=True)
        session.events.clear()
        view = scene.view
        mine = [view.corner_px(c) for c, o in enumerate(g.state.corner_owner) if o == 0]
        if mine and view.scrolls:
            view.centre_on(sum(x for x, _ in mine) / len(mine), sum(y for _, y in mine) / len(mine))
        scene.frame = 1000          # past the first seconds' line naming the map's keys
        for _ in range(3):
            app.update()
            app.draw()
            pyxel.flip()
        shot(f"scenario-{sid}.png")
        if sid == "new-world-5-6":
            view.set_overview(True)
            app.update()
            app.draw()
            pyxel.flip()
            shot("scenario-overview.png")


if __name__ == "__main__":
    if "--scenarios" in sys.argv:
        setup_scenario_shot()
        scenario_shots()
    else:
        main()
