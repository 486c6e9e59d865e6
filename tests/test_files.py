"""Hostile files around the game: special files, deep and duplicate JSON,
leftover temporary files, summaries that lie, records without hashes,
records over the length limit, a start-up path leading out of an app."""

import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile

import pytest

from retrocatan.ai import make_player
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.replay import MAX_ACTIONS, PLAY_HASH_EVERY, GameRecord, ReplayError, parse, record, verify
from retrocatan.jsonfile import JsonFileError, loads, read_json, read_text
from retrocatan.saves import SaveError, describe_text, dumps, load, load_options, make_save
from retrocatan.storage import STALE_TEMP_SECONDS, DirStorage, FileError, remove_stale_temps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEATS = [{"kind": "hard", "name": f"P{i + 1}"} for i in range(4)]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def run_cli(*args, timeout=60):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "retrocatan", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)


def played(seed=12, decisions=200, players=4):
    game = Game(GameConfig(players=players, seed=seed))
    bots = [make_player("hard", seed, s) for s in range(players)]
    for _ in range(decisions):
        if game.over:
            break
        game.apply(bots[game.decider].choose(game))
    return game


# --- special files ---------------------------------------------------------------------------

@needs_fifo
def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    start = time.monotonic()
    with pytest.raises(JsonFileError, match="not a regular file"):
        read_text(str(fifo), 1000)
    assert time.monotonic() - start < 5
    res = run_cli("replay", str(fifo), "--verify", timeout=30)
    assert res.returncode == 2 and "not a regular file" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.stderr


@needs_fifo
def test_a_named_pipe_as_the_autosave_is_refused(tmp_path):
    os.mkfifo(tmp_path / "autosave.json")
    storage = DirStorage(str(tmp_path))
    assert "autosave" in storage.names()
    with pytest.raises(FileError, match="not a regular file"):
        storage.read("autosave", 1000)


def test_folders_and_devices_are_refused(tmp_path):
    (tmp_path / "d.json").mkdir()
    with pytest.raises(JsonFileError, match="not a regular file"):
        read_text(str(tmp_path / "d.json"), 1000)
    if os.path.exists("/dev/zero"):
        os.symlink("/dev/zero", tmp_path / "zero.json")
        with pytest.raises(JsonFileError, match="not a regular file"):
            read_text(str(tmp_path / "zero.json"), 1000)


def test_size_limit_and_encoding(tmp_path):
    big = tmp_path / "big.json"
    big.write_text("[" + "1," * 600 + "1]")
    with pytest.raises(JsonFileError, match="too large"):
        read_json(str(big), 1000)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(JsonFileError, match="UTF-8"):
        read_json(str(bad), 1000)


# --- the JSON itself -------------------------------------------------------------------------

@pytest.mark.parametrize("text,why", [
    ("[" * 100_000 + "]" * 100_000, "deeper"),
    ('{"a":' * 40 + "1" + "}" * 40, "deeper"),
    ('{"scale": 2, "scale": 3}', "twice"),
    ('{"a": NaN}', "NaN"),
    ('{"a": -Infinity}', "Infinity"),
    ("{", "not valid JSON"),
])
def test_strict_json_refuses_with_one_line(text, why):
    with pytest.raises(JsonFileError, match=why) as info:
        loads(text, 10**7)
    assert "\n" not in str(info.value)


def test_strict_json_reads_ordinary_json():
    assert loads('{"a": [1, 2.5, "x", null, true, {"b": []}]}', 1000) == {"a": [1, 2.5, "x", None, True,
                                                                                 {"b": []}]}


def test_a_deep_or_hostile_window_file_does_not_stop_the_window(tmp_path, monkeypatch):
    from retrocatan.ui import app
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "retrocatan"
    folder.mkdir()
    path = folder / "window.json"
    path.write_text('{"scale": 3}')
    assert app.saved_scale() == 3
    for text in ("[" * 100_000 + "]" * 100_000, '{"scale": 2, "scale": 3}', '{"scale": 3' + " " * 5000 + "}",
                 '{"scale": true}', "[3]"):
        path.write_text(text)
        assert app.saved_scale() == 0, text[:20]
    path.unlink()
    if hasattr(os, "mkfifo"):
        os.mkfifo(path)
        assert app.saved_scale() == 0
        path.unlink()
    app.save_scale(4)
    assert app.saved_scale() == 4


def test_options_with_a_duplicate_key_take_the_defaults():
    assert load_options('{"language": "de", "speed": 3}')["speed"] == 3
    assert load_options('{"language": "de", "language": "de", "speed": 3}') == load_options(None)


def test_a_save_with_a_duplicate_key_is_refused():
    text = dumps(make_save(played(), SEATS, "slot1"))
    assert load(text)
    doubled = text.replace('"version":1,', '"version":1,"version":1,', 1)
    assert doubled != text
    with pytest.raises(SaveError, match="twice"):
        load(doubled)


# --- leftovers of interrupted saves --------------------------------------------------------------

def test_stale_temporary_files_are_removed_and_nothing_else(tmp_path):
    old = time.time() - STALE_TEMP_SECONDS - 30
    ours_old = tmp_path / ".retrocatan-a1b2c3d4.part"
    ours_new = tmp_path / ".retrocatan-e5f6g7h8.part"
    # Other programs' files, another program's temporary files as ``mkstemp`` names them among them.
    _, mkstemp_default = tempfile.mkstemp(dir=tmp_path)
    _, mkstemp_json = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=tmp_path)
    others = [tmp_path / ".tmp-notes.txt", tmp_path / "notes.json", tmp_path / ".tmp-x.json.bak",
              tmp_path / "tmp-a1b2c3d4.json", tmp_path / ".tmp-a1b2c3d4.json", tmp_path / ".retrocatan-x.part.bak",
              tmp_path / "retrocatan-a1b2c3d4.part"]
    for p in [ours_old, ours_new, *others]:
        p.write_text("{}")
    others += [tmp_path / os.path.basename(mkstemp_default), tmp_path / os.path.basename(mkstemp_json)]
    (tmp_path / ".retrocatan-folder99.part").mkdir()
    for p in [ours_old, *others, tmp_path / ".retrocatan-folder99.part"]:
        os.utime(p, (old, old))
    storage = DirStorage(str(tmp_path))
    assert not ours_old.exists()
    assert ours_new.exists() and all(p.exists() for p in others)
    assert (tmp_path / ".retrocatan-folder99.part").is_dir()
    os.utime(ours_new, (old, old))
    storage.write("slot1", "{}")
    assert not ours_new.exists() and all(p.exists() for p in others)
    assert remove_stale_temps(str(tmp_path)) == 0


def test_sixty_interrupted_saves_leave_nothing_behind(tmp_path, monkeypatch):
    import retrocatan.storage as storage_mod
    storage = DirStorage(str(tmp_path))

    def crash(*_):
        raise KeyboardInterrupt   # as if killed between writing and renaming; the except still runs
    for _ in range(60):
        fd = os.open(tmp_path / f".retrocatan-{os.urandom(4).hex()}.part", os.O_CREAT | os.O_WRONLY)
        os.write(fd, b"x" * 1000)
        os.close(fd)
    old = time.time() - 3600
    for p in tmp_path.iterdir():
        os.utime(p, (old, old))
    monkeypatch.setattr(storage_mod.os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        storage.write("slot1", "{}")
    monkeypatch.undo()
    DirStorage(str(tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == []


# --- claims checked against the game -------------------------------------------------------------

def test_load_list_summary_comes_from_the_game_and_a_lying_one_is_refused():
    game = played(decisions=150)
    data = make_save(game, SEATS, "slot1")
    line = describe_text(dumps(data))
    assert f"turn {game.state.turn}" in line and "finished" not in line
    for key, lie in (("turn", 9999), ("over", True), ("players", 6), ("winner", 2), ("points", [10, 0, 0, 0])):
        bad = json.loads(dumps(data))
        bad["summary"][key] = lie
        with pytest.raises(SaveError, match="summary"):
            describe_text(dumps(bad))
        with pytest.raises(SaveError, match="summary"):
            load(dumps(bad))


def test_load_list_refuses_a_save_that_does_not_replay():
    data = make_save(played(decisions=150), SEATS, "slot1")
    i = data["replay"]["actions"].index("roll")
    data["replay"]["actions"][i] = "end"
    with pytest.raises(SaveError, match=f"step {i + 1}"):
        describe_text(dumps(data))


# --- records: what a verdict claims ---------------------------------------------------------------

def test_a_record_without_hashes_is_not_reported_as_matching(tmp_path):
    game = played(decisions=120)
    rec = record(game)
    rec["hashes"] = []
    del rec["final_hash"]
    v = verify(rec)
    assert not v.ok and v.compared == 0 and v.step is None
    assert "no state could be compared" in v.message and "matches" not in v.message
    path = tmp_path / "nohash.json"
    path.write_text(json.dumps(rec))
    res = run_cli("replay", str(path), "--verify")
    assert res.returncode == 3 and "matches" not in res.stdout and "NOT VERIFIED" in res.stdout
    res = run_cli("replay", str(path), "--verify", "--json")
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert res.returncode == 3 and out["ok"] is False and out["compared"] == 0


def test_a_verdict_counts_what_it_compared():
    game = played(decisions=120)
    full = verify(record(game))
    assert full.ok and full.compared == len(game.history) + 1
    sparse = verify(record(game, hash_every=50))
    assert sparse.ok and sparse.compared == len(game.history) // 50 + 1
    only_final = record(game)
    only_final["hashes"] = []
    v = verify(only_final)
    assert v.ok and v.compared == 1 and "final state" in v.message


def test_the_longest_record_is_stated_and_enforced():
    rec = record(played(decisions=20))
    rec["actions"] = rec["actions"] + ["end"] * (MAX_ACTIONS + 1 - len(rec["actions"]))
    rec["hashes"] = []
    with pytest.raises(ReplayError, match=f"more than {MAX_ACTIONS}"):
        parse(json.dumps(rec))
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    assert f"{MAX_ACTIONS:,}" in readme


# --- the build check ---------------------------------------------------------------------------

@pytest.mark.parametrize("marker", ["../../evil.py", "/tmp/evil.py", "main.txt", "", "missing.py"])
def test_build_check_refuses_a_startup_path_out_of_the_app(tmp_path, marker):
    from retrocatan.build import BuildError, check_app
    out = tmp_path / "dist"
    out.mkdir()
    flag = tmp_path / "ran"
    evil = f"open({str(flag)!r}, 'w').write('x')\n"
    with zipfile.ZipFile(out / "retrocatan.pyxapp", "w") as zf:
        zf.writestr("retrocatan/.pyxapp_startup_script", marker)
        zf.writestr("retrocatan/main.txt", evil)
        zf.writestr("evil.py", evil)
    with pytest.raises(BuildError, match="start-up script"):
        check_app(str(out), 10, None)
    assert not flag.exists()


# --- the record's owner ---------------------------------------------------------------------------

def test_the_record_round_trips_and_names_its_game():
    game = played(decisions=90)
    rec = GameRecord.of_game(game, hash_every=10)
    data = rec.to_json()
    assert data == record(game, hash_every=10)
    again = GameRecord.from_json(json.loads(json.dumps(data)))
    assert again.game_at(len(again)).to_json() == game.to_json()
    assert again.game_at(40).to_json() == GameRecord.of_game(game).game_at(40).to_json()
    assert again.verify().ok


def test_simulate_writes_the_record_taken_while_playing(tmp_path):
    from retrocatan.ai.random_player import RandomPlayer
    from retrocatan.engine.rng import derive_seed
    from retrocatan.match import play
    res = run_cli("simulate", "--games", "1", "--players", "4", "--seed", "31", "--save-replays", str(tmp_path))
    assert res.returncode == 0, res.stderr
    saved = json.loads((tmp_path / "game-31.json").read_text())
    game = play(GameConfig(players=4, seed=31), [RandomPlayer(derive_seed(31, 7), s) for s in range(4)]).game
    assert saved == record(game, PLAY_HASH_EVERY)       # a hash every tenth decision, as the window's saves


@needs_fifo
def test_continue_with_a_named_pipe_as_the_autosave(tmp_path, pyxel_headless):
    from ui_robot import Robot

    from retrocatan.ui.app import App
    from retrocatan.ui.scenes.title import TitleScene
    os.mkfifo(tmp_path / "autosave.json")
    app = App(can_quit=False, storage=DirStorage(str(tmp_path)))
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "continue")
    assert isinstance(app.scene, TitleScene) and "not a regular file" in app.scene.message


def test_killed_writers_leave_temporary_files_that_are_cleaned_up(tmp_path):
    import signal
    code = ("import sys; from retrocatan.storage import DirStorage\n"
            "s = DirStorage(sys.argv[1])\n"
            "text = '[' + '1,' * 2_000_000 + '1]'\n"
            "print('ready', flush=True)\n"
            "while True:\n    s.write('slot1', text)\n")
    env = dict(os.environ, PYTHONPATH=ROOT)
    for k in range(4):
        proc = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdout=subprocess.PIPE, env=env)
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(0.2 + 0.1 * k)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    old = time.time() - STALE_TEMP_SECONDS - 5
    for p in tmp_path.iterdir():
        os.utime(p, (old, old))
    storage = DirStorage(str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) in ([], ["slot1.json"])
    if storage.names():
        assert json.loads(storage.read("slot1", 10**7))[-1] == 1
