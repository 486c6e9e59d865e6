"""The players of a git ref, for ``ai_levels.py --against LEVEL@REF``.

    python benchmarks/ref_worker.py FOLDER

FOLDER holds the ref's ``retrocatan`` package (``engine_speed.export_ref``);
it is put first on ``sys.path``, so this process plays with the ref's
engine and the ref's computer players. It mirrors a game that the caller
plays with its own engine: it deals its own game from the same config and
seed, applies every action the caller applies (in the action notation,
which both versions share) and, asked for a seat's decision, asks its own
player of that seat as the ref's program did (``player.choose(game)``:
the player reads its own seat's view). Only names both the ref and this
tree have are used here, so any ref since the action notation and
``make_player(level, seed, seat)`` works.

One request a line in, one JSON line out:

``levels``             {"levels": [...], "file": the package's path}
``game {json}``        a new game: {"players", "seed", "scenario" (id or ""),
                       "seats": {seat: level}}; out: the dealt board
``apply ACTION``       apply it; out: the cheap figures ``figures`` lists
``choose``             the deciding seat's player decides;
                       out: {"action": text, "ms": its time}
``sync``               out: "sync" (the answers to ``apply`` are only
                       flushed with the next other request's)
Any failure: {"error": one line}.
"""

from __future__ import annotations

import json
import os
import sys
import time


def figures(game) -> list:
    """What both versions' games expose cheaply, after every action: the
    deciding seat, the turn, the last roll's total, the robber's hex, and
    each seat's points and cards in hand, and the winner (the caller
    compares them with the same figures of its own game)."""
    st = game.state
    n = len(st.hands)
    return [game.decider, st.turn, sum(st.dice) if st.dice else 0, st.robber,
            [game.vp(p) for p in range(n)], [sum(h) for h in st.hands], game.winner]


def board(game) -> dict:
    """The dealt board: terrain and number per hex, the harbour of each
    corner, the robber's hex and the first seat to decide."""
    b = game.board
    return {"terrain": list(b.terrain), "numbers": list(b.numbers), "harbours": list(b.corner_harbour),
            "robber": game.state.robber, "first": game.decider}


def serve(folder: str) -> None:
    sys.path[0:1] = [os.path.abspath(folder)]   # the ref's package first, not this folder's neighbours
    import retrocatan
    from retrocatan.ai import LEVEL_NAMES, make_player
    from retrocatan.engine import Game, GameConfig, parse_action

    game = None
    players: dict[int, object] = {}
    for line in sys.stdin:
        line = line.rstrip("\n")
        op, _, rest = line.partition(" ")
        try:
            if op == "apply":
                act = parse_action(rest)
                if not game.is_legal(act):
                    why = ""
                    try:
                        game.apply(act)
                    except Exception as exc:   # the refusal's sentence
                        why = f" ({exc})"
                    raise ValueError(f"its engine refuses {rest!r}{why}")
                game.apply(act)
                out = figures(game)
            elif op == "choose":
                seat = game.decider
                t0 = time.perf_counter()
                act = players[seat].choose(game)
                ms = (time.perf_counter() - t0) * 1000.0
                out = {"action": str(act), "ms": ms}
            elif op == "game":
                spec = json.loads(rest)
                n, seed, sid = spec["players"], spec["seed"], spec["scenario"]
                options = {}
                if sid:
                    from retrocatan.scenarios import options as scenario_options
                    options = scenario_options(sid, n)
                game = Game(GameConfig(players=n, seed=seed, **options))
                players = {int(s): make_player(level, seed, int(s)) for s, level in spec["seats"].items()}
                out = board(game)
            elif op == "sync":
                out = "sync"
            elif op == "levels":
                out = {"levels": list(LEVEL_NAMES), "file": os.path.abspath(retrocatan.__file__)}
            else:
                out = {"error": f"unknown request {op!r}"}
        except Exception as exc:   # one line back to the caller, which stops the benchmark
            text = str(exc).splitlines()[0] if str(exc) else ""
            out = {"error": text if isinstance(exc, ValueError) else f"{type(exc).__name__}: {text}"}
        sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
        if op != "apply":           # the caller reads the answers to its actions with its next request's
            sys.stdout.flush()


if __name__ == "__main__":
    serve(sys.argv[1])
