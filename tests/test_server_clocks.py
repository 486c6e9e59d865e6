"""The paces and their clocks (docs/server.md, "Paces and clocks"), one test
per rule, at the table of a real store (SQLite and a real PostgreSQL), with
an injected clock: nothing sleeps.

- live: a turn's 90 s running out (a computer finishes the turn), two
  missed turns in a row (the computer plays the seat), the person coming
  back, the 30 s robber clock;
- by post: the turn passing at 24 h (a computer makes the decisions the
  rules require), an offer lapsing at 6 h;
- a deadline surviving a restart (the table loaded anew from the store).
"""

from __future__ import annotations

import pytest
from pgserver import postgres_server  # noqa: F401  (the session fixture)

from retrocatan.ai import make_player
from retrocatan.engine import phases
from retrocatan.engine.config import GameConfig
from retrocatan.server.clocks import ManualClock, Pace
from retrocatan.server.expiry import Expiry
from retrocatan.server.store import open_store
from retrocatan.server.table import Table, TableError

HOUR = 3600.0


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path):
    if request.param == "sqlite":
        s = open_store(str(tmp_path / "games.sqlite3"))
        yield s
        s.close()
        return
    pg = request.getfixturevalue("postgres_server")
    name = pg.new_database()
    s = open_store(pg.url(name))
    yield s
    s.close()
    pg.drop_database(name)


def people_table(store, clock, pace: Pace, players: int = 3) -> tuple[Table, list[str]]:
    """A started game whose every seat is a person (no computer moves on its own)."""
    t, _owner = Table.create(store, clock, GameConfig(players=players), pace, [{"kind": "open"}] * players, "owner")
    tokens = [t.join(f"P{i}")[1] for i in range(players)]
    t.start()
    return t, tokens


def play_as_people(t: Table, until, limit: int = 2000) -> None:
    """Each seat's person plays (a Normal computer decides for them) until ``until(t)``."""
    bots = {}
    for _ in range(limit):
        if until(t):
            return
        p = t.game.decider
        bot = bots.setdefault(p, make_player("normal", 5, p))
        t.act(p, str(bot.choose(t.game.seat_view(p))))
    raise AssertionError("the condition never came")


def to_roll(t: Table) -> bool:
    return t.game.phase == phases.ROLL


def moves_since(t: Table, n: int) -> list[dict]:
    return [e for m, e, _ in t.ring if m > n and e["k"] == "move"]


def test_a_live_turn_runs_out_at_90_s_and_a_computer_finishes_it(store):
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("live"))
    play_as_people(t, to_roll)
    p, turn = t.game.current, t.game.state.turn
    d = t.meta.deadline
    assert (d.seat, d.kind, d.at) == (p, "turn", clock.now() + 90)
    clock.advance(89)
    assert t.run_due() == 0 and t.game.current == p
    n = t.count
    clock.advance(2)
    assert t.run_due() >= 2                     # at least the roll and the end
    assert t.game.state.turn == turn + 1 and t.game.current != p
    made = moves_since(t, n)
    assert made and all(e["seat"] == p and e["by"] == "clock" for e in made)
    assert made[0]["a"] in ("roll", "knight") and made[-1]["a"] == "end"
    assert t.meta.seats[p].missed == 1 and not t.meta.seats[p].away


def test_two_missed_turns_in_a_row_hand_the_seat_to_the_computer(store):
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("live"))
    play_as_people(t, to_roll)
    p = t.game.current
    for missed in (1, 2):
        if missed == 2:     # round the table; p lets its clock run out outside its turn too (not a turn missed)
            others = {q: make_player("normal", 5, q) for q in range(3)}
            while not (t.game.current == p and t.game.phase == phases.ROLL):
                q = t.game.decider
                if q == p:
                    n = t.count
                    clock.advance(31)
                    assert t.run_due() >= 1 and moves_since(t, n)[0]["seat"] == p     # (an offer's clock: all)
                else:
                    t.act(q, str(others[q].choose(t.game.seat_view(q))))
            assert t.meta.seats[p].missed == 1
        clock.advance(91)
        t.run_due()
        assert t.meta.seats[p].missed == missed
    seat = t.meta.seats[p]
    assert seat.away is True
    assert any(e["k"] == "seat" and e["what"] == "away" and e["seat"] == p for _, e, _ in t.ring)
    assert t.public()["seats"][p]["away"] is True
    # From now on the computer plays the seat at once, not when a clock runs out.
    play_as_people(t, lambda t: t.game.decider == p)
    assert t.meta.deadline.kind == "computer"
    n = t.count
    clock.advance(Pace.of("live").computer_delay)
    t.run_due()
    assert moves_since(t, n)[0]["by"] == "computer"


def test_a_person_who_comes_back_gets_the_seat_at_their_next_decision(store):
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("live", missed_turns=1))
    play_as_people(t, to_roll)
    p = t.game.current
    clock.advance(91)
    t.run_due()
    assert t.meta.seats[p].away is True
    t.back(p)
    assert t.meta.seats[p].away is False
    assert any(e["k"] == "seat" and e["what"] == "back" for _, e, _ in t.ring)
    # The next decision of the seat waits for its person, on a person's clock.
    others = {q: make_player("normal", 5, q) for q in range(3)}
    for _ in range(2000):
        if t.game.decider == p:
            break
        q = t.game.decider
        t.act(q, str(others[q].choose(t.game.seat_view(q))))
    assert t.meta.deadline.kind in ("turn", "decision", "offer")
    assert t.run_due() == 0                     # nothing happens before the clock runs out
    # Acting also brings an away seat back.
    clock.advance(3 * 91)
    t.run_due()
    if t.meta.seats[p].away:
        while t.game.decider != p:
            q = t.game.decider
            if t.meta.seats[q].away:
                t.run_due()
            else:
                t.act(q, str(others[q].choose(t.game.seat_view(q))))
        t.act(p, str(others[p].choose(t.game.seat_view(p))))
        assert t.meta.seats[p].away is False


def test_the_robber_has_a_30_s_clock_live(store):
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("live"))
    play_as_people(t, to_roll)
    p = t.game.current
    t.game.fix_dice([(3, 4)])
    t.act(p, "roll")
    play_as_people(t, lambda t: t.game.phase == phases.ROBBER)
    d = t.meta.deadline
    assert (d.seat, d.kind, d.at) == (p, "decision", clock.now() + 30)
    clock.advance(31)
    assert t.run_due() == 1
    assert t.game.phase != phases.ROBBER
    assert moves_since(t, t.count - 1)[0]["a"].startswith("rob ")


def test_by_post_the_turn_passes_after_24_hours_without_a_move(store):
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("post"))
    play_as_people(t, to_roll)
    p, turn = t.game.current, t.game.state.turn
    d = t.meta.deadline
    assert (d.kind, d.at) == ("turn", clock.now() + 24 * HOUR)
    clock.advance(24 * HOUR - 60)
    assert t.run_due() == 0 and t.game.state.turn == turn
    n = t.count
    clock.advance(120)
    t.run_due()
    made = moves_since(t, n)
    assert t.game.state.turn == turn + 1
    assert made[0]["a"] in ("roll", "knight")       # the roll the rules require is made for the player
    assert made[-1]["a"] == "end" and all(e["by"] == "clock" for e in made)
    assert t.meta.seats[p].missed == 0   # by post: no takeover


def test_by_post_a_move_gives_another_day(store):
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("post"))
    play_as_people(t, to_roll)
    p = t.game.current
    clock.advance(20 * HOUR)
    t.act(p, "roll")
    play_as_people(t, lambda t: t.game.decider == p and t.game.phase == phases.MAIN)
    assert t.meta.deadline.at == clock.now() + 24 * HOUR


def test_by_post_an_offer_lapses_after_6_hours(store):
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("post"))
    play_as_people(t, to_roll)
    p = t.game.current
    t.act(p, "roll")
    play_as_people(t, lambda t: t.game.decider == p and t.game.phase == phases.MAIN)
    hand = t.game.seat_view(p).hand
    give = next(r for r in range(5) if hand[r] > 0)
    letters = "WBSGC"
    made_at = clock.now()
    t.act(p, f"offer {letters[give]}:{letters[(give + 1) % 5]}")
    assert t.game.phase == phases.OFFER_RESPONSE
    d = t.meta.deadline
    assert (d.kind, d.at) == ("offer", made_at + 6 * HOUR)
    first = t.game.decider
    clock.advance(3 * HOUR)
    assert t.run_due() == 0
    # One seat answers in time; the offer's clock does not start again for the next.
    t.act(first, "decline")
    if t.game.phase == phases.OFFER_RESPONSE:
        assert t.meta.deadline.at == made_at + 6 * HOUR
    clock.advance(3 * HOUR + 1)
    n = t.count
    t.run_due()
    assert t.game.phase != phases.OFFER_RESPONSE
    lapsed = moves_since(t, n)
    assert all(e["a"] == "decline" and e["by"] == "clock" for e in lapsed)
    assert t.game.decider == p                      # the turn goes on, on the turn's clock
    assert t.meta.deadline.kind == "turn"


def test_a_deadline_survives_a_restart(store, tmp_path):
    clock = ManualClock()
    t, tokens = people_table(store, clock, Pace.of("post"))
    play_as_people(t, to_roll)
    p, turn, at = t.game.current, t.game.state.turn, t.meta.deadline.at
    state = t.game.state_hash()
    # The server stops; another one (here: a new table from the same store) goes on.
    again = Table.load(store, clock, t.id)
    assert again.game.state_hash() == state and again.count == t.count
    assert again.meta.deadline.at == at
    assert store.due(at + 1) == [t.id] and store.due(at - 1) == []
    assert again.seat_of(tokens[p]) == p
    clock.advance(at - clock.now() + 1)
    again.run_due()
    assert again.game.state.turn == turn + 1


def test_a_computer_seat_moves_after_its_delay_and_people_wait(store):
    clock = ManualClock()
    t, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("live", computer_delay=2),
                        [{"kind": "open"}, {"kind": "computer", "level": "easy"}, {"kind": "computer"}], "owner")
    t.join("Ann")
    t.start()
    play_as_people(t, lambda t: t.game.decider != 0) if t.game.decider == 0 else None
    assert t.meta.deadline.kind == "computer"
    assert t.run_due() == 0
    clock.advance(2)
    assert t.run_due() >= 1
    with pytest.raises(TableError) as err:
        t.act(1, "end")                      # nobody acts for a computer's seat by hand
    assert err.value.code in ("not_your_turn", "refused", "bad_action")


def test_each_clock_is_refused_outside_its_bounds_and_a_stored_game_keeps_its_own():
    from retrocatan.server.clocks import BOUNDS
    for name, (lo, hi) in BOUNDS.items():
        assert getattr(Pace.of("live", **{name: lo}), name) == lo
        assert getattr(Pace.of("post", **{name: hi}), name) == hi
        for bad in (lo - 0.5, hi + 1, float("nan"), "1", True):
            with pytest.raises(ValueError, match=name):
                Pace.of("live", **{name: bad})
    assert BOUNDS["computer_delay"] == (0.0, 60.0) and BOUNDS["turn"] == (0.0, 30 * 86400.0)   # 0: no clock
    stored = {**Pace.of("live").to_json(), "computer_delay": 3600.0}   # outside the bounds: a stored game keeps it
    assert Pace.from_json(stored).computer_delay == 3600.0


def test_every_founder_gets_a_turns_clock_for_each_placement(store):
    """Each founding placement (a settlement and its road) has the pace's turn clock from
    when it becomes the founder's, whoever places before: the same for every person."""
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("live"))
    bots = {q: make_player("normal", 5, q) for q in range(3)}
    placements = 0
    while t.game.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD):
        p, began = t.game.decider, clock.now()
        d = t.meta.deadline
        assert (d.seat, d.kind, d.at) == (p, "turn", began + 90), placements
        clock.advance(50)                        # 50 s for the settlement: the road still has 40 s
        t.act(p, str(bots[p].choose(t.game.seat_view(p))))
        assert t.meta.deadline.at == began + 90 and t.game.decider == p
        clock.advance(35)
        t.act(p, str(bots[p].choose(t.game.seat_view(p))))
        assert t.run_due() == 0
        placements += 1
    assert placements == 6


def test_a_clock_of_0_is_no_clock_and_a_warning_of_0_no_warning(store):
    clock = ManualClock()
    t, _ = people_table(store, clock, Pace.of("live", turn=0, decision=0, offer=0, warn=0))
    t.expiry = Expiry(0, 0, 0)                  # (no game nobody plays ends: expiry.py, tested apart)
    assert t.meta.deadline is None and t.due() is None
    clock.advance(30 * 86400)
    assert t.run_due() == 0 and len(t.game.history) == 0      # the founder's decision waits
    play_as_people(t, to_roll)
    assert t.meta.deadline is None and t.run_due() == 0
    t2, _ = people_table(store, clock, Pace.of("live", decision=0, warn=0))
    d = t2.meta.deadline
    assert d.kind == "turn" and d.warn is None                  # the turn's clock runs; no warning


def test_a_restart_moves_each_running_deadline_on_by_the_time_the_server_was_down(store):
    """The hub's heartbeat says when the server went down; a game loaded after the restart has
    every deadline that was running then moved on by the time it was down, once."""
    from retrocatan.server.hub import Hub
    clock = ManualClock()
    first = Hub(store, clock)
    live, _ = people_table(store, clock, Pace.of("live"))
    post, _ = people_table(store, clock, Pace.of("post"))
    play_as_people(live, to_roll)
    play_as_people(post, to_roll)
    at = {t.id: t.meta.deadline.at for t in (live, post)}
    clock.advance(20)
    first.heartbeat.beat()                                 # its last heartbeat; then it is killed
    clock.advance(3600)
    second = Hub(store, clock)
    assert second.pauses[-1] == (clock.now() - 3600, clock.now())
    for gid in at:
        t = second.table(gid)
        assert t.meta.deadline.at == at[gid] + 3600
        assert t.meta.deadline.warn == t.meta.deadline.at - t.pace.warn
    assert second.table(live.id).run_due() == 0
    # A second restart moves them on by its own time only, also for a game not loaded between.
    clock.advance(10)
    second.heartbeat.beat()
    clock.advance(100)
    third = Hub(store, clock)
    assert third.table(live.id).meta.deadline.at == at[live.id] + 3600 + 100
    assert third.table(post.id).meta.deadline.at == at[post.id] + 3600 + 100
    # A deadline that had run out before the server went down is not moved: it is due.
    clock.advance(at[live.id] + 3700 - clock.now() + 5)
    third.heartbeat.beat()
    clock.advance(50)
    fourth = Hub(store, clock)
    t = fourth.table(live.id)
    assert t.meta.deadline.at == at[live.id] + 3700 and t.run_due() > 0


def test_a_killed_server_started_again_moves_the_deadline_on_by_its_downtime(tmp_path):
    """A real ``retrocatan serve`` process, SIGKILLed with a person's clock running and started
    again on the same database 3 s later: the person's deadline is later by the time it was
    down (from its last heartbeat, at most ``BEAT_S`` before the kill, until it started)."""
    import asyncio
    import json
    import time

    pytest.importorskip("websockets")
    from netplay import ServerProcess
    from websockets.asyncio.client import connect

    from retrocatan.server.clocks import BEAT_S

    async def present(url: str, first: dict) -> dict:
        async with connect(url, compression=None, open_timeout=10) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "client": "test"}))
            await ws.send(json.dumps(first))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert msg["type"] != "error", msg
                if msg["type"] == "sync":
                    return msg

    db = str(tmp_path / "games.sqlite3")
    server = ServerProcess(db).start()
    try:
        from retrocatan.net.client import create_game
        got = asyncio.run(create_game(server.url, {"players": 3}))
        tokens = [f"seat-token-of-the-test-{s:02d}" for s in range(3)]
        for s in range(3):
            asyncio.run(present(server.url, {"type": "join", "code": got["code"], "name": f"P{s}", "seat": s,
                                             "token": tokens[s]}))
        before = asyncio.run(present(server.url, {"type": "resume", "game": got["game"], "token": tokens[0]}))
        d = before["table"]["deadline"]
        assert d["kind"] == "turn" and d["at"] > time.time() + 60
        time.sleep(0.5)
        killed = time.time()
        server.kill()
        time.sleep(3)
        spawned = time.time()
        server.start()
        ready = time.time()
        after = asyncio.run(present(server.url, {"type": "resume", "game": got["game"], "token": tokens[0]}))
    finally:
        server.kill()
    moved = after["table"]["deadline"]["at"] - d["at"]
    assert after["step"] == before["step"] == 0
    assert spawned - killed - 0.2 <= moved <= ready - killed + BEAT_S + 0.5, (moved, spawned - killed)
