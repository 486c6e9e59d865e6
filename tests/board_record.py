"""Fingerprints of the boards every config deals, recorded once (tests/data/boards.json) and compared by
tests/test_board_record.py: the deal of a board (its hexes, numbers, letters, harbours, robber and pirate),
its described form (``retrocatan board --json``), its JSON in a state and the state's hash at the start
must never change for a config and seed, whatever the engine's map model looks like inside.

``python3 tests/board_record.py`` writes the file (only when the deal is meant to change, which it is not).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from retrocatan import scenarios  # noqa: E402
from retrocatan.engine import ConfigError, Game, GameConfig  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "boards.json"
BASE_SEEDS = range(50)
SCENARIO_SEEDS = range(12)


def _digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:20]


def configs():
    """(key, config) of every recorded deal: the base game for 3-6 players, random (seeds 0-49) and
    beginner, with no_red_neighbours off and on; every shipped scenario for each of its player counts,
    random and beginner, with no_red_neighbours off and on."""
    for players in (3, 4, 5, 6):
        for red in (False, True):
            for seed in BASE_SEEDS:
                yield f"base p{players} random red={red} seed={seed}", dict(
                    players=players, seed=seed, no_red_neighbours=red)
            for seed in (0, 1):
                yield f"base p{players} beginner red={red} seed={seed}", dict(
                    players=players, seed=seed, board="beginner", no_red_neighbours=red)
    for sid in scenarios.available():
        s = scenarios.load(sid)
        for players in s.players:
            for red in (False, True):
                for seed in SCENARIO_SEEDS:
                    yield f"{sid} p{players} random red={red} seed={seed}", (sid, dict(
                        players=players, seed=seed, no_red_neighbours=red))
                yield f"{sid} p{players} beginner red={red} seed=0", (sid, dict(
                    players=players, seed=0, board="beginner", no_red_neighbours=red))


def fingerprint(spec) -> dict | str:
    """What a config deals: digests of the board's described form and its JSON, and the state hash; or
    the config's refusal."""
    try:
        if isinstance(spec, tuple):
            sid, opts = spec[0], dict(spec[1])
            cfg = scenarios.config_for(sid, opts.pop("players"), **opts)
        else:
            cfg = GameConfig(**spec)
        game = Game(cfg)
    except (ConfigError, ValueError) as exc:
        return f"refused: {exc}"
    return {"describe": _digest(game.board.describe()), "json": _digest(game.board.to_json()),
            "state": game.state_hash()[:20]}


def printed() -> dict:
    """What ``retrocatan board`` prints (text art) for a few seeds of each map."""
    import contextlib
    import io

    from retrocatan.cli import main
    commands = [["board", "--seed", str(seed), "--players", str(p)] for seed in range(5) for p in (3, 4, 5, 6)]
    commands += [["board", "--beginner", "--players", str(p)] for p in (4, 5)]
    commands += [["board", "--scenario", sid, "--seed", str(seed)] for sid in scenarios.available() for seed in (0, 1)]
    out = {}
    for args in commands:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            rc = main(args)
        out[" ".join(args)] = f"{rc} {_digest(buf.getvalue())}"
    return out


def record() -> dict:
    return {"boards": {key: fingerprint(spec) for key, spec in configs()}, "printed": printed()}


if __name__ == "__main__":
    DATA.write_text(json.dumps(record(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {DATA}")
