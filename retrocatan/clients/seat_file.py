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
seat).

A file named on the command line is used only when keeping the seat there
loses nothing (``usable_seat_file``): not a folder, not a file of another
kind, not the seat of another game."""

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


class SeatFileError(Exception):
    """A seat file that may not be used; the message says why in one line."""


def same_code(a: str, b: str) -> bool:
    """Two invite codes are the same code (as typed: case and spaces aside)."""
    return a.strip().upper() == b.strip().upper()


def usable_seat_file(path: str, code: str | None) -> dict | None:
    """The seat kept in ``path`` (None: no file there yet), if the seat of invite ``code`` may be
    kept there (``code`` None: the file's own game). ``SeatFileError`` when keeping it there
    would lose something, a folder or a file of another kind or the seat of another game, or
    when the file cannot be written."""
    if os.path.isdir(path):
        raise SeatFileError(f"{path} is a folder")
    saved = read_seat_file(path)
    if saved is None and os.path.exists(path):
        raise SeatFileError(f"{path} is not a seat file (it is left as it is)")
    if saved is not None and code and not same_code(saved["code"], code):
        raise SeatFileError(f"{path} keeps a seat in the game of code {saved['code']}: "
                            f"give another file for {code.strip().upper()}")
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.isdir(folder) and os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)            # the folders still to be made go here
    if not os.access(folder, os.W_OK | os.X_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise SeatFileError(f"cannot write {path}")
    return saved


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
