"""The computers' pool (retrocatan/server/pool.py; docs/server.md, "Computers"):
the server's computer seats decide in worker processes, and the event loop only
applies their answers.

- a real ``retrocatan serve``: its worker processes killed for real (SIGKILL)
  three times while a game of computers plays: the pool starts them anew, the
  decision is asked again and the game plays to its end;
- the window's hosted server thinks in the same pool;
- a decision that raises is asked again, then the table decides without
  thought; the pool goes on answering;
- two tables asking at once share a worker by the CPU their computers use;
- an answer that comes after the game moved on changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys

import pytest

pytest.importorskip("websockets")

from retrocatan.engine.config import GameConfig  # noqa: E402
from retrocatan.engine.game import Game  # noqa: E402
from retrocatan.engine.seat_state import seat_state  # noqa: E402
from retrocatan.net import protocol as P  # noqa: E402
from retrocatan.net.client import create_game  # noqa: E402
from retrocatan.server.clocks import ManualClock, Pace  # noqa: E402
from retrocatan.server.pool import Answer, Ask, ComputerPool, seat_game  # noqa: E402
from retrocatan.server.store import open_store  # noqa: E402
from retrocatan.server.table import Table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
HARD4 = [{"kind": "computer", "level": "hard"}] * 4


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (any of its threads)."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(name))
            except (OSError, IndexError, ValueError):
                pass
    return out


def workers_of(pid: int) -> list[int]:
    """The server's worker processes: the children of its children (the fork server's)."""
    return [w for c in children(pid) for w in children(c)]


async def watch(url: str, code: str, on_entry) -> dict:
    """Follow a game as a spectator until it is over (``on_entry(seq, msg)`` at each entry): its last state."""
    from websockets.asyncio.client import connect
    async with connect(url, compression=None, max_size=None) as ws:
        await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "test"}))
        await ws.send(P.dumps({"type": "watch", "code": code}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if msg["type"] == "entry":
                on_entry(msg["seq"], msg)
            if msg.get("state", {}).get("phase") == "over":
                return msg["state"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers in /proc")
def test_pool_workers_killed_for_real_never_stall_a_game(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "retrocatan", "serve", "--port", "0", "--db",
                             str(tmp_path / "s.sqlite3"), "--json", "--workers", "2"],
                            cwd=ROOT, env=ENV, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = json.loads(proc.stdout.readline())["url"]
        got = asyncio.run(create_game(url, {"players": 4}, clocks={"computer_delay": 0}, seats=HARD4))  # starts at once
        kills: list[tuple[int, list[int]]] = []
        moves: list[str] = []

        def on_entry(seq: int, msg: dict) -> None:
            if msg["k"] == "move":
                moves.append(msg["by"])
            if len(kills) < 3 and seq >= 40 * (len(kills) + 1):
                pids = workers_of(proc.pid)
                for pid in pids:
                    os.kill(pid, signal.SIGKILL)
                kills.append((seq, pids))

        state = asyncio.run(watch(url, got["code"], on_entry))
        assert state["phase"] == "over"
        assert [seq for seq, _ in kills] and all(pids for _, pids in kills)     # each time workers were killed
        assert len({pid for _, pids in kills for pid in pids}) == sum(len(p) for _, p in kills)  # started anew
        assert set(moves) == {"computer"} and len(moves) > 120
        assert proc.poll() is None
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err


def test_pool_is_where_the_window_s_hosted_server_thinks(tmp_path):
    from retrocatan.ui.net.host import HostedServer
    server = HostedServer(str(tmp_path / "hosted.sqlite3"), "127.0.0.1", 0).start()
    try:
        assert server.running
        url = server.url()
        got = asyncio.run(create_game(url, {"players": 3}, clocks={"computer_delay": 0}, seats=HARD4[:3]))
        assert asyncio.run(watch(url, got["code"], lambda seq, msg: None))["phase"] == "over"
        figures = server.pool.stats()
        assert figures["decisions"] > 50 and figures["failures"] == 0 and figures["queue"] == 0
        assert figures["cpu_s"] > 0 and figures["waited_s"] >= figures["cpu_s"] * 0.5     # (waits include the thought)
        assert figures["workers"] >= 1 and figures["running"] >= 1
    finally:
        server.stop()


def founding_ask(game_id: str = "g", state: dict | None = None) -> Ask:
    g = Game(GameConfig(players=4, seed=3))
    return Ask(game_id, g.decider, 0, "hard", 1, "computer", g.to_json() if state is None else state,
               None)


async def answers(pool: ComputerPool, asks: list[Ask]) -> list:
    loop = asyncio.get_running_loop()
    futures = [loop.create_future() for _ in asks]
    for a, f in zip(asks, futures):
        pool.ask(a, f.set_result)
    return await asyncio.wait_for(asyncio.gather(*futures), 120)


def test_pool_asks_a_decision_that_raises_again_then_gives_it_up_and_goes_on():
    pool = ComputerPool(workers=1)
    try:
        broken = founding_ask(state={"not": "a state"})
        assert asyncio.run(answers(pool, [broken])) == [None]
        assert pool.stats()["failures"] == 2                    # asked twice
        good = founding_ask()
        (answer,) = asyncio.run(answers(pool, [good]))
        legal = {str(a) for a in Game(GameConfig(players=4, seed=3)).seat_view(good.seat).legal}
        assert answer.action in legal and answer.memory and answer.cpu_s > 0
        assert pool.stats()["decisions"] == 1 and pool.stats()["thinking"] == 0
    finally:
        pool.close()


def test_pool_puts_a_table_s_decision_before_the_backlog_of_tables_that_used_more_cpu():
    """Five tables whose computers think without pause (each asks again as soon as it is
    answered) and one that asks now and then, on one worker: the latter's decisions wait for
    the decision being thought over, not for the five's queue (first come, first served: 5)."""
    from pool_decisions import burn
    pool = ComputerPool(workers=1, decide=burn)
    heavy = [f"heavy{i}" for i in range(5)]
    count = dict.fromkeys(heavy, 0)
    waits: list[int] = []

    async def run() -> None:
        loop = asyncio.get_running_loop()
        finished = loop.create_future()
        answered_heavy = [0]

        def ask(table: str, cpu: float, done) -> None:
            pool.ask(Ask(table, 0, 0, "hard", 1, "computer", {"cpu": cpu}, None), done)

        def heavy_done(table: str, got) -> None:
            count[table] += 1
            answered_heavy[0] += 1
            if not finished.done():
                ask(table, 0.05, lambda got: heavy_done(table, got))
            if answered_heavy[0] % 8 == 0 and len(waits) < 5 and not light[0]:
                light[0] = answered_heavy[0]
                ask("light", 0.001, light_done)

        def light_done(got) -> None:
            waits.append(answered_heavy[0] - light[0])
            light[0] = 0
            if len(waits) == 5:
                finished.set_result(None)

        light = [0]
        for table in heavy:
            ask(table, 0.05, lambda got, table=table: heavy_done(table, got))
        await asyncio.wait_for(finished, 120)

    try:
        asyncio.run(run())
    finally:
        pool.close()
    assert len(waits) == 5 and max(waits) <= 2, waits
    assert max(count.values()) - min(count.values()) <= 2      # the five share it evenly


def test_pool_answer_that_comes_after_the_person_acted_is_stale_and_changes_nothing(tmp_path):
    store = open_store(str(tmp_path / "g.sqlite3"))
    try:
        clock = ManualClock()
        t, _ = Table.create(store, clock, GameConfig(players=3), Pace.of("live"), [{"kind": "open"}] * 3)
        for i in range(3):
            t.join(f"P{i}")                         # the last seat taken: the game starts
        p = t.game.decider
        asked: list[Ask] = []
        clock.advance(91)                           # the founding settlement's clock runs out
        assert t.run_due(ask=asked.append) == 0 and len(asked) == 1
        assert t.run_due(ask=asked.append) == 0 and len(asked) == 1     # asked once, awaited
        ask = asked[0]
        assert (ask.seat, ask.step, ask.by, ask.level) == (p, 0, "clock", "normal")
        assert seat_game(ask.state, p).to_json() == seat_state(t.game, p)   # the player sees what the seat may
        person = str(t.game.seat_view(p).legal[0])
        n = t.act(p, person)                        # the person, late, acts before the computer answers
        computer = str(t.game.seat_view(p).legal[-1])
        assert t.answer(ask, Answer(computer, b"", 0.01, 0.5)) is None
        assert t.count == n and len(t.game.history) == 1 and str(t.game.history[0]) == person
    finally:
        store.close()


def test_pool_a_computer_that_failed_is_answered_by_a_legal_action_without_thought(tmp_path):
    store = open_store(str(tmp_path / "g.sqlite3"))
    try:
        clock = ManualClock()
        t, owner = Table.create(store, clock, GameConfig(players=3), Pace.of("live", computer_delay=0),
                                [{"kind": "computer", "level": "expert"}] * 3)      # starts at once
        asked: list[Ask] = []
        t.run_due(ask=asked.append)
        assert len(asked) == 1 and asked[0].level == "expert" and asked[0].by == "computer"
        legal = {str(a) for a in t.game.seat_view(asked[0].seat).legal}
        n = t.answer(asked[0], None)
        assert n == t.count and len(t.game.history) == 1 and str(t.game.history[0]) in legal
        t.run_due(ask=asked.append)
        assert len(asked) == 2 and asked[1].step == 1      # the game goes on: the next decision is asked
        assert asked[1].memory is None                     # (its seat has not decided yet)
    finally:
        store.close()


@pytest.mark.timeout(300)
def test_pool_keeps_the_loop_answering_while_computers_think_in_the_quick_benchmark():
    """benchmarks/server_computers.py, small: every ping answered and every game moving while
    Experts that never pause keep the pool busy (no figure of speed is asserted). The two
    scenarios run at once, each its own server and pool, so their measured windows overlap;
    the Experts that never pause have one worker, which they keep as busy as a pool of any size."""
    own = {"expert": [], "experts": ["--workers", "1"]}
    procs = {name: subprocess.Popen([sys.executable, os.path.join(ROOT, "benchmarks", "server_computers.py"),
                                     "--quick", "--json", "--scenarios", name, "--seconds", "8", "--alone", "2",
                                     *own[name]],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)
             for name in own}
    outs = {}
    try:
        for name, proc in procs.items():
            stdout, stderr = proc.communicate(timeout=280)
            assert proc.returncode == 0, stderr[-3000:]
            outs[name] = json.loads(stdout.strip().splitlines()[-1])
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    for name, out in outs.items():
        row = out["scenarios"][name]
        assert row["pings"] > 0 and row["pings_unanswered"] == 0, row
        assert row["games_stalled"] == 0 and row["computer_moves"] > 0, row
        assert row["workers"] >= 1 and row["drops"] == 0 and row["unanswered"] == 0, row
        assert row["server_logged_errors"] == 0, row
    # The people acted and were answered (a turn in 8 s).
    assert outs["expert"]["scenarios"]["expert"]["actions"] > 0
