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
