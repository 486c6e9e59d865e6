"""Saves: round trips at every kind of decision, atomic writes, and a
corpus of damaged files that all get clear errors."""

import json
import os

import pytest

from retrocatan.ai import make_player
from retrocatan.engine import Game, GameConfig, phases
from retrocatan.engine.rng import Rng
from retrocatan.saves import SaveError, dump_options, dumps, load, load_options, make_save, parse
from retrocatan.storage import DirStorage, FileError

SEATS4 = [{"kind": "human", "name": "Blue"}] + [{"kind": "hard", "name": n} for n in ("Red", "White", "Orange")]


def play_until(game, players, stop, limit=5000):
    n = 0
    while not game.over and n < limit:
        if stop(game):
            return True
        game.apply(players[game.decider].choose(game))
        n += 1
    return False


def seats_for(n):
    return [{"kind": "hard", "name": f"P{i + 1}"} for i in range(n)]


@pytest.mark.parametrize("players,phase", [
    (4, phases.SETUP_ROAD), (4, phases.OFFER_RESPONSE), (4, phases.OFFER_CONFIRM), (4, phases.DISCARD),
    (4, phases.ROBBER), (4, phases.ROAD_BUILDING), (5, phases.SPECIAL_BUILD), (6, phases.SPECIAL_BUILD),
    (4, phases.OVER)])
def test_round_trip_at_each_kind_of_decision(players, phase):
    found = False
    for seed in range(40):
        cfg = GameConfig(players=players, seed=seed)
        game = Game(cfg)
        bots = [make_player("hard", seed, s) for s in range(players)]
        if phase == phases.OVER:
            play_until(game, bots, lambda g: False)
            found = game.over
        else:
            found = play_until(game, bots, lambda g: g.phase == phase and len(g.history) > 3)
        if found:
            break
    assert found, f"no game reached {phase}"
    text = dumps(make_save(game, seats_for(players), "slot1"))
    loaded, data = load(text)
    assert loaded.to_json() == game.to_json()
    assert loaded.legal_actions() == game.legal_actions()
    assert data["summary"]["turn"] == game.state.turn
    # Both go on identically.
    a_bots = [make_player("normal", 9, s) for s in range(players)]
    b_bots = [make_player("normal", 9, s) for s in range(players)]
    for _ in range(30):
        if game.over:
            break
        game.apply(a_bots[game.decider].choose(game))
        loaded.apply(b_bots[loaded.decider].choose(loaded))
    assert loaded.state_hash() == game.state_hash()


def test_hashes_taken_while_playing_equal_a_second_replay():
    game = Game(GameConfig(players=4, seed=3))
    bots = [make_player("hard", 3, s) for s in range(4)]
    hashes = []
    from retrocatan.engine.replay import short_hash
    while not game.over and len(hashes) < 300:
        game.apply(bots[game.decider].choose(game))
        hashes.append(short_hash(game))
    fast = make_save(game, SEATS4, "slot1", now=0, hashes=hashes)
    slow = make_save(game, SEATS4, "slot1", now=0)
    assert fast == slow


def _real_save():
    game = Game(GameConfig(players=4, seed=12))
    bots = [make_player("hard", 12, s) for s in range(4)]
    for _ in range(260):
        game.apply(bots[game.decider].choose(game))
    return game, dumps(make_save(game, SEATS4, "slot2"))


def test_illegal_decision_names_the_step():
    game, text = _real_save()
    data = json.loads(text)
    i = data["replay"]["actions"].index("roll")
    data["replay"]["actions"][i] = "S0"
    with pytest.raises(SaveError, match=f"step {i + 1}"):
        load(json.dumps(data))


def _mutations(text: str):
    """Damaged versions of a real save: truncations, byte flips, removed
    and retyped fields, huge numbers, deep nesting, wrong versions."""
    rng = Rng(2024)
    raw = text.encode()
    for _ in range(40):
        yield "truncated", raw[: rng.below(len(raw))]
    for k in range(120):
        b = bytearray(raw)
        for _ in range(1 + k % 3):
            i = rng.below(len(b))
            b[i] ^= 1 << rng.below(8)
        yield "flipped", bytes(b)
    data = json.loads(text)

    def variant(change):
        d = json.loads(text)
        change(d)
        return json.dumps(d).encode()
    for key in list(data):
        yield f"removed {key}", variant(lambda d, key=key: d.pop(key))
    for key in data["replay"]:
        yield f"removed replay.{key}", variant(lambda d, key=key: d["replay"].pop(key))
    for key in list(data["replay"]["config"]):
        yield f"retyped config.{key}", variant(lambda d, key=key: d["replay"]["config"].__setitem__(key, "x"))
    yield "huge seed", variant(lambda d: d["replay"]["config"].__setitem__("seed", 10 ** 400))
    yield "huge version", variant(lambda d: d.__setitem__("version", 10 ** 30))
    yield "float version", variant(lambda d: d.__setitem__("version", 1.5))
    yield "newer version", variant(lambda d: d.__setitem__("version", 2))
    yield "seats missing", variant(lambda d: d.__setitem__("seats", d["seats"][:2]))
    yield "seat kind", variant(lambda d: d["seats"][1].__setitem__("kind", "god"))
    yield "seat name", variant(lambda d: d["seats"][1].__setitem__("name", "x" * 500))
    yield "actions retyped", variant(lambda d: d["replay"].__setitem__("actions", {"a": 1}))
    yield "action number", variant(lambda d: d["replay"]["actions"].__setitem__(5, 7))
    yield "hash edited", variant(lambda d: d["replay"]["hashes"].__setitem__(10, "0" * 16))
    yield "final hash", variant(lambda d: d["replay"].__setitem__("final_hash", "0" * 64))
    yield "action edited", variant(lambda d: d["replay"]["actions"].__setitem__(-1, "buy"))
    yield "deep nesting", ("[" * 200_000 + "]" * 200_000).encode()
    yield "deep dict", ('{"a":' * 50_000 + "1" + "}" * 50_000).encode()
    yield "not an object", b"[1, 2, 3]"
    yield "empty", b""
    yield "binary", bytes(range(256))


def test_damaged_saves_get_clear_errors():
    game, text = _real_save()
    refused = 0
    for what, blob in _mutations(text):
        try:
            loaded, _ = load(blob)
        except SaveError as exc:
            refused += 1
            msg = str(exc)
            assert msg and "\n" not in msg and len(msg) < 300, what
        else:
            # A harmless change (the date, a name): the same game.
            assert loaded.to_json() == game.to_json(), what
    assert refused > 150


def test_oversized_save_is_refused_before_parsing():
    with pytest.raises(SaveError, match="larger"):
        parse(" " * (17 * 1024 * 1024))


def test_write_interrupted_keeps_the_previous_file(tmp_path, monkeypatch):
    store = DirStorage(str(tmp_path))
    store.write("slot1", "old contents")
    real_fsync = os.fsync

    def failing_fsync(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(FileError, match="No space left"):
        store.write("slot1", "new contents that never land")
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert store.read("slot1", 1000) == "old contents"
    assert sorted(os.listdir(tmp_path)) == ["slot1.json"]       # no temporary file left behind

    def failing_replace(a, b):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(FileError):
        store.write("slot1", "again")
    monkeypatch.undo()
    assert store.read("slot1", 1000) == "old contents"
    assert sorted(os.listdir(tmp_path)) == ["slot1.json"]


def test_storage_refuses_path_names(tmp_path):
    store = DirStorage(str(tmp_path))
    for bad in ("../x", "a/b", ".hidden", ""):
        with pytest.raises(FileError):
            store.write(bad, "x")


def test_options_persist_and_survive_damage():
    chosen = {"language": "de", "speed": 3, "sound": False, "music": True, "scale": 2, "computer_offers": "decline",
              "confirm_places": False}
    assert load_options(dump_options(chosen)) == chosen
    assert load_options('{"confirm_places": 1}')["confirm_places"] is True      # not a bool: the default
    for bad in ("", "{", "[]", '{"language": "xx", "speed": 99, "sound": "yes"}', "x" * 20000):
        assert load_options(bad) == load_options(None)


class _FakeLocalStorage:
    """The part of the browser's localStorage that WebStorage uses."""

    def __init__(self):
        self.data = {}

    @property
    def length(self):
        return len(self.data)

    def key(self, i):
        return list(self.data)[i]

    def getItem(self, k):  # noqa: N802 - the browser's name
        return self.data.get(k)

    def setItem(self, k, v):  # noqa: N802
        self.data[k] = str(v)

    def removeItem(self, k):  # noqa: N802
        self.data.pop(k, None)


def test_web_storage_keeps_saves_in_local_storage(monkeypatch):
    import sys
    import types

    from retrocatan import storage
    fake = types.ModuleType("js")
    fake.window = types.SimpleNamespace(localStorage=_FakeLocalStorage())
    fake.window.localStorage.setItem("other-site-key", "x")
    monkeypatch.setitem(sys.modules, "js", fake)
    monkeypatch.setattr(sys, "platform", "emscripten")
    store = storage.default_storage()
    assert isinstance(store, storage.WebStorage)
    game, text = _real_save()
    store.write("slot1", text)
    store.write("options", dump_options({"language": "de"}))
    assert store.names() == ["options", "slot1"]            # only our own keys
    loaded, _ = load(store.read("slot1", 10**8))
    assert loaded.to_json() == game.to_json()
    with pytest.raises(FileError):
        store.read("slot1", 10)
    store.delete("slot1")
    assert store.read("slot1", 10**8) is None and store.names() == ["options"]
