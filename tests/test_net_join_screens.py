"""Join a game without dead ends (issue 49, item 2), by keys, pad and mouse,
against real servers on the loopback address: an address never reached
says "cannot reach" and keeps nothing; a wrong code or a full game goes back
to the form with every line kept and the server's reason; the colours
offered are the game's free ones; the name and colour are remembered; the
notice addresses go with the join; the screen can be left at every moment."""

from __future__ import annotations

import asyncio
import gc
import socket
import time

import pytest
import pyxel
from net_window_process import until
from netplay import ServerProcess, ServerThread
from test_net_screens import pad_type, type_line
from test_ui_editor_drafts import press
from ui_robot import Robot

from retrocatan.net.client import create_game
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.net import games as my_games
from retrocatan.ui.net.seat import ONLINE, NetSeat
from retrocatan.ui.net.thread_link import ThreadLink
from retrocatan.ui.scenes.network import NetworkScene
from retrocatan.ui.scenes.network_join import JoinScene
from retrocatan.ui.scenes.network_room import RoomScene

DEVICES = ("keyboard", "gamepad", "mouse")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def type_in(bot, scene, field: str, text: str) -> None:
    """A line typed by the robot's device: the keyboard's letters, or the on-screen keyboard."""
    if bot.device != "keyboard":
        type_line(bot, scene, field, text)
        return
    bot.choose(scene.menu, field)
    for _ in range(len(scene.fields[field])):
        bot.press_key(pyxel.KEY_BACKSPACE)
    pyxel.set_input_text(text)
    bot.frame()
    pyxel.set_input_text("")
    bot.press_key(pyxel.KEY_RETURN)
    assert scene.typing is None and scene.fields[field] == text


def leave(bot) -> None:
    """Esc, the pad's B, or a right click."""
    if bot.device == "mouse":
        bot.click(320, 240, right=True)
    else:
        bot.press("back")


def join_screen(device: str, storage=None):
    app = App(can_quit=False, storage=storage or MemoryStorage())
    bot = Robot(app, device)
    bot.frame()
    bot.choose(app.scene.menu, "network")
    bot.choose(app.scene.menu, "join")
    assert isinstance(app.scene, JoinScene)
    return app, bot, app.scene


def drawn(bot) -> str:
    from test_ui_pad_hints import drawn_texts
    return " | ".join(drawn_texts(bot))


def take_seat(url: str, code: str, name: str, colour: int | None = None) -> NetSeat:
    seat = NetSeat(ThreadLink(), url, code=code, name=name, colour=colour)
    seat.start()
    end = time.monotonic() + 20
    while seat.status != ONLINE:
        assert time.monotonic() < end, "the seat was not given"
        seat.update()
        time.sleep(0.01)
    return seat


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", DEVICES)
def test_net_unreachable_address_says_cannot_reach_and_puts_nothing_in_my_games(pyxel_headless, device):
    gc.collect()
    app, bot, scene = join_screen(device)
    address = f"127.0.0.1:{free_port()}"           # nobody listens there
    type_in(bot, scene, "url", address)
    type_in(bot, scene, "code", "ABCD2345")
    bot.choose(scene.menu, "go")
    assert scene.joining is not None and "ws://" + address in drawn(bot)     # connecting, or not yet reached
    until([bot], lambda: scene.joining is None)
    assert app.scene is scene and scene.message.startswith(f"Cannot reach ws://{address}")
    assert f"Cannot reach ws://{address}" in drawn(bot)
    assert scene.fields["url"] == address and scene.fields["code"] == "ABCD2345"
    assert my_games.load(app.storage) == [] and my_games.pending_token(app.storage, "ws://" + address,
                                                                       "ABCD2345") is None
    leave(bot)
    assert isinstance(app.scene, NetworkScene)


@pytest.mark.timeout(120)
def test_net_unreachable_name_that_does_not_resolve(pyxel_headless):
    app, bot, scene = join_screen("keyboard")
    type_in(bot, scene, "url", "nowhere.invalid:8765")
    type_in(bot, scene, "code", "ABCD2345")
    bot.choose(scene.menu, "go")
    until([bot], lambda: scene.joining is None)
    assert "Cannot reach ws://nowhere.invalid:8765" in scene.message and my_games.load(app.storage) == []


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", DEVICES)
def test_net_refused_wrong_code_and_full_game_go_back_to_the_form_with_the_servers_reason(
        pyxel_headless, tmp_path, device):
    gc.collect()
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, seats=[
            {"kind": "open"}, {"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "easy"}]))
        ben = take_seat(server.url, got["code"], "Ben")      # the game is full
        try:
            app, bot, scene = join_screen(device)
            address = server.url[len("ws://"):]
            type_in(bot, scene, "url", address)
            type_in(bot, scene, "code", "ZZZZ9999")
            type_in(bot, scene, "name", "Anna")
            bot.choose(scene.menu, "go")
            until([bot], lambda: scene.joining is None)
            assert app.scene is scene and "no game has that code" in scene.message
            assert "no game has that code" in drawn(bot)
            assert scene.fields == {**scene.fields, "url": address, "code": "ZZZZ9999", "name": "Anna"}
            type_in(bot, scene, "code", got["code"])
            until([bot], lambda: scene.table is not None)
            assert scene.colours() == [-1]                  # every colour taken
            bot.choose(scene.menu, "go")
            until([bot], lambda: scene.joining is None)
            assert app.scene is scene and "every seat is taken" in scene.message
            assert scene.fields["name"] == "Anna" and scene.fields["code"] == got["code"]
            assert my_games.load(app.storage) == []
            leave(bot)
            assert isinstance(app.scene, NetworkScene)
        finally:
            ben.stop()
            ben.link.shutdown()
            app = bot = scene = None
            gc.collect()


@pytest.mark.timeout(300)
@pytest.mark.parametrize("device", ("gamepad", "mouse"))
def test_net_colour_only_the_games_free_ones_and_name_and_colour_remembered(pyxel_headless, tmp_path, device):
    """A 4-player game whose Blue is taken offers the first free, Red, White and Orange: never Blue,
    Green or Brown; the colour chosen and the name come back on the next Join."""
    gc.collect()
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 4}, seats=[{"kind": "open"}] * 4))
        anna = take_seat(server.url, got["code"], "Anna", colour=0)
        storage = MemoryStorage()
        try:
            app, bot, scene = join_screen(device, storage)
            type_in(bot, scene, "url", server.url[len("ws://"):])
            type_in(bot, scene, "code", got["code"])
            until([bot], lambda: scene.table is not None)
            assert scene.colours() == [-1, 1, 2, 3]
            seen = set()
            for _ in range(6):
                bot.choose(scene.menu, "colour", adjust=1)
                seen.add(scene.colour)
            assert seen == {-1, 1, 2, 3}
            texts = drawn(bot)
            assert "Green" not in texts and "Brown" not in texts and "struck through: taken" in texts
            while scene.colour != 2:
                bot.choose(scene.menu, "colour", adjust=1)
            type_in(bot, scene, "name", "Ben")
            bot.choose(scene.menu, "go")
            until([bot], lambda: isinstance(app.scene, RoomScene))
            room = app.scene
            until([bot], lambda: (room.net.table or {}).get("seats", [{}] * 3)[2].get("name") == "Ben")
            assert room.net.seat == 2 and [e["seat"] for e in my_games.load(storage)] == [2]
            room.net.stop()
            room.net.link.shutdown()
            app, bot, scene = join_screen(device, storage)
            assert scene.fields["name"] == "Ben" and scene.colour == 2
        finally:
            anna.stop()
            anna.link.shutdown()
            app = bot = scene = room = None
            gc.collect()


@pytest.mark.timeout(300)
def test_net_notices_typed_by_pad_with_the_address_signs_go_with_the_join(pyxel_headless, tmp_path):
    """The on-screen keyboard has @ and / : an e-mail address and a webhook's URL are typed by the
    pad alone; a malformed one is said and nothing is asked; a server that sends no notices
    refuses them (said on the form, every line kept); one that sends them keeps them with the
    seat (its ``notify`` request reads them back)."""
    gc.collect()
    with ServerProcess(str(tmp_path / "plain.sqlite3")) as plain, \
            ServerProcess(str(tmp_path / "notices.sqlite3"), "--webhooks", "on",
                          "--smtp", f"127.0.0.1:{free_port()}") as notices:
        got = asyncio.run(create_game(plain.url, {"players": 3}, pace="post", seats=[{"kind": "open"}] * 3))
        app, bot, scene = join_screen("gamepad")
        try:
            type_line(bot, scene, "url", plain.url[len("ws://"):])
            type_line(bot, scene, "code", got["code"])
            type_line(bot, scene, "email", "anna.example.org")
            bot.choose(scene.menu, "go")
            assert scene.joining is None and "name@example.org" in scene.message
            type_line(bot, scene, "email", "anna@example.org")
            type_line(bot, scene, "webhook", "https://ntfy.sh/anna_post")
            bot.choose(scene.menu, "go")
            assert scene.joining.net.notify == {"email": "anna@example.org", "webhook": "https://ntfy.sh/anna_post"}
            until([bot], lambda: scene.joining is None)
            assert "sends no notices" in scene.message and scene.fields["email"] == "anna@example.org"
            assert my_games.load(app.storage) == []
            got = asyncio.run(create_game(notices.url, {"players": 3}, pace="post", seats=[{"kind": "open"}] * 3))
            type_line(bot, scene, "url", notices.url[len("ws://"):])
            type_line(bot, scene, "code", got["code"])
            bot.choose(scene.menu, "go")
            until([bot], lambda: isinstance(app.scene, RoomScene))
            net = app.scene.net
            rid = net.request({"type": "notify"})
            until([bot], lambda: rid in net.answers)
            assert net.answers[rid]["notify"] == {"email": "anna@example.org", "webhook": "https://ntfy.sh/anna_post"}
            assert my_games.player(app.storage)["email"] == "anna@example.org"
            net.stop()
            net.link.shutdown()
        finally:
            app = bot = scene = net = None
            gc.collect()


def test_net_keyboard_types_an_address_with_a_path_by_pad(pyxel_headless):
    app, bot, scene = join_screen("gamepad")
    bot.choose(scene.menu, "url")
    for _ in range(len(scene.fields["url"])):
        press(bot, pyxel.GAMEPAD1_BUTTON_B)
    pad_type(bot, scene, "wss://example.org/catan")
    press(bot, pyxel.GAMEPAD1_BUTTON_START)
    assert scene.typing is None and scene.fields["url"] == "wss://example.org/catan"
