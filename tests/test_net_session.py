"""The window's seat and session (retrocatan/ui/net/) against a real server on
127.0.0.1 (tests/netplay.py), through the desktop's thread link: two people's
sessions and two computers play a Seafarers game to its end, each session
deciding only for its own seat and moving on only by what the server sends
(docs/protocol.md, "The stream"); and the seat's pure parts with a link that
tests drive by hand."""

from __future__ import annotations

import asyncio
import json
import time

from netplay import ServerThread

from retrocatan.ai import make_player
from retrocatan.net.client import create_game
from retrocatan.ui.net.link import CLOSED, MESSAGE, OPEN
from retrocatan.ui.net.seat import ONLINE, RECONNECTING, ChatGate, NetSeat
from retrocatan.ui.net.session import NetSession, clock_text
from retrocatan.ui.net.thread_link import ThreadLink
from retrocatan.ui.text import t


class HandLink:
    """A link the test drives: what the seat sent, and what it will be told."""

    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.queue: list = []
        self.connects: list[str] = []

    def connect(self, url: str) -> None:
        self.connects.append(url)

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def poll(self):
        out, self.queue = self.queue, []
        return out

    def close(self) -> None:
        self.queue.append((CLOSED, "closed"))


def test_the_seat_resumes_after_its_last_entry_with_growing_waits_and_skips_duplicates():
    now = [100.0]
    link = HandLink()
    seat = NetSeat(link, "ws://x", clock=lambda: now[0], rand=lambda: 0.5, code="ABCDEFGH", name="Anna")
    seat.start()
    joined = {"type": "joined", "game": "g1", "seat": 2, "token": seat.token}
    link.queue += [(OPEN, None), (MESSAGE, json.dumps(joined)),
                   (MESSAGE, json.dumps({"type": "entry", "seq": 1, "k": "seat", "what": "joined", "seat": 2}))]
    seat.update()
    assert [m["type"] for m in link.sent] == ["hello", "join"] and seat.status == ONLINE and seat.seq == 1
    link.queue += [(MESSAGE, json.dumps({"type": "entry", "seq": 1, "k": "seat"}))]
    assert seat.update() == [] and seat.duplicates == 1
    waits = []
    for _ in range(4):                  # the server is gone: each attempt fails, each wait longer
        link.queue.append((CLOSED, "refused"))
        seat.update()
        assert seat.status == RECONNECTING
        waits.append(seat.seconds_to_retry())
        now[0] += waits[-1]
        seat.update()
    assert waits == sorted(waits) and waits[0] < waits[-1] and len(link.connects) == 5
    link.sent.clear()
    link.queue += [(OPEN, None)]
    seat.update()
    assert link.sent[1] == {"type": "resume", "game": "g1", "token": seat.token, "after": 1}


def test_a_colour_already_taken_is_refused_not_swapped_for_another():
    """The Join form offers only free colours; one taken meanwhile is refused with the server's
    reason (the form says it), never silently swapped for the next free one."""
    link = HandLink()
    seat = NetSeat(link, "ws://x", code="ABCDEFGH", name="Ben", colour=0)
    seat.start()
    link.queue += [(OPEN, None), (MESSAGE, json.dumps({"type": "error", "code": "seat_taken", "re": "join",
                                                       "message": "taken"}))]
    seat.update()
    assert [m["type"] for m in link.sent] == ["hello", "join"] and link.sent[-1]["seat"] == 0
    assert seat.status == "refused" and seat.failure.code == "seat_taken" and seat.trouble().kind == "refused"


def test_a_join_carries_the_seats_notice_addresses():
    link = HandLink()
    seat = NetSeat(link, "ws://x", code="ABCDEFGH", name="Ben", notify={"email": "ben@example.org", "webhook": ""})
    seat.start()
    link.queue += [(OPEN, None)]
    seat.update()
    assert link.sent[-1]["type"] == "join" and link.sent[-1]["notify"] == {"email": "ben@example.org"}


def test_chat_lines_are_cut_to_length_and_few_in_a_while():
    now = [0.0]
    gate = ChatGate(clock=lambda: now[0], lines=2, seconds=10)
    assert gate.admit("x" * 500) == "x" * 200
    assert gate.admit("  hello   there ") == "hello there"
    assert gate.admit("third") is None and gate.admit("   ") is None
    now[0] = 10.0
    assert gate.admit("later") == "later"
    assert clock_text(72) == "1:12" and clock_text(3 * 3600 + 5) == "3:00:05" and clock_text(3 * 86400) == "3d 0h"


def _wait(cond, sessions, seconds=30.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for s in sessions:
            s.pump() if isinstance(s, NetSession) else s.update()
        if cond():
            return True
        time.sleep(0.002)
    return False


def test_two_people_and_two_computers_play_a_seafarers_game_through_the_window_s_sessions(tmp_path):
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        config = {"players": 4, "scenario": "four-islands"}
        got = asyncio.run(create_game(server.url, config, clocks={"computer_delay": 0}, start="full",
                                      seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                             {"kind": "open"}, {"kind": "computer", "level": "easy"}]))
        seats = [NetSeat(ThreadLink(), server.url, code=got["code"], name=n, colour=c)
                 for n, c in (("Anna", 0), ("Ben", 2))]
        for s in seats:
            s.start()
        spectator = NetSeat(ThreadLink(), server.url, code=got["code"], watch=True)
        spectator.start()
        assert _wait(lambda: all(s.state is not None for s in seats + [spectator]), seats + [spectator])
        sessions = [NetSession(s) for s in seats]
        watching = NetSession(spectator)
        assert watching.seat == -1 and not watching.waiting_for_human()
        assert sessions[0].say_chat("  good   luck ") and not watching.say_chat("hello")
        said = "Anna: good luck"
        assert _wait(lambda: all(said in s.log for s in sessions), sessions + [watching])   # to the players ...
        assert not any("good luck" in str(line) for line in watching.log)             # ... not to a spectator
        players = {s.seat: make_player("easy", 7, s.seat) for s in sessions}
        decided = {s.seat: 0 for s in sessions}
        end = time.monotonic() + 200
        while not all(s.game.over for s in sessions) and time.monotonic() < end:
            watching.pump()
            watching.events.clear()
            for s in sessions:
                s.pump()
                s.events.clear()
                if s.waiting_for_human():
                    other = sessions[1 - sessions.index(s)]
                    assert not other.waiting_for_human() or other.game.phase != s.game.phase or \
                        other.game.decider != s.game.decider       # one decider at a time
                    s.submit(players[s.seat].choose(s.view))
                    decided[s.seat] += 1
                    assert not s.waiting_for_human()          # nobody decides while the move is on its way
            time.sleep(0.001)
        assert all(s.game.over for s in sessions)
        assert all(n > 10 for n in decided.values())
        for s in sessions:
            assert s.net.gaps == 0 and s.net.duplicates == 0
            assert s.name(s.seat) in ("Anna", "Ben") and s.game.winner == sessions[0].game.winner
            assert s.log                                      # the game's events, in words
        assert _wait(lambda: watching.game.over, [watching])
        assert watching.game.winner == sessions[0].game.winner and watching.log
        for s in seats + [spectator]:
            s.stop()
            s.link.shutdown()


def test_a_seat_taken_over_after_two_missed_live_turns_comes_back_to_its_person(tmp_path):
    """docs/server.md, "Paces and clocks": two missed turns in a row and a computer plays the
    seat until its person is back; the window says so, and takes the seat back when asked."""
    from retrocatan.server.clocks import ManualClock
    clock = ManualClock()
    with ServerThread(str(tmp_path / "games.sqlite3"), clock=clock) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                                      seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                             {"kind": "computer", "level": "easy"}]))
        net = NetSeat(ThreadLink(), server.url, code=got["code"], name="Anna", colour=0)
        net.start()
        assert _wait(lambda: net.state is not None, [net])
        s = NetSession(net, clock=clock.now)
        ai = make_player("easy", 5, 0)

        def my_roll():
            return s.waiting_for_human() and s.game.phase == "roll"
        # The founding is played; then two turns are let run out. Between them the person does
        # nothing: a decision of theirs out of turn (an offer to answer, a discard) is left to its
        # clock, since any act of theirs shows them present and starts the count again.
        for missed in range(2):
            while not _wait(my_roll, [s], 0.2):
                if s.waiting_for_human():
                    if missed:
                        clock.advance(31)
                    else:
                        s.submit(ai.choose(s.view))
            assert not s.away
            turn = s.game.state.turn
            clock.advance(91)
            assert _wait(lambda: s.game.state.turn > turn, [s])
        assert _wait(lambda: s.away, [s])
        assert s.status() == t("net.away") or s.game.decider == 0
        assert any("away" in str(line) for line in s.log)
        assert s.take_back() and not s.take_back()          # asked once
        assert _wait(lambda: not s.away, [s])
        assert _wait(lambda: s.waiting_for_human(), [s])       # the next decision is the person's
        assert any("back" in str(line) for line in s.log)
        net.stop()
        net.link.shutdown()


class _Kept:
    """A seat's messages kept as they come, as the waiting room keeps them for the game screen."""

    def __init__(self, seat: NetSeat) -> None:
        self.seat = seat
        self.messages: list[dict] = []

    def update(self) -> None:
        self.messages.extend(self.seat.update())


def test_net_since_your_last_turn_keeps_every_line_after_the_log_is_full(tmp_path):
    """"Since your last turn" is made from the entries a seat is sent on opening its game again: the
    lines after its last decision, however many lines the whole game's log had before them (the log
    box keeps the last ``LOG_LINES``; the lines since a turn are kept apart from it)."""
    from retrocatan.ui.session import LOG_LINES
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                                      seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                             {"kind": "computer", "level": "easy"}]))
        net = NetSeat(ThreadLink(), server.url, code=got["code"], name="Anna", colour=0)
        net.start()
        assert _wait(lambda: net.state is not None, [net])
        s = NetSession(net)
        ai = make_player("easy", 5, 0)
        my_seq = None
        end = time.monotonic() + 120
        while time.monotonic() < end and not s.game.over:
            s.pump()
            s.events.clear()
            if s.waiting_for_human():
                if my_seq is None and len(s.log) >= LOG_LINES:
                    my_seq = net.seq            # the last turn: the log box is full by now
                elif my_seq is not None and net.seq > my_seq + 30:
                    break
                s.submit(ai.choose(s.view))
            time.sleep(0.001)
        assert my_seq is not None and net.seq > my_seq + 30, "the game ended before its log was full"
        since = s.lines_since(my_seq)
        assert since and len(s.log) == LOG_LINES
        # The seat opened again from its first entry, as My games does: the same lines since that turn.
        again = NetSeat(ThreadLink(), server.url, game=net.game_id, token=net.token)
        again.start()
        past = _Kept(again)
        assert _wait(lambda: again.state is not None and again.seq >= net.seq, [past])
        reopened = NetSession(again, past=past.messages)
        assert reopened.lines_since(my_seq)[:len(since)] == since
        assert any(reopened.name(p) in line for line in since for p in (1, 2))
        for seat in (net, again):
            seat.stop()
            seat.link.shutdown()


def test_net_a_game_the_server_ended_says_why_in_the_log(tmp_path):
    """The server's operator ends a game (``retrocatan admin end``, here its hub's call): the
    window's log says so, in words, not only that the game is over."""
    from retrocatan.server.meta import EndReason
    from retrocatan.ui.text import set_language
    set_language("en")
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, seats=[
            {"kind": "open"}, {"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "easy"}]))
        net = NetSeat(ThreadLink(), server.url, code=got["code"], name="Anna", colour=0)
        net.start()
        try:
            assert _wait(lambda: net.state is not None, [net])
            s = NetSession(net)
            server.call(lambda: server.hub.end_game(server.hub.table(got["game"]), EndReason.ADMIN))
            assert _wait(lambda: "The server's operator ended the game" in s.log, [s]), s.log[-5:]
        finally:
            net.stop()
            net.link.shutdown()
