"""``retrocatan join`` (retrocatan/clients/text_client.py), the person's client at a
terminal, against a real server on the loopback address: ``retrocatan serve`` and
the client run as subprocesses, and the test plays through the client's stdin
(a pipe) as a person would type, answering each prompt (a line starting with
"> ") with the number of a legal action from the numbered list above it. Each
client's user folder is the test's own (``HOME``): its seat files are kept there."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("websockets")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHOICE = re.compile(r"^\s*(\d+)\. (\S+(?: \S+)*)")
ENV = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""),
       "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8"}


def retrocatan(*args: str, **kw) -> subprocess.Popen:
    kw.setdefault("env", ENV)
    return subprocess.Popen([sys.executable, "-m", "retrocatan", *args], cwd=ROOT, text=True, encoding="utf-8", **kw)


def start_server(db, port: int = 0) -> tuple[subprocess.Popen, int]:
    """``retrocatan serve`` on 127.0.0.1: the process and its port."""
    proc = retrocatan("serve", "--port", str(port), "--db", str(db), "--json",
                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = proc.stdout.readline()
    if not line:
        proc.kill()
        raise AssertionError("the server did not start")
    return proc, json.loads(line)["port"]


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server on a free port of 127.0.0.1 for the module's tests: its ws:// address."""
    proc, port = start_server(tmp_path_factory.mktemp("serve") / "s.sqlite3")
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        stop(proc)


def create(url: str, seats: str = "open,normal,normal", *clocks: str) -> str:
    """A new 3-player game whose computers move at once (and ``clocks``, NAME=SECONDS): its invite code."""
    more = [arg for clock in clocks for arg in ("--clock", clock)]
    out = subprocess.run([sys.executable, "-m", "retrocatan", "create", "--server", url, "--players", "3",
                          "--seats", seats, "--clock", "computer_delay=0", *more, "--json"],
                         cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=30, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["code"]


class Client:
    """``retrocatan join`` as a subprocess, read line by line by a thread, typed to through a pipe
    (in English unless ``--language`` is given; its user folder in ``tmp_path``)."""

    def __init__(self, tmp_path, *args: str) -> None:
        self.err_path = tmp_path / f"join-{time.monotonic_ns()}.err"
        self.err = open(self.err_path, "w", encoding="utf-8")  # noqa: SIM115 - closed in finish()
        args = args if "--language" in args else (*args, "--language", "en")
        self.proc = retrocatan("join", *args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.err,
                               env={**ENV, "HOME": str(tmp_path)})
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        self.choices: list[str] = []          # the numbered list of the last decision shown
        self.ended = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def next_line(self, deadline: float) -> str | None:
        """The next line of its output (None: the output ended); ``queue.Empty`` at the deadline."""
        if self.ended:
            return None
        line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
        if line is None:
            self.ended = True
        else:
            self.seen.append(line)
        return line

    def until(self, pattern: str, timeout: float = 15.0) -> str:
        """Read until a line matches ``pattern``: that line."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.next_line(deadline)
            if line is None:
                raise AssertionError(f"ended before {pattern!r}:\n" + "\n".join(self.seen[-40:]))
            if re.search(pattern, line):
                return line

    def prompt(self, timeout: float = 15.0) -> tuple[list[str], list[str]] | None:
        """Read until the next prompt: the numbered choices of the decision it asks (the list above
        it, or above an earlier prompt of the same decision) and every line since the last prompt
        (None: the client ended, e.g. the game is over)."""
        deadline = time.monotonic() + timeout
        since: list[str] = []
        while True:
            line = self.next_line(deadline)
            if line is None:
                return None
            since.append(line)
            if line.startswith("> "):
                return list(self.choices), since
            m = CHOICE.match(line)
            if m:
                self.choices.append(m.group(2))
            elif line.startswith("=="):
                self.choices = []

    def type(self, text: str) -> None:
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def finish(self, timeout: float = 15.0) -> tuple[int, str]:
        """Close its input, wait for it to end: (exit code, stderr)."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            code = self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            self.err.close()
        deadline = time.monotonic() + 5
        while self.next_line(deadline) is not None:     # the rest of its output into ``seen``
            pass
        return code, self.err_path.read_text(encoding="utf-8")


def pick(choices: list[str]) -> int:
    """A simple player: roll, build cities and settlements, end the turn; else the first choice."""
    for want in ("roll", "C", "S", "end", "pass"):
        for i, text in enumerate(choices, 1):
            if text == want or (len(want) == 1 and re.fullmatch(want + r"\d+", text)):
                return i
    return 1


def test_a_whole_game_at_the_terminal(server, tmp_path):
    code = create(server)
    c = Client(tmp_path, "--server", server, "--code", code, "--name", "Tester")
    try:
        c.until(r"^You are p\d Tester \(you\) in game " + code)
        decisions = 0
        kinds = set()
        while True:
            got = c.prompt(20.0)
            if got is None:
                break
            choices, _ = got
            assert choices, "a prompt without choices:\n" + "\n".join(c.seen[-30:])
            kinds.update(x.split()[0].rstrip("0123456789") for x in choices)
            c.type(str(pick(choices)))
            decisions += 1
            assert decisions < 2000
        code_, err = c.finish()
    finally:
        if c.proc.poll() is None:
            c.proc.kill()
    text = "\n".join(c.seen)
    assert code_ == 0, err
    assert err == ""
    assert re.search(r"^game over: p\d .+ wins with \d+ points$", text, re.M), text[-2000:]
    assert decisions > 10
    assert {"S", "R", "roll", "end"} <= kinds
    # the log: dice, production, builds with their places; the board and the table were shown
    assert re.search(r"rolls \d\+\d = \d+", text)
    assert re.search(r"builds a settlement - corner \d+ \(", text)
    assert "hex numbers, row by row" in text
    # the computers by colour and level, as at one machine
    assert re.search(r"^  p2 Red \(Normal\): computer", text, re.M) and "p3 White (Normal)" in text


def test_a_move_the_clock_made_a_computer_play_says_so(server, tmp_path):
    """To the seat whose time ran out, and to a spectator, who is not told the move's notation: the
    line says what the computer did from the move's events."""
    code = create(server, "open,normal,normal", "turn=2", "decision=2", "warn=1")
    c = Client(tmp_path, "--server", server, "--code", code, "--name", "Tester")
    w = None
    try:
        c.until(r"^You are p\d Tester")                 # and then types nothing
        w = Client(tmp_path, "--server", server, "--code", code, "--watch")
        line = c.until(r"time ran out", 30.0)
        seen = w.until(r"time ran out", 30.0)
        code_, err = c.finish()
        w.finish()
    finally:
        stop(c.proc)
        if w is not None:
            stop(w.proc)
    assert re.fullmatch(r"p\d Tester \(you\)'s time ran out: the computer built a (settlement|road)", line), line
    assert re.fullmatch(r"p\d Tester's time ran out: the computer built a (settlement|road)", seen), seen
    assert code_ == 0 and err == ""


def test_a_bad_code_is_one_line_and_exit_2(server, tmp_path):
    c = Client(tmp_path, "--server", server, "--code", "NOSUCH99", "--name", "Tester")
    code, err = c.finish(20.0)
    assert code == 2
    assert err.splitlines() == ["retrocatan join: the server refused: no game has that code"]
    assert c.seen == []                            # nothing on stdout
    assert list((tmp_path / ".retrocatan" / "join-seats").glob("*.json")) == []     # no seat kept for it


def text_of(path, needle: str, timeout: float = 20.0) -> str:
    """The text of ``path`` once it holds ``needle``."""
    deadline = time.monotonic() + timeout
    while True:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        if needle in text:
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"no {needle!r} in {path}:\n{text}")
        time.sleep(0.05)


def test_join_waits_for_a_server_that_is_down_and_plays_once_it_is_back(tmp_path):
    db = tmp_path / "s.sqlite3"
    proc, port = start_server(db)
    url = f"ws://127.0.0.1:{port}"
    try:
        code = create(url)
    finally:
        stop(proc)                                 # the server is down when the person comes
    c = Client(tmp_path, "--server", url, "--code", code, "--name", "Tester")
    try:
        said = text_of(c.err_path, f"retrocatan join: cannot reach {url}")
        assert "waiting for it (Ctrl-C to stop)" in said
        time.sleep(1.5)
        assert c.proc.poll() is None               # it waits, with no exit 2
        proc, _ = start_server(db, port)           # the server comes back late, on the same port
        c.until(r"^You are p\d Tester \(you\) in game " + code, 30.0)
        assert c.prompt() is not None
        code_, err = c.finish()
    finally:
        stop(c.proc)
        stop(proc)
    assert code_ == 0
    lines = err.splitlines()
    assert lines[0].startswith(f"retrocatan join: cannot reach {url} (") and len(lines) == 2, lines
    assert lines[-1] == f"retrocatan join: {url} answers: going on"


def test_the_seat_is_kept_in_the_user_folder_so_a_closed_terminal_loses_nothing(server, tmp_path):
    code = create(server)
    a = Client(tmp_path, "--server", server, "--code", code, "--name", "Tester")
    try:
        you = a.until(r"^You are p\d Tester")
        me = re.search(r"^You are (p\d) Tester", you).group(1)
        kept = list((tmp_path / ".retrocatan" / "join-seats").glob("*.json"))
        assert len(kept) == 1 and kept[0].name.endswith(f"-{code}.json") and str(kept[0]) in you
        first, _ = a.prompt()
    finally:
        stop(a.proc)                               # killed: no quit, no goodbye
    b = Client(tmp_path, "--server", server, "--code", code, "--name", "Tester", "--language", "de")
    try:
        b.until(r"^Du bist " + me + r" Tester \(du\) in Spiel " + code + r" \(fortgesetzt\)")
        again, since = b.prompt()
        assert again == first                      # the same decision, still ours
        assert any(line.startswith("== Zug 0: " + me + " Tester (du): Siedlung setzen") for line in since), since
        b.type("quit")
        b.until(r"dein Platz bleibt deiner: retrocatan join --server " + re.escape(server) + " --code " + code)
        code_, err = b.finish()
    finally:
        stop(b.proc)
    assert code_ == 0 and err == ""


def test_watch_follows_a_game_of_computers_to_its_end(server, tmp_path):
    code = create(server)
    w = Client(tmp_path, "--server", server, "--code", code, "--watch")
    try:
        w.until(r"^watching game " + code)
        w.until(r"^waiting for the game to start$")
        bot = subprocess.run([sys.executable, "-m", "retrocatan", "bot", "--server", server, "--code", code,
                              "--name", "Robo", "--json"], cwd=ROOT, env=ENV, capture_output=True, text=True,
                             timeout=60)
        assert bot.returncode == 0, bot.stderr
        w.until(r"^game over: p\d .+ wins with \d+ points$", 30.0)
        code_, err = w.finish()
    finally:
        stop(w.proc)
    text = "\n".join(w.seen)
    assert code_ == 0 and err == ""
    assert "Robo takes seat p1" in text and "the game begins" in text
    assert re.search(r"rolls \d+ for the first turn$", text, re.M)
    assert re.search(r"rolls \d\+\d = \d+", text) and re.search(r"builds a city - corner \d+", text)
    assert not re.search(r"robs .+: 1 (Wood|Brick|Sheep|Wheat|Coal)", text)   # a steal's card: thief and victim
    assert not any(line.startswith("> ") for line in w.seen)                  # a spectator is never asked


def test_quit_and_come_back_with_the_seat_file(server, tmp_path):
    code = create(server)
    seat_file = tmp_path / "seat.json"
    a = Client(tmp_path, "--server", server, "--code", code, "--name", "Tester", "--seat-file", str(seat_file))
    try:
        me = re.search(r"^You are (p\d) Tester", a.until(r"^You are p\d Tester")).group(1)
        first, _ = a.prompt()
        a.type("say back soon")
        a.until(r"^<" + me + r" Tester \(you\)> back soon$")
        a.type("quit")
        a.until(r"your seat stays yours: retrocatan join --server ")
        code_, err = a.finish()
    finally:
        stop(a.proc)
    assert code_ == 0 and err == ""
    saved = json.loads(seat_file.read_text(encoding="utf-8"))
    assert set(saved) == {"game", "token", "code"} and saved["code"] == code

    b = Client(tmp_path, "--server", server, "--seat-file", str(seat_file))      # no --code: the file's
    try:
        b.until(r"^You are " + me + r" Tester \(you\) in game " + code + r" \(resumed\)")
        again, _ = b.prompt()
        assert again == first                      # the same decision, still ours
        assert "<" + me + " Tester (you)> back soon" in b.seen      # the log of the past, before the table
        b.type("help")
        b.type("board")
        b.type("1")
        choices, since = b.prompt()
        assert re.search(r"^" + me + r" Tester \(you\) builds a settlement - corner \d+", "\n".join(since), re.M)
        assert "Commands:" in b.seen and any(x.startswith("hex numbers, row by row") for x in b.seen)
        assert choices and all(x.startswith("R") for x in choices)       # the road beside it
        code_, err = b.finish()                    # end of input: quit
    finally:
        stop(b.proc)
    assert code_ == 0 and err == ""
    assert b.seen[-1].startswith("you left the table; your seat stays yours")


def test_a_dropped_connection_is_resumed(tmp_path):
    db = tmp_path / "s.sqlite3"
    proc, port = start_server(db)
    url = f"ws://127.0.0.1:{port}"
    try:
        code = create(url)
        c = Client(tmp_path, "--server", url, "--code", code, "--name", "Tester")
        c.until(r"^You are p\d Tester")
        choices, _ = c.prompt()
        stop(proc)                                 # the server dies ...
        c.until(r"^connection lost, reconnecting\.\.\.$")
        proc, _ = start_server(db, port)           # ... and comes back on the same port with its games
        c.until(r"^reconnected$")
        c.type("1")
        assert c.prompt() is not None              # the game goes on: the next decision
        code_, err = c.finish()
        assert code_ == 0 and err == ""
    finally:
        stop(proc)


def test_join_with_email_and_webhook_asks_for_by_post_notices_for_its_seat_only(tmp_path):
    """``--email`` and ``--webhook`` go with the join: the server keeps them for that seat (read back
    with the seat's own token), and a seat joined without them has none."""
    import asyncio

    from retrocatan.net.client import Seat

    proc = retrocatan("serve", "--port", "0", "--db", str(tmp_path / "s.sqlite3"), "--json",
                      "--smtp", "127.0.0.1:9", "--webhooks", "on", "--webhook-allow", "127.0.0.0/8",
                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = f"ws://127.0.0.1:{json.loads(proc.stdout.readline())['port']}"
        code = create(url, "open,open,normal")
        files = {}
        for name, extra in (("Anna", ("--email", "anna@example.org", "--webhook", "http://127.0.0.1:9/hook")),
                            ("Ben", ())):
            files[name] = tmp_path / f"{name}.json"
            c = Client(tmp_path, "--server", url, "--code", code, "--name", name, "--seat-file", str(files[name]),
                       *extra)
            try:
                c.until(r"^You are p\d " + name)
                c.type("quit")
                assert c.finish()[0] == 0
            finally:
                stop(c.proc)

        async def notify_of(saved: dict) -> dict:
            seat = Seat(url, game=saved["game"], token=saved["token"], code=saved["code"])
            task = asyncio.create_task(seat.run())
            try:
                await asyncio.wait_for(seat.connected.wait(), 15)
                return await asyncio.wait_for(seat.request({"type": "notify"}), 15)
            finally:
                seat.stop()
                await task

        got = {n: asyncio.run(notify_of(json.loads(f.read_text(encoding="utf-8")))) for n, f in files.items()}
    finally:
        stop(proc)
    assert got["Anna"]["notify"] == {"email": "anna@example.org", "webhook": "http://127.0.0.1:9/hook"}
    assert not any(got["Ben"]["notify"].values())
