"""Operating a server: ``GET /health`` and ``GET /metrics`` on its own port
(real sockets, a real ``retrocatan serve`` process where it matters), and
its log as JSON lines over a whole game, scanned for every token, every
hidden card, the seed and the clients' address."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from netplay import ROOT, ServerThread

from retrocatan.clients.bot import Bot
from retrocatan.net import protocol as P
from retrocatan.net.client import create_game
from retrocatan.server.logs import FIELDS
from retrocatan.server.pool import ComputerPool


def get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Content-Type", ""), exc.read().decode()


SAMPLE = re.compile(r'^(retrocatan_[a-z_]+)(\{[a-z_]+="[^"\\]*"(,[a-z_]+="[^"\\]*")*\})? (-?[0-9.e+-]+|\+Inf|NaN)$')


def parse_metrics(text: str) -> dict[str, float]:
    """Prometheus' text format, read strictly: every sample of a family declared by HELP and TYPE
    before it, a histogram's buckets growing to its count. {'name{labels}': value}."""
    assert text.endswith("\n")
    declared: dict[str, str] = {}
    samples: dict[str, float] = {}
    for line in text.splitlines():
        if line.startswith("# HELP "):
            continue
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            assert kind in ("counter", "gauge", "histogram") and name not in declared, line
            declared[name] = kind
            continue
        m = SAMPLE.match(line)
        assert m, f"not a sample: {line!r}"
        name = m.group(1)
        family = re.sub(r"_(bucket|sum|count)$", "", name) if name not in declared else name
        assert family in declared, f"{name} has no TYPE before it"
        if declared[family] == "counter":
            assert name.endswith("_total"), name
        key = name + (m.group(2) or "")
        assert key not in samples, f"{key} twice"
        samples[key] = float(m.group(4))
    buckets = [v for k, v in samples.items() if k.startswith("retrocatan_loop_lag_seconds_bucket")]
    assert buckets == sorted(buckets) and buckets[-1] == samples["retrocatan_loop_lag_seconds_count"]
    return samples


def test_health_says_ok_then_503_when_the_store_fails_or_the_server_stops(tmp_path):
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        http = f"http://127.0.0.1:{server.port}"
        status, kind, body = get(http + "/health")
        assert status == 200 and kind == "application/json" and json.loads(body)["status"] == "ok"
        assert get(http + "/catan/health")[0] == 200           # behind a proxy that keeps its prefix
        assert get(http + "/")[0] == 426                        # anything else is the WebSocket's
        server.call(server.store.close)                         # the store is gone
        status, _, body = get(http + "/health")
        assert status == 503 and json.loads(body)["status"] == "store"
        server.call(setattr, server.hub, "stopping", (1012, "restart"))
        status, _, body = get(http + "/health")
        assert status == 503 and json.loads(body)["status"] == "stopping"
        server.call(setattr, server.hub, "stopping", None)


def test_metrics_count_games_connections_decisions_refusals_lag_and_the_pool(tmp_path):
    pool = ComputerPool(1)                      # a real pool: the computer seat thinks in its worker
    with ServerThread(str(tmp_path / "games.sqlite3"), pool=pool) as server:
        http = f"http://127.0.0.1:{server.port}/metrics"
        status, kind, text = get(http)
        assert status == 200 and kind.startswith("text/plain; version=0.0.4")
        before = parse_metrics(text)
        assert before['retrocatan_games{status="open"}'] == 0 and before["retrocatan_up"] == 1

        async def game():
            got = await create_game(server.url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                                    seats=[{"kind": "open"}, {"kind": "open"}, {"kind": "computer", "level": "easy"}])
            bots = [Bot(server.url, got["code"], "easy", name=f"B{i}", colour=i) for i in range(2)]
            results = await asyncio.gather(*(b.play(200) for b in bots))
            # refusals: a bad JSON, an act without a seat; and one more connection held open
            from websockets.asyncio.client import connect
            ws = await connect(server.url, compression=None)
            await ws.send(P.dumps({"type": "hello", "protocol": P.PROTOCOL, "client": "probe"}))
            await ws.recv()
            await ws.send("{not json")
            await ws.recv()
            await ws.send(P.dumps({"type": "act", "action": "roll", "id": 1}))
            await ws.recv()
            return got, results, ws

        async def run():
            got, results, ws = await game()
            during = parse_metrics(await asyncio.to_thread(lambda: get(http)[2]))
            await ws.close()
            return got, results, during

        try:
            got, results, m = asyncio.run(run())
        finally:
            pool.close()
        assert all(r["over"] for r in results)
        moves = [e for e in server.call(server.store.entries, got["game"]) if e["k"] == "move"]
        by = {b: sum(1 for e in moves if e["by"] == b) for b in ("person", "computer", "clock")}
        assert m['retrocatan_games{status="over"}'] == 1 and m['retrocatan_games{status="playing"}'] == 0
        for b, n in by.items():
            assert m[f'retrocatan_decisions_total{{by="{b}"}}'] == n, (b, n)
        assert m['retrocatan_entries_total{kind="move"}'] == len(moves)
        assert m['retrocatan_refusals_total{code="bad_json"}'] == 1
        assert m['retrocatan_refusals_total{code="no_seat"}'] == 1
        assert m["retrocatan_connections"] == 1 and m["retrocatan_connections_total"] >= 4
        assert m["retrocatan_loop_lag_seconds_count"] >= 1
        # the computer's decisions with a choice were thought in the pool (one legal action is made at once)
        assert 0 < m["retrocatan_pool_decisions_total"] <= by["computer"] and m["retrocatan_pool_failures_total"] == 0
        assert m["retrocatan_pool_queue"] == 0 and m["retrocatan_pool_workers"] == 1
        assert m["retrocatan_pool_cpu_s_total"] > 0
        assert m['retrocatan_http_requests_total{path="/metrics"}'] == 2


def test_logs_of_a_whole_game_are_json_lines_with_the_game_and_no_token_address_or_hidden_card(tmp_path):
    log_path = tmp_path / "server.log"
    env = {**os.environ, "PYTHONPATH": ROOT}
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "retrocatan", "serve", "--port", "0", "--db",
                                 str(tmp_path / "games.sqlite3"), "--json", "--log-level", "debug"],
                                stdout=subprocess.PIPE, stderr=log, text=True, env=env, cwd=ROOT)
    try:
        port = json.loads(proc.stdout.readline())["port"]
        url = f"ws://127.0.0.1:{port}"
        secrets: set[str] = set()
        hidden_cards: list[tuple[int, str]] = []

        async def game():
            got = await create_game(url, {"players": 3, "vp_target": 10}, clocks={"computer_delay": 0},
                                    start="full", seats=[{"kind": "open"}] * 3)
            secrets.add(got["owner"])
            bots = [Bot(url, got["code"], "normal", name=f"B{i}", colour=i) for i in range(3)]
            for i, b in enumerate(bots):
                def seen(msg, i=i):
                    for ev in msg.get("events", ()):
                        if ev.get("type") == "buy" and "card" in ev:
                            hidden_cards.append((i, ev["card"]))
                b.seat.on_message = seen
            results = await asyncio.gather(*(b.play(300) for b in bots))
            secrets.update(b.seat.token for b in bots)
            return got, results, bots[0].seat.record

        got, results, record = asyncio.run(game())
        assert all(r["over"] for r in results)
    finally:
        proc.terminate()
        assert proc.wait(20) == 0
    secrets.add(str(record["config"]["seed"]))
    text = log_path.read_text()
    lines = [json.loads(line) for line in text.splitlines()]           # every line is one JSON object
    allowed = {"t", "level", "logger", "msg", "error", "where", *FIELDS}
    assert all(set(line) <= allowed for line in lines), [sorted(set(line) - allowed) for line in lines][:3]
    entries = [line for line in lines if line["msg"] == "entry"]
    assert len(entries) == record_entries(tmp_path, got["game"]) and all(e["game"] == got["game"] for e in entries)
    assert any(line["msg"] == "game over" and line["game"] == got["game"] for line in lines)
    assert lines[-1]["msg"] == "server stopping" and lines[-1]["code"] == 1012
    assert hidden_cards, "no development card was bought: the game proves nothing about hidden cards"
    for secret in secrets:
        assert secret not in text
    assert "127.0.0.1" not in text and "token" not in text
    for _seat, card in hidden_cards:
        assert card not in text, card
    for word in ("hands", "dev_hand", "events", "state"):
        assert f'"{word}"' not in text


def record_entries(tmp_path, game_id: str) -> int:
    from retrocatan.server.store import open_store
    with open_store(str(tmp_path / "games.sqlite3")) as store:
        return store.entry_count(game_id)


async def _a_bot_and_two_computers(url: str) -> Bot:
    """A live 3-player game: seat 0 an easy bot (returned, not yet playing), the others the
    server's easy computers, which act at once."""
    got = await create_game(url, {"players": 3}, clocks={"computer_delay": 0}, start="full",
                            seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                   {"kind": "computer", "level": "easy"}])
    return Bot(url, got["code"], "easy", name="B", colour=0)


@pytest.mark.parametrize("path", ["/health", "/metrics"])
def test_health_and_metrics_answer_while_a_game_goes_on_over_the_same_port(tmp_path, path):
    """The HTTP answers and the game's WebSocket share the port: a seat connected keeps playing."""
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        async def run():
            bot = await _a_bot_and_two_computers(server.url)
            play = asyncio.create_task(bot.play(200))
            answers = []
            while not play.done():
                answers.append(await asyncio.to_thread(get, f"http://127.0.0.1:{server.port}{path}"))
                await asyncio.sleep(0.05)
            return await play, answers

        result, answers = asyncio.run(run())
    assert result["over"] and answers and all(a[0] == 200 for a in answers)


def test_the_client_address_is_read_from_the_right_through_trusted_proxies_only():
    from retrocatan.server.proxy import Proxies
    p = Proxies(["127.0.0.1", "10.0.0.0/8"])
    assert p.client("127.0.0.1", ["203.0.113.7"]) == "203.0.113.7"
    # the client's own header comes first and is passed over: the hop nginx added counts
    assert p.client("127.0.0.1", ["1.2.3.4, 203.0.113.7"]) == "203.0.113.7"
    assert p.client("127.0.0.1", ["1.2.3.4", "203.0.113.7, 10.1.2.3"]) == "203.0.113.7"   # two proxies
    assert p.client("198.51.100.9", ["203.0.113.7"]) == "198.51.100.9"        # not a trusted proxy
    assert p.client("127.0.0.1", ["not-an-address"]) == "127.0.0.1"
    assert p.client("127.0.0.1", ["[2001:db8::5]:4711"]) == "2001:db8::5"
    assert p.client("::ffff:127.0.0.1", ["203.0.113.8"]) == "203.0.113.8"     # a v4 proxy on a v6 socket
    assert Proxies().client("127.0.0.1", ["203.0.113.7"]) == "127.0.0.1"      # trusting nobody


def test_a_bot_whose_action_got_no_answer_in_time_decides_again(tmp_path):
    """An ``act`` whose answer does not come within its timeout while the connection stays up
    (a busy server) is followed by no message: the bot makes the decision again instead of
    waiting for one. Here its first two actions are never sent and time out at once; the game
    still ends."""
    lost = []
    with ServerThread(str(tmp_path / "games.sqlite3")) as server:
        async def game():
            bot = await _a_bot_and_two_computers(server.url)
            act = bot.seat.act

            async def unanswered(action: str, timeout: float = 10.0) -> dict:
                if len(lost) < 2:
                    lost.append(action)
                    raise TimeoutError("no answer")
                return await act(action, timeout)
            bot.seat.act = unanswered
            return await bot.play(120)

        result = asyncio.run(game())
    assert len(lost) == 2
    assert result["over"] and result["decisions"] > 10, result
