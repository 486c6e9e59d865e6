"""The window as people play it (issue 20, deliverable 3): computer players
play on every shipped board -- each Seafarers scenario and the base game --
for every player count the board is made for, at the default computer speed
and at each other one, with the animations a person sees. Headless, frames as update(); draw(); flip().

* At the speed a new player gets (the Options' default): one whole game per
  board and player count, from the new-game screen to the end screen. Each
  board is played in both sessions (tests/sessions.py), its player counts
  shared out between them (``AT_THIS_MACHINE``): at this machine computers
  play every seat; as a network game seat 0 is a person's seat at a real
  ``retrocatan serve`` process on 127.0.0.1 (one for the module), played by
  keys, pad and mouse in turn over the boards, the others the server's
  computers (deciding at once); the window follows every decision of the
  server's record to its end.
* At the other speeds, each board and player count at one of them (the
  speeds in turn over the boards, ``AT_OTHER_SPEEDS``): a bounded stretch of
  the same game -- the founding at that pace, then skip ahead (F, as a
  person does) to just before the first ship is built and watch the ships
  go out at that pace again.

A test fails on any exception, on any fault the game screen caught and
logged instead of crashing (``scene.faults``; an animation, box or prompt
handed a place of the wrong kind raises ``WrongPlaceKind`` there), on a
piece's build animation shown anywhere but at its own edge or corner
(tests/place_check.py), and if no ship was built on a scenario map (the
seeds are chosen so that one is; the server deals its own games, where the
person builds a ship whenever one is offered).
"""

from __future__ import annotations

import contextlib
import traceback
from functools import cache

import pytest
import pyxel
from place_check import watch_builds
from sessions import SESSIONS, net_server, open_game, server_of  # noqa: F401 (net_server: the module's server)
from ui_robot import Robot

from retrocatan import scenarios
from retrocatan.ai import make_player
from retrocatan.engine import Game, phases
from retrocatan.engine.replay import GameRecord
from retrocatan.engine.seafarers import actions as A
from retrocatan.saves import OPTION_DEFAULTS
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.prompts.sea import RoadOrShip
from retrocatan.ui.scenes.end import EndScene
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.scenes.setup import BASE_FILES, SetupScene
from retrocatan.ui.session import SPEED_DELAYS, GameSession

LEVELS = ("hard", "normal", "easy", "hard", "normal", "easy")
# Every shipped board and every player count it is made for; the base game's files are the
# new-game screen's "random" island (3-4 and 5-6 players).
CASES = [("random" if sid in BASE_FILES else sid, n)
         for sid in scenarios.available() for n in scenarios.load(sid).players]
SPEEDS = range(len(SPEED_DELAYS))
DEFAULT_SPEED = OPTION_DEFAULTS["speed"]
FOUNDING = (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)
# A whole game: its decisions at the default pace (each computer decision waits
# SPEED_DELAYS frames), with room for the animations; far above the longest game of
# the seeds chosen below (about 1,000 decisions), far below a game without an end.
WHOLE_GAME_FRAMES = 1_600 * (SPEED_DELAYS[DEFAULT_SPEED] + 1)
AFTER_SHIP = 3          # decisions watched at the chosen pace after the first ship is built
BASE_STRETCH = 24       # base game: decisions watched at pace after the founding
DEVICES = ("keyboard", "gamepad", "mouse")      # a network game's person, in turn over the boards


def case_id(case) -> str:
    return f"{case[0]}-{case[1]}"


def faults_of(scene) -> list:
    """What the game screen's guard caught (``GameScene.faults``) as readable text."""
    return ["".join(traceback.format_exception(f)) if isinstance(f, BaseException) else repr(f)
            for f in getattr(scene, "faults", ())]


@cache
def engine_game(board: str, players: int, seed: int) -> tuple[int, int | None]:
    """The game the window will play (the same computer players, decided the
    same way as ``GameSession.tick``), played by the engine alone: its number
    of decisions and the index of the first ship built (None: none)."""
    app = App(can_quit=False, storage=MemoryStorage())
    config = setup_config(app, board, players, seed)
    game = Game(config)
    bots = [make_player(LEVELS[s], seed, s) for s in range(players)]
    first_ship = None
    while not game.over and len(game.history) < 3000:
        act = bots[game.decider].choose(game.seat_view(game.decider))
        if act.kind == A.SHIP and first_ship is None:
            first_ship = len(game.history)
        game.apply(act)
    return len(game.history), first_ship


def setup_config(app, board: str, players: int, seed: int):
    """The config the new-game screen makes for this board, player count and seed."""
    setup = SetupScene(app)
    setup.players, setup.board, setup.seed = players, board, seed
    if board != "random":
        setup.vp = setup._scenario().vp_target
    return setup.config()


# The seed of each board's game: among seeds 1-40 (1-120 for the counts played at this machine), a
# short game (the suite's time) whose first ship sails (decisions of the game / index of the first
# ship, with these computers, from the engine alone). The tests check that a ship was built, so a
# seed that stops doing so fails, not passes.
SEEDS = {
    ("random", 3): 18,                 # 219 decisions
    ("random", 4): 78,                 # 223
    ("random", 5): 114,                # 397
    ("random", 6): 37,                 # 462
    ("fog-island", 3): 31,             # 269, first ship at 5
    ("fog-island", 4): 79,             # 259 / 13
    ("four-islands", 3): 14,           # 199 / 21
    ("four-islands", 4): 4,            # 265 / 11
    ("new-shores", 3): 14,             # 217 / 82
    ("new-shores", 4): 16,             # 266 / 62
    ("new-world-3-4", 3): 7,           # 173 / 118
    ("new-world-3-4", 4): 4,           # 248 / 3
    ("new-world-5-6", 5): 27,          # 633 / 15
    ("new-world-5-6", 6): 49,          # 408 / 17
    ("through-the-desert", 3): 2,      # 252 / 171
    ("through-the-desert", 4): 31,     # 299 / 195
}


def seed_for(board: str, players: int) -> int:
    return SEEDS[(board, players)]


# A board's player counts shared out between the two sessions: these are played at this machine,
# the board's other count as a network game (the base game's two files are two boards).
AT_THIS_MACHINE = {("random", 4), ("random", 5), ("fog-island", 4), ("four-islands", 3), ("new-shores", 4),
                   ("new-world-3-4", 3), ("new-world-5-6", 6), ("through-the-desert", 4)}
WHOLE_GAMES = [(case, "local" if case in AT_THIS_MACHINE else "net") for case in CASES]
NET_CASES = [case for case, kind in WHOLE_GAMES if kind == "net"]


def board_file(board: str, players: int) -> str:
    """The shipped file a board is played from (the random island: its file for the player count)."""
    return next(f for f in BASE_FILES if players in scenarios.load(f).players) if board == "random" else board


def test_every_shipped_board_and_player_count_has_its_game():
    assert set(SEEDS) == set(CASES)


def test_every_board_is_played_in_both_sessions_and_every_player_count_in_one():
    played = {(board_file(*case), kind) for case, kind in WHOLE_GAMES}
    assert played == {(sid, kind) for sid in scenarios.available() for kind in SESSIONS}
    assert [case for case, _ in WHOLE_GAMES] == CASES and AT_THIS_MACHINE <= set(CASES)
    assert {DEVICES[NET_CASES.index(case) % len(DEVICES)] for case in NET_CASES} == set(DEVICES)


def start(board: str, players: int, speed: int) -> tuple[App, Robot, GameScene]:
    """A computers-only game started from the new-game screen, as a person
    sets it up (players, seats, board, speed by keys; the seed as typed)."""
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.new_game(players, list(LEVELS[:players]), seed=seed_for(board, players), board=board, speed=speed)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.session.speed == speed
    return app, bot, scene


def watch(bot: Robot, scene: GameScene, until, frames: int) -> None:
    """Frames until ``until()`` or ``frames`` ran out; no fault on the way."""
    for _ in range(frames):
        if until():
            break
        bot.frame()
        assert not faults_of(scene), "the game screen caught a fault:\n" + "\n".join(faults_of(scene))
    assert until(), f"not reached in {frames} frames"


def test_the_default_speed_is_the_one_a_new_player_gets(pyxel_headless):
    """A new player's options, the new-game screen and a session made without
    a speed agree; that default animates (it is not "instant")."""
    app = App(can_quit=False, storage=MemoryStorage())
    assert app.settings["speed"] == DEFAULT_SPEED
    assert GameSession.__dataclass_fields__["speed"].default == DEFAULT_SPEED
    assert SPEED_DELAYS[DEFAULT_SPEED] > 0
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.new_game(3, ["hard", "hard", "hard"], seed=1, speed=None)      # the speed as it comes
    assert app.scene.session.speed == DEFAULT_SPEED


@contextlib.contextmanager
def played(request, kind: str, tmp_path, board: str, players: int, device: str):
    """The window's game on ``board`` for ``players`` at the default speed, as (app, robot, game
    screen): at this machine a computers-only game set up on the new-game screen (the robot
    only looks); at the module's ``retrocatan serve`` the same board's game with seat 0 a
    person's network seat that the robot plays by ``device``, the others the server's computers."""
    if kind == "local":
        yield start(board, players, DEFAULT_SPEED)
        return
    app = App(can_quit=False, storage=MemoryStorage())
    config = setup_config(app, board, players, seed_for(board, players)).to_dict()
    del config["seed"]                  # the server deals
    with open_game(kind, tmp_path, config, list(LEVELS[1:players]), app=app, server=server_of(request, kind)):
        yield app, Sailor(app, device), app.scene


class Sailor(Robot):
    """A network game's person: takes the ship where a founding edge offers road or ship and
    builds one from the action menu while they have none; ``offered``: a ship was offered."""

    offered = False

    def dialog(self, scene: GameScene, prompt) -> None:
        if isinstance(prompt, RoadOrShip):
            self.offered = True
            self.choose(prompt.menu, prompt.menu.items[1].value)        # the ship
            return
        super().dialog(scene, prompt)

    def menu_turn(self, scene: GameScene) -> None:
        s = scene.session
        if "ship" in {it.value for it in scene.menu.items if it.enabled} and s.game.phase == phases.MAIN:
            self.offered = True
            if not any(owner == s.seat for _, owner in s.view.ships):
                self.choose(scene.menu, "ship")
                return
        super().menu_turn(scene)


@pytest.mark.parametrize("case,kind", WHOLE_GAMES, ids=lambda x: case_id(x) if isinstance(x, tuple) else x)
def test_a_whole_game_at_the_default_speed(pyxel_headless, monkeypatch, request, tmp_path, case, kind):
    """At this machine computers play every seat; as a network game a person plays seat 0 by
    keys, pad or mouse (in turn over the boards) and the server's computers the others."""
    board, players = case
    wrong = watch_builds(monkeypatch)
    device = DEVICES[NET_CASES.index(case) % len(DEVICES)] if kind == "net" else None
    with played(request, kind, tmp_path, board, players, device) as (app, bot, scene):
        session = scene.session
        game = session.game
        shown = set()
        while not isinstance(app.scene, EndScene):
            assert bot.frames < WHOLE_GAME_FRAMES, f"no end after {bot.frames} frames ({session.step} decisions)"
            if kind == "local":
                bot.frame()
            else:
                bot.step(scene)
            shown.update(type(a).__name__ for a in scene.anims)
            if bot.frames % 64 == 0:
                assert not faults_of(scene), "the game screen caught a fault:\n" + "\n".join(faults_of(scene))
        assert not faults_of(scene), "the game screen caught a fault:\n" + "\n".join(faults_of(scene))
        for _ in range(30):         # the end screen, drawn for a while
            bot.frame()
        game = session.game
        assert not wrong, "built pieces shown at places of the wrong kind:\n" + "\n".join(wrong[:10])
        assert game.over and game.winner is not None
        assert {"BuildRing", "DiceRoll", "CardFlight"} <= shown
        if kind == "local":
            # A real game: what the engine plays alone with these computers, decision by decision,
            # at a pace that gave every decision its frames and showed its animations.
            decisions, first_ship = engine_game(board, players, game.config.seed)
            assert len(game.history) == decisions
            assert bot.frames >= decisions * SPEED_DELAYS[DEFAULT_SPEED]
            ships = first_ship is not None and any(a.kind == A.SHIP for a in game.history)
        else:
            # The window followed every decision of the server's game to its end; the person played.
            rec = GameRecord.from_json(session.net.record)
            end = rec.game_at(len(rec))
            assert session.step == len(rec) and bot.inputs > 20
            assert (end.winner, end.state.turn, end.state.edge_owner) == (game.winner, game.state.turn,
                                                                           game.state.edge_owner)
            # Every board's server game: a ship sailed, or none was ever the person's to build.
            ships = bool(game.seat_view(None).ships) or not bot.offered
        assert ships or board == "random"


# Every board and player count at one of the other speeds, the speeds in turn over them: each
# speed on a third of the boards, base game and scenarios alike.
OTHER_SPEEDS = [s for s in SPEEDS if s != DEFAULT_SPEED]
AT_OTHER_SPEEDS = [(case, OTHER_SPEEDS[i % len(OTHER_SPEEDS)]) for i, case in enumerate(CASES)]


def test_every_other_speed_is_played_on_base_and_scenario_boards():
    for speed in OTHER_SPEEDS:
        boards = {case[0] for case, s in AT_OTHER_SPEEDS if s == speed}
        assert "random" in boards and boards - {"random"}, (speed, boards)


@pytest.mark.parametrize("case,speed", AT_OTHER_SPEEDS, ids=lambda x: case_id(x) if isinstance(x, tuple) else str(x))
def test_the_founding_and_the_first_ships_at_every_speed(pyxel_headless, monkeypatch, case, speed):
    board, players = case
    wrong = watch_builds(monkeypatch)
    app, bot, scene = start(board, players, speed)
    game = scene.session.game
    pace = SPEED_DELAYS[speed] + 1
    # The founding, at this speed's pace, and its animations played out.
    watch(bot, scene, lambda: game.phase not in FOUNDING and not scene.anims, 4 * players * pace + 200)
    decisions, first_ship = engine_game(board, players, game.config.seed)
    if first_ship is None:
        assert board == "random"
        target = len(game.history) + BASE_STRETCH
    else:
        # Skip ahead (F) to a round before the first ship, then watch at this pace again.
        if first_ship - players > len(game.history):
            bot.press_key(pyxel.KEY_F)
            watch(bot, scene, lambda: len(game.history) >= first_ship - players, 4 * first_ship)
            bot.press_key(pyxel.KEY_F)
            assert not scene.fast
        target = first_ship + AFTER_SHIP
    watch(bot, scene, lambda: len(game.history) >= target and not scene.anims,
          (target - len(game.history) + 4) * (pace + 40))
    if first_ship is not None:
        assert any(a.kind == A.SHIP for a in game.history)
    assert not wrong, "built pieces shown at places of the wrong kind:\n" + "\n".join(wrong[:10])
    assert not game.over or len(game.history) == decisions
