"""How much the computer players sail on the scenario maps.

    python benchmarks/ai_sea.py [--games N] [--seed S] [--jobs J] [--levels easy,normal,hard,expert]
                                [--scenario ID[,ID...]|all] [--players P]

For each scenario and level: N games of P players of that one level
(default 4, or the scenario's smallest count), game i with seed S+i, and
per game (all players together) the averages of ships built, island
bonuses won, fog hexes turned over, ship moves, settlements built after
the founding, and turns; then how the games ended: a player reached the
target ("points"), nobody could gain a point any more ("stalemate"), or
the engine's safety cap on rounds ("cap"). The last line is one JSON
object with every figure. Each game depends only on its seed, so the
figures are the same for any --jobs.

Goals (issue 22, item 4): Normal and Hard win at least 2 island bonuses a
game on new-shores and four-islands and turn at least 8 fog hexes a game
on fog-island; Easy sails too.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from retrocatan.ai import make_player  # noqa: E402
from retrocatan.engine import GameConfig  # noqa: E402
from retrocatan.engine.scenario import ScenarioError  # noqa: E402
from retrocatan.match import StalledGame, play  # noqa: E402
from retrocatan.parallel import ordered_map  # noqa: E402
from retrocatan.scenarios import available  # noqa: E402
from retrocatan.scenarios import load as load_scenario  # noqa: E402
from retrocatan.scenarios import options as scenario_options  # noqa: E402

DEFAULT_SCENARIOS = ("new-shores", "four-islands", "fog-island")
LEVELS = ("easy", "normal", "hard", "expert")
DEFAULT_LEVELS = ("easy", "normal", "hard")
FIGURES = ("ships", "bonuses", "fog", "moves", "settlements", "turns")


def sea_scenarios() -> list[str]:
    return [s for s in available() if load_scenario(s).ships]


def default_players(sid: str) -> int:
    counts = load_scenario(sid).players
    return 4 if 4 in counts else counts[0]


def play_one(task: tuple) -> dict:
    """One game of ``players`` players of ``level`` on scenario ``sid``:
    its figures (counted from the game's events)."""
    sid, players, level, seed = task
    cfg = GameConfig(players=players, seed=seed, **scenario_options(sid, players))
    bots = [make_player(level, seed, s) for s in range(players)]
    out = dict.fromkeys(FIGURES, 0)
    out["end"] = ""
    founding = [True]

    def note(game, act, events):
        for ev in events:
            t = ev["type"]
            if t == "dice":
                founding[0] = False
            elif t == "build":
                if ev["piece"] == "ship":
                    out["ships"] += 1
                elif ev["piece"] == "settlement" and not founding[0]:
                    out["settlements"] += 1
            elif t == "island_bonus":
                out["bonuses"] += 1
            elif t == "explore":
                out["fog"] += 1
            elif t == "ship_moved":
                out["moves"] += 1
            elif t == "win":
                out["end"] = ev["reason"]
    res = play(cfg, bots, on_events=note)
    out["turns"] = res.game.state.turn
    return out


def run_cell(sid: str, players: int, level: str, games: int, seed: int, jobs: int) -> dict:
    tasks = [(sid, players, level, seed + i) for i in range(games)]
    t0 = time.perf_counter()
    rows = list(ordered_map(play_one, tasks, jobs=jobs))
    cell = {k: round(sum(r[k] for r in rows) / games, 2) for k in FIGURES}
    ends = {"points": 0, "stalemate": 0, "turn_cap": 0}
    for r in rows:
        key = r["end"] if r["end"] in ends else ("turn_cap" if r["end"] in ("turn_cap", "turn_limit") else "points")
        ends[key] += 1
    cell["ends"] = ends
    cell["games_with_bonus"] = sum(1 for r in rows if r["bonuses"])
    cell["longest"] = max(r["turns"] for r in rows)
    cell["seconds"] = round(time.perf_counter() - t0, 1)
    return cell


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games per scenario and level (default 40)")
    ap.add_argument("--seed", type=int, default=2026, help="seed of the first game (default 2026)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1; same results for any)")
    ap.add_argument("--levels", default=",".join(DEFAULT_LEVELS),
                    help="levels, comma-separated: easy, normal, hard, expert (default easy,normal,hard)")
    ap.add_argument("--scenario", default=",".join(DEFAULT_SCENARIOS),
                    help="scenario ids, comma-separated, or 'all' (default new-shores,four-islands,fog-island)")
    ap.add_argument("--players", type=int, help="players (default 4, or the scenario's smallest count)")
    args = ap.parse_args()
    if not 1 <= args.games <= 100_000:
        print("ai_sea: --games must be between 1 and 100000", file=sys.stderr)
        return 2
    if not 1 <= args.jobs <= 64:
        print("ai_sea: --jobs must be between 1 and 64", file=sys.stderr)
        return 2
    levels = [x for x in args.levels.split(",") if x]
    bad = [x for x in levels if x not in LEVELS]
    if bad or not levels:
        print(f"ai_sea: unknown level {bad[0] if bad else '(none)'!r} ({', '.join(LEVELS)})", file=sys.stderr)
        return 2
    ids = sea_scenarios() if args.scenario == "all" else [x for x in args.scenario.split(",") if x]
    try:
        plan = [(sid, args.players or default_players(sid)) for sid in ids]
        for sid, n in plan:
            scenario_options(sid, n)
    except KeyError as exc:
        print(f"ai_sea: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    except (ScenarioError, OSError) as exc:
        print(f"ai_sea: {exc}", file=sys.stderr)
        return 2
    out: dict = {"games": args.games, "seed": args.seed, "cells": {}}
    print(f"{args.games} games per row, seed {args.seed}; per game, all players together")
    print(f"{'scenario':20s} {'n':>2s} {'level':6s} {'ships':>6s} {'bonus':>6s} {'fog':>6s} {'moves':>6s} "
          f"{'settl':>6s} {'turns':>6s} {'longest':>7s} {'points':>6s} {'stale':>5s} {'cap':>4s}")
    for sid, n in plan:
        for level in levels:
            try:
                c = run_cell(sid, n, level, args.games, args.seed, args.jobs)
            except StalledGame as exc:
                print(f"ai_sea: a game was stuck: {exc}", file=sys.stderr)
                return 1
            out["cells"][f"{sid}/{n}/{level}"] = c
            e = c["ends"]
            print(f"{sid:20s} {n:2d} {level:6s} {c['ships']:6.1f} {c['bonuses']:6.2f} {c['fog']:6.2f} "
                  f"{c['moves']:6.2f} {c['settlements']:6.2f} {c['turns']:6.1f} {c['longest']:7d} "
                  f"{e['points']:6d} {e['stalemate']:5d} {e['turn_cap']:4d}", flush=True)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
