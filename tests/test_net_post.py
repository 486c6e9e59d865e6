"""A game by post in the window (issue 45), with the server's clock injected
(``server/clocks.py`` ``ManualClock``): the status line names whose move it
is with the day left; a turn passes at 24 hours without a move; an offer to
a person at another machine lapses at 6 hours; and the person who closed the
window and opens the game again from My games sees what happened since
their last turn (docs/server.md, "Paces and clocks")."""

from __future__ import annotations

import asyncio

import pytest
import pyxel
from netplay import ServerThread
from test_net_window import join_by_keys, until
from test_ui_sea import SeaRobot

from retrocatan.ai import make_player
from retrocatan.engine import phases
from retrocatan.engine.actions import parse_action
from retrocatan.net.client import create_game
from retrocatan.server.clocks import ManualClock
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.net import games as my_games
from retrocatan.ui.net.seat import NetSeat
from retrocatan.ui.net.session import NetSession
from retrocatan.ui.net.thread_link import ThreadLink
from retrocatan.ui.scenes.network_game import NetGameScene
from retrocatan.ui.scenes.network_games import GamesScene
from retrocatan.ui.text import t

HOUR = 3600.0


class Table:
    """Anna's window (seat 0, played by keys), Ben's session (seat 1, a computer deciding for him
    while ``ben_plays``) and a computer (seat 2) at a game by post."""

    def __init__(self, server, code: str, clock) -> None:
        self.clock = clock
        self.app = App(can_quit=False, storage=MemoryStorage())
        self.app.net_clock = clock.now
        self.bot = SeaRobot(self.app, "keyboard")
        join_by_keys(self.bot, server.url, code, "Anna", 0)
        self.ben_net = NetSeat(ThreadLink(), server.url, code=code, name="Ben", colour=1)
        self.ben_net.start()
        self.ben: NetSession | None = None
        self.ben_ai = make_player("easy", 3, 1)
        self.ben_plays = True

    def frame(self) -> None:
        if self.ben is None:
            self.ben_net.update()
            if self.ben_net.state is not None:
                self.ben = NetSession(self.ben_net, clock=self.clock.now)
        else:
            self.ben.pump()
            self.ben.events.clear()
            if self.ben_plays and self.ben.waiting_for_human():
                self.ben.submit(self.ben_ai.choose(self.ben.view))
        scene = self.app.scene
        if isinstance(scene, NetGameScene):
            self.bot.step(scene)
        else:
            self.bot.frame()

    def drive(self, cond, rounds: int = 40_000) -> None:
        for _ in range(rounds):
            if cond():
                return
            self.frame()
        raise AssertionError("the condition never came")

    def settle(self, frames: int = 40) -> None:
        """Frames in which nothing should happen (the server's clock ticks every 0.1 s)."""
        for _ in range(frames):
            self.bot.frame()
            if self.ben is not None:
                self.ben.pump()
                self.ben.events.clear()

    @property
    def anna(self) -> NetSession:
        return self.app.scene.session


@pytest.mark.timeout(600)
def test_by_post_a_turn_passes_at_24_hours_an_offer_lapses_at_6_and_the_returning_person_sees_since(
        pyxel_headless, tmp_path, monkeypatch):
    clock = ManualClock()
    with ServerThread(str(tmp_path / "games.sqlite3"), clock=clock) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, pace="post", start="full",
                                      seats=[{"kind": "open"}, {"kind": "open"},
                                             {"kind": "computer", "level": "easy"}]))
        tb = Table(server, got["code"], clock)
        tb.drive(lambda: isinstance(tb.app.scene, NetGameScene) and tb.ben is not None)

        # A turn passes at 24 hours without a move.
        def bens_roll():
            g = tb.anna.game
            return g.phase == phases.ROLL and g.current == 1 and tb.anna.waiting_for_human() is False \
                and tb.ben is not None and tb.ben.game.phase == phases.ROLL and tb.ben.net.step == tb.anna.net.step
        tb.ben_plays = False
        tb.drive(lambda: bens_roll() or (tb.ben.waiting_for_human() and tb.ben.game.phase != phases.ROLL
                                         and (tb.ben.submit(tb.ben_ai.choose(tb.ben.view)) or False)))
        turn = tb.anna.game.state.turn
        status = tb.anna.status()
        assert status.startswith(t("net.waiting", name="Ben")) and "24:00:00" in status, status
        clock.advance(24 * HOUR - 60)
        tb.settle()
        assert tb.anna.game.state.turn == turn and tb.anna.game.current == 1
        clock.advance(120)
        tb.drive(lambda: tb.anna.game.state.turn > turn and tb.ben.game.state.turn > turn)     # both learn it

        # An offer to a person at another machine lapses at 6 hours.
        tb.ben_plays = True

        def annas_main():           # her turn, before she built (no offer after building), with a card to offer
            s = tb.anna
            return (s.waiting_for_human() and s.game.phase == phases.MAIN and s.game.current == 0
                    and s.view.menu["offer"] is None and sum(s.view.hand) > 0
                    and tb.app.scene.seen == s.step)
        tb.drive(annas_main)
        tb.ben_plays = False
        hand = tb.anna.view.hand
        give = next(r for r in range(5) if hand[r] > 0)
        offer = parse_action(f"offer {'WBSGC'[give]}:{'WBSGC'[(give + 1) % 5]} p2")     # to Ben
        assert tb.app.scene.submit(offer)
        tb.drive(lambda: tb.ben.game.phase == phases.OFFER_RESPONSE and tb.ben.game.decider == 1
                 and tb.anna.game.phase == phases.OFFER_RESPONSE)
        status = tb.anna.status()
        assert "Ben" in status and ("6:00:00" in status or "5:59:" in status), status
        clock.advance(6 * HOUR - 60)
        tb.settle()
        assert tb.ben.game.phase == phases.OFFER_RESPONSE and tb.ben.game.decider == 1
        clock.advance(120)
        tb.drive(lambda: tb.anna.game.phase != phases.OFFER_RESPONSE and tb.anna.waiting_for_human())
        assert tb.anna.game.decider == 0 and tb.anna.game.current == 0

        # Her own clock runs low (the server's warning time, an hour before): a warning sounds, once.
        sounds: list[str] = []
        real_sfx = tb.app.audio.sfx
        monkeypatch.setattr(tb.app.audio, "sfx", lambda name: (sounds.append(name), real_sfx(name))[1])
        d = tb.anna.deadline()
        assert d["seat"] == 0 and d["kind"] == "turn"
        tb.settle(5)
        assert "invalid" not in sounds
        clock.advance(d["warn"] - clock.now() + 60)
        tb.settle(20)
        assert sounds.count("invalid") == 1 and tb.anna.game.decider == 0

        # Anna closes the window at her own decision; the others (and the clock) play on.
        tb.settle(5)
        mine = my_games.load(tb.app.storage)
        assert mine and mine[0].get("my_seq")
        closed_at = tb.anna.game.state.turn
        tb.anna.net.stop()
        tb.anna.net.link.shutdown()
        storage = tb.app.storage
        tb.ben_plays = True
        clock.advance(24 * HOUR + 60)        # her move's day passes: the server ends her turn
        for _ in range(20_000):             # ... and the others play on, to a decision of hers in a later turn
            tb.ben.pump()
            tb.ben.events.clear()
            if tb.ben.waiting_for_human():
                tb.ben.submit(tb.ben_ai.choose(tb.ben.view))
            if tb.ben.game.decider == 0 and tb.ben.game.state.turn > closed_at:
                break
            pyxel.flip()
        assert tb.ben.game.decider == 0 and tb.ben.game.state.turn > closed_at

        # Anna opens the game again from My games: what happened since her last turn is shown first.
        app = App(can_quit=False, storage=storage)
        app.net_clock = clock.now
        bot = SeaRobot(app, "keyboard")
        assert app.scene.message == t("net.your_move")       # the title says a game by post waits for her
        bot.press_key(pyxel.KEY_G)
        bot.press_key(pyxel.KEY_M)
        assert isinstance(app.scene, GamesScene)
        bot.choose(app.scene.menu, 0)
        until([bot], lambda: isinstance(app.scene, NetGameScene))
        since = app.scene.since
        assert since and any("Ben" in line for line in since), since
        drawn: list[str] = []
        real = font.text
        monkeypatch.setattr(font, "text", lambda x, y, s, *a, **k: (drawn.append(s), real(x, y, s, *a, **k))[1])
        bot.frame()
        assert t("net.since") in drawn and any("Ben" in s for s in drawn)
        bot.press("ok")
        assert app.scene.since is None
        for s in (app.scene.session, tb.ben):
            s.net.stop()
            s.net.link.shutdown()
