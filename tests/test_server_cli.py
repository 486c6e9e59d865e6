"""The network's commands as a stranger meets them: each takes --help; bad
input or no server is one line and exit code 2; --json's last line is one
JSON object."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from netplay import ServerProcess
from pgserver import postgres_server  # noqa: F401  (the session fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": ROOT, "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    return subprocess.run([sys.executable, "-m", "retrocatan", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=timeout)


def one_line_exit_2(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for w in words:
        assert w in lines[0], lines[0]


@pytest.mark.parametrize("command", ["serve", "create", "bot", "join", "record", "stage", "start"])
def test_every_network_command_takes_help(command):
    done = cli(command, "--help")
    assert done.returncode == 0 and "--server" in done.stdout or "--port" in done.stdout


def test_bad_input_and_no_server_are_one_line(tmp_path):
    one_line_exit_2(cli("serve", "--shard", "3/2"), "--shard")
    one_line_exit_2(cli("serve", "--db", "mysql://nope"), "serve")
    one_line_exit_2(cli("serve", "--db", str(tmp_path / "s.sqlite3"), "--smtp", "127.0.0.1:2525", "--smtp-user", "u",
                        "--smtp-password-file", str(tmp_path / "none.txt")), "cannot read", "none.txt")
    one_line_exit_2(cli("bot", "--server", "http://x", "--code", "A"), "ws://")
    one_line_exit_2(cli("create", "--server", "ws://127.0.0.1:9"), "cannot reach")
    with ServerProcess(str(tmp_path / "g.sqlite3")) as server:
        one_line_exit_2(cli("create", "--server", server.url, "--seats", "open,robot"), "robot")
        one_line_exit_2(cli("create", "--server", server.url, "--players", "3", "--scenario", "nowhere"), "nowhere")
        one_line_exit_2(cli("create", "--server", server.url, "--option", "seed=5"), "seed")
        one_line_exit_2(cli("bot", "--server", server.url, "--code", "NOSUCHCD"), "code")
        made = cli("create", "--server", server.url, "--players", "3", "--seats", "open,easy,easy", "--json")
        assert made.returncode == 0, made.stderr
        game = json.loads(made.stdout.strip().splitlines()[-1])
        assert set(game) == {"game", "code", "owner"}
        one_line_exit_2(cli("record", "--server", server.url, "--code", game["code"], "--out",
                            str(tmp_path / "r.json")), "over")


def test_an_address_that_names_no_server_is_one_line():
    """A port out of range or not a number, no host: refused as the command's arguments are read."""
    one_line_exit_2(cli("create", "--server", "ws://127.0.0.1:99999"), "port")
    one_line_exit_2(cli("join", "--server", "ws://:8765", "--code", "A"), "host")
    one_line_exit_2(cli("bot", "--server", "ws://127.0.0.1:abc", "--code", "A"), "port")
    one_line_exit_2(cli("record", "--server", "ws://127.0.0.1:0", "--code", "A", "--out", "r.json"), "port")
    one_line_exit_2(cli("stage", "--server", "ws://", "--code", "A", "--png", "s.png"), "host")


def test_a_web_server_at_the_address_is_one_line(tmp_path):
    """A real HTTP server (no WebSocket) where the game's server should be: "no game server answers"."""
    import http.server
    import threading
    web = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    url = f"ws://127.0.0.1:{web.server_address[1]}"
    try:
        one_line_exit_2(cli("create", "--server", url), "no game server answers")
        one_line_exit_2(cli("record", "--server", url, "--code", "A", "--out", str(tmp_path / "r.json")),
                        "no game server answers")
    finally:
        web.shutdown()
    assert not (tmp_path / "r.json").exists()


def test_a_seat_file_that_would_lose_something_is_refused_and_left_as_it_is(tmp_path):
    """--seat-file never overwrites a file of another kind, a folder, or another game's seat."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    other = tmp_path / "other.json"
    seat = json.dumps({"game": "0123456789abcdef", "token": "secret-token", "code": "AAAA2222"})
    other.write_text(seat, encoding="utf-8")
    server = "ws://127.0.0.1:9"
    one_line_exit_2(cli("join", "--server", server, "--code", "BBBB3333", "--seat-file", str(notes)),
                    "not a seat file")
    one_line_exit_2(cli("bot", "--server", server, "--code", "BBBB3333", "--seat-file", str(notes)),
                    "not a seat file")
    one_line_exit_2(cli("join", "--server", server, "--code", "BBBB3333", "--seat-file", str(tmp_path)),
                    "folder")
    one_line_exit_2(cli("join", "--server", server, "--code", "BBBB3333", "--seat-file", str(other)),
                    "AAAA2222", "BBBB3333")
    assert notes.read_text(encoding="utf-8") == "my notes\n" and other.read_text(encoding="utf-8") == seat


def test_bot_shows_its_progress_and_plays_to_the_end(tmp_path):
    """``retrocatan bot`` says on stderr where it sits and how far it got, and
    prints one JSON object as its last line."""
    with ServerProcess(tmp_path / "g.db") as server:
        made = cli("create", "--server", server.url, "--players", "3", "--seats", "open,easy,easy",
                   "--clock", "computer_delay=0", "--json")
        game = json.loads(made.stdout.strip().splitlines()[-1])
        done = cli("bot", "--server", server.url, "--code", game["code"], "--level", "easy", "--json",
                   timeout=240)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["over"] and result["decisions"] > 0
    said = [line for line in done.stderr.splitlines() if line.startswith("retrocatan bot: ")]
    # named by its colour and level, as at one machine: it looked and took the first open seat, Blue
    assert said[0] == f"retrocatan bot: seated at game {result['game']}, seat 0: Blue (Easy)", said
    assert result["seat"] == 0
    assert said[-1].endswith(f"over after {result['decisions']} decisions of this seat"), said
    steps = [line for line in said if "decisions made" in line]
    assert len(steps) == result["decisions"] // 25, said


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lines:
    """The lines of a process's pipe, read by a thread as they come."""

    def __init__(self, stream) -> None:
        import queue
        import threading
        self.queue: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        self.reader = threading.Thread(target=lambda: [self.queue.put(line.rstrip("\n")) for line in stream],
                                       daemon=True)
        self.reader.start()

    def until(self, needle: str, timeout: float = 30.0) -> list[str]:
        """The lines up to the first holding ``needle``."""
        import time
        deadline, start = time.monotonic() + timeout, len(self.seen)
        while True:
            self.seen.append(self.queue.get(timeout=max(0.01, deadline - time.monotonic())))
            if needle in self.seen[-1]:
                return self.seen[start:]

    def rest(self) -> list[str]:
        """Every line seen, once the process has ended (its pipe read to the end)."""
        self.reader.join(10.0)
        while not self.queue.empty():
            self.seen.append(self.queue.get())
        return self.seen


def test_bot_waits_for_a_server_that_is_down_and_resumes_its_seat_file(tmp_path):
    """A bot started while its server is down (here: both were killed mid-game) waits, says
    so on stderr, and goes on from its seat file once the server is back on its port."""
    import time
    seat_file = tmp_path / "bot-seat.json"
    server = ServerProcess(str(tmp_path / "g.sqlite3")).start()
    env = {**os.environ, "PYTHONPATH": ROOT, "LANG": "C.UTF-8"}
    try:
        made = cli("create", "--server", server.url, "--players", "3", "--seats", "open,easy,easy",
                   "--clock", "computer_delay=0", "--json")
        code = json.loads(made.stdout.strip().splitlines()[-1])["code"]
        args = [sys.executable, "-m", "retrocatan", "bot", "--server", server.url, "--code", code, "--level", "easy",
                "--seat-file", str(seat_file), "--json"]
        # The first bot thinks a while before each decision: killed once seated, it leaves the game at its start.
        first = subprocess.Popen([*args, "--think", "0.2"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        try:
            Lines(first.stderr).until("seated at game")
            kept = json.loads(seat_file.read_text(encoding="utf-8"))
            assert kept["game"] and kept["code"] == code
        finally:
            first.kill()
            first.wait(10)
        port = server.port
        server.kill()                               # the server dies too: the bot comes back to nobody
        again = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        err = Lines(again.stderr)
        try:
            said = err.until(f"cannot reach {server.url}")
            assert said[-1].endswith("waiting for it (Ctrl-C to stop)"), said
            time.sleep(1.0)
            assert again.poll() is None             # waiting, not exit 2
            server.start(port)                      # back, late, on the same port
            again.wait(240)                         # its stdout: one JSON line at the end
            out = again.stdout.read()
        finally:
            if again.poll() is None:
                again.kill()
    finally:
        server.kill()
    said = err.rest()
    assert again.returncode == 0, said
    result = json.loads(out.strip().splitlines()[-1])
    assert result["over"] and result["game"] == kept["game"]
    assert f"retrocatan bot: {server.url} answers: going on" in said


def test_record_follows_elsewhere_to_the_game_s_shard(tmp_path, postgres_server):  # noqa: F811
    """``retrocatan record`` asked of the wrong shard is sent to the right one, as a seat is."""
    name = postgres_server.new_database()
    db = postgres_server.url(name)
    ports = [free_port(), free_port()]
    urls = [f"ws://127.0.0.1:{p}" for p in ports]
    shards = [ServerProcess(db, "--shard", f"{k}/2", "--shard-urls", ",".join(urls)) for k in range(2)]
    try:
        for k, shard in enumerate(shards):
            shard.start(ports[k])
        made = cli("create", "--server", urls[1], "--players", "3", "--seats", "open,easy,easy",
                   "--clock", "computer_delay=0", "--json")
        assert made.returncode == 0, made.stderr
        code = json.loads(made.stdout.strip().splitlines()[-1])["code"]
        played = cli("bot", "--server", urls[1], "--code", code, "--level", "easy", "--json", timeout=240)
        assert played.returncode == 0, played.stderr
        out = tmp_path / "r.json"
        done = cli("record", "--server", urls[0], "--code", code, "--out", str(out), "--json")   # shard 0: not its
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout.strip().splitlines()[-1])["out"] == str(out)
        assert json.loads(out.read_text(encoding="utf-8"))["actions"]
        verify = cli("replay", str(out), "--verify", "--json")
        assert verify.returncode == 0 and json.loads(verify.stdout.strip().splitlines()[-1])["ok"] is True
    finally:
        for shard in shards:
            shard.kill()
        postgres_server.drop_database(name)



def test_waiting_for_a_server_names_a_failure_without_a_message_by_its_kind():
    """"cannot reach URL (why)": a failure with no message of its own (a bare timeout) is named by
    its kind, never "()"; a message of several lines is one line."""
    from retrocatan.clients.reach import _why
    assert _why(TimeoutError()) == "TimeoutError"
    assert _why(OSError("no route\n  to host")) == "no route to host"


def test_the_terminal_s_table_without_a_connection_is_the_one_last_seen_with_no_one_s_connection_or_clock():
    """While the server does not answer, who is connected and the clock are not known: the table
    says it is the one last seen, and shows neither."""
    import time

    from retrocatan.clients.render import Render
    from retrocatan.net.client import Seat
    from retrocatan.words.text import set_language
    set_language("en")
    seat = Seat("ws://127.0.0.1:9", code="AAAA2222")
    seat.seat = 0
    seat.table = {"code": "AAAA2222", "status": "playing", "players": 3, "pace": {"name": "live"},
                  "seats": [{"seat": 0, "kind": "person", "name": "Ann", "connected": True},
                            {"seat": 1, "kind": "person", "name": "Bo", "connected": True},
                            {"seat": 2, "kind": "computer", "level": "easy"}],
                  "deadline": {"seat": 1, "kind": "turn", "at": time.time() + 60}}
    render = Render(seat)
    seat.connected.set()
    online = render.table_lines()
    assert "connected" in online[2] and render.clock_text().endswith("for p2 Bo's turn")
    seat.connected.clear()                  # the connection dropped
    offline = render.table_lines()
    assert offline[0] == "(as last seen: no connection to the server now)"
    assert any("clock:" in line for line in online)
    assert offline[1:] == [line.replace(", connected", "") for line in online if "clock:" not in line]
    assert render.clock_text() == ""


def test_a_game_made_to_start_when_its_owner_says_is_started_by_its_owner_token(tmp_path):
    """``create --start owner`` and ``start``: the token from a file or the environment, never the
    command line; no token, or a wrong one, is one line."""
    with ServerProcess(str(tmp_path / "g.sqlite3")) as server:
        made = cli("create", "--server", server.url, "--players", "3", "--seats", "open,easy,easy", "--start",
                   "owner", "--json")
        assert made.returncode == 0, made.stderr
        game = json.loads(made.stdout.strip().splitlines()[-1])
        png = str(tmp_path / "now.png")
        one_line_exit_2(cli("stage", "--server", server.url, "--code", game["code"], "--png", png), "not started")
        one_line_exit_2(cli("start", "--server", server.url, "--game", game["game"]), "owner token")
        wrong = tmp_path / "wrong.txt"
        wrong.write_text("not-the-token\n", encoding="utf-8")
        one_line_exit_2(cli("start", "--server", server.url, "--game", game["game"], "--owner-file", str(wrong)),
                        "refused")
        token = tmp_path / "owner.txt"
        token.write_text(game["owner"] + "\n", encoding="utf-8")
        one_line_exit_2(cli("start", "--server", server.url, "--game", game["game"], "--owner-file", str(token)),
                        "every seat")                   # the open seat is not taken yet
        import asyncio

        from retrocatan.net.client import Seat

        async def take_the_seat_and_start():
            seat = Seat(server.url, code=game["code"], name="Ann")
            task = asyncio.create_task(seat.run())
            await asyncio.wait_for(seat.connected.wait(), 10)
            started = await asyncio.to_thread(cli, "start", "--server", server.url, "--game", game["game"],
                                              "--owner-file", str(token), "--json")
            seat.stop()
            await asyncio.wait_for(task, 10)
            return started
        started = asyncio.run(take_the_seat_and_start())
        assert started.returncode == 0, started.stderr
        assert json.loads(started.stdout.strip().splitlines()[-1]) == {"game": game["game"], "started": True}
        drawn = cli("stage", "--server", server.url, "--code", game["code"], "--png", png)
        assert drawn.returncode == 0, drawn.stderr
