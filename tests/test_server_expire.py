"""Games that end (docs/server.md, "Games that end"), with an injected clock:
an open game nobody joined expires after 24 h, a live game nobody is
connected to after 2 h, a by-post game in which no person moved after 30
days; each with an ``end`` entry and its record kept. An all-computer game
that starts when full starts at once; ``--max-games`` counts only games that
can still go on, so a server filled with junk games recovers by itself."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from retrocatan.engine.config import GameConfig
from retrocatan.server.clocks import ManualClock, Pace
from retrocatan.server.expiry import Expiry
from retrocatan.server.hub import Hub, Limits
from retrocatan.server.meta import EndReason, Status
from retrocatan.server.store import open_store
from retrocatan.server.table import Table

HOUR, DAY = 3600.0, 86400.0
NO_CLOCK = {"turn": 0, "decision": 0, "offer": 0}


@pytest.fixture
def store(tmp_path):
    with open_store(str(tmp_path / "games.sqlite3")) as s:
        yield s


async def leave(seat, task) -> None:
    """A client that closes its connection (the server hears it at once)."""
    seat.stop()
    await asyncio.wait_for(task, 5)


def ends(t: Table) -> list[dict]:
    return [e for _, e, _ in t.ring if e["k"] == "end"]


def test_an_open_game_nobody_joined_expires_after_24_hours_and_stays_stored(store):
    clock = ManualClock()
    hub = Hub(store, clock)
    t, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("live"), [{"kind": "open"}] * 3, "owner",
                        expiry=hub.limits.expire)
    t.join("Ann")
    clock.advance(24 * HOUR - 1)
    hub.tick_stored()                             # the hub's timer does this every 30 s
    assert store.meta(t.id)["status"] == "open"
    clock.advance(2)
    hub.tick_stored()
    meta = store.meta(t.id)
    assert meta["status"] == "ended" and meta["ended"] == "unjoined"
    again = Table.load(store, clock, t.id)
    assert ends(again) == [{"k": "end", "why": "unjoined"}]
    assert again.public()["status"] == "ended"
    assert store.count("open") == 0 and store.count("ended") == 1


def test_a_live_game_nobody_is_connected_to_expires_after_2_hours(tmp_path):
    pytest.importorskip("websockets")
    from netplay import ServerThread

    from retrocatan.net.client import Seat, create_game

    clock = ManualClock(time.time())
    with ServerThread(str(tmp_path / "s.sqlite3"), clock) as server:
        got = asyncio.run(create_game(server.url, {"players": 3}, clocks=NO_CLOCK))

        async def sit(colour: int, hold: float) -> Seat:
            s = Seat(server.url, code=got["code"], name=f"P{colour}", colour=colour)
            task = asyncio.create_task(s.run())
            await asyncio.wait_for(s.synced.wait(), 10)
            await asyncio.sleep(hold)
            await leave(s, task)
            return s

        seats = [asyncio.run(sit(c, 0.1)) for c in range(3)]
        hub = server.hub
        t = server.call(hub.table, got["game"])
        assert server.call(lambda: t.status) == Status.PLAYING

        def status_after(seconds: float) -> str:
            server.call(clock.advance, seconds)
            time.sleep(0.5)                          # the hub's timer ticks every 0.1 s
            return server.call(lambda: t.status.value)

        assert status_after(2 * HOUR - 60) == "playing"

        async def watch_a_while() -> None:            # somebody comes: the 2 h start again when they leave
            w = Seat(server.url, code=got["code"], watch=True)
            task = asyncio.create_task(w.run())
            await asyncio.wait_for(w.synced.wait(), 10)
            server.call(clock.advance, HOUR)
            await asyncio.sleep(0.3)
            await leave(w, task)
        asyncio.run(watch_a_while())
        time.sleep(0.3)
        assert status_after(2 * HOUR - 60) == "playing"
        assert status_after(61) == "ended"
        assert server.call(lambda: ends(t)) == [{"k": "end", "why": "abandoned"}]
        back = Seat(server.url, got["game"], seats[0].token)

        async def resume() -> dict:
            task = asyncio.create_task(back.run())
            await asyncio.wait_for(back.synced.wait(), 10)
            await leave(back, task)
            return back.table
        assert asyncio.run(resume())["status"] == "ended" and back.over


def test_a_by_post_game_in_which_nobody_moved_expires_after_30_days_and_its_record_is_kept(store):
    clock = ManualClock()
    t, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("post"),
                        [{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}],
                        expiry=Expiry())
    t.join("Ann")
    t.join("Ben")
    assert t.status == Status.PLAYING
    started = clock.now()
    days = 0
    while t.status == Status.PLAYING:
        clock.advance(min(DAY, t.due() - clock.now()) + 1)      # the turns pass by themselves each day
        t.run_due(1000)
        days = (clock.now() - started) / DAY
        assert days <= 30.1
    assert days >= 30 and ends(t) == [{"k": "end", "why": "silent"}]
    assert all(e["by"] != "person" for _, e, _ in t.ring if e["k"] == "move")
    rec = t.record()
    assert rec is not None and len(rec["actions"]) == len(t.game.history) > 0


def test_expire_by_post_counts_from_the_last_move_of_a_person(store):
    clock = ManualClock()
    t, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("post"), [{"kind": "open"}] * 3)
    for name in ("Ann", "Ben", "Cem"):
        t.join(name)
    clock.advance(29 * DAY)
    p = t.game.decider
    t.act(p, str(t.game.seat_view(p).legal[0]))
    assert t.due() <= clock.now() + DAY                   # the next decision's day, before any end
    assert Table.load(store, clock, t.id).meta.person_moved == clock.now()
    clock.advance(2 * DAY)
    t.run_due(1000)
    assert t.status == Status.PLAYING


def test_an_all_computer_game_starts_at_once_rather_than_wait_to_expire(store):
    clock = ManualClock()
    computers = [{"kind": "computer", "level": "easy"}] * 3
    t, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("live"), computers, "full")
    assert t.status == Status.PLAYING and store.meta(t.id)["status"] == "playing"
    waiting, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("live"), computers, "owner")
    assert waiting.status == Status.OPEN                  # its owner starts it, or it expires unjoined
    last, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("live"),
                           [{"kind": "open"}] + computers[:2], "full")
    last.give_to_computer(0, "easy")                      # the last open seat given to a computer
    assert last.status == Status.PLAYING


def test_max_games_counts_games_that_go_on_and_junk_games_expire_so_the_server_recovers(tmp_path):
    """Three junk games fill a server of --max-games 3; an ended or finished one does not count;
    a day later the junk has expired and games are created again."""
    pytest.importorskip("websockets")
    from netplay import ServerThread

    from retrocatan.net.client import Refused, create_game

    clock = ManualClock(time.time())
    limits = Limits(rate=10_000, burst=10_000, max_games=3)
    with ServerThread(str(tmp_path / "s.sqlite3"), clock, limits) as server:
        junk = [asyncio.run(create_game(server.url, {"players": 3})) for _ in range(3)]
        with pytest.raises(Refused) as refused:
            asyncio.run(create_game(server.url, {"players": 3}))
        assert refused.value.code == "full"
        server.call(lambda: server.hub.end_game(server.hub.table(junk[0]["game"]), EndReason.ADMIN))
        asyncio.run(create_game(server.url, {"players": 3}))      # an ended game does not count
        with pytest.raises(Refused):
            asyncio.run(create_game(server.url, {"players": 3}))
        server.call(clock.advance, 24 * HOUR + 1)
        server.call(server.hub.tick_stored)                        # the timer does this every 30 s
        for _ in range(3):
            asyncio.run(create_game(server.url, {"players": 3}))
        statuses = [json.loads(json.dumps(server.store.meta(g["game"])))["status"] for g in junk]
        assert statuses == ["ended"] * 3
