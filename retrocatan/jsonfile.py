"""The one safe way the game reads JSON files (the rules for the JSON text
itself are ``engine.strictjson``'s, so the engine parses replays the same
way without doing I/O).

Every file the game reads (saves, replays, options, ``window.json``, the
build check's report) comes through here. A file must be a regular file
(a named pipe, a device or a folder is refused without blocking: it is
opened with ``O_NONBLOCK`` and checked with ``fstat`` before any read), at
most ``limit`` bytes, UTF-8 text. The JSON must nest at most
``MAX_DEPTH`` deep, name each key of an object once, and hold no NaN or
Infinity. Anything else raises ``JsonFileError`` with one line for people.
"""

from __future__ import annotations

import os
import stat

from .engine.strictjson import MAX_DEPTH, JsonFileError, loads

__all__ = ["MAX_DEPTH", "JsonFileError", "loads", "read_bytes", "read_json", "read_text"]


def read_bytes(path: str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise JsonFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise JsonFileError(f"{path} is not a regular file")
        if info.st_size > limit:
            raise JsonFileError(f"{path} is too large ({info.st_size} bytes; the limit is {limit})")
        chunks = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise JsonFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if total > limit:   # it grew while we read it
        raise JsonFileError(f"{path} is too large (the limit is {limit} bytes)")
    return b"".join(chunks)


def read_text(path: str, limit: int) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes."""
    raw = read_bytes(path, limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JsonFileError(f"{path} is not UTF-8 text") from None


def read_json(path: str, limit: int, max_depth: int = MAX_DEPTH):
    """Parse a JSON file (a regular file of at most ``limit`` bytes)."""
    text = read_text(path, limit)
    try:
        return loads(text, limit, max_depth)
    except JsonFileError as exc:
        raise JsonFileError(f"{path}: {exc}") from None
