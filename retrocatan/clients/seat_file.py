"""A seat kept in a file: its game, its secret token and the game's invite
code (and for a bot the last entry it heard of), so that a client started
again takes the same seat (``retrocatan join``, ``retrocatan bot
--seat-file``).

``retrocatan join`` keeps one by default, in the user folder as
``storage.py`` finds it for a program without a window (``~/.retrocatan``),
under ``join-seats/``, one file per server and code: quitting, Ctrl-C or a
closed terminal never loses the seat, and the same command takes it back.
The token is written before the join is sent, so a client stopped before
it heard the answer joins again with it (the server answers with the same
seat)."""

from __future__ import annotations

import json
import os
import re

from ..storage import atomic_write, command_line_folder

FOLDER = "join-seats"


def default_path(server: str, code: str) -> str:
    """The seat file of ``retrocatan join`` for this server and invite code:
    ``~/.retrocatan/join-seats/127.0.0.1_8765-ABCD2345.json``."""
    where = re.sub(r"[^A-Za-z0-9.-]+", "_", re.sub(r"^wss?://", "", server)).strip("_") or "server"
    what = re.sub(r"[^A-Za-z0-9]+", "", code).upper() or "game"
    return os.path.join(command_line_folder(), FOLDER, f"{where}-{what}.json")


def read_seat_file(path: str | None) -> dict | None:
    """The seat kept in ``path``, or None (no file, or not a seat file)."""
    if not path or not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("token", "code")):
        return None
    if not isinstance(data.get("game"), (str, type(None))):
        return None
    return data


def write_seat_file(path: str, data: dict) -> None:
    """Keep ``data`` in ``path`` (its folder made if missing), written whole or not at all."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    atomic_write(path, json.dumps(data))
