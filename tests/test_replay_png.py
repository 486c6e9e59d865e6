"""``retrocatan replay FILE --png OUT.png [--step N]``: the picture of one
stage of a recorded game (ui/stage_picture.py), on a base game and a
Seafarers scenario played by computer players."""

import json
import os
import struct
import subprocess
import sys

import pytest

from retrocatan.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GAMES = {"base": None, "new-shores": "new-shores"}


def play_record(scenario):
    """A whole game of three Easy computers, as a replay file's JSON."""
    from retrocatan import scenarios
    from retrocatan.ai import make_player
    from retrocatan.engine import Game, GameConfig
    from retrocatan.engine.replay import GameRecord
    opts = scenarios.options(scenario, 3) if scenario else {}
    game = Game(GameConfig(players=3, seed=4, **opts))
    bots = [make_player("easy", 4, s) for s in range(3)]
    while not game.over and len(game.history) < 3000:
        game.apply(bots[game.decider].choose(game))
    assert game.over
    return GameRecord.of_game(game).to_json()


@pytest.fixture(scope="module")
def replays(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replays")
    out = {}
    for name, scenario in GAMES.items():
        data = play_record(scenario)
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data))
        out[name] = (str(path), len(data["actions"]))
    return out


@pytest.fixture
def cli(pyxel_headless, capsys):
    """``retrocatan ...`` in this process (Pyxel set up once by the session's
    fixture): (exit code, stdout lines, stderr lines)."""
    def run(*args):
        code = main([str(a) for a in args])
        res = capsys.readouterr()
        return code, res.out.strip().splitlines(), res.err.strip().splitlines()
    return run


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


@pytest.mark.parametrize("name", list(GAMES))
def test_pictures_of_stages(replays, cli, tmp_path, name):
    path, steps = replays[name]
    pics = {}
    for label, step in (("first", 0), ("mid", steps // 2), ("mid2", steps // 2), ("end", None)):
        out = tmp_path / f"{label}.png"
        code, lines, err = cli("replay", path, "--png", out, *(("--step", step) if step is not None else ()))
        assert code == 0 and err == [] and lines == [f"wrote {out}: step {steps if step is None else step} "
                                                      f"of {steps}"]
        assert png_size(out) == (640, 480)
        pics[label] = out.read_bytes()
    assert pics["mid"] == pics["mid2"]                        # the same step: the same bytes
    assert len({pics["first"], pics["mid"], pics["end"]}) == 3
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []    # no temporary file left


def test_step_past_the_end_and_bad_outputs_are_one_line_exit_2(replays, cli, tmp_path):
    path, steps = replays["base"]
    out = tmp_path / "o.png"
    for args in (("--png", out, "--step", steps + 1), ("--png", out, "--step", -1), ("--step", 3),
                 ("--png", tmp_path / "o.txt"), ("--png", tmp_path / "none" / "o.png"), ("--png", tmp_path),
                 ("--png", out, "--verify")):
        code, lines, err = cli("replay", path, *args)
        assert code == 2 and lines == [] and len(err) == 1 and err[0].startswith("retrocatan replay"), args
    assert "past the end" in cli("replay", path, "--png", out, "--step", steps + 1)[2][0]
    code, _, err = cli("replay", tmp_path / "missing.json", "--png", out)
    assert code == 2 and len(err) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_refused_decision_before_the_step_is_one_line(replays, cli, tmp_path):
    path, steps = replays["base"]
    data = json.loads(open(path).read())
    data["actions"][20] = "S0"
    data.pop("hashes")
    data.pop("final_hash")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert cli("replay", bad, "--png", tmp_path / "a.png", "--step", 20)[0] == 0
    code, _, err = cli("replay", bad, "--png", tmp_path / "b.png", "--step", 30)
    assert code == 2 and len(err) == 1 and "step 21" in err[0]
    assert not (tmp_path / "b.png").exists()


def test_the_picture_shows_no_hand_while_the_game_runs(replays, pyxel_headless, tmp_path):
    """Cards moved between the kinds of a hand (the same count) change
    nothing while the game runs; at the end, when every hand is open, they do."""
    from retrocatan.engine.replay import GameRecord
    from retrocatan.scenarios import resolve
    from retrocatan.ui.stage_picture import draw_stage, seat_names, stage_at
    path, steps = replays["new-shores"]
    rec = GameRecord.from_json(json.loads(open(path).read()), resolve=resolve)
    names = seat_names(rec)
    for step, differs in ((steps // 2, False), (steps, True)):
        game, events = stage_at(rec, step)
        shots = []
        for k in range(2):
            if k:
                hand = next(h for h in game.state.hands if sum(h) >= 2)
                r = next(i for i in range(5) if hand[i])
                hand[r] -= 1
                hand[(r + 1) % 5] += 1
                game.forget_views()
            draw_stage(game, events, names, step, steps)
            shot = tmp_path / f"{step}-{k}.png"
            pyxel_headless.screenshot(str(shot), 1)
            shots.append(shot.read_bytes())
        assert (shots[0] != shots[1]) is differs, step


def test_the_command_in_its_own_process_without_a_display(replays, tmp_path):
    path, steps = replays["new-shores"]
    out = tmp_path / "stage.png"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(PYTHONPATH=ROOT, SDL_AUDIODRIVER="dummy")
    res = subprocess.run([sys.executable, "-m", "retrocatan", "replay", path, "--png", str(out), "--step", "100",
                          "--json"], capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout.strip().splitlines()[-1]) == {"file": path, "png": str(out), "step": 100,
                                                               "steps": steps}
    assert png_size(out) == (640, 480)
