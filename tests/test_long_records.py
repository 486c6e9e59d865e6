"""Long legal games: loaded once, under a progress bar in the window; the
viewer keeps state snapshots only; the session's record stays the record
a fresh replay would make."""

import json

from ui_robot import Robot

from retrocatan.engine import Game, GameConfig
from retrocatan.engine.replay import PLAY_HASH_EVERY, GameRecord, record
from retrocatan.engine.rng import Rng
from retrocatan.saves import AUTOSAVE, SaveLoader, dumps, load, make_save
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App, ViewerJob
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.scenes.loading import QUICK_DECISIONS, LoadingScene
from retrocatan.ui.scenes.replay import MAX_SNAPSHOTS, ReplayScene, ReplayTimeline
from retrocatan.ui.scenes.title import TitleScene
from retrocatan.ui.session import GameSession, SeatSpec

SEATS = [{"kind": k, "name": f"P{i + 1}"} for i, k in enumerate(("human", "hard", "hard", "hard"))]


def long_game(decisions, seed=3):
    """A legal game that lasts: random decisions, mostly ending the turn."""
    game = Game(GameConfig(players=4, seed=seed))
    rng = Rng(seed)
    while len(game.history) < decisions and not game.over:
        acts = game.legal_actions()
        ends = [a for a in acts if a.kind == "end"]
        game.apply(ends[0] if ends and rng.below(10) else acts[rng.below(len(acts))])
    return game


def test_a_save_is_replayed_once_and_the_session_record_is_a_fresh_one():
    game = long_game(700)
    loader = SaveLoader(dumps(make_save(game, SEATS, "slot1")))
    loaded, data, rec = loader.run()
    assert loaded.to_json() == game.to_json()
    assert rec.hash_every == PLAY_HASH_EVERY and rec.hashes == GameRecord.of_game(game, PLAY_HASH_EVERY).hashes
    assert loader.replayer.compared == len(game.history) // PLAY_HASH_EVERY + 1
    seats = [SeatSpec(s["kind"], s["name"]) for s in data["seats"]]
    session = GameSession(loaded.config, seats, resume=loaded, record=rec)
    assert session.record is rec
    for _ in range(25):
        session.submit(loaded.legal_actions()[0])
    saved = make_save(session.game, session.seat_dicts(), "slot2", hashes=session.hashes)
    assert saved["replay"] == record(session.game, hash_every=PLAY_HASH_EVERY)
    again, _ = load(dumps(saved))
    assert again.to_json() == session.game.to_json()


def test_an_old_save_with_a_hash_per_decision_still_loads():
    game = long_game(300)
    data = make_save(game, SEATS, "slot1")
    assert data["replay"]["hash_every"] == 1 and len(data["replay"]["hashes"]) == 300
    loaded, _ = load(dumps(data))
    assert loaded.to_json() == game.to_json()


def continue_long(storage):
    app = App(can_quit=False, storage=storage)
    bot = Robot(app, "keyboard")
    bot.frame()
    bot.choose(app.scene.menu, "continue")
    return app, bot


def test_continue_a_long_game_under_a_progress_bar(pyxel_headless):
    game = long_game(QUICK_DECISIONS + 1500)
    assert not game.over
    storage = MemoryStorage()
    storage.write(AUTOSAVE, dumps(make_save(game, SEATS, AUTOSAVE)))
    app, bot = continue_long(storage)
    assert isinstance(app.scene, LoadingScene)
    seen = []
    for _ in range(2000):
        if not isinstance(app.scene, LoadingScene):
            break
        seen.append(app.scene.job.progress[0])
        bot.frame()
    assert isinstance(app.scene, GameScene)
    assert seen == sorted(seen) and seen[-1] < len(game.history)
    assert app.scene.session.game.to_json() == game.to_json()


def test_a_long_save_with_a_wrong_hash_goes_back_with_a_reason(pyxel_headless):
    game = long_game(QUICK_DECISIONS + 1000)
    data = make_save(game, SEATS, AUTOSAVE)
    k = (len(game.history) // PLAY_HASH_EVERY) * PLAY_HASH_EVERY - 1     # a hash that loading compares
    data["replay"]["hashes"][k] = "0" * 16
    text = dumps(data)
    storage = MemoryStorage()
    storage.write(AUTOSAVE, text)
    app, bot = continue_long(storage)
    for _ in range(2000):
        if not isinstance(app.scene, LoadingScene):
            break
        bot.frame()
    # The window names the step where the game leaves its recording (saves.SaveError code state_differs).
    assert isinstance(app.scene, TitleScene) and app.scene.message.endswith(f" {k + 1}")
    assert storage.files[AUTOSAVE] == text


def test_the_viewer_keeps_state_snapshots_only_and_reaches_every_state(pyxel_headless):
    game = long_game(6000)
    rec = record(game, hash_every=100)
    tl = ReplayTimeline(rec)
    assert tl.length == len(game.history) and not tl.error
    assert len(tl.snapshots) <= MAX_SNAPSHOTS + 1
    assert all(not snap.history for snap in tl.snapshots.values())
    rng = Rng(5)
    fresh = GameRecord.from_json(rec)
    for i in [0, 1, tl.every, tl.length] + [rng.below(tl.length + 1) for _ in range(6)]:
        g, _ = tl.state_at(i)
        assert g.to_json() == fresh.game_at(i).to_json(), i
        assert len(g.history) < tl.every


def test_the_viewer_of_a_long_file_builds_under_a_progress_bar(pyxel_headless):
    from retrocatan.ui.app import open_replay
    game = long_game(QUICK_DECISIONS + 800)
    app = App(can_quit=False, storage=MemoryStorage())
    open_replay(app, GameRecord.from_json(json.loads(json.dumps(record(game, hash_every=50)))))
    assert isinstance(app.scene, LoadingScene) and isinstance(app.scene.job, ViewerJob)
    bot = Robot(app, "keyboard")
    for _ in range(2000):
        if not isinstance(app.scene, LoadingScene):
            break
        bot.frame()
    assert isinstance(app.scene, ReplayScene) and app.scene.timeline.length == len(game.history)


def test_the_load_list_replays_long_saves_a_slice_per_frame(pyxel_headless):
    from retrocatan.saves import SLOTS
    from retrocatan.ui.scenes.load import LoadScene
    game = long_game(QUICK_DECISIONS + 2000, seed=4)
    honest = make_save(game, SEATS, SLOTS[0])
    lying = json.loads(dumps(honest))
    lying["summary"]["turn"] = 9999
    storage = MemoryStorage()
    storage.write(SLOTS[0], dumps(honest))
    storage.write(SLOTS[1], dumps(lying))
    app = App(can_quit=False, storage=storage)
    scene = LoadScene(app)
    app.switch(scene)
    labels = {it.value: it for it in scene.menu.items}
    assert labels[SLOTS[0]].label.endswith("...") and labels[SLOTS[1]].label.endswith("...")
    bot = Robot(app, "keyboard")
    for _ in range(2000):
        if not scene.pending:
            break
        bot.frame()
    assert f"turn {game.state.turn}" in labels[SLOTS[0]].label
    assert "damaged" in labels[SLOTS[1]].label and "9999" not in labels[SLOTS[1]].label
    # Opened again, the lines are known at once.
    again = LoadScene(app)
    assert not again.pending and f"turn {game.state.turn}" in again.menu.items[0].label


def _count_applies(monkeypatch):
    calls = [0]
    real = Game.apply

    def counted(self, action):
        calls[0] += 1
        return real(self, action)
    monkeypatch.setattr(Game, "apply", counted)
    return calls


def test_a_finished_save_is_replayed_once_for_the_viewer(pyxel_headless, monkeypatch):
    from retrocatan.ui.scenes.load import open_saved
    game = long_game(100_000, seed=6)
    assert game.over
    storage = MemoryStorage()
    storage.write("finished-x", dumps(make_save(game, SEATS, "finished-x")))
    app = App(can_quit=False, storage=storage)
    calls = _count_applies(monkeypatch)
    assert open_saved(app, "finished-x", app.scene)
    bot = Robot(app, "keyboard")
    for _ in range(2000):
        if not isinstance(app.scene, LoadingScene):
            break
        bot.frame()
    assert isinstance(app.scene, ReplayScene) and app.scene.timeline.length == len(game.history)
    assert calls[0] == len(game.history)


def test_an_unfinished_save_is_replayed_once_for_the_game(pyxel_headless, monkeypatch):
    from retrocatan.ui.scenes.load import open_saved
    game = long_game(900, seed=6)
    storage = MemoryStorage()
    storage.write(AUTOSAVE, dumps(make_save(game, SEATS, AUTOSAVE)))
    app = App(can_quit=False, storage=storage)
    calls = _count_applies(monkeypatch)
    assert open_saved(app, AUTOSAVE, app.scene)
    assert isinstance(app.scene, GameScene) and calls[0] == len(game.history)
