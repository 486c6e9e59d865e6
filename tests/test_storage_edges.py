"""Files and the start robust (issue 44): a home folder that cannot be
written still starts the window (it says once that nothing is kept); the
editor's save to a path killed mid-write leaves the old file whole and its
temporary file is cleaned by a later save; the crash log keeps its bound
in bytes for a log of undecodable bytes; a save whose game record is of a
newer version says so."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from retrocatan import scenarios
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.replay import REPLAY_VERSION
from retrocatan.saves import SaveError, dumps, make_save, parse
from retrocatan.storage import CRASH_LOG, CRASH_LOG_BYTES, STALE_TEMP_SECONDS, TEMP_PREFIX, DirStorage, MemoryStorage
from retrocatan.ui.editor import files as editor_files
from retrocatan.ui.maps.files import load_path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_a_home_that_cannot_be_written_still_starts_the_window_and_says_so_once(pyxel_headless, tmp_path,
                                                                              monkeypatch):
    from retrocatan.ui.app import App
    from retrocatan.ui.text import t
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for var in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(var, str(blocker / var.lower()))     # under a file: no folder can be made there
    app = App(can_quit=False)
    assert not app.storage.kept
    assert app.scene.message == t("storage.not_kept")
    app.save_settings()                     # nothing kept, nothing raised
    for _ in range(3):
        app.update()
        app.draw()
    assert App(can_quit=False, storage=MemoryStorage()).scene.message == ""   # a storage handed in: no word


# The window's start in a process of its own, with the home given; prints its storage and the title's line.
WINDOW_START = """
import sys
sys.path.insert(0, {root!r})
from retrocatan.ui.app import App, init_pyxel
init_pyxel(headless=True)
app = App(can_quit=False)
print(type(app.storage).__name__, app.storage.kept)
print(app.scene.message)
"""


def _without_root_s_reach():
    """In the child before it runs: as root, give up reading and writing past file modes
    (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so a folder of mode 000 is unreadable for real."""
    import ctypes
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):
        if libc.prctl(24, cap, 0, 0, 0) != 0:        # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "cannot drop a capability")


@pytest.mark.parametrize("mode, line", [(0o000, "storage.unreadable"), (0o500, "storage.not_kept")])
def test_a_user_folder_that_exists_but_cannot_be_used_is_said_at_the_title(tmp_path, mode, line):
    from retrocatan.ui.text import TEXTS
    folder = tmp_path / ".pyxel" / "retrocatan" / "retrocatan"     # the Pyxel user folder of this home
    folder.mkdir(parents=True)
    (folder / "slot1.json").write_text("{}")
    folder.chmod(mode)
    env = dict(os.environ, HOME=str(tmp_path), SDL_AUDIODRIVER="dummy", PYTHONPATH=ROOT)
    try:
        run = subprocess.run([sys.executable, "-c", WINDOW_START.format(root=ROOT)], env=env, capture_output=True,
                             text=True, timeout=120, preexec_fn=_without_root_s_reach)
    except subprocess.SubprocessError as exc:
        pytest.skip(f"no way to lock a folder here: {exc}")
    finally:
        folder.chmod(0o700)
    assert run.returncode == 0, run.stderr[-2000:]
    storage, message = run.stdout.splitlines()[-2:]
    assert storage == "MemoryStorage False"                 # not used as if it could be written
    assert message == TEXTS["en"][line]
    assert sorted(os.listdir(folder)) == ["slot1.json"]     # nothing written there, nothing lost


# A process that saves a scenario to a path and is killed while the file is written.
WRITER = """
import os, sys, time
sys.path.insert(0, {root!r})
from dataclasses import replace
from retrocatan import scenarios
from retrocatan.ui.editor import files
s = replace(scenarios.load("four-islands"), id="mine", vp_target=int(sys.argv[2]))
if sys.argv[3] == "hold":
    real = os.fsync
    def held(fd):
        real(fd)
        print("writing", flush=True)
        time.sleep(60)
    os.fsync = held
else:
    print("writing", flush=True)
while True:
    files.save(None, s, files.Source("path", sys.argv[1]))
"""


def _temps(folder) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.startswith(TEMP_PREFIX))


def _killed_writer(path, vp: int, how: str) -> None:
    proc = subprocess.Popen([sys.executable, "-c", WRITER.format(root=ROOT), str(path), str(vp), how],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "writing"
        if how == "loop":
            time.sleep(0.05 * (vp % 4))     # somewhere in its writes, whichever
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
        proc.stdout.close()


def test_a_save_to_a_path_killed_mid_write_leaves_a_whole_file_and_no_temporaries_for_good(tmp_path):
    path = tmp_path / "mine.json"
    first = editor_files.load(None, editor_files.Source("shipped", "four-islands"))
    editor_files.save(None, first, editor_files.Source("path", str(path)))
    for vp in (11, 12, 13):
        _killed_writer(path, vp, "hold")            # killed after the temporary is written, before the rename
        assert load_path(str(path), draft=False).vp_target == first.vp_target      # the old, whole
    assert len(_temps(tmp_path)) == 3               # what the kills left
    for vp in (14, 15, 16, 17):
        _killed_writer(path, vp, "loop")             # killed anywhere in a loop of saves
        assert load_path(str(path), draft=False).vp_target in (first.vp_target, *range(14, vp + 1))
    old = time.time() - STALE_TEMP_SECONDS - 5
    for name in _temps(tmp_path):
        os.utime(tmp_path / name, (old, old))
    editor_files.save(None, first, editor_files.Source("path", str(path)))
    assert _temps(tmp_path) == []                    # a later save cleans the stale ones of our naming
    assert load_path(str(path), draft=False) == first


def test_the_crash_log_of_undecodable_bytes_stays_within_its_bound(tmp_path):
    storage = DirStorage(str(tmp_path))
    with open(storage.log_path(), "wb") as f:
        f.write((b"=== an old entry\n" + bytes(range(128, 256)) * 8 + b"\n") * 300)    # ~300 KB, mostly not UTF-8
    storage.append_log("=== a new entry\nTraceback: ...\n")
    assert os.path.getsize(tmp_path / CRASH_LOG) <= CRASH_LOG_BYTES
    with open(tmp_path / CRASH_LOG, encoding="utf-8") as f:
        assert f.read().endswith("=== a new entry\nTraceback: ...\n")


def test_a_save_whose_game_record_is_newer_says_so_not_damaged():
    game = Game(GameConfig(players=3, seed=4))
    seats = [{"kind": "human", "name": "Blue"}, {"kind": "normal", "name": "Red"}, {"kind": "normal", "name": "White"}]
    data = json.loads(dumps(make_save(game, seats, "slot1")))
    data["replay"]["version"] = REPLAY_VERSION + 1
    with pytest.raises(SaveError) as caught:
        parse(json.dumps(data))
    assert caught.value.code == "newer_version"
    assert caught.value.params["version"] == REPLAY_VERSION + 1


def test_regions_with_no_rows_are_named_as_the_game_s_check_names_them():
    from dataclasses import replace

    from retrocatan.engine.scenario_check import scenario_problems
    from retrocatan.ui.editor.checks import problems
    s = replace(scenarios.load("new-shores"), regions=())
    found = problems(s)
    assert found and found[0].code == scenario_problems(s)[0].code == "regions_size"
    assert "list index" not in found[0].text
