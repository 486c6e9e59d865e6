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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "retrocatan", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=timeout)


def one_line_exit_2(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    for w in words:
        assert w in lines[0], lines[0]


@pytest.mark.parametrize("command", ["serve", "create", "bot", "join", "record", "stage"])
def test_every_network_command_takes_help(command):
    done = cli(command, "--help")
    assert done.returncode == 0 and "--server" in done.stdout or "--port" in done.stdout


def test_bad_input_and_no_server_are_one_line(tmp_path):
    one_line_exit_2(cli("serve", "--shard", "3/2"), "--shard")
    one_line_exit_2(cli("serve", "--db", "mysql://nope"), "serve")
    one_line_exit_2(cli("bot", "--server", "http://x", "--code", "A"), "ws://")
    one_line_exit_2(cli("bot", "--server", "ws://127.0.0.1:9", "--code", "A"), "no server")
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
    assert said[0].startswith(f"retrocatan bot: seated at game {result['game']}"), said
    assert said[-1].endswith(f"over after {result['decisions']} decisions of this seat"), said
    steps = [line for line in said if "decisions made" in line]
    assert len(steps) == result["decisions"] // 25, said
