"""Seafarers in the game window (issue 15 item 5): a person builds and moves
ships, chooses road or ship on a coast edge, moves the pirate and robs a
ship owner, and chooses gold, by keys, pad and mouse -- all from exact
positions (tests/sea_positions.py), driven through the real window. Then a
whole game on a scenario map played by keyboard to the end screen, at this
machine and as a network game."""

import pytest
import pyxel
from sea_positions import coast_corners, sea_position
from sessions import SESSIONS, open_game
from ui_robot import Robot

from retrocatan.engine import Action, Game, GameConfig
from retrocatan.engine.components import BRICK, COAL, SHEEP, TERRAIN_RESOURCE, WHEAT, WOOD
from retrocatan.engine.seafarers import actions as A
from retrocatan.engine.seafarers import phases
from retrocatan.scenarios import options as scenario_options
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.prompts.bank import BankGet, BankGive
from retrocatan.ui.prompts.robber import RobberPick, Victims
from retrocatan.ui.prompts.sea import GoldChoice, MoveShipFrom, MoveShipTo, RoadOrShip, RoutePick, ShipPick
from retrocatan.ui.scenes.end import EndScene
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.text import set_language, t
from tests.test_seafarers import SHIP_HAND, _open_sea_start


def window(game: Game, kinds=("human", "hard", "hard")):
    """The game window on ``game`` (seat 0 a person unless told), settled on
    the person's first decision."""
    app = App(can_quit=False, storage=MemoryStorage())
    session = GameSession(game.state.config, [SeatSpec(k, f"P{i + 1}") for i, k in enumerate(kinds)], speed=3,
                          resume=game)
    scene = GameScene(app, session)
    app.switch(scene)
    return app, scene


def settle(bot: Robot, scene: GameScene) -> None:
    for _ in range(5):
        bot.frame()
    assert scene.seen == len(scene.session.game.history)


def key(bot: Robot, k: int) -> None:
    pyxel.set_btn(k, True)
    bot.frame()
    pyxel.set_btn(k, False)
    bot.frame()
    bot.inputs += 1


def tab_to(bot: Robot, pick, place, tab=pyxel.KEY_TAB) -> None:
    """Tab (or the pad's Back button) until the cursor is on ``place``."""
    for _ in range(len(pick.ids) + 1):
        if pick.cursor == place:
            return
        key(bot, tab)
    assert pick.cursor == place, "the place is not among the pick's"


def far_coast_corner(game, c: int, avoid_edges) -> int:
    """A founding coast corner sharing no hex with ``c`` (a second harbour town)."""
    geo = game.state.geo
    near = set(geo.corner_hexes[c])
    return next(x for x in coast_corners(game) if not near & set(geo.corner_hexes[x])
                and not set(geo.corner_edges[x]) & set(avoid_edges))


# --- building a ship ------------------------------------------------------------------------------
def test_a_person_builds_a_ship_by_keys_with_a_ship_preview(pyxel_headless):
    game = sea_position()
    c, line = _open_sea_start(game)
    g = sea_position(buildings=[(0, c, 1, True)], hands={0: SHIP_HAND})
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    item = next(it for it in scene.menu.items if it.value == "ship")
    assert item.enabled and item.key == "5" and t("cost.ship") in item.label
    key(bot, pyxel.KEY_5)
    pick = scene.prompt
    assert isinstance(pick, ShipPick) and scene.mode == "pick"
    assert set(pick.ids) == {a.a for a in g.seat_view(0).legal if a.kind == A.SHIP}
    tab_to(bot, pick, line[0])
    # The cursor shows a ship's ghost; the first Enter marks, the second builds.
    assert pick.highlight()[1][2] == "ship" and pick.hint() == t("pick.hint.ship")
    bot.press("ok")
    assert pick.marked == line[0] and not g.seat_view(0).ships
    bot.press("ok")
    assert (line[0], 0) in g.seat_view(0).ships and g.history[-1] == Action(A.SHIP, line[0])
    assert scene.prompts == [] and scene.mode == "menu"


def test_the_ship_preview_is_drawn_on_the_cursor_edge(pyxel_headless):
    game = sea_position()
    c, line = _open_sea_start(game)
    g = sea_position(buildings=[(0, c, 1, True)], hands={0: SHIP_HAND})
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    key(bot, pyxel.KEY_5)
    pick = scene.prompt
    tab_to(bot, pick, line[0])
    bot.press("ok")                        # marked: the ghost is drawn solid
    px, py = scene.view.edge_px(line[0])

    def around():
        return [pyxel.pget(int(px) + dx, int(py) + dy) for dx in range(-6, 7) for dy in range(-10, 3)]
    scene.draw()
    with_ship = around()
    pick.piece_at = lambda place: None      # the same cursor without the piece
    scene.draw()
    assert around() != with_ship


def test_the_mouse_builds_a_ship_and_answers_road_or_ship(pyxel_headless):
    game = sea_position()
    c, line = _open_sea_start(game)
    g = sea_position(buildings=[(0, c, 1, True)], hands={0: SHIP_HAND})
    app, scene = window(g)
    mouse = Robot(app, "mouse")
    settle(mouse, scene)
    mouse.choose(scene.menu, "ship")
    assert isinstance(scene.prompt, ShipPick)
    mouse.click(*scene.view.edge_px(line[0]))
    assert scene.prompt.marked == line[0]
    mouse.click(*scene.view.edge_px(line[0]))
    assert (line[0], 0) in g.seat_view(0).ships
    # Founding: a click on a coast edge, then on "Ship" in the small box.
    g = Game(GameConfig(players=3, seed=4, **scenario_options("new-shores", 3)))
    app, scene = window(g)
    mouse = Robot(app, "mouse")
    settle(mouse, scene)
    corner = next(x for x in coast_corners(g) if x in scene.prompt.ids)
    mouse.click(*scene.view.corner_px(corner))
    mouse.click(*scene.view.corner_px(corner))
    settle(mouse, scene)
    legal = g.seat_view(0).legal
    both = sorted({a.a for a in legal if a.kind == A.SHIP} & {a.a for a in legal if a.kind == A.ROAD})
    mouse.click(*scene.view.edge_px(both[0]))
    assert isinstance(scene.prompt, RoadOrShip)
    mouse.choose(scene.prompt.menu, Action(A.SHIP, both[0]))
    assert (both[0], 0) in g.seat_view(0).ships


# --- moving a ship --------------------------------------------------------------------------------
def test_a_person_moves_a_ship_in_two_steps_not_the_one_built_this_turn(pyxel_headless):
    game = sea_position()
    c, line = _open_sea_start(game)
    c2 = far_coast_corner(game, c, line)
    g = sea_position(buildings=[(0, c, 1, True), (0, c2, 1, True)], ships=[(0, line[0]), (0, line[1])],
                     hands={0: SHIP_HAND})
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    # A ship at the second harbour town, built this turn.
    key(bot, pyxel.KEY_5)
    pick = scene.prompt
    new = next(e for e in pick.ids if e in g.state.geo.corner_edges[c2])
    tab_to(bot, pick, new)
    bot.press("ok")
    bot.press("ok")
    assert (new, 0) in g.seat_view(0).ships
    settle(bot, scene)
    move = next(it for it in scene.menu.items if it.value == "move")
    assert move.enabled and move.key == "6"
    key(bot, pyxel.KEY_6)
    first = scene.prompt
    assert isinstance(first, MoveShipFrom) and first.ids == [line[1]]      # not the new ship, not line[0]
    assert first.highlight()[1][2] is None and first.hint() == t("pick.hint.move_from")
    bot.press("ok")                         # step 1 takes the ship at once
    second = scene.prompt
    assert isinstance(second, MoveShipTo) and scene.prompts == [first, second]
    assert line[1] not in second.ids and second.ids
    assert set(second.ids) == {a.b for a in g.seat_view(0).legal if a.kind == A.MOVE_SHIP and a.a == line[1]}
    bot.press("back")                       # back: another ship
    assert scene.prompt is first
    bot.press("ok")
    second = scene.prompt
    to = second.ids[-1]
    tab_to(bot, second, to)
    assert second.highlight()[1][2] == "ship"
    bot.press("ok")
    bot.press("ok")
    ships = dict(g.seat_view(0).ships)
    assert ships.get(to) == 0 and line[1] not in ships and g.history[-1] == Action(A.MOVE_SHIP, line[1], to)
    # Once a turn: the key now says why not.
    settle(bot, scene)
    assert not next(it for it in scene.menu.items if it.value == "move").enabled
    key(bot, pyxel.KEY_6)
    assert scene.prompts == [] and scene.message == t("refusal.ship_moved_already")


def test_a_ship_built_this_turn_does_not_move_and_the_key_says_why(pyxel_headless):
    game = sea_position()
    c, line = _open_sea_start(game)
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, line[0])], new_ships=[line[0]])
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    assert not next(it for it in scene.menu.items if it.value == "move").enabled
    key(bot, pyxel.KEY_6)
    assert scene.prompts == [] and scene.message == t("refusal.ship_not_movable")


# --- founding: road or ship -------------------------------------------------------------------------
def test_founding_on_a_coast_asks_road_or_ship(pyxel_headless):
    config = GameConfig(players=3, seed=4, **scenario_options("new-shores", 3))
    g = Game(config)
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    assert g.phase == phases.SETUP_SETTLEMENT and g.decider == 0
    pick = scene.prompt
    corner = next(x for x in coast_corners(g) if x in pick.ids)
    tab_to(bot, pick, corner)
    bot.press("ok")
    bot.press("ok")
    settle(bot, scene)
    assert g.phase == phases.SETUP_ROAD
    route = scene.prompt
    assert isinstance(route, RoutePick) and route.hint() == t("pick.hint.route")
    from retrocatan.ui import help
    assert help.prompt_page(scene) == "game.ship"
    legal = g.seat_view(0).legal
    ships = {a.a for a in legal if a.kind == A.SHIP}
    roads = {a.a for a in legal if a.kind == A.ROAD}
    assert ships and set(route.ids) == ships | roads        # ship edges are reachable in the founding
    both = sorted(ships & roads)
    assert both, "a coast corner with an edge for a road or a ship"
    tab_to(bot, route, both[0])
    bot.press("ok")                         # no mark: the question comes at once
    ask = scene.prompt
    assert isinstance(ask, RoadOrShip) and scene.prompts == [route, ask]
    assert [it.value for it in ask.menu.items] == [Action(A.ROAD, both[0]), Action(A.SHIP, both[0])]
    # The small box leaves the edge in sight, with the piece of the chosen line on it.
    ex, ey = scene.view.edge_px(both[0])
    bx, by = ask.box
    assert not (bx - 12 <= ex <= bx + ask.W + 12 and by - 12 <= ey <= by + ask.H + 12)
    assert ask.highlight()[1][2] == "road"
    bot.press("down")
    assert ask.highlight()[1][2] == "ship" and scene.prompt is ask
    bot.press("up")
    bot.press("back")                       # another edge
    assert scene.prompt is route and route.cursor == both[0]
    bot.press("ok")
    bot.choose(scene.prompt.menu, Action(A.SHIP, both[0]))
    assert g.history[-1] == Action(A.SHIP, both[0]) and (both[0], 0) in g.seat_view(0).ships


def test_road_building_offers_ships(pyxel_headless):
    from retrocatan.engine.components import ROAD_BUILDING
    game = sea_position()
    c, line = _open_sea_start(game)
    g = sea_position(buildings=[(0, c, 1, True)])
    g.state.dev_hand[0][ROAD_BUILDING] += 1
    g.refresh()
    g.forget_views()
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    bot.choose(scene.menu, "play")
    bot.choose(scene.prompt.menu, A.ROAD_BUILDING)
    settle(bot, scene)
    assert g.phase == phases.ROAD_BUILDING
    route = scene.prompt
    assert isinstance(route, RoutePick) and line[0] in route.ids
    tab_to(bot, route, line[0])
    bot.press("ok")
    if isinstance(scene.prompt, RoadOrShip):
        bot.choose(scene.prompt.menu, Action(A.SHIP, line[0]))
    else:
        bot.press("ok")
    assert (line[0], 0) in g.seat_view(0).ships


# --- the pirate, by the pad -------------------------------------------------------------------------
def test_the_pad_moves_the_pirate_and_robs_a_ship_owner(pyxel_headless):
    game = sea_position()
    st = game.state
    c, line = _open_sea_start(game)
    sea_hex = next(h for h in st.geo.edge_hexes[line[1]] if h >= st.board.nland)
    g = sea_position(buildings=[(1, c, 1, True)], ships=[(1, line[0]), (1, line[1])], hands={1: (0, 0, 0, 2, 0)},
                     phase="robber", current=0)
    app, scene = window(g)
    bot = Robot(app, "gamepad")
    settle(bot, scene)
    pick = scene.prompt
    assert isinstance(pick, RobberPick) and pick.hint() == t("pick.hint.pirate")
    land = next(h for h in pick.ids if h < st.board.nland)
    assert sea_hex in pick.ids and land in pick.ids     # one pick over land and sea
    tab_to(bot, pick, land, tab=pyxel.GAMEPAD1_BUTTON_BACK)
    assert pick.highlight()[1][2] == "robber"
    tab_to(bot, pick, sea_hex, tab=pyxel.GAMEPAD1_BUTTON_BACK)
    assert pick.highlight()[1][2] == "pirate"
    bot.press("ok")
    victims = scene.prompt
    assert isinstance(victims, Victims) and t("sea.pirate_line") in victims.lines
    values = [it.value for it in victims.menu.items]
    assert Action(A.PIRATE, sea_hex, 1) in values and values[-1] == Action(A.PIRATE, sea_hex, -1)
    bot.choose(victims.menu, Action(A.PIRATE, sea_hex, 1))
    assert g.seat_view(None).pirate == sea_hex and g.state.hands[1][3] == 1 and g.state.hands[0][3] == 1
    assert g.phase == phases.MAIN


def test_rob_nobody_on_the_pirates_hex_sends_a_pirate_move(pyxel_headless):
    game = sea_position()
    st = game.state
    c, line = _open_sea_start(game)
    sea_hex = next(h for h in st.geo.edge_hexes[line[1]] if h >= st.board.nland)
    g = sea_position(buildings=[(1, c, 1, True)], ships=[(1, line[0]), (1, line[1])], hands={1: (0, 0, 0, 2, 0)},
                     phase="robber", current=0)
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    tab_to(bot, scene.prompt, sea_hex)
    bot.press("ok")
    nobody = Action(A.PIRATE, sea_hex, -1)
    assert nobody in g.seat_view(0).legal
    bot.choose(scene.prompt.menu, nobody)
    assert g.history[-1] == nobody and g.seat_view(None).pirate == sea_hex and g.state.hands[1][3] == 2


def test_the_knight_on_a_sea_map_moves_the_robber_or_the_pirate(pyxel_headless):
    from retrocatan.engine.components import KNIGHT
    game = sea_position()
    st = game.state
    c, line = _open_sea_start(game)
    sea_hex = next(h for h in st.geo.edge_hexes[line[1]] if h >= st.board.nland)
    g = sea_position(buildings=[(1, c, 1, True)], ships=[(1, line[0]), (1, line[1])], hands={1: (0, 0, 0, 2, 0)})
    g.state.dev_hand[0][KNIGHT] += 1
    g.refresh()
    g.forget_views()
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    key(bot, pyxel.KEY_P)
    bot.choose(scene.prompt.menu, A.KNIGHT)
    settle(bot, scene)
    pick = scene.prompt
    assert g.phase == phases.ROBBER and isinstance(pick, RobberPick)
    assert sea_hex in pick.ids and any(h < st.board.nland for h in pick.ids)
    tab_to(bot, pick, sea_hex)
    bot.press("ok")
    bot.choose(scene.prompt.menu, Action(A.PIRATE, sea_hex, 1))
    assert g.seat_view(None).pirate == sea_hex and g.state.hands[0][3] == 1


def test_the_advisor_says_the_sea_actions_in_words():
    from retrocatan.ui.prompts.advice import what_text
    for lang in ("en", "de"):
        set_language(lang)
        try:
            for act in (Action(A.SHIP, 3), Action(A.MOVE_SHIP, 3, 4), Action(A.PIRATE, 40, -1), Action(A.GOLD, 2)):
                text = what_text(act, 0, lambda p: f"P{p + 1}")
                assert "advice." not in text and text
            assert t("res.2") in what_text(Action(A.GOLD, 2), 0, str)
        finally:
            set_language("en")


# --- gold, by the mouse and in the hot seat --------------------------------------------------------------
def gold_position(seat: int, bank=None):
    game = sea_position()
    board = game.state.board
    gold = next(h for h, kind in enumerate(board.terrain) if kind == "gold" and board.numbers[h] == 4)
    corners = game.state.geo.hex_corners[gold]
    g = sea_position(buildings=[(seat, corners[0], 1, False), (seat, corners[3], 2, False)], phase="roll",
                     current=0, bank=bank)
    g.fix_dice([(1, 3)])
    return g


def test_the_mouse_chooses_gold_one_card_at_a_time(pyxel_headless):
    g = gold_position(0)
    app, scene = window(g)
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    key(bot, pyxel.KEY_R)
    settle(bot, scene)
    assert g.phase == phases.GOLD and g.decider == 0
    mouse = Robot(app, "mouse")
    hand = list(g.state.hands[0])
    for left, res in ((3, 3), (2, 4), (1, 3)):
        ask = scene.prompt
        assert isinstance(ask, GoldChoice) and ask.lines == [t("gold.line", n=left)]
        assert [it.value for it in ask.menu.items] == [Action(A.GOLD, r) for r in range(5)]
        mouse.choose(ask.menu, Action(A.GOLD, res))
        settle(bot, scene)
        hand[res] += 1
    assert list(g.state.hands[0]) == hand and g.phase == phases.MAIN


def test_gold_offers_only_what_the_bank_holds_and_hands_over_in_the_hot_seat(pyxel_headless):
    g = gold_position(1, bank=[1, 0, 0, 0, 1])
    app, scene = window(g, kinds=("human", "human", "hard"))
    bot = Robot(app, "keyboard")
    settle(bot, scene)
    key(bot, pyxel.KEY_R)
    bot.frame()
    assert g.phase == phases.GOLD and g.decider == 1
    assert scene.mode == "handover" and scene.shown_player() is None      # player 2's choice: hand over first
    bot.press("ok")
    settle(bot, scene)
    ask = scene.prompt
    assert isinstance(ask, GoldChoice) and [it.value.a for it in ask.menu.items] == [0, 4]
    bot.choose(ask.menu, Action(A.GOLD, 4))
    settle(bot, scene)
    assert [it.value.a for it in scene.prompt.menu.items] == [0]
    assert g.state.hands[1][4] >= 1


# --- the menu, help and texts ------------------------------------------------------------------------------
def test_the_ship_items_only_on_maps_with_ships_and_help_pages_in_both_languages(pyxel_headless):
    from retrocatan.ui import font, help
    from retrocatan.ui.layout import BOARD_AREA, DIALOG
    from retrocatan.ui.text import TEXTS
    app = App(can_quit=False, storage=MemoryStorage())
    base = GameSession(GameConfig(players=3, seed=2), [SeatSpec("human", "A")] + [SeatSpec("hard", "B")] * 2)
    scene = GameScene(app, base)
    app.switch(scene)
    bot = Robot(app, "keyboard")
    while not (base.game.phase == phases.ROLL and base.game.decider == 0):
        bot.step(scene)
    assert not {"ship", "move"} & {it.value for it in scene.menu.items}
    c, _ = _open_sea_start(sea_position())
    g = sea_position(buildings=[(0, c, 1, True)], hands={0: SHIP_HAND})
    app, scene = window(g)
    settle(Robot(app, "keyboard"), scene)
    assert {"ship", "move"} <= {it.value for it in scene.menu.items}
    page = help.HelpPage(scene)
    assert t("help.game.menu.sea") in page.keys and t("help.action.ship") in " ".join(page.now)
    for lang in ("en", "de"):
        set_language(lang)
        try:
            for name in ("ship", "move", "gold"):
                for part in ("title", "keys", "rules"):
                    assert f"help.game.{name}.{part}" in TEXTS[lang]
            hints = [t(f"pick.hint.{k}") for k in ("route", "ship", "move_from", "move_to", "pirate")]
            assert all(font.width(s, "bold") <= BOARD_AREA[2] - 28 for s in hints), hints
            lines = [t("gold.line", n=9), t("sea.pirate_line")]
            assert all(font.width(s) <= DIALOG[2] - 20 for s in lines), lines
            assert font.width(t("sea.road_or_ship"), "bold") <= RoadOrShip.W - 12
            items = [f"5 {t('menu.ship')} {t('cost.ship')}", f"6 {t('menu.move')}"]
            assert all(font.width(s) <= 200 - 8 for s in items), items
        finally:
            set_language("en")


# --- a whole game ------------------------------------------------------------------------------------------
SHIP_RESOURCES = (WOOD, SHEEP)


class SeaRobot(Robot):
    """The keyboard robot, at sea: it founds on a coast near wood and sheep, takes a ship
    where a founding edge offers one, and builds ships while it has few. Until its first
    ship it saves for one (the server deals a network game: any deal): it trades with the
    bank toward the ship's wood and sheep, builds only cities and keeps wood and sheep on a 7."""

    ships_built = 0         # ships chosen from the action menu (key 5's line)
    ships_taken = 0         # ships chosen where a road or a ship could go (the founding's edges among them)
    plan = None             # the trade with the bank chosen toward a first ship

    def pick(self, scene: GameScene, prompt) -> None:
        g = scene.session.game
        want = None
        if g.phase == phases.SETUP_SETTLEMENT:
            board, geo = g.state.board, g.state.geo

            def pips(c, resources=None):
                return sum(6 - abs(7 - board.numbers[h]) for h in geo.corner_hexes[c]
                           if h < len(board.numbers) and board.numbers[h]
                           and (resources is None or TERRAIN_RESOURCE.get(board.terrain[h]) in resources))

            coast = [c for c in coast_corners(g) if c in prompt.ids]
            want = max(coast, key=lambda c: (pips(c, SHIP_RESOURCES), pips(c))) if coast else None
        elif isinstance(prompt, (RoutePick, ShipPick)):
            ships = [a.a for a in g.seat_view(g.decider).legal if a.kind == A.SHIP]
            want = next((e for e in prompt.ids if e in ships), None)
        if want is None:
            super().pick(scene, prompt)
            return
        tab_to(self, prompt, want)
        self.press("ok")
        if scene.prompt is prompt and prompt.marked is not None:
            self.press("ok")

    def dialog(self, scene: GameScene, prompt) -> None:
        if isinstance(prompt, RoadOrShip):
            self.choose(prompt.menu, prompt.menu.items[1].value)        # the ship
            self.ships_taken += 1
            return
        if isinstance(prompt, (BankGive, BankGet)) and self.plan is not None:
            plan = self.plan                # the trade toward a ship: first what to give, then what to get
            self.plan = None if isinstance(prompt, BankGet) else plan
            self.choose(prompt.menu, plan.give if isinstance(prompt, BankGive) else plan)
            return
        trades = [it.value for it in prompt.menu.items if getattr(it.value, "kind", None) == A.TRADE]
        if trades:          # the bank's second step: what a ship needs (wood, sheep)
            hand = scene.session.view.hand
            want = min(trades, key=lambda a: (hand[a.b] if a.b in (0, 2) else 99, a.b))
            self.choose(prompt.menu, want)
            return
        super().dialog(scene, prompt)

    def menu_turn(self, scene: GameScene) -> None:
        enabled = {it.value for it in scene.menu.items if it.enabled}
        g = scene.session.game
        if "ship" in enabled and g.state.pieces[g.decider]["ships"] > 11 and g.phase == phases.MAIN:
            self.choose(scene.menu, "ship")
            self.ships_built += 1
            return
        hand = scene.session.view.hand
        if self.ships_built == 0 and g.phase == phases.MAIN and not all(hand[r] for r in SHIP_RESOURCES):
            # Saving for a first ship: trade toward its wood and sheep, spend neither on anything else.
            self.plan = ship_trade(scene.session.view.legal, hand)
            if self.plan is not None and "bank" in enabled:
                self.choose(scene.menu, "bank")
            elif ("build", "city") in enabled:
                self.choose(scene.menu, ("build", "city"))
            else:
                self.choose(scene.menu, "end" if "end" in enabled else "pass")
            return
        super().menu_turn(scene)

    def discard(self, prompt) -> None:
        """On a 7, the ship's wood and sheep go last."""
        for r in (BRICK, WHEAT, COAL, WOOD, SHEEP):
            while prompt.total < prompt.due and prompt.chosen[r] < prompt.hand[r]:
                self.choose(prompt.menu, ("res", r), adjust=1)
        self.choose(prompt.menu, "confirm")


def ship_trade(legal, hand):
    """A trade with the bank or a harbour that brings a ship's wood or sheep (the one missing)
    for cards a ship does not need, the cheapest first; None if there is none."""
    trades = [a for a in legal if a.kind == A.TRADE and a.get in SHIP_RESOURCES and not hand[a.get]
              and (a.give not in SHIP_RESOURCES or hand[a.give] > a.ratio)]
    return min(trades, key=lambda a: (a.ratio, a.get, a.give), default=None)


@pytest.mark.parametrize("kind", SESSIONS)
def test_a_whole_scenario_game_by_keyboard_with_ships(pyxel_headless, tmp_path, kind):
    """At this machine, and with the person's seat at a ``retrocatan serve`` process (tests/sessions.py)."""
    with open_game(kind, tmp_path, {"players": 4, "scenario": "four-islands"}, ["hard"] * 3, seed=5,
                   speed=3) as app:
        bot = SeaRobot(app, "keyboard")
        bot.play_to_end(max_frames=40_000)
        assert isinstance(app.scene, EndScene)
        game = app.scene.session.game
        v = game.seat_view(None)
        assert game.over
        assert any(o == 0 for _, o in v.ships), "the person has no ship"
        # At this machine (seed 5) ships are built from the menu; the server deals its own game, where
        # the computers may win before the person saved for one, its ships then the founding's.
        assert (bot.ships_built if kind == "local" else bot.ships_built + bot.ships_taken) >= 1
        assert bot.inputs > 30
        assert sum(1 for _, o in v.ships if o == 0) + v.pieces_left[0]["ships"] == 15
