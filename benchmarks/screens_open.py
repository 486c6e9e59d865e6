"""How long the new-game screen and the Load screen take to open with the
player's own New World templates whose generator finds no map.

    python benchmarks/screens_open.py [--templates N]

A headless window with ``N`` such templates in its storage (default 6) and
one save on such a template in slot 1; the new-game screen is opened twice
(its verdicts kept the second time), the Load screen once. Prints the
seconds each took (the screens' construction, what the frame waits for).
The last line is ``{"setup_first_s": a, "setup_again_s": b, "load_s": c}``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--templates", type=int, default=6, help="own templates with no map (default 6)")
    args = ap.parse_args()
    if not 0 <= args.templates <= 50:
        print("screens_open: --templates 0..50", file=sys.stderr)
        return 2
    from retrocatan import saves, scenarios
    from retrocatan.engine import Game, GameConfig
    from retrocatan.engine.scenario_write import dump_scenario
    from retrocatan.storage import MemoryStorage
    from retrocatan.ui.app import App, init_pyxel
    from retrocatan.ui.scenes.load import LoadScene
    from retrocatan.ui.scenes.setup import SetupScene
    init_pyxel(headless=True)
    storage = MemoryStorage()
    world = scenarios.load("new-world-3-4")
    for i in range(args.templates):         # all 6s and 8s: the generator finds no fair map
        red = replace(world, id=f"red-{i}", name={"en": f"Red {i}", "de": f"Rot {i}"}, tokens=(6, 8) * 15)
        storage.write(f"scenario-red-{i}", dump_scenario(red))
    game = Game(GameConfig(players=3, seed=5, scenario=world))
    save = json.loads(saves.dumps(saves.make_save(game, [{"kind": "human", "name": "Anna"}] * 3, "slot1")))
    save["replay"]["config"]["scenario"]["numbers"]["tokens"] = [6, 8] * 15
    storage.write("slot1", json.dumps(save))
    app = App(can_quit=False, storage=storage)
    figures = {}
    for key, make in (("setup_first_s", SetupScene), ("setup_again_s", SetupScene), ("load_s", LoadScene)):
        start = time.perf_counter()
        make(app)
        figures[key] = round(time.perf_counter() - start, 3)
        print(f"{key}: {figures[key]:.3f} s")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
