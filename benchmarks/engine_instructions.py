"""Engine cost in machine instructions: a figure no other load on the machine moves.

    python benchmarks/engine_instructions.py [--games N] [--scenario ID] [--against REF] [--catanatron-python PY]
                                             [--json]

Counts, with valgrind's callgrind tool, the machine instructions the
Python interpreter executes to play N whole 4-player base games of uniformly
random legal play (``RandomPlayer``, seeds 1000...; with ``--scenario ID``
4-player games on that scenario's map), minus the same run with
no game (start-up and imports), and prints them per action (an action is one
decision applied, as in ``engine_speed.py``). The games are the same on every
machine, so the figure is too: it answers "did this change make the engine
cheaper?" on a busy machine, where ``engine_speed.py``'s CPU-time ratios
wander by 5-10 % from run to run.

``--against REF`` counts a git ref's ``retrocatan`` the same way, with this
tree's random player, so that both play the same games; ``--catanatron-python``
counts Catanatron 3.2.1's RandomPlayer x4 games (a Python with ``catanatron``
installed) with this interpreter. An instruction count is not a time:
allocation-heavy code runs more instructions per second than a
bytecode-heavy one, so the time ratio to Catanatron (``engine_speed.py``)
is lower than the instruction ratio. Needs valgrind; takes about a minute a
side for 20 games.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

OURS = r"""
import sys
sys.path.insert(0, sys.argv[1])
from retrocatan.ai.random_player import RandomPlayer
from retrocatan.engine import Game, GameConfig
more = {}
if sys.argv[2]:
    from retrocatan.scenarios import options
    more = options(sys.argv[2], 4)
actions = 0
for seed in range(1000, 1000 + int(sys.argv[3])):
    game = Game(GameConfig(players=4, seed=seed, **more))
    bots = [RandomPlayer(seed, s) for s in range(4)]
    while not game.over:
        game.apply(bots[game.decider].choose(game))
    actions += len(game.history)
print("ACTIONS", actions)
"""

CATANATRON = r"""
import sys
from catanatron import Color, Game, RandomPlayer
actions = 0
for seed in range(1000, 1000 + int(sys.argv[1])):
    game = Game([RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)], seed=seed)
    game.play()
    records = getattr(game.state, "action_records", None)
    actions += len(records if records is not None else game.state.actions)
print("ACTIONS", actions)
"""


def counted(python: str, script: str, args: list[str], env: dict | None = None) -> tuple[int, int]:
    """(instructions, actions) of one run of ``script`` under callgrind."""
    with tempfile.TemporaryDirectory(prefix="engine_instr_") as tmp:
        path = os.path.join(tmp, "run.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(script)
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, path, *args],
                              capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", proc.stderr)
    acts = re.search(r"ACTIONS (\d+)", proc.stdout)
    if proc.returncode != 0 or not found or not acts:
        raise RuntimeError(f"valgrind run failed: {proc.stderr.strip().splitlines()[-1:] or proc.returncode}")
    return int(found.group(1)), int(acts.group(1))


def per_action(python: str, script: str, args: list[str], games: int, env: dict | None = None) -> dict:
    full, actions = counted(python, script, [*args, str(games)], env)
    base, _ = counted(python, script, [*args, "0"], env)
    return {"games": games, "actions": actions, "instructions": full - base,
            "per_action": round((full - base) / actions)}


def real_python(python: str) -> str:
    """The interpreter itself (valgrind does not follow a launcher script such as pyenv's shim)."""
    out = subprocess.run([python, "-c", "import sys; print(sys.executable)"], capture_output=True, text=True)
    return out.stdout.strip() or python


def export_ref(ref: str, folder: str) -> str | None:
    """The ``retrocatan`` package of ``ref`` into ``folder``, with this tree's random player."""
    arch = subprocess.run(["git", "-C", ROOT, "archive", ref, "retrocatan"], capture_output=True)
    if arch.returncode != 0:
        return f"not a git ref of this repository: {ref}"
    subprocess.run(["tar", "-x", "-C", folder], input=arch.stdout, check=True)
    shutil.copy(os.path.join(ROOT, "retrocatan", "ai", "random_player.py"),
                os.path.join(folder, "retrocatan", "ai", "random_player.py"))
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="random 4-player games a side (default 20)")
    ap.add_argument("--scenario", default="", metavar="ID",
                    help="play 4-player games on this scenario's map instead of the base game (no Catanatron then)")
    ap.add_argument("--against", metavar="REF", help="a git ref of this repository, counted the same way")
    ap.add_argument("--catanatron-python", default=os.environ.get("CATANATRON_PYTHON"),
                    help="a Python with catanatron installed, counted the same way")
    ap.add_argument("--json", action="store_true", help="end with one JSON object of every figure")
    args = ap.parse_args()
    if not 1 <= args.games <= 1000:
        print("engine_instructions: --games must be between 1 and 1000", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None:
        print("engine_instructions: needs valgrind (e.g. apt install valgrind)", file=sys.stderr)
        return 2
    if args.scenario:
        sys.path.insert(0, ROOT)
        from retrocatan.scenarios import available
        if args.scenario not in available():
            print(f"engine_instructions: no scenario {args.scenario!r} (retrocatan scenarios lists them)",
                  file=sys.stderr)
            return 2
        if args.catanatron_python:
            print("engine_instructions: Catanatron has no scenarios; leave out --catanatron-python", file=sys.stderr)
            return 2
    python = real_python(sys.executable)
    same = dict(os.environ, PYTHONHASHSEED="0")     # str hashes fixed: set orders, so the count, repeat
    out: dict = {"scenario": args.scenario or None}
    if args.against:
        with tempfile.TemporaryDirectory(prefix="engine_instr_ref_") as folder:
            err = export_ref(args.against, folder)      # a bad ref: say so before measuring anything
        if err:
            print(f"engine_instructions: {err}", file=sys.stderr)
            return 2
    try:
        out["tree"] = per_action(python, OURS, [ROOT, args.scenario], args.games, same)
        print(f"this tree: {out['tree']['per_action']:,} instructions an action "
              f"({out['tree']['actions']:,} actions in {args.games} games)", flush=True)
        if args.against:
            with tempfile.TemporaryDirectory(prefix="engine_instr_ref_") as folder:
                export_ref(args.against, folder)
                out["against"] = per_action(python, OURS, [folder, args.scenario], args.games, same)
            out["against"]["ref"] = args.against
            ratio = out["against"]["per_action"] / out["tree"]["per_action"]
            out["against"]["ratio"] = round(ratio, 3)
            print(f"{args.against}: {out['against']['per_action']:,} instructions an action: "
                  f"this tree needs {1 / ratio:.3f} of them", flush=True)
        if args.catanatron_python:
            where = "import catanatron, os; print(os.path.dirname(os.path.dirname(catanatron.__file__)))"
            site = subprocess.run([args.catanatron_python, "-c", where], capture_output=True, text=True).stdout.strip()
            if not site:
                print("engine_instructions: --catanatron-python has no catanatron", file=sys.stderr)
                return 2
            env = dict(same, PYTHONPATH=site)
            cat = out["catanatron"] = per_action(real_python(args.catanatron_python), CATANATRON, [], args.games, env)
            cat["ratio"] = round(cat["per_action"] / out["tree"]["per_action"], 2)
            print(f"Catanatron 3.2.1 RandomPlayer x4: {cat['per_action']:,} instructions an action: "
                  f"{cat['ratio']}x this tree's", flush=True)
    except RuntimeError as exc:
        print(f"engine_instructions: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
