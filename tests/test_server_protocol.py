"""The protocol's small promises (docs/protocol.md), each against a real server
on the loopback address (``ServerThread``): a malformed message's error names
its type and id where they could be read; ``back`` and ``chat`` are answered
with their id; ``act`` with ``"step": null`` is an act without a step;
``create`` without ``start`` starts when every seat is taken; strikes decay,
and honest refusals (``stale``, ``not_your_turn``, a first second of
``rate``) do not count."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

pytest.importorskip("websockets")

from netplay import ServerThread  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from retrocatan.engine.game import Game  # noqa: E402
from retrocatan.server.hub import Limits  # noqa: E402

ANSWERS = ("error", "ok", "pong", "created", "joined", "hello")


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def opened(url: str):
    ws = await connect(url, compression=None, open_timeout=5, close_timeout=1, max_size=None)
    await ws.send(json.dumps({"type": "hello", "protocol": 1, "client": "test"}))
    assert (await answer(ws))["type"] == "hello"
    return ws


async def answer(ws, kinds=ANSWERS, timeout: float = 5.0) -> dict:
    end = time.monotonic() + timeout
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        if msg.get("type") in kinds:
            return msg


async def ask(ws, msg) -> dict:
    await ws.send(msg if isinstance(msg, str) else json.dumps(msg))
    return await answer(ws)


async def seated(url: str, players: int = 3, start: str | None = None):
    """A game created without (or with) ``start``, every seat joined by a connection of ours."""
    msg = {"type": "create", "config": {"players": players}, "id": 1, **({"start": start} if start else {})}
    owner = await opened(url)
    created = await ask(owner, msg)
    seats = []
    for i in range(players):
        ws = await opened(url)
        joined = await ask(ws, {"type": "join", "code": created["code"], "name": f"P{i}", "seat": i})
        assert joined["type"] == "joined", joined
        seats.append(ws)
    return owner, created, seats


async def state_of(ws) -> dict:
    """The seat's present from the next live entry or sync that carries it."""
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
        if "state" in msg:
            return msg


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with ServerThread(str(tmp_path_factory.mktemp("protocol") / "s.sqlite3")) as s:
        yield s


def test_a_malformed_message_is_answered_with_its_re_and_id_where_they_could_be_read(server):
    async def main():
        ws = await opened(server.url)
        got = await ask(ws, {"type": "act", "action": "roll", "step": "3", "id": 5})
        assert (got["code"], got["re"], got["id"]) == ("bad_message", "act", 5)
        got = await ask(ws, {"type": "frobnicate", "id": 6})
        assert (got["code"], got["re"], got["id"]) == ("unknown_type", "frobnicate", 6)
        got = await ask(ws, {"type": "ping", "id": "7"})            # an id that is not a whole number
        assert (got["code"], got["re"]) == ("bad_message", "ping") and "id" not in got
        got = await ask(ws, {"type": "join", "code": "X", "id": 8})  # a field missing
        assert (got["code"], got["re"], got["id"]) == ("bad_message", "join", 8)
        got = await ask(ws, '{"type": "ping", "id": 9')               # no JSON: nothing can be read
        assert got["code"] == "bad_json" and "id" not in got and "re" not in got
        await ws.close()
    run(main())


def test_create_without_start_starts_the_game_when_every_seat_is_taken(server):
    async def main():
        owner, created, seats = await seated(server.url)
        got = await state_of(seats[0])
        assert got["table"]["status"] == "playing"
        for ws in [owner, *seats]:
            await ws.close()
    run(main())


def test_back_and_chat_are_answered_with_their_id_and_a_null_step_is_no_step(server):
    async def main():
        owner, created, seats = await seated(server.url, start="full")
        present = await state_of(seats[0])
        game = Game.from_json(present["state"])
        p = game.decider
        ws = seats[p]
        got = await ask(ws, {"type": "chat", "text": "Moin", "id": 11})
        assert got["type"] == "ok" and got["id"] == 11 and got["seq"] > 0
        again = await opened(server.url)                          # resume's welcome carries its id
        await again.send(json.dumps({"type": "watch", "code": created["code"], "id": 15}))
        welcome = await answer(again, ("welcome",))
        assert (welcome["game"], welcome["seat"], welcome["id"]) == (created["game"], -1, 15)
        await again.close()
        got = await ask(ws, {"type": "back", "id": 12})
        assert got == {"type": "ok", "id": 12}                    # not away: nothing to do, and said so
        action = str(game.seat_view(p).legal[0])
        got = await ask(ws, {"type": "act", "action": action, "step": None, "id": 13})
        assert got["type"] == "ok" and got["id"] == 13, got
        got = await ask(ws, {"type": "act", "action": "end", "step": 0, "id": 14})
        assert (got["code"], got["id"], got["re"]) == ("stale", 14, "act")
        for w in [owner, *seats]:
            await w.close()
    run(main())


def test_strikes_decay_and_honest_refusals_do_not_count(tmp_path):
    limits = Limits(rate=10_000, burst=10_000, strikes=5, strike_decay_s=0.5)
    with ServerThread(str(tmp_path / "s.sqlite3"), limits=limits) as s:
        async def main():
            owner, created, seats = await seated(s.url, start="full")
            present = await state_of(seats[0])
            p = Game.from_json(present["state"]).decider
            other = seats[(p + 1) % 3]
            for i in range(20):                                   # honest: not my turn, the game moved on
                got = await ask(other, {"type": "act", "action": "end", "id": i})
                assert got["code"] == "not_your_turn"
                got = await ask(seats[p], {"type": "act", "action": "end", "step": 999, "id": i})
                assert got["code"] == "stale"
            bad = {"type": "act", "action": 1}
            for _ in range(5):                                    # five strikes: at the limit, not over it
                assert (await ask(other, bad))["code"] == "bad_message"
            await asyncio.sleep(3.5)                              # seven forgiven
            for _ in range(5):
                assert (await ask(other, bad))["code"] == "bad_message"
            assert (await ask(other, {"type": "ping", "id": 1}))["type"] == "pong"
            codes = []
            try:
                for _ in range(3):                                # over the limit: closed
                    await other.send(json.dumps(bad))
                while True:
                    codes.append(json.loads(await asyncio.wait_for(other.recv(), 5)).get("code"))
            except ConnectionClosed:
                pass
            assert codes[-1] == "strikes", codes
            for w in [owner, *seats]:
                await w.close()
        run(main())


def test_a_burst_over_the_rate_is_refused_without_strikes_while_the_client_slows_down(tmp_path):
    limits = Limits(rate=20, burst=10, strikes=5)
    with ServerThread(str(tmp_path / "s.sqlite3"), limits=limits) as s:
        async def main():
            ws = await opened(s.url)
            refused = 0
            for _ in range(4):
                for i in range(15):
                    await ws.send(json.dumps({"type": "ping", "id": i}))
                for _ in range(15):
                    got = await answer(ws)
                    refused += got.get("code") == "rate"
                await asyncio.sleep(1.2)                          # it slows down; the allowance fills again
            assert refused >= 4 * 5 > limits.strikes
            assert (await ask(ws, {"type": "ping", "id": 99})) == {"type": "pong", "id": 99}
            await ws.close()
        run(main())


def test_a_request_cancelled_as_its_answer_arrives_ends_its_task(server):
    """A seat's request whose task is cancelled in the same turn of the loop as its answer
    arrives ends with the cancellation: the answer does not swallow it (``asyncio.wait_for``
    did before Python 3.12, and a bot told to stop while its action's ``ok`` came in waited for
    ever: a bot's ``play()`` cancels its loop and waits for it). The connection dropping under a
    request still reads as ``ConnectionError``."""
    from retrocatan.net.client import Seat, create_game

    async def main():
        created = await create_game(server.url, {"players": 3})
        seat = Seat(server.url, code=created["code"], name="Ann", colour=0)
        runner = asyncio.create_task(seat.run())
        await asyncio.wait_for(seat.connected.wait(), 10)
        assert (await seat.request({"type": "ping"}))["type"] == "pong"
        receive, asking = seat._receive, []

        def answer_then_cancel(raw):
            receive(raw)                    # the answer's future is done here ...
            if json.loads(raw).get("type") == "pong" and asking:
                asking[0].cancel()          # ... and its task is cancelled before it runs again
        seat._receive = answer_then_cancel
        asking.append(asyncio.create_task(seat.request({"type": "ping"})))
        with pytest.raises(asyncio.CancelledError):
            await asking[0]
        assert asking[0].cancelled()
        # The connection dropped before the answer was read: ConnectionError.
        def drop_instead(raw):
            if json.loads(raw).get("type") == "pong":
                seat.ws.transport.abort()
            else:
                receive(raw)
        seat._receive = drop_instead
        with pytest.raises(ConnectionError):
            await seat.request({"type": "ping"}, timeout=10)
        seat._receive = receive
        seat.stop()
        await asyncio.wait_for(runner, 10)
    run(main())
