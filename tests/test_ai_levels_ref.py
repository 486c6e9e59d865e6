"""``benchmarks/ai_levels.py --against LEVEL@REF``: a git ref's players in a
worker process that mirrors the game. Against ``hard@HEAD`` (this very
commit) the games are the ones of the plain ``--against hard`` run with the
same seed (so mirroring changes nothing: the worker's player sees what the
player here sees); a disagreement of the two engines stops the benchmark with
one line naming the game's seed and the action; a bad ref or a level the ref
lacks: one line, exit 2.

(HEAD is the commit checked out: with changes to the engine or the players
not yet committed, ``hard@HEAD`` is not this tree's Hard.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "benchmarks", "ai_levels.py")
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

import ai_levels  # noqa: E402

from retrocatan.scenarios import options as scenario_options  # noqa: E402


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=300, cwd=ROOT)


@pytest.mark.parametrize("where", [[], ["--scenario", "new-shores", "--jobs", "2"]], ids=["base", "new-shores"])
def test_hard_at_head_plays_the_games_of_plain_hard(where):
    # The one seat Normal: its level is not what is compared, and its games are quick.
    res = _run("--games", "2", "--seed", "31", "--level", "normal", "--against", "hard,hard@HEAD", *where)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert any("normal vs 3 hard@HEAD" in line for line in lines[:-1])
    (rows,) = json.loads(lines[-1])["maps"].values()
    plain, mirrored = rows["hard"], rows["hard@HEAD"]
    for key in ("win_rate", "ci95", "mean_turns", "longest_turns"):
        assert plain[key] == mirrored[key], key
    # every decision of both levels taken in the same games
    assert plain["decision_ms"]["normal"]["decisions"] == mirrored["decision_ms"]["normal"]["decisions"]
    assert plain["decision_ms"]["hard"]["decisions"] == mirrored["decision_ms"]["hard@HEAD"]["decisions"]
    assert len(mirrored["commit"]) == 40


@pytest.mark.parametrize("against, words", [("hard@no-such-ref-here", "no git ref"),
                                            ("wizard@HEAD", "unknown level 'wizard' at HEAD"),
                                            ("hard@", "not LEVEL@REF"),
                                            ("hard@--output=x", "no git ref"),
                                            ("hard@HEAD+", "not LEVEL@REF")])
def test_a_bad_ref_or_level_is_one_line_and_exit_2(against, words):
    res = _run("--games", "1", "--against", against)
    assert res.returncode == 2
    assert res.stdout == ""
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert words in res.stderr and "Traceback" not in res.stderr


@pytest.fixture()
def head(tmp_path):
    refs = ai_levels.prepare_refs(["hard@HEAD"], str(tmp_path))
    assert not isinstance(refs, str), refs
    yield refs[0]
    ai_levels.close_mirrors()


def _game(folders, scenario="new-shores"):
    levels = ["expert"] + ["hard@HEAD"] * 3
    return ai_levels.play_mirrored_game((levels, 0, 77, scenario, scenario_options(scenario, 4), folders))


def test_engines_that_disagree_mid_game_stop_it_naming_seed_and_action(head, monkeypatch):
    """A worker whose game drifts from ours (as if the ref's rules paid
    differently: here our figures are changed from the 40th action on)."""
    real = ai_levels.figures
    count = [0]

    def drifting(game):
        count[0] += 1
        got = real(game)
        if count[0] >= 40:
            got[5] = [h + 1 for h in got[5]]
        return got

    monkeypatch.setattr(ai_levels, "figures", drifting)
    with pytest.raises(ai_levels.RefFailure, match=r"^game seed 77, action 40: hard@HEAD: the engines disagree"):
        _game(head)


def test_boards_dealt_differently_stop_before_the_first_action(head, monkeypatch):
    real = ai_levels.board

    def other(game):
        got = real(game)
        got["numbers"] = got["numbers"][::-1]
        return got

    monkeypatch.setattr(ai_levels, "board", other)
    with pytest.raises(ai_levels.RefFailure, match=r"^game seed 77: hard@HEAD: the dealt boards differ \(numbers\)"):
        _game(head, "fog-island")


def test_an_answer_not_legal_here_stops_it(head, monkeypatch):
    """The ref's player answers with an action the game here refuses."""
    monkeypatch.setattr(ai_levels.Game, "is_legal", lambda self, act: False)
    with pytest.raises(ai_levels.RefFailure, match=r"^game seed 77, action \d+: hard@HEAD: seat \d chose '.+', "
                                                   r"not legal here"):
        _game(head)


def test_a_failure_in_the_run_is_one_line_and_exit_1(monkeypatch, capsys):
    monkeypatch.setattr(ai_levels, "board", lambda game: {"terrain": []})
    assert ai_levels.main(["--games", "1", "--against", "hard@HEAD"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("ai_levels: game seed 2026: hard@HEAD: the dealt boards differ (terrain)")
    assert len(err.strip().splitlines()) == 1


def _have(commit: str) -> bool:
    return subprocess.run(["git", "-C", ROOT, "cat-file", "-e", commit + "^{commit}"],
                          capture_output=True).returncode == 0


@pytest.mark.skipif(not _have("b01d61c") or not _have("35cfa3e"), reason="a shallow clone: no history")
def test_a_fix_brings_a_commits_engine_changes_to_the_ref(tmp_path):
    """``hard@b01d61c+35cfa3e``: b01d61c's package with 35cfa3e's engine change
    (a ship built last turn may move: the new turn renews the cached moves)."""
    refs = ai_levels.prepare_refs(["hard@b01d61c+35cfa3e"], str(tmp_path))
    assert not isinstance(refs, str), refs
    folders, info = refs
    with open(os.path.join(folders["b01d61c+35cfa3e"], "retrocatan", "engine", "seafarers.py")) as f:
        assert "last turn's ships may move now" in f.read()
    assert info["b01d61c+35cfa3e"]["commit"].startswith("b01d61c")
    assert [c[:7] for c in info["b01d61c+35cfa3e"]["engine_fixes"]] == ["35cfa3e"]


@pytest.mark.skipif(not _have("b01d61c") or not _have("fd3a66b"), reason="a shallow clone: no history")
def test_a_fix_that_does_not_apply_is_one_line_and_exit_2():
    res = _run("--games", "1", "--against", "hard@b01d61c+fd3a66b")      # it needs d825ebf's Position first
    assert res.returncode == 2 and res.stdout == ""
    assert len(res.stderr.strip().splitlines()) == 1
    assert "do not apply" in res.stderr


def test_a_worker_that_ends_mid_game_is_one_line(head, monkeypatch):
    """The ref's worker dies (here: killed at its 5th decision): the game stops with the seed and the action."""
    real = ai_levels.Mirror.ask
    asked = [0]

    def ask(self, request, number=None):
        if request == "choose":
            asked[0] += 1
            if asked[0] == 5:
                self.proc.kill()
                self.proc.wait()
        return real(self, request, number)

    monkeypatch.setattr(ai_levels.Mirror, "ask", ask)
    with pytest.raises(ai_levels.RefFailure, match=r"^game seed 77, action \d+: hard@HEAD: its worker ended"):
        _game(head)


def test_the_experts_rollouts_are_set_for_the_run_or_refused_in_one_line():
    """--expert-rollouts N sets the Expert's rollouts in every worker: 0
    turns them off (its look-ahead then stops at the position after the
    action: other decisions than with the default 4), and an out-of-range N
    is one line, exit 2."""
    def expert_ms(*more: str) -> dict:
        res = _run("--games", "2", "--seed", "7100", "--against", "hard", "--jobs", "2", *more)
        assert res.returncode == 0, res.stderr[-2000:]
        return json.loads(res.stdout.strip().splitlines()[-1])["maps"]["base"]["hard"]
    plain, rolled = expert_ms("--expert-rollouts", "0"), expert_ms()
    assert (plain["decision_ms"]["expert"]["decisions"], plain["win_rate"], plain["mean_turns"]) != \
        (rolled["decision_ms"]["expert"]["decisions"], rolled["win_rate"], rolled["mean_turns"])
    res = _run("--expert-rollouts", "-1")
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "--expert-rollouts" in res.stderr
