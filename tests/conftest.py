import faulthandler
import gc
import os
import sys

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pytest  # noqa: E402

# Every test has a time limit (pytest-timeout, ``timeout`` in pyproject.toml):
# a test stuck in Python code fails with its stack. A test stuck inside native
# code that holds the GIL (a Pyxel call that never returns) cannot be reached
# by that; for it this watchdog, a C thread of faulthandler that needs no GIL,
# prints every thread's stack and ends the run with exit status 1 a little
# later. RETROCATAN_TEST_WATCHDOG overrides its seconds (0: off).
_WATCHDOG_MARGIN = 60


def _watchdog_seconds(config) -> float:
    raw = os.environ.get("RETROCATAN_TEST_WATCHDOG")
    if raw is not None:
        return float(raw)
    limit = float(config.getini("timeout") or 0)
    return limit + _WATCHDOG_MARGIN if limit > 0 else 0


_watchdog_file = None


def _real_stderr(config):
    """A file on the terminal's stderr. With output capture on, fd 2 goes to a
    temporary file that nobody reads once the process ends; the capture keeps
    a copy of the original descriptor, which is where the dump must go."""
    global _watchdog_file
    if _watchdog_file is None:
        fd = None
        capman = config.pluginmanager.getplugin("capturemanager")
        err = getattr(getattr(capman, "_global_capturing", None), "err", None)
        saved = getattr(err, "targetfd_save", None)
        if isinstance(saved, int):
            fd = saved
        _watchdog_file = os.fdopen(os.dup(fd), "w") if fd is not None else sys.__stderr__
    return _watchdog_file


@pytest.fixture(autouse=True)
def _hang_watchdog(request):
    seconds = _watchdog_seconds(request.config)
    marker = request.node.get_closest_marker("timeout")
    if marker is not None and marker.args and seconds:
        seconds = float(marker.args[0]) + _WATCHDOG_MARGIN
    if seconds > 0:
        faulthandler.dump_traceback_later(seconds, exit=True, file=_real_stderr(request.config))
    yield
    if seconds > 0:
        faulthandler.cancel_dump_traceback_later()


@pytest.fixture(autouse=True)
def _no_window_server_left():
    """A window's own server (``ui/net/host.hosted``) lives as long as its process; the tests make
    many windows in one process, and random input may host a game: whatever server a test's
    windows started is stopped after it, so that the next test starts with none."""
    yield
    host = sys.modules.get("retrocatan.ui.net.host")
    if host is not None and host._HOSTED:
        for server in host._HOSTED:
            server.stop()
        host._HOSTED.clear()


@pytest.fixture(autouse=True)
def _no_window_garbage_left(request):
    """What a test's windows left is collected after it in this, the windows' thread
    (``ui/collector.py``): otherwise a later test's thread (a server, a network link) may collect
    it, and Pyxel refuses to free an image off the thread that made it. A test that drew with
    Pyxel but ran no window's frames (a picture of a stage) is collected after too."""
    yield
    collector = sys.modules.get("retrocatan.ui.collector")
    released = collector is not None and collector.release()
    if not released and "pyxel_headless" in request.fixturenames:
        gc.collect()


@pytest.fixture(scope="session")
def pyxel_headless():
    """Pyxel, initialised once per test session without a window, at a frame
    rate its clock resolves for hours and with screen capture off."""
    from retrocatan.ui.app import init_pyxel
    init_pyxel(headless=True)
    import pyxel
    return pyxel


def pytest_configure(config):
    """Compile the package, the benchmarks and these helpers once, before the
    tests start their hundreds of processes (servers, windows, command
    lines). Python writes these files itself on import unless it is told not
    to (PYTHONDONTWRITEBYTECODE, as on some CI machines); then every process
    would compile the whole package again. Done by the run's first process
    only (not by each xdist worker); the files are ignored by git."""
    if hasattr(config, "workerinput"):
        return
    import compileall
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for folder in ("retrocatan", "benchmarks", "tests"):
        compileall.compile_dir(os.path.join(root, folder), quiet=2, workers=1)
    if getattr(config.option, "numprocesses", None) not in (None, 0):     # xdist's workers (not "-n 0")
        _rewrite_test_modules_once(config, os.path.join(root, "tests"))


def pytest_collection_finish(session):
    """What every process of the run holds from here to its end (pytest, the test modules and
    their items, the package's modules) is frozen out of Python's cyclic collector: a full
    collection during a test walks only what tests made since (the window does the same with its
    own objects, ``ui/collector.py``). Nothing frozen is freed: none of it would have been."""
    gc.collect()
    gc.freeze()


def _rewrite_test_modules_once(config, folder: str) -> None:
    """pytest rewrites the asserts of each test module it imports and keeps the result in
    __pycache__, unless Python is told not to write bytecode: then every xdist worker rewrites
    every module again (about 5 CPU seconds each). The run's first process writes pytest's
    files once, with pytest's own functions; they are private, so when they are not there (or
    asserts are not rewritten) nothing is written and each worker rewrites as before."""
    from pathlib import Path
    try:
        from _pytest.assertion import rewrite
        state = config.stash[rewrite.assertstate_key]
        names = [Path(folder, "conftest.py")] + sorted(Path(folder).glob("test_*.py"))
        for path in names:
            cache = rewrite.get_cache_dir(path)
            pyc = cache / (path.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(path, pyc, state.trace) is not None or not rewrite.try_makedirs(cache):
                continue
            stat, code = rewrite._rewrite_test(path, config)
            rewrite._write_pyc(state, code, stat, pyc)
    except Exception:           # (AttributeError, KeyError, a changed signature: pytest's business)
        return
