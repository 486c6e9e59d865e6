"""Whole games played through the window's inputs, headless: from the
title screen to the end screen with keyboard only, gamepad only, mouse
only, a hot-seat game of two people and a computer, and six players.
Each also as a network game (tests/sessions.py): every person's seat a
seat at a real ``retrocatan serve`` process on 127.0.0.1 (one for the
module), each person at a window of their own, the computers the
server's."""

import contextlib

import pytest
from sessions import SESSIONS, net_server, open_table, server_of  # noqa: F401 (net_server: the module's server)
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.scenes.end import EndScene
from retrocatan.ui.scenes.game import GameScene


def new_app():
    return App(can_quit=False, storage=MemoryStorage())


@contextlib.contextmanager
def whole_game(request, kind: str, tmp_path, people: int, levels: list[str], seed: int, device: str = "keyboard"):
    """A robot of ``device`` at each window of a new game of ``people`` (seat 0 on) and a computer of each
    of ``levels``: at this machine set up on the new-game screen from the title (dealt by ``seed``),
    or joined at the module's server, a window a person."""
    if kind == "local":
        app = new_app()
        bot = Robot(app, device)
        bot.frame()
        bot.new_game(people + len(levels), ["human"] * people + levels, seed=seed)
        yield [bot]
        return
    names = ["You"] + [f"P{p}" for p in range(1, people)]
    with open_table(kind, tmp_path, {"players": people + len(levels)}, levels, names,
                    server=server_of(request, kind)) as apps:
        yield [Robot(app, device) for app in apps]


def play_all(bots: list[Robot], max_frames: int = 80_000, each=lambda bot: None) -> None:
    """Every window played by its robot until each shows the end screen (``each(bot)`` before its step)."""
    frames = 0
    while not all(isinstance(bot.app.scene, EndScene) for bot in bots):
        for bot in bots:
            if isinstance(bot.app.scene, GameScene):
                each(bot)
                bot.step(bot.app.scene)
                frames += 1
        assert frames < max_frames, "the game did not end"


@pytest.mark.parametrize("kind", SESSIONS)
@pytest.mark.parametrize("device", ["keyboard", "gamepad", "mouse"])
def test_whole_game_with_one_input_device(pyxel_headless, request, tmp_path, device, kind):
    with whole_game(request, kind, tmp_path, 1, ["hard"] * 3, seed=11, device=device) as (bot,):
        app = bot.app
        scene = app.scene
        bot.play_to_end()
        assert isinstance(app.scene, EndScene) and app.scene.session is scene.session
        assert scene.faults == []
        game = scene.session.game
        assert game.over
        if kind == "net":       # the server counts the decisions: the window's game holds none
            assert scene.session.step == scene.session.net.step > 100 and game.history == []
        # The person really played, all through inputs: founded, traded, built (a road, a
        # settlement, a city or a card beyond the founding's two settlements and two roads: a
        # network game is dealt by the server, so which of them differs from run to run).
        st = game.state
        buildings = sum(level for owner, level in zip(st.corner_owner, st.corner_level) if owner == 0)
        cards = sum(st.dev_hand[0]) + sum(st.dev_played[0])
        assert st.edge_owner.count(0) + buildings + cards > 4 and bot.inputs > 30
        assert sum(st.stats_gained[0]) > 0


@pytest.mark.parametrize("kind", SESSIONS)
def test_hot_seat_two_people_and_a_computer(pyxel_headless, request, tmp_path, kind):
    """At one machine the two people share the window, a hand-over screen between them that shows
    no hand; at a server each has a window of their own that shows only their own hand."""
    handovers = []
    shown = [set(), set()]

    def look(bot: Robot) -> None:
        scene = bot.app.scene
        if scene.mode == "handover":
            handovers.append(scene.session.game.decider)
            # While the screen waits for the hand-over, no hand is shown.
            assert scene.shown_player() is None
        elif scene.session.waiting_for_human():
            shown[bots.index(bot)].add(scene.shown_player())

    with whole_game(request, kind, tmp_path, 2, ["hard"], seed=5) as bots:
        play_all(bots, each=look)
        games = [bot.app.scene.session.game for bot in bots]
        assert all(g.over for g in games) and len({g.winner for g in games}) == 1
    if kind == "local":
        assert len(handovers) > 10 and set(handovers) == {0, 1}
    else:
        assert handovers == [] and shown == [{0}, {1}]
        assert all(bot.inputs > 30 for bot in bots)


@pytest.mark.parametrize("kind", SESSIONS)
def test_six_player_game(pyxel_headless, request, tmp_path, kind):
    with whole_game(request, kind, tmp_path, 1, ["hard"] * 5, seed=6) as (bot,):
        bot.play_to_end()
        game = bot.app.scene.session.game
        assert game.over and game.config.players == 6
