"""Network play as people play it (issue 45), each window a process of its
own: a real ``retrocatan serve`` process on 127.0.0.1 and two headless game
windows (tests/net_window_process.py, each with its own user folder) that
join by keys and play a whole Seafarers game, two people and two computers,
at the default speed with animations on. Mid-game the server is killed
(SIGKILL) and started again on the same port and database: both windows
reconnect by themselves. Then one window is killed (SIGKILL) and started
again: it opens the game from My games by keys and plays to the end. What
each process drew is checked against the finished game's secrets
(tests/test_ui_privacy.py's checks, per machine)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time

import pytest
from net_window_process import leaks, read_drawn
from netplay import ROOT, ServerProcess

from retrocatan.net.client import create_game

DRIVER = os.path.join(ROOT, "tests", "net_window_process.py")
PATIENCE = 240          # seconds a step of the game may take before the test gives up (never a measure)


class Window:
    """A window process: what it printed (its turn, whether it says it is reconnecting)."""

    def __init__(self, folder, *args: str) -> None:
        self.user = str(folder / "user")
        self.report = str(folder / "report.json")
        self.args = args
        self.turn = -1
        self.lost = False
        self.ever_lost = False
        self.proc = None

    def start(self, *how: str) -> Window:
        env = {**os.environ, "PYTHONPATH": ROOT, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"}
        self.proc = subprocess.Popen([sys.executable, DRIVER, "--user", self.user, "--report", self.report,
                                      *self.args, *how], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()
        return self

    def _read(self, proc) -> None:
        for line in proc.stdout:
            try:
                got = json.loads(line)
            except ValueError:
                continue
            if proc is self.proc and "turn" in got:
                self.turn, self.lost = got["turn"], got["lost"]
                self.ever_lost |= got["lost"]

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def finished(self) -> dict:
        assert self.proc.wait(PATIENCE * 2) == 0, "the window process failed"
        with open(self.report, encoding="utf-8") as f:
            return json.load(f)


def wait_for(cond, what: str, windows=()) -> None:
    end = time.monotonic() + PATIENCE
    while not cond():
        assert time.monotonic() < end, f"waited too long for {what}"
        assert all(w.proc.poll() is None for w in windows), f"a window process ended while waiting for {what}"
        time.sleep(0.05)


@pytest.mark.timeout(900)
def test_two_window_processes_play_a_seafarers_game_through_a_server_kill_and_a_window_kill(tmp_path):
    server = ServerProcess(str(tmp_path / "games.sqlite3")).start()
    windows: list[Window] = []
    try:
        got = asyncio.run(create_game(server.url, {"players": 4, "scenario": "four-islands"},
                                      clocks={"computer_delay": 0}, start="full",
                                      seats=[{"kind": "open"}, {"kind": "computer", "level": "easy"},
                                             {"kind": "open"}, {"kind": "computer", "level": "easy"}]))
        for name, colour, more in (("Anna", 0, ["--buy"]), ("Ben", 2, [])):
            (tmp_path / name).mkdir()
            windows.append(Window(tmp_path / name, *more).start("--join", server.url, got["code"], name,
                                                                  str(colour)))
        anna, ben = windows
        # The server is killed mid-game: both windows say they are reconnecting, and go on when it is back.
        wait_for(lambda: min(w.turn for w in windows) >= 5, "turn 5", windows)
        port = server.port
        server.kill()
        wait_for(lambda: all(w.lost for w in windows), "both windows to see the server gone", windows)
        server.start(port)
        wait_for(lambda: not any(w.lost for w in windows), "both windows to reconnect", windows)
        # Ben's window is killed and started again: it opens the game from My games.
        killed_at = ben.turn
        wait_for(lambda: ben.turn >= killed_at + 2 or ben.proc.poll() is not None, "two turns more")
        assert ben.proc.poll() is None, "Ben's window ended before it could be killed"
        ben.kill()
        ben.start("--reopen")
        reports = [w.finished() for w in windows]
    finally:
        for w in windows:
            w.kill()
        server.kill()
    assert [r["seat"] for r in reports] == [0, 2]
    assert len({r["winner"] for r in reports}) == 1 and reports[0]["winner"] is not None
    assert anna.ever_lost and ben.ever_lost
    assert reports[0]["reconnects"] >= 1 and reports[0]["lost"]
    # The window says the server does not answer (it was reached before: not the address, not the network).
    assert all(line.startswith(("The server does not answer", "Connection lost")) for line in reports[0]["lost"])
    assert any(line.startswith("The server does not answer") for line in reports[0]["lost"]), reports[0]["lost"]
    assert all(r["gaps"] == 0 and r["duplicates"] == 0 for r in reports)
    assert [g["status"] for g in reports[1]["kept"]] == ["over"]      # My games of Ben's window: the one game
    names = reports[0]["names"]
    assert names[0] == "Anna" and names[2] == "Ben" and reports[1]["names"] == names
    drawn = {r["seat"]: read_drawn(w.report + ".drawn") for r, w in zip(reports, windows)}
    assert all(drawn[seat][0] for seat in drawn)
    with ServerProcess(str(tmp_path / "games.sqlite3")) as again:
        assert leaks(again.url, got["game"], names.__getitem__, drawn) == []
    print(json.dumps({key: [r[key] for r in reports] for key in ("frames", "slowest_frame_ms", "frames_over_50ms")}))
