"""The browser build's network path: a seat played through
``retrocatan/ui/net/browser_link.py`` inside Pyodide (the browser build's
Python) against a real ``retrocatan serve`` process on the loopback address
(docs/web.md, "Network games in the browser"): on Node's WebSocket, and in
a real page of Debian's headless Chromium (tests/chromium.py) on the
browser's own WebSocket.

The link's own rules (keepalive, quiet, callbacks queued for ``poll``) are
also checked on CPython with a stand-in WebSocket, where every step is
visible.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import shutil
import signal
import subprocess
import threading
import time

import chromium
import pytest
from netplay import ServerProcess

from retrocatan.build import assemble, import_problems
from retrocatan.net.client import create_game, one_request
from retrocatan.ui.net.browser_link import BrowserLink
from retrocatan.ui.net.link import BY_SERVER, CLOSED, LOST, MESSAGE, NO_CONNECTION, NO_NAME, OPEN, TIMEOUT

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE_DIR = os.environ.get("RETROCATAN_PYODIDE_DIR", os.path.join(ROOT, ".ci", "pyodide"))
SEAT = 0


# --- the link on CPython, with a stand-in for the page's WebSocket -------------------------------------------
class FakeSocket:
    """What the link uses of a page's WebSocket: ``new``, the four callbacks, ``send``, ``close``."""

    made: list[FakeSocket] = []

    def __init__(self, url: str) -> None:
        self.url = url
        self.sent: list[str] = []
        self.closed = False
        self.onopen = self.onmessage = self.onclose = self.onerror = None

    @classmethod
    def new(cls, url: str) -> FakeSocket:
        if not url.startswith(("ws://", "wss://")):
            raise ValueError(f"SyntaxError: Failed to construct 'WebSocket': The URL '{url}' is invalid.")
        ws = cls(url)
        cls.made.append(ws)
        return ws

    def send(self, text: str) -> None:
        self.sent.append(text)

    def close(self) -> None:
        self.closed = True

    # the browser's side
    def opens(self) -> None:
        if self.onopen is not None:
            self.onopen(Event())

    def hears(self, text: str) -> None:
        if self.onmessage is not None:
            self.onmessage(Event(data=text))

    def fails(self) -> None:
        if self.onerror is not None:
            self.onerror(Event())

    def ends(self, code: int = 1006, reason: str = "") -> None:
        if self.onclose is not None:
            self.onclose(Event(code=code, reason=reason))


class Event:
    def __init__(self, **fields) -> None:
        self.__dict__.update(fields)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fake_link(clock: Clock, keepalive: float = 20.0, quiet: float = 60.0) -> BrowserLink:
    FakeSocket.made.clear()
    return BrowserLink(keepalive=keepalive, quiet=quiet, clock=clock, websocket=FakeSocket, proxy=lambda f: f,
                       timers=False)


def pings(ws: FakeSocket) -> list[int]:
    return [json.loads(t)["id"] for t in ws.sent if json.loads(t)["type"] == "ping"]


def test_link_queues_the_sockets_callbacks_for_poll_in_order():
    clock = Clock()
    link = fake_link(clock)
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    assert link.poll() == []
    link.send('{"type":"hello"}')              # not open yet: dropped
    ws.opens()
    ws.hears('{"type":"hello","protocol":1}')
    ws.hears('{"type":"entry","seq":1}')
    assert link.poll() == [(OPEN, None), (MESSAGE, '{"type":"hello","protocol":1}'),
                           (MESSAGE, '{"type":"entry","seq":1}')]
    assert ws.sent == []
    link.send('{"type":"hello"}')
    assert ws.sent == ['{"type":"hello"}']
    late = ws.onmessage
    ws.ends(1006)
    got = link.poll()
    assert [k for k, _ in got] == [CLOSED] and "1006" in got[0][1]
    assert ws.onmessage is None                # the socket's callbacks are unhooked
    link.send('{"type":"act"}')                # closed: dropped
    late(Event(data='{"type":"late"}'))        # and one called anyway says nothing
    assert link.poll() == [] and ws.sent == ['{"type":"hello"}']


def test_link_says_the_close_code_and_reason_and_the_cause_of_each_end():
    """The seat tells a hosting window that stopped (1001 "host closed") from a lost connection
    and from an address that never answered, by what the link reports."""
    clock = Clock()
    link = fake_link(clock)
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    ws.opens()
    ws.ends(1001, "host closed")
    (kind, end), = link.poll()[1:]
    assert kind == CLOSED and end.host_closed and (end.cause, end.code, end.reason) == (BY_SERVER, 1001, "host closed")
    link.connect("ws://127.0.0.1:1")
    FakeSocket.made[-1].opens()
    FakeSocket.made[-1].ends(1006)
    end = link.poll()[-1][1]
    assert end.cause == LOST and not end.host_closed
    link.connect("ws://127.0.0.1:1")
    FakeSocket.made[-1].fails()
    assert link.poll()[-1][1].cause == NO_CONNECTION
    link.connect("ws://127.0.0.1:1")
    clock.now += 61
    assert link.poll()[-1][1].cause == TIMEOUT
    link.connect("not an address")
    assert link.poll()[-1][1].cause == NO_NAME


def test_link_pings_after_hello_and_keeps_its_pongs():
    clock = Clock()
    link = fake_link(clock, keepalive=20.0, quiet=60.0)
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    ws.opens()
    clock.now += 30
    link.poll()
    assert pings(ws) == []                     # no ping before the caller's hello
    link.send('{"type":"hello","protocol":1}')
    clock.now += 19.9
    link.poll()
    assert pings(ws) == [-1]                   # 30 + 19.9 s since the last ping (none: since open)
    ws.hears('{"type":"pong","id":-1}')
    ws.hears('{"type":"pong","id":3}')         # the caller's own request's answer is the caller's
    assert link.poll() == [(MESSAGE, '{"type":"pong","id":3}')]
    assert (link.pings, link.pongs) == (1, 1)
    for _ in range(3):
        clock.now += 20
        ws.hears('{"type":"entry","seq":2}')   # busy or not, a ping every keepalive
        link.poll()
    assert pings(ws) == [-1, -2, -3, -4]


def test_link_closes_when_a_ping_goes_unanswered_for_quiet_seconds():
    clock = Clock()
    link = fake_link(clock, keepalive=20.0, quiet=60.0)
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    ws.opens()
    link.send('{"type":"hello"}')
    clock.now += 20
    assert link.poll() == [(OPEN, None)] and pings(ws) == [-1]
    clock.now += 39.9
    assert link.poll() == [] and not ws.closed
    clock.now += 0.1                           # 60 s since the socket was last heard
    assert link.poll() == [(CLOSED, "quiet")] and ws.closed
    ws.ends(1006)                              # its own close event is not reported again
    assert link.poll() == []


def test_link_counts_no_silence_while_no_ping_was_due():
    """A page the browser stopped drawing (no poll for minutes) is not closed on its return: it pings."""
    clock = Clock()
    link = fake_link(clock, keepalive=20.0, quiet=60.0)
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    ws.opens()
    link.send('{"type":"hello"}')
    link.poll()
    clock.now += 600
    assert link.poll() == [] and pings(ws) == [-1]
    ws.hears('{"type":"pong","id":-1}')
    clock.now += 100
    assert link.poll() == [] and pings(ws) == [-1, -2]


def test_link_close_connect_again_and_bad_addresses():
    clock = Clock()
    link = fake_link(clock)
    link.connect("ws://127.0.0.1:1")
    first = FakeSocket.made[-1]
    first.opens()
    link.connect("ws://127.0.0.1:2")           # the open socket is closed first, and says so first
    second = FakeSocket.made[-1]
    first.hears('{"type":"stale"}')
    second.opens()
    assert link.poll() == [(OPEN, None), (CLOSED, "connecting again"), (OPEN, None)] and first.closed
    link.close()
    assert link.poll() == [(CLOSED, "closed by this side")] and second.closed
    assert not link.active
    link.close()                               # nothing left to end
    assert link.poll() == []
    link.connect("http://example.org/")
    got = link.poll()
    assert len(got) == 1 and got[0][0] == CLOSED and "invalid" in got[0][1]


def test_link_reports_an_attempt_that_fails_or_gets_no_answer():
    clock = Clock()
    link = fake_link(clock, keepalive=20.0, quiet=60.0)
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    ws.fails()                                 # Node's WebSocket: an error, and no close event after it
    assert link.poll() == [(CLOSED, "no connection")] and ws.closed
    ws.ends(1006)                              # a browser's close event after it is not reported again
    assert link.poll() == []
    link.connect("ws://10.255.255.1:1")
    silent = FakeSocket.made[-1]
    clock.now += 59.9
    assert link.poll() == []
    clock.now += 0.1
    assert link.poll() == [(CLOSED, "no answer")] and silent.closed
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    ws.opens()
    ws.fails()                                 # after opening, the close event that follows says it
    assert link.poll() == [(OPEN, None)] and not ws.closed
    ws.ends(1011)
    got = link.poll()
    assert len(got) == 1 and got[0][0] == CLOSED and "1011" in got[0][1]


def test_link_shutdown_frees_the_pages_callbacks_at_once():
    clock = Clock()
    freed = []

    class Proxy:
        def __init__(self, fn) -> None:
            self.fn = fn

        def __call__(self, *args):
            return self.fn(*args)

        def destroy(self) -> None:
            freed.append(self)

    FakeSocket.made.clear()
    link = BrowserLink(clock=clock, websocket=FakeSocket, proxy=Proxy, timers=False)
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    ws.opens()
    hooks = [ws.onopen, ws.onmessage, ws.onclose, ws.onerror]
    link.close()
    assert freed == []                         # closing from a callback must not free the callback running
    link.poll()
    assert sorted(map(id, freed)) == sorted(map(id, hooks))
    freed.clear()
    link.connect("ws://127.0.0.1:1")
    ws = FakeSocket.made[-1]
    hooks = [ws.onopen, ws.onmessage, ws.onclose, ws.onerror]
    link.shutdown()
    assert ws.closed and sorted(map(id, freed)) == sorted(map(id, hooks)) and link.poll() == []


def test_link_imports_and_refuses_calmly_without_a_page():
    link = BrowserLink()
    link.connect("ws://127.0.0.1:1")           # CPython: no js.WebSocket
    got = link.poll()
    assert len(got) == 1 and got[0][0] == CLOSED and got[0][1].startswith("cannot connect")
    link.send("{}")
    link.close()
    assert link.poll() == []


# --- the browser build carries the network ------------------------------------------------------------------------
def test_browser_build_holds_the_link_and_the_networks_shared_parts(tmp_path):
    app = os.path.join(assemble(str(tmp_path)), "retrocatan")
    for part in ("ui/net/__init__.py", "ui/net/link.py", "ui/net/browser_link.py", "net/protocol.py",
                 "net/seat_stream.py"):
        assert os.path.isfile(os.path.join(app, part)), part
    for part in ("server/hub.py", "server/store.py", "server/table.py", "net/client.py", "server/commands.py",
                 "clients/bot.py"):
        assert not os.path.exists(os.path.join(app, part)), part
    assert import_problems(app) == []


def test_browser_build_refuses_an_app_that_would_not_load(tmp_path):
    app = os.path.join(assemble(str(tmp_path)), "retrocatan")
    with open(os.path.join(app, "ui", "net", "lobby.py"), "w", encoding="utf-8") as f:
        f.write("import json\n"
                "from ...net import client\n"                    # not in the app
                "from ...net.protocol import PROTOCOL\n"         # in the app
                "try:\n    import websockets\nexcept ImportError:\n    websockets = None\n"
                "def desktop():\n    from ...server import hub\n    import websockets\n")
    with open(os.path.join(app, "ui", "net", "relay.py"), "w", encoding="utf-8") as f:
        f.write("from websockets.asyncio.client import connect\n")
    assert import_problems(app) == [
        "retrocatan.ui.net.lobby imports retrocatan.net.client, which the app does not hold",
        "retrocatan.ui.net.relay imports websockets.asyncio.client, which the browser does not have"]


# --- in Pyodide on Node, against a real server ------------------------------------------------------------------
def _node_with_websocket() -> list[str] | None:
    """The command that runs Node with a WebSocket (Node 22 has it; Node 20 behind a flag), or None."""
    node = shutil.which("node")
    if node is None:
        return None
    for cmd in ([node], [node, "--experimental-websocket"]):
        res = subprocess.run([*cmd, "-e", "process.exit(typeof WebSocket === 'function' ? 0 : 1)"],
                             capture_output=True, timeout=60)
        if res.returncode == 0:
            return cmd
    return None


class NodeClient:
    """tests/pyodide_network.mjs as a process: its lines, and answers to its questions."""

    def __init__(self, cmd: list[str], app: str, config: dict, log) -> None:
        env = dict(os.environ, PYODIDE_DIR=PYODIDE_DIR)
        self.proc = subprocess.Popen([*cmd, os.path.join(ROOT, "tests", "pyodide_network.mjs"), ROOT, app,
                                      json.dumps(config)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=log, text=True, env=env)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            if line.startswith("NET "):
                self.lines.put(json.loads(line[4:]))
        self.lines.put(None)

    def next(self, timeout: float = 120) -> dict | None:
        """The client's next line; ``{"failed": ...}`` when it says nothing for ``timeout`` seconds."""
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return {"failed": f"the Pyodide client said nothing for {timeout:.0f} s"}

    def answer(self, text: str) -> None:
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(30)


def _moved_past(url: str, code: str, step: int) -> str:
    """Wait until the game at ``url`` has passed ``step`` (its public stage, asked on a connection
    of this process): "moved", or why not."""
    for _ in range(600):
        got = asyncio.run(one_request(url, {"type": "stage", "code": code}))
        if got["steps"] > step:
            return "moved"
        time.sleep(0.05)
    return f"the game stayed at step {step}"


def _client(where: str, app: str, config: dict, log):
    """The browser's seat in Pyodide: on Node with Node's WebSocket, or in Debian's headless Chromium
    (a real page, its WebSocket, Pyodide served from the npm package on the loopback address)."""
    if not os.path.isdir(os.path.join(PYODIDE_DIR, "node_modules", "pyodide")):
        pytest.skip("the npm package pyodide is not installed (see .ci/run)")
    if where == "node":
        cmd = _node_with_websocket()
        if cmd is None:
            pytest.skip("node with a WebSocket is not installed (see .ci/run)")
        return NodeClient(cmd, app, config, log)
    program = chromium.find()
    if program is None:
        pytest.skip("Debian's chromium is not installed (see .ci/run)")
    return chromium.BrowserClient(program, os.path.join(PYODIDE_DIR, "node_modules", "pyodide"), app,
                                  os.path.join(ROOT, "tests", "web_network_client.py"), config, log)


@pytest.fixture(scope="module", params=["node", "chromium"])
def browser_visit(request, tmp_path_factory):
    """One visit of the browser's seat (tests/web_network_client.py), its package from the browser
    build's app folder, to a real server, which the test pauses, kills and starts again when the
    client asks: the client's report, and the record of what the test did. The seat runs in
    Pyodide on Node and in a real browser."""
    folder = tmp_path_factory.mktemp(f"web-network-{request.param}")
    app = assemble(str(folder))            # the browser build's files: the client loads the package from them
    db = str(folder / "games.sqlite3")
    server = ServerProcess(db).start()
    client = None
    done = []
    try:
        seats = [{"kind": "open"}, {"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "easy"}]
        got, second = (asyncio.run(create_game(server.url, {"players": 3}, "live", {"computer_delay": 0.05}, seats,
                                               "full")) for _ in range(2))
        with open(folder / "client.log", "w") as log:
            client = _client(request.param, app, {"url": server.url, "code": got["code"], "code2": second["code"],
                                                  "seat": SEAT}, log)
            while True:
                msg = client.next()
                if msg is None or "report" in msg or "failed" in msg:
                    break
                want = msg["want"]
                done.append(want.split()[0])
                port = server.port
                if want == "pause":
                    os.kill(server.proc.pid, signal.SIGSTOP)
                    client.answer("paused")
                elif want == "resume":
                    os.kill(server.proc.pid, signal.SIGCONT)
                    client.answer("resumed")
                elif want == "kill":
                    server.kill()
                    client.answer("killed")
                elif want.startswith("moved "):
                    client.answer(_moved_past(server.url, got["code"], int(want.split()[1])))
                elif want == "restart":
                    server = ServerProcess(db).start(port)
                    client.answer("restarted")
        errors = (folder / "client.log").read_text()[-3000:]
        assert msg is not None and "failed" not in msg, (msg, errors)
        return {"report": msg["report"], "done": done, "code": got["code"], "url": server.url}
    finally:
        if client is not None:
            client.stop()
        if server.proc is not None and server.proc.poll() is None:
            os.kill(server.proc.pid, signal.SIGCONT)
        server.kill()


def _browser_joins_and_plays_the_engines_actions_in_pyodide(browser_visit):
    r = browser_visit["report"]
    assert r["python"].startswith("3.") and r["platform"] == "emscripten"
    assert r["platform_link"] == "BrowserLink"                 # ui.net.links.new_link() in the browser
    assert r["joined"]["seat"] == SEAT and r["joined"]["players"] == 3
    assert r["acted_first"] == 6 and r["acted"] >= 6 + 4 + 3 + r["acted_after_restart"]
    assert {"S", "R"} <= {a[0] for a in r["actions"]}        # founding settlements and roads were placed
    assert r["step"] > 0 and r["seq"] > r["acted"]           # the computers' decisions arrived too
    assert r["gaps"] == 0 and r["duplicates"] == 0
    # A close the test did not cause can only be the keepalive's, on a machine too loaded to answer in time.
    assert all(reason == "quiet" for reason in r["unexpected"])


def _browser_link_keepalive_is_answered_by_the_server(browser_visit):
    r = browser_visit["report"]
    assert r["pongs"] >= 2 and r["pings"] >= r["pongs"]


def _browser_resumes_with_exactly_what_it_missed(browser_visit):
    r = browser_visit["report"]
    assert r["closed_by_self"] == "closed by this side"
    back = r["resume_self"]
    assert back["step"] > back["step_before"]                 # the game went on while the seat was away
    assert back["missed"] and back["missed"] == list(range(back["after"] + 1, back["welcome"] + 1))
    assert back["seq"] >= back["welcome"]


def _browser_link_closes_on_a_silent_server_and_on_a_killed_one(browser_visit):
    r = browser_visit["report"]
    assert browser_visit["done"][:5] == ["moved", "pause", "resume", "kill", "restart"]
    assert r["closed_when_paused"] == "quiet" and r["closed_unpolled"]     # the page timer, not poll(), saw it
    assert r["closed_when_killed"].startswith("closed by the server")
    assert r["connect_while_down"] == {"reason": "no connection", "opened": False}


def _browser_resumes_after_the_server_restarts_and_plays_on(browser_visit):
    r = browser_visit["report"]
    assert r["resume_restart"]["welcome"] >= r["resume_restart"]["after"]
    assert r["acted_after_restart"] >= 1 and r["gaps"] == 0 and r["duplicates"] == 0


def _the_windows_seat_plays_on_the_browser_link_and_reconnects_by_itself(browser_visit):
    """``ui.net.seat.NetSeat`` (the window's seat) over ``links.new_link()`` in Pyodide: it joins a second
    game, plays, says it reconnects when the server is killed, and is back by itself after the restart."""
    seat = browser_visit["report"]["window_seat"]
    if seat is None:
        return          # a tree without retrocatan/ui/net/seat.py (the window's seat)
    assert browser_visit["done"][5:] == ["kill", "restart"]
    assert seat["link"] == "BrowserLink"
    assert seat["made_first"] == 5 and seat["made"] == 8
    assert seat["statuses"] == ["connecting", "online", "reconnecting", "online"]
    assert seat["reconnects"] >= 1 and seat["gaps"] == 0 and seat["duplicates"] == 0


def test_browser_visit_joins_plays_resumes_and_reconnects(browser_visit):
    """The whole visit's checks, in its order, in one test per browser: under pytest-xdist the
    tests of a module may run in several workers, and each would pay for a visit of its own."""
    for check in (_browser_joins_and_plays_the_engines_actions_in_pyodide,
                  _browser_link_keepalive_is_answered_by_the_server,
                  _browser_resumes_with_exactly_what_it_missed,
                  _browser_link_closes_on_a_silent_server_and_on_a_killed_one,
                  _browser_resumes_after_the_server_restarts_and_plays_on,
                  _the_windows_seat_plays_on_the_browser_link_and_reconnects_by_itself):
        check(browser_visit)
