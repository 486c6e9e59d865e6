"""What a state's JSON costs: loading it (``Game.from_json``, every field
checked), a seat's state (``seat_state``) and the game a server's computer
decides on (``server.pool.seat_game``: the whole state loaded, the seat's
dealt, that loaded).

    python benchmarks/state_load.py [--rounds N] [--against REF] [--json]

Each figure is the best of ``--rounds`` (default 7) timings of 200 calls, in
microseconds a call, on the state after 300 decisions of four Normal
computers on the base game, New Shores and New World (3-4). A network client
loads a state like these at every step of its game, a server makes one for
each seat at every step, and its pool's workers do all three for each
decision of a computer.

``--against REF`` (a git commit, branch or tag of this repository) runs the
same in two fresh processes, this tree and REF's ``retrocatan`` package (by
``git archive``), taking turns round by round, so that both meet the same
machine load, and prints REF's time / this tree's per figure (above 1: this
tree is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = (None, "new-shores", "new-world-3-4")
CALLS = 200


def _states():
    from retrocatan import scenarios
    from retrocatan.ai import make_player
    from retrocatan.engine.config import GameConfig
    from retrocatan.engine.game import Game
    out = []
    for sid in BOARDS:
        game = Game(GameConfig(players=4, seed=3, scenario=scenarios.load(sid) if sid else None))
        players = [make_player("normal", 3, s) for s in range(4)]
        while not game.over and len(game.history) < 300:
            d = game.decider
            game.apply(players[d].choose(game.seat_view(d)))
        out.append((sid or "base", game))
    return out


def one_round() -> dict:
    """Microseconds a call of each figure, for this process's ``retrocatan``."""
    from retrocatan.engine.game import Game
    from retrocatan.engine.seat_state import seat_state
    from retrocatan.server.pool import seat_game
    out = {}
    for name, game in _states():
        whole = json.loads(json.dumps(game.to_json()))
        seat = json.loads(json.dumps(seat_state(game, 1)))
        jobs = {"load": lambda: Game.from_json(seat), "seat_state": lambda: seat_state(game, 1),
                "seat_game": lambda: seat_game(whole, 1)}
        for what, job in jobs.items():
            out[f"{name} {what}"] = timeit.timeit(job, number=CALLS) / CALLS * 1e6
    return out


def _worker() -> None:
    for line in sys.stdin:
        if line.strip() == "round":
            print(json.dumps(one_round()), flush=True)


def _export(ref: str, folder: str) -> str | None:
    archive = subprocess.run(["git", "-C", ROOT, "archive", "--format=tar", ref, "retrocatan"],
                             capture_output=True, timeout=120)
    if archive.returncode != 0:
        return f"no git ref {ref!r} here"
    unpack = subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, capture_output=True)
    return None if unpack.returncode == 0 else "could not unpack the archive"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--against", metavar="REF")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _worker()
        return 0
    if not 1 <= args.rounds <= 50:
        print("state_load: --rounds must be between 1 and 50", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as ref_root:
        roots = {"this tree": ROOT}
        if args.against:
            err = _export(args.against, ref_root)
            if err:
                print(f"state_load: {err}", file=sys.stderr)
                return 2
            roots[args.against] = ref_root
        procs = {}
        for name, root in roots.items():
            env = dict(os.environ, PYTHONPATH=root)
            procs[name] = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker"], env=env,
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=root)
        best: dict[str, dict[str, float]] = {name: {} for name in roots}
        for r in range(args.rounds):
            order = list(roots) if r % 2 == 0 else list(reversed(roots))
            for name in order:
                procs[name].stdin.write("round\n")
                procs[name].stdin.flush()
                got = json.loads(procs[name].stdout.readline())
                for k, v in got.items():
                    best[name][k] = min(best[name].get(k, v), v)
            print(f"round {r + 1} of {args.rounds}", file=sys.stderr, flush=True)
        for p in procs.values():
            p.stdin.close()
            p.wait(timeout=30)
    out = {"microseconds": {name: {k: round(v, 1) for k, v in b.items()} for name, b in best.items()}}
    for k, v in best["this tree"].items():
        line = f"{k:28s} {v:8.1f} us"
        if args.against:
            ratio = best[args.against][k] / v
            out.setdefault("ratio", {})[k] = round(ratio, 3)
            line += f"   {args.against}: {best[args.against][k]:8.1f} us   ratio {ratio:.2f}"
        print(line)
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
