"""Long games: do all games end, and how long do they get?

    python benchmarks/long_games.py [--games N] [--sets all|quick] [--player random|builder]

For each option set (players, vp_target up to the most a player can
score, rule options), plays N games (default 2000) of uniformly random
players as ``retrocatan simulate`` seats them (``--player builder``: players
that build whatever they can) through ``retrocatan.match.play``, which
raises ``StalledGame`` past 100,000 decisions. Prints per set: games ended,
how they ended (points / stalemate / turn_cap), the most decisions and
turns in one game, and the time taken. The last line is one JSON object
with every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from long_game_players import Builder  # noqa: E402

from retrocatan.ai.random_player import RandomPlayer  # noqa: E402
from retrocatan.engine import GameConfig  # noqa: E402
from retrocatan.engine.config import max_victory_points  # noqa: E402
from retrocatan.engine.rng import derive_seed  # noqa: E402
from retrocatan.match import play  # noqa: E402

SETS = {
    "quick": [
        {"players": 4, "vp_target": 14},
        {"players": 4, "vp_target": 15},
    ],
    "all": [
        {"players": 3, "vp_target": 14},
        {"players": 4, "vp_target": 10},
        {"players": 4, "vp_target": 14},
        {"players": 4, "vp_target": 15},
        {"players": 4, "vp_target": max_victory_points(4)},
        {"players": 4, "vp_target": 18, "vp_cards_instant": False, "cut_roads": "lost"},
        {"players": 5, "vp_target": 15},
        {"players": 6, "vp_target": max_victory_points(6), "progress_to_deck_bottom": True},
    ],
}


def run_set(options: dict, games: int, kind: str, seed0: int) -> dict:
    reasons: dict[str, int] = {}
    most_decisions = most_turns = 0
    start = time.perf_counter()
    for i in range(games):
        seed = seed0 + i
        cfg = GameConfig(seed=seed, **options)
        if kind == "builder":
            players = [Builder(seed, s) for s in range(cfg.players)]
        else:
            players = [RandomPlayer(derive_seed(seed, 7), s) for s in range(cfg.players)]
        ending = []
        result = play(cfg, players, on_events=lambda g, a, ev: ending.extend(e for e in ev if e["type"] == "win"))
        reason = ending[-1]["reason"]
        reasons[reason] = reasons.get(reason, 0) + 1
        most_decisions = max(most_decisions, result.decisions)
        most_turns = max(most_turns, result.game.state.turn)
    return {"options": options, "games": games, "ended": sum(reasons.values()), "reasons": reasons,
            "max_decisions": most_decisions, "max_turns": most_turns,
            "seconds": round(time.perf_counter() - start, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--sets", choices=sorted(SETS), default="all")
    ap.add_argument("--player", choices=("random", "builder"), default="random")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rows = []
    for options in SETS[args.sets]:
        row = run_set(options, args.games, args.player, args.seed)
        rows.append(row)
        opts = " ".join(f"{k}={v}" for k, v in options.items())
        print(f"{opts:<60} ended {row['ended']}/{row['games']}  {row['reasons']}  "
              f"max decisions {row['max_decisions']}  max turns {row['max_turns']}  {row['seconds']} s",
              flush=True)
    print(json.dumps({"player": args.player, "sets": rows}))
    return 0 if all(r["ended"] == r["games"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
