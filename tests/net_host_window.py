"""A window that hosts a network game, as a process of its own (tests/test_net_host_gone.py
kills it): a headless window with its own user folder starts the server a window hosts
(``ui/net/host.py``, on a free port of 127.0.0.1), opens a game on it with ``--seats``
(the first the host's own) and takes its own seat in the game screen. It prints one JSON
line, ``{"url": ..., "code": ...}``, then draws frames (its robot playing its seat by keys)
until it is killed.

    python tests/net_host_window.py --user DIR [--seats open,open,easy]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if __name__ == "__main__":
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sys.path[:0] = [HERE, os.path.dirname(HERE)]

from sessions import join_seat  # noqa: E402
from ui_robot import Robot  # noqa: E402

from retrocatan.net.client import create_game  # noqa: E402
from retrocatan.storage import DirStorage  # noqa: E402
from retrocatan.ui.app import App, init_pyxel  # noqa: E402
from retrocatan.ui.net.host import hosted  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--user", required=True)
    ap.add_argument("--seats", default="open,open,easy")
    args = ap.parse_args()
    init_pyxel(headless=True)
    app = App(can_quit=False, storage=DirStorage(args.user))
    server = hosted(app.storage, 0, host="127.0.0.1")
    url = server.url()
    seats = [{"kind": "open"} if s == "open" else {"kind": "computer", "level": s} for s in args.seats.split(",")]
    got = asyncio.run(create_game(url, {"players": len(seats)}, clocks={"computer_delay": 0.2}, start="full",
                                  seats=seats))
    print(json.dumps({"url": url, "code": got["code"]}), flush=True)
    scene = join_seat(url, app, code=got["code"], name="Host", colour=0)      # once the friend joined too
    bot = Robot(app, "keyboard")
    while True:
        bot.step(app.scene) if app.scene is scene else bot.frame()


if __name__ == "__main__":
    main()
