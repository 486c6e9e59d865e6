"""How long a person waits for one whole computer turn (issue 22).

    python benchmarks/ai_turn_time.py [--games N] [--seed S] [--level expert] [--players P]
                                      [--scenario ID[,ID...]] [--jobs J]
                                      [--pyodide DIR] [--pyodide-games N]

Plays ``--games`` games of ``--players`` computer players of ``--level`` (on
the base game, or on each ``--scenario``) and times every decision. A
*turn* is everything decided from one player's roll (or the Knight before
it) until the next player's turn begins: the player's own decisions, the
answers of the others to its offers, the discards and the robber after its
7, and the special build phase after its turn; in the founding, one seat's
placements in a row. In a game with a person some of those decisions are
the person's, so the sum over all seats is an upper bound of the wait for
the computers. The ``--retime`` games with the longest turns are played
twice more and each turn keeps its least time (a turn the machine's other
work slowed once is not a slow turn). Printed: the turns, the longest
turn's CPU seconds (and its decisions; and as first measured), p99 and
p50, and the most positions the searches evaluated in one turn.

``--pyodide DIR`` (a folder with ``node_modules/pyodide``, as ``.ci/run``
installs it; node on the path) also plays the first ``--pyodide-games``
games of the same list in CPython 3.14 under Pyodide with Node, the
browser build's Python, and in this Python, one after the other, and
prints the ratio of the two processes' CPU times (the *factor*; CPU time,
not the wall clock, so the machine's other work does not skew it) and the
longest turn measured here times the factor: the browser's longest wait.
The last line is one JSON object with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


# The turns are timed in CPU seconds of this process: on a machine shared
# with other work the wall clock counts the others' time too.
CLOCK = time.process_time


def turn_times(task: tuple) -> dict:
    """One game, ``(level, players, seed, scenario)``: every turn's seconds
    (all the decisions made in it), the longest turn's decisions, and the
    game's total decision seconds."""
    from retrocatan import scenarios
    from retrocatan.ai import make_player
    from retrocatan.engine import GameConfig, phases
    from retrocatan.engine.game import Game
    level, players, seed, scenario = task
    if scenario:
        config = scenarios.config_for(scenario, players, seed=seed)
    else:
        config = GameConfig(players=players, seed=seed)
    bots = [make_player(level, seed, s) for s in range(players)]
    game = Game(config)
    turns: list[float] = []
    sizes: list[int] = []
    key, spent, count = None, 0.0, 0
    total = 0.0
    founding = (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)
    run = 0
    positions, most = 0, 0      # positions a search evaluated in the turn; the most in one turn
    while not game.over:
        st = game.state
        if game.phase in founding:          # founding: each seat's placements are its own wait
            run += key is None or key[0] != "found" or key[2] != game.decider
            k = ("found", run, game.decider)
        else:
            k = (st.turn, st.current)
        if k != key:
            if key is not None:
                turns.append(spent)
                sizes.append(count)
            most = max(most, positions)
            key, spent, count, positions = k, 0.0, 0, 0
        bot = bots[game.decider]
        t0 = CLOCK()
        act = bot.choose(game)
        dt = CLOCK() - t0
        positions += bot.evaluations if bot.level == "expert" else 0     # positions valued in this decision
        spent += dt
        total += dt
        count += 1
        game.apply(act)
    turns.append(spent)
    sizes.append(count)
    i = max(range(len(turns)), key=turns.__getitem__)
    return {"turns": turns, "sizes": sizes, "longest": turns[i], "longest_decisions": sizes[i], "total": total,
            "most_positions": max(most, positions)}


def retimed(task: tuple, runs: int) -> dict:
    """The game ``task`` played ``runs`` times more: each turn's least time
    over all runs (a turn slowed by the machine's other work once is not
    slow), and the longest of those turns."""
    first = turn_times(task)
    best = list(first["turns"])
    for _ in range(runs):
        again = turn_times(task)["turns"]
        best = [min(a, b) for a, b in zip(best, again)]
    i = max(range(len(best)), key=best.__getitem__)
    return {"longest": best[i], "longest_decisions": first["sizes"][i], "turn": i}


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def _pyodide(pyodide_dir: str, tasks: list) -> dict:
    """The same games under Pyodide (Node): their total decision seconds."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("ai_turn_time: node is not on the path")
    if not os.path.isdir(os.path.join(pyodide_dir, "node_modules", "pyodide")):
        raise SystemExit(f"ai_turn_time: no node_modules/pyodide in {pyodide_dir}")
    script = os.path.join(ROOT, "benchmarks", "ai_turn_time.mjs")
    env = dict(os.environ, PYODIDE_DIR=pyodide_dir)
    res = subprocess.run([node, script, ROOT, json.dumps(tasks)], capture_output=True, text=True, env=env)
    if res.returncode != 0:
        raise SystemExit("ai_turn_time: the Pyodide run failed: " + res.stderr.strip().splitlines()[-1])
    return json.loads(res.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    from retrocatan.ai import LEVEL_NAMES
    from retrocatan.parallel import ordered_map
    from retrocatan.scenarios import available
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=4000)
    ap.add_argument("--level", default="expert")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--scenario", default="", help="scenario id(s), comma-separated (default: the base game)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--pyodide", default="", metavar="DIR", help="folder with node_modules/pyodide")
    ap.add_argument("--pyodide-games", type=int, default=3)
    ap.add_argument("--retime", type=int, default=5, metavar="K",
                    help="play the K games with the longest turns 2 times more, keep each turn's least time")
    args = ap.parse_args(argv)
    if args.level not in LEVEL_NAMES:
        print(f"ai_turn_time: unknown level {args.level!r} (use {', '.join(LEVEL_NAMES)})", file=sys.stderr)
        return 2
    if args.games < 1 or args.pyodide_games < 1:
        print("ai_turn_time: --games and --pyodide-games must be at least 1", file=sys.stderr)
        return 2
    maps = [x for x in args.scenario.split(",") if x] or [""]
    for sid in maps:
        if sid and sid not in available():
            print(f"ai_turn_time: unknown scenario {sid!r} (use {', '.join(available())})", file=sys.stderr)
            return 2
    out: dict = {"level": args.level, "players": args.players, "games": args.games, "seed": args.seed, "maps": {}}
    worst = 0.0
    for sid in maps:
        tasks = [(args.level, args.players, args.seed + i, sid) for i in range(args.games)]
        games = list(ordered_map(turn_times, tasks, args.jobs))
        turns = [x for g in games for x in g["turns"]]
        top = max(games, key=lambda g: g["longest"])
        row = {"turns": len(turns), "max_once_s": round(top["longest"], 3), "p99_s": round(_pct(turns, 0.99), 3),
               "p50_s": round(_pct(turns, 0.5), 4), "most_positions": max(g["most_positions"] for g in games)}
        slow = sorted(range(len(games)), key=lambda i: -games[i]["longest"])[:args.retime]
        again = [(retimed(tasks[i], 2), tasks[i][2]) for i in slow]
        if again:
            (r, seed) = max(again, key=lambda x: x[0]["longest"])
            row.update({"max_s": round(r["longest"], 3), "max_decisions": r["longest_decisions"],
                        "max_seed": seed, "max_turn_index": r["turn"]})
        else:
            row.update({"max_s": row["max_once_s"], "max_decisions": top["longest_decisions"]})
        worst = max(worst, row["max_s"])
        out["maps"][sid or "base"] = row
        print(f"{sid or 'base':16s} {len(turns):6d} turns  longest {row['max_s']:.3f} s "
              f"({row['max_decisions']} decisions; {row['max_once_s']:.3f} s measured once)  "
              f"p99 {row['p99_s']:.3f} s  p50 {row['p50_s']:.4f} s  most positions a turn "
              f"{row['most_positions']}", flush=True)
    if args.pyodide:
        tasks = [(args.level, args.players, args.seed + i, maps[0]) for i in range(args.pyodide_games)]
        c0 = time.process_time()
        for t in tasks:
            turn_times(t)
        cpu_here = time.process_time() - c0
        there = _pyodide(args.pyodide, tasks)
        factor = there["cpu"] / cpu_here
        out["pyodide"] = {"python": there["python"], "games": len(tasks), "cpython_cpu_s": round(cpu_here, 2),
                          "pyodide_cpu_s": round(there["cpu"], 2), "factor": round(factor, 2),
                          "browser_longest_turn_s": round(worst * factor, 2)}
        print(f"Pyodide (Python {there['python']}): {there['cpu']:.1f} CPU s for {len(tasks)} games, CPython "
              f"{cpu_here:.1f} CPU s: factor {factor:.2f}; "
              f"longest turn in the browser ~ {worst * factor:.2f} s")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
