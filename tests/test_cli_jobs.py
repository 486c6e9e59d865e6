"""--jobs N for simulate and tournament (the same result for any N), and
``python -m retrocatan.cli`` as an entry."""

import json
import os
import pty
import subprocess
import sys

import pytest

from retrocatan.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEASURED = ("games_per_second", "actions_per_second")     # timings: differ from run to run


def run(*args, module="retrocatan", timeout=300, **kw):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True,
                          env=env, timeout=timeout, cwd=ROOT, **kw)


def last_json(res):
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout.strip().splitlines()[-1])


def without_timings(summary: dict) -> dict:
    out = {k: v for k, v in summary.items() if k not in MEASURED}
    if "decision_ms" in out:
        out["decision_ms"] = {level: d["decisions"] for level, d in out["decision_ms"].items()}
    return out


def test_simulate_same_json_for_one_and_four_jobs(tmp_path):
    one, four = tmp_path / "one", tmp_path / "four"
    a = last_json(run("simulate", "--games", "8", "--players", "3", "--seed", "11", "--json", "--jobs", "1",
                      "--save-replays", str(one)))
    b = last_json(run("simulate", "--games", "8", "--players", "3", "--seed", "11", "--json", "--jobs", "4",
                      "--save-replays", str(four)))
    assert without_timings(a) == without_timings(b)
    assert sum(b["wins"]) == 8
    names = sorted(os.listdir(one))
    assert names == sorted(os.listdir(four)) and len(names) == 8
    for name in names:
        assert (one / name).read_bytes() == (four / name).read_bytes()


def test_tournament_same_json_for_one_and_four_jobs():
    args = ("tournament", "--seats", "hard,easy,random", "--games", "6", "--seed", "3", "--json")
    a = last_json(run(*args, "--jobs", "1"))
    b = last_json(run(*args, "--jobs", "4"))
    assert without_timings(a) == without_timings(b)
    assert a["games"] == 6 and sum(s["wins"] for s in b["seats"]) == 6
    assert list(b["decision_ms"]) == ["hard", "easy", "random"]


@pytest.mark.parametrize("command", [["simulate"], ["tournament", "--seats", "easy,easy,easy"]])
@pytest.mark.parametrize("jobs", ["0", "-2", "two", "1.5", "", "100000"])
def test_bad_jobs_is_one_line_exit_2(capsys, command, jobs):
    assert main([*command, "--games", "1", "--jobs", jobs]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--jobs" in err and "Traceback" not in err


def test_progress_bar_on_a_terminal_with_workers():
    leader, follower = pty.openpty()
    try:
        res = subprocess.run([sys.executable, "-m", "retrocatan", "simulate", "--games", "6", "--players", "3",
                              "--jobs", "2"], stdout=subprocess.PIPE, stderr=follower, timeout=300, cwd=ROOT,
                             env=dict(os.environ, PYTHONPATH=ROOT))
        os.close(follower)
        follower = None
        chunks = []
        while True:
            try:
                data = os.read(leader, 4096)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
    finally:
        os.close(leader)
        if follower is not None:
            os.close(follower)
    assert res.returncode == 0
    bar = b"".join(chunks).decode()
    assert "simulate [" in bar and "6/6" in bar


def test_python_m_retrocatan_cli_is_the_command_line():
    a = run("board", "--seed", "7", "--players", "5", "--json", module="retrocatan.cli")
    b = run("board", "--seed", "7", "--players", "5", "--json", module="retrocatan")
    assert a.returncode == 0 and a.stdout == b.stdout and json.loads(a.stdout)
    bad = run("simulate", "--games", "0", module="retrocatan.cli")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--games" in bad.stderr


def test_python_m_retrocatan_cli_runs_workers():
    out = last_json(run("simulate", "--games", "4", "--players", "3", "--json", "--jobs", "2",
                        module="retrocatan.cli"))
    assert out["games"] == 4 and sum(out["wins"]) == 4
