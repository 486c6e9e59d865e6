"""The strongest level against the others, in our own engine (issue 22).

    python benchmarks/ai_levels.py [--games N] [--seed S] [--jobs J] [--scenario ID[,ID...]|all]
                                   [--players P] [--level expert] [--against hard,normal,hard@REF]

One seat of ``--level`` (default: expert) against n-1 seats of each level
of ``--against`` (default: hard, then normal), seats rotated between games
(``tournament.run``), on the base game or, with ``--scenario``, on each
scenario's map with its point target. Prints per match-up the win rate of
the one seat with its Wilson 95% interval (an equal share is 1/n), mean
turns, and the decision times of both levels (p50 / p95 / max, ms, as
measured on this machine); the last line is one JSON object with every
figure. Targets (issue 22): the strongest level wins at least 40% of games
against three Hard; decision time p95 <= 100 ms, max <= 1 s.

An ``--against`` entry ``LEVEL@REF`` is that level as it played at REF, a
git commit, branch or tag of this repository (e.g. ``hard@b01d61c``, Hard as
the issue found it): REF's ``retrocatan`` package is taken with ``git
archive`` (``engine_speed.export_ref``) into a temporary folder, and its
players play in a worker process (``ref_worker.py``, one per job) that
imports that package, so REF's engine and REF's players. The game is played
here, with the same seeds and seats as for a plain level; the worker deals
its own game from the same config and seed, applies every action applied
here (in the action notation) and, for REF's seats, answers with what its
player of that seat chooses from its own seat's view, which must be legal
here. The dealt boards are compared, and after every action the deciding
seat, turn, last roll, robber, each seat's points and cards in hand and the
winner: a difference (the two versions' rules differ) stops the benchmark
with one line naming the game's seed and the action's number (exit 1).
REF's decision times are measured in its worker.

``LEVEL@REF+FIX[+FIX...]``: REF's package with the changes that commits FIX
made to ``retrocatan/engine`` applied in turn (``git apply``), so REF's
player plays by rules fixed since (its own code, ``retrocatan/ai``, stays
REF's). Hard as the issue found it, on today's Seafarers rules, for every
scenario: ``hard@b01d61c+35cfa3e+7cab124+d825ebf+fd3a66b`` (a ship built last
turn may move; a settlement joining roads and ships lengthens the route; the
island bonus counts no desert's region; d825ebf only so that fd3a66b
applies). Without them, b01d61c's engine disagrees with this one on
scenario maps in some games.

The JSON row of the match-up (key ``LEVEL@REF...``) also gives REF's full
commit and those of the fixes. A ref that is not there, a level REF lacks,
or a fix that does not apply: one line, exit 2.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

from engine_speed import ROOT, export_ref  # noqa: E402
from ref_worker import board, figures  # noqa: E402

from retrocatan.ai import LEVEL_NAMES, expert, make_player  # noqa: E402
from retrocatan.engine import ActionSyntaxError, Game, GameConfig, parse_action  # noqa: E402
from retrocatan.match import MAX_DECISIONS, StalledGame  # noqa: E402
from retrocatan.parallel import ordered_map  # noqa: E402
from retrocatan.scenarios import available  # noqa: E402
from retrocatan.scenarios import load as load_scenario  # noqa: E402
from retrocatan.scenarios import options as scenario_options  # noqa: E402
from retrocatan.tournament import TournamentResult, run  # noqa: E402

WORKER = os.path.join(HERE, "ref_worker.py")
DRAIN_EVERY = 100       # actions sent to a ref's worker before its answers are read (its pipes never fill)


class RefFailure(Exception):
    """A ref's players cannot go on: the two engines disagree, a player of
    the ref chose an action that is not legal here, or its worker failed."""


class Mirror:
    """One worker process (ref_worker.py) with a git ref's package: it
    mirrors the game played here and decides for the ref's seats."""

    def __init__(self, folder: str, label: str) -> None:
        self.label = label
        self.seed: int | None = None
        self.pending: list[tuple[int, list]] = []     # actions sent, not yet checked: (number, our figures)
        self.stderr = tempfile.TemporaryFile(mode="w+")     # a file: what it writes there never blocks it
        self.proc = subprocess.Popen([sys.executable, WORKER, folder], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr, text=True)

    def failure(self, what: str, number: int | None = None) -> RefFailure:
        """The error to raise; the worker is ended (its answers are out of step), a next game starts another."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        at = "" if self.seed is None else f"game seed {self.seed}"
        at += "" if number is None else f", action {number}"
        return RefFailure(f"{at}: {self.label}: {what}" if at else f"{self.label}: {what}")

    def _read(self, number: int | None = None):
        line = self.proc.stdout.readline()
        if not line:
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            self.stderr.seek(0)
            err = self.stderr.read().strip().splitlines()
            raise self.failure(f"its worker ended ({err[-1] if err else 'no answer'})", number)
        try:
            got = json.loads(line)
        except ValueError:
            raise self.failure(f"its worker wrote {line.strip()[:60]!r}", number) from None
        if isinstance(got, dict) and "error" in got:
            raise self.failure(got["error"], number)
        return got

    def ask(self, request: str, number: int | None = None):
        """Send ``request``, check every action sent before it, and return its answer."""
        try:
            self.proc.stdin.write(request + "\n")
            self.proc.stdin.flush()
        except OSError:
            raise self.failure("its worker ended", number) from None
        for k, ours in self.pending:
            theirs = self._read(k)
            if theirs != ours:
                raise self.failure(f"the engines disagree after this action (decider, turn, dice, robber, "
                                 f"points, cards, winner: here {ours}, at the ref {theirs})", k)
        self.pending.clear()
        return self._read(number)

    def new_game(self, players: int, seed: int, scenario: str, seats: dict[int, str], ours: dict) -> None:
        self.seed = seed
        self.pending.clear()
        theirs = self.ask("game " + json.dumps({"players": players, "seed": seed, "scenario": scenario,
                                                "seats": {str(s): lv for s, lv in seats.items()}}))
        for key in ours:
            if theirs.get(key) != ours[key]:
                raise self.failure(f"the dealt boards differ ({key})")

    def apply(self, text: str, number: int, ours: list) -> None:
        try:
            self.proc.stdin.write("apply " + text + "\n")
        except OSError:
            raise self.failure("its worker ended", number) from None
        self.pending.append((number, ours))
        if len(self.pending) >= DRAIN_EVERY:
            self.sync()

    def sync(self) -> None:
        self.ask("sync")

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.stderr.close()


_MIRRORS: dict[str, Mirror] = {}       # this process's workers, by folder (each job process has its own)


def _mirror(folder: str, ref: str) -> Mirror:
    m = _MIRRORS.get(folder)
    if m is None or m.proc.poll() is not None:
        m = _MIRRORS[folder] = Mirror(folder, ref)
    return m


def close_mirrors() -> None:
    while _MIRRORS:
        _MIRRORS.popitem()[1].close()


def play_mirrored_game(task: tuple) -> tuple[int, int, dict[int, list[float]]]:
    """Game ``i`` as ``tournament.play_seated_game`` plays it (the same seed
    and seats), but an entry ``LEVEL@REF`` is played by the player of that
    level at the git ref whose package is in ``folders[REF]``, in its worker
    (``Mirror``), which mirrors the game and is checked after every action.
    Task: ``(levels, i, seed, scenario id or "", options, folders)``."""
    levels, i, seed, scenario, options, folders = task
    n = len(levels)
    game_seed = (seed + i) % 2**63
    game = Game(GameConfig(players=n, seed=game_seed, **(options or {})))
    entry_of_seat = [(s + i) % n for s in range(n)]
    players: list = [None] * n
    ref_seats: dict[str, dict[int, str]] = {}
    for s in range(n):
        level, _, ref = levels[entry_of_seat[s]].partition("@")
        if ref:
            ref_seats.setdefault(ref, {})[s] = level
        else:
            players[s] = make_player(level, game_seed, s)
    mirrors = []
    dealt = board(game)
    for ref, seats in ref_seats.items():
        m = _mirror(folders[ref], levels[entry_of_seat[next(iter(seats))]])
        m.new_game(n, game_seed, scenario, seats, dealt)
        mirrors.append(m)
        for s in seats:
            players[s] = m
    times: dict[int, list[float]] = {s: [] for s in range(n)}
    k = 0
    while not game.over:
        if k >= MAX_DECISIONS:
            raise StalledGame(f"no winner after {k} decisions (seed {game_seed})")
        seat = game.decider
        player = players[seat]
        if isinstance(player, Mirror):
            got = player.ask("choose", k + 1)
            try:
                act = parse_action(got["action"])
            except (ActionSyntaxError, KeyError, TypeError):
                raise player.failure(f"its answer {got!r} is no action", k + 1) from None
            if not game.is_legal(act):
                raise player.failure(f"seat {seat + 1} chose {got['action']!r}, not legal here", k + 1)
            times[seat].append(got["ms"])
        else:
            t0 = time.perf_counter()
            act = player.choose(game)
            times[seat].append((time.perf_counter() - t0) * 1000.0)
        game.apply(act)
        k += 1
        if mirrors:
            text, ours = str(act), figures(game)
            for m in mirrors:
                m.apply(text, k, ours)
    for m in mirrors:
        m.sync()
    return (entry_of_seat[game.winner], game.state.turn,
            {entry_of_seat[s]: ts for s, ts in times.items()})


def run_mirrored(levels: list[str], games: int, seed: int, scenario: str, options: dict, folders: dict[str, str],
                 jobs: int = 1) -> TournamentResult:
    """``tournament.run`` with entries ``LEVEL@REF`` (``play_mirrored_game``)."""
    n = len(levels)
    result = TournamentResult(levels=list(levels), wins=[0] * n)
    tasks = [(list(levels), i, seed, scenario, options, folders) for i in range(games)]
    try:
        for winner, turns, times in ordered_map(play_mirrored_game, tasks, jobs):
            result.games += 1
            result.wins[winner] += 1
            result.turns += turns
            result.turn_counts.append(turns)
            for entry, ts in times.items():
                result.times.setdefault(levels[entry], []).extend(ts)
    finally:
        close_mirrors()
    return result


def _commit(ref: str) -> str | None:
    """The full commit of ``ref`` in this repository, or None."""
    if not ref or ref.startswith("-"):
        return None
    got = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", "--quiet", ref + "^{commit}"],
                         capture_output=True, text=True)
    return got.stdout.strip() if got.returncode == 0 else None


def _apply_engine_fix(fix: str, folder: str) -> str | None:
    """Apply commit ``fix``'s changes to ``retrocatan/engine`` to the package
    in ``folder``; an error text or None."""
    diff = subprocess.run(["git", "-C", ROOT, "show", "--format=", "--binary", fix, "--", "retrocatan/engine"],
                          capture_output=True)
    if diff.returncode != 0 or not diff.stdout.strip():
        return f"commit {fix} changes nothing in retrocatan/engine"
    # not inside any repository (the folder's parent is the ceiling), so git apply patches plain files
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=os.path.dirname(os.path.abspath(folder)))
    done = subprocess.run(["git", "apply", "-"], input=diff.stdout, capture_output=True, cwd=folder, env=env)
    if done.returncode != 0:
        lines = done.stderr.decode(errors="replace").strip().splitlines()
        return f"the engine changes of {fix} do not apply ({lines[-1] if lines else 'git apply failed'})"
    return None


def prepare_refs(entries: list[str], folder: str) -> tuple[dict[str, str], dict[str, dict]] | str:
    """Unpack the package of every ref named in ``entries`` (``LEVEL@REF``
    or ``LEVEL@REF+FIX+...``: with the engine changes of commits FIX) under
    ``folder`` and check that its worker starts and knows the level:
    ({REF...: its folder}, {REF...: {"commit", "engine_fixes"}}), or an error text."""
    folders: dict[str, str] = {}
    info: dict[str, dict] = {}
    for entry in entries:
        level, _, spec = entry.partition("@")
        if not spec:
            continue
        ref, *fixes = spec.split("+")
        if spec not in folders:
            commit = _commit(ref)
            if commit is None:
                return f"no git ref {ref!r} here"
            where = folders[spec] = os.path.join(folder, str(len(folders)))
            os.mkdir(where)
            err = export_ref(commit, where)
            if err:
                return err
            info[spec] = {"commit": commit, "engine_fixes": []}
            for fix in fixes:
                sha = _commit(fix)
                if sha is None:
                    return f"no git ref {fix!r} here"
                err = _apply_engine_fix(sha, where)
                if err:
                    return f"{err} to {ref}"
                info[spec]["engine_fixes"].append(sha)
        m = Mirror(folders[spec], entry)
        try:
            got = m.ask("levels")
        except RefFailure as exc:
            return f"the players of {spec} do not start ({exc})"
        finally:
            m.close()
        if not os.path.abspath(got.get("file", "")).startswith(os.path.abspath(folders[spec]) + os.sep):
            return f"the worker of {spec} did not import its package (but {got.get('file')})"
        if level not in got.get("levels", ()):
            return f"unknown level {level!r} at {spec} (use {', '.join(got.get('levels', ()))})"
    return folders, info


def _times(s: dict, level: str) -> str:
    d = s["decision_ms"].get(level)
    if not d:
        return "-"
    return f"{d['p50']:.1f}/{d['p95']:.1f}/{d['max']:.0f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--level", default="expert", help="the one seat's level, of this tree (default: expert)")
    ap.add_argument("--against", default="hard,normal",
                    help="the other seats' levels, comma-separated, each a level of this tree or LEVEL@REF, the "
                         "level at a git commit, branch or tag of this repository, e.g. hard@b01d61c, or "
                         "LEVEL@REF+FIX+..., with the engine changes of commits FIX (default: hard,normal)")
    ap.add_argument("--scenario", default="", help="scenario id(s), comma-separated, or 'all' (default: base game)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--expert-rollouts", type=int, default=None, metavar="N",
                    help="the Expert's rollouts per close call (ai/expert.py ROLLOUT_SAMPLES; default: its own, "
                         f"{expert.ROLLOUT_SAMPLES})")
    args = ap.parse_args(argv)
    against = [x for x in args.against.split(",") if x]
    for lv in [args.level] + [x for x in against if "@" not in x]:
        if lv not in LEVEL_NAMES:
            print(f"ai_levels: unknown level {lv!r} (use {', '.join(LEVEL_NAMES)})", file=sys.stderr)
            return 2
    for x in against:
        if "@" in x and not (x.partition("@")[0] and all(x.partition("@")[2].split("+"))):
            print(f"ai_levels: {x!r} is not LEVEL@REF or LEVEL@REF+FIX (e.g. hard@b01d61c)", file=sys.stderr)
            return 2
    if args.games < 1:
        print("ai_levels: --games must be at least 1", file=sys.stderr)
        return 2
    if args.expert_rollouts is not None:
        if not 0 <= args.expert_rollouts <= 64:
            print("ai_levels: --expert-rollouts must be between 0 and 64", file=sys.stderr)
            return 2
        if args.jobs > 1:       # the workers must start as copies of this process, with the setting
            if "fork" not in multiprocessing.get_all_start_methods():
                print("ai_levels: --expert-rollouts with --jobs > 1 needs fork here; use --jobs 1", file=sys.stderr)
                return 2
            multiprocessing.set_start_method("fork", force=True)
        expert.ROLLOUT_SAMPLES = args.expert_rollouts
    if args.scenario == "all":
        maps = [s for s in available() if load_scenario(s).ships]
    else:
        maps = [x for x in args.scenario.split(",") if x] or [""]
    for sid in maps:
        if sid and sid not in available():
            print(f"ai_levels: unknown scenario {sid!r} (use {', '.join(available())})", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory(prefix="ai_levels_") as tmp:
        refs = prepare_refs(against, tmp)
        if isinstance(refs, str):
            print(f"ai_levels: {refs}", file=sys.stderr)
            return 2
        try:
            out = play_all(args, against, maps, *refs)
        except RefFailure as exc:
            print(f"ai_levels: {exc}", file=sys.stderr)
            return 1
        finally:
            close_mirrors()
    print(json.dumps(out))
    return 0


def play_all(args, against: list[str], maps: list[str], folders: dict[str, str], commits: dict[str, str]) -> dict:
    """Every match-up on every map, a line each; every figure, for the JSON line."""
    out: dict = {"level": args.level, "games": args.games, "seed": args.seed,
                 "expert_rollouts": expert.ROLLOUT_SAMPLES, "maps": {}}
    width = max(18, *(len(f"{args.level} vs 5 {opp}") for opp in against))
    print(f"{'map':20s} {'n':>2s} {'match-up':>{width}s} {'win rate (95% CI)':>24s} {'turns':>6s} "
          f"{'ms p50/p95/max':>16s} {'opp ms':>16s} {'s':>5s}")
    for sid in maps:
        if sid:
            counts = load_scenario(sid).players
            n = args.players if args.players is not None else (4 if 4 in counts else counts[0])
            options = scenario_options(sid, n)
        else:
            n = args.players or 4
            options = {}
        rows = {}
        for opp in against:
            levels = [args.level] + [opp] * (n - 1)
            t0 = time.perf_counter()
            if "@" in opp:
                res = run_mirrored(levels, args.games, args.seed, sid, options, folders, jobs=args.jobs)
            else:
                res = run(levels, args.games, args.seed, options, jobs=args.jobs)
            secs = time.perf_counter() - t0
            s = res.summary()
            first = s["seats"][0]
            lo, hi = first["ci95"]
            name = f"{args.level} vs {n - 1} {opp}"
            rate = f"{first['win_rate'] * 100:7.1f}% ({lo * 100:4.1f}-{hi * 100:4.1f})"
            print(f"{sid or 'base':20s} {n:2d} {name:>{width}s} {rate:>24s} {s['mean_turns']:6.1f} "
                  f"{_times(s, args.level):>16s} {_times(s, opp):>16s} {secs:5.0f}", flush=True)
            rows[opp] = {"players": n, "win_rate": first["win_rate"], "ci95": first["ci95"],
                         "mean_turns": s["mean_turns"], "longest_turns": max(res.turn_counts),
                         "decision_ms": s["decision_ms"], "seconds": round(secs, 1)}
            if "@" in opp:
                rows[opp].update(commits[opp.partition("@")[2]])
        out["maps"][sid or "base"] = rows
    return out


if __name__ == "__main__":
    sys.exit(main())
