"""Hangs end the test run with a stack dump naming where it stopped.

Each case runs a small throw-away test file in a pytest subprocess with
tiny limits, so nothing here waits long."""

import os
import subprocess
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))


def _run_pytest(tmp_path, body: str, timeout: str, watchdog: str) -> subprocess.CompletedProcess:
    (tmp_path / "conftest.py").write_text(open(os.path.join(HERE, "conftest.py"), encoding="utf-8").read())
    (tmp_path / "test_hang.py").write_text(textwrap.dedent(body))
    (tmp_path / "pytest.ini").write_text(f"[pytest]\ntimeout = {timeout}\ntimeout_method = signal\n")
    env = dict(os.environ, RETROCATAN_TEST_WATCHDOG=watchdog)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_python_hang_fails_that_test_and_the_run_goes_on(tmp_path):
    out = _run_pytest(tmp_path, """
        def test_spins_for_ever():
            while True:
                pass

        def test_after_it():
            assert True
    """, timeout="1", watchdog="0")
    text = out.stdout + out.stderr
    assert out.returncode == 1
    assert "Timeout" in text and "test_spins_for_ever" in text
    assert "1 failed, 1 passed" in text


def test_native_hang_holding_the_gil_is_dumped_and_ends_the_run(tmp_path):
    # A regular expression with exponential backtracking runs in C with the
    # GIL held, like a Pyxel call that never returns: Python-level timeouts
    # cannot fire; the faulthandler watchdog must.
    out = _run_pytest(tmp_path, """
        import re

        def test_stuck_in_c():
            re.fullmatch("(a*)*b", "a" * 60)
    """, timeout="0", watchdog="2")
    text = out.stdout + out.stderr
    assert out.returncode != 0
    assert "Timeout (0:00:02)" in text
    assert "test_stuck_in_c" in text and "test_hang.py" in text
