"""The one safe way the game reads JSON files (the rules for the JSON text
itself are ``engine.strictjson``'s, so the engine parses replays the same
way without doing I/O).

Every file the game reads (saves, replays, options, ``window.json``, the
build check's report) comes through here. A file must be a regular file
(a named pipe, a device or a folder is refused without blocking: it is
opened with ``O_NONBLOCK`` and checked with ``fstat`` before any read), at
most ``limit`` bytes, UTF-8 text. The JSON must nest at most
``MAX_DEPTH`` deep, name each key of an object once, and hold no NaN or
Infinity. Anything else raises ``JsonFileError`` with one line for people
(in English); a file that cannot be read also carries ``code`` and
``params`` (see ``read_failure``), for the window's string table.
"""

from __future__ import annotations

import errno
import os
import stat

from .engine.strictjson import MAX_DEPTH, JsonFileError, loads

__all__ = ["MAX_DEPTH", "JsonFileError", "loads", "os_code", "read_bytes", "read_json", "read_text"]

_OS_CODES = {errno.ENOENT: "missing", errno.ENOSPC: "disk_full", errno.EACCES: "no_permission",
             errno.EPERM: "no_permission", errno.EROFS: "no_permission"}
if hasattr(errno, "EDQUOT"):
    _OS_CODES[errno.EDQUOT] = "disk_full"


def os_code(exc: OSError, other: str) -> str:
    """The failure code of an ``OSError``: missing, disk_full, no_permission, or ``other``."""
    return _OS_CODES.get(exc.errno, other)


def read_failure(message: str, code: str, **params) -> JsonFileError:
    """A ``JsonFileError`` with the code (and parameters) of why a file cannot be read."""
    exc = JsonFileError(message)
    exc.code = code
    exc.params = params
    return exc


def read_bytes(path: str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise read_failure(f"cannot read {path}: {exc.strerror or exc}", os_code(exc, "unreadable")) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise read_failure(f"{path} is not a regular file", "not_a_file")
        if info.st_size > limit:
            raise read_failure(f"{path} is too large ({info.st_size} bytes; the limit is {limit})", "too_large",
                               mb=-(-limit // (1024 * 1024)))
        chunks = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise read_failure(f"cannot read {path}: {exc.strerror or exc}", os_code(exc, "unreadable")) from None
    finally:
        os.close(fd)
    if total > limit:   # it grew while we read it
        raise read_failure(f"{path} is too large (the limit is {limit} bytes)", "too_large",
                           mb=-(-limit // (1024 * 1024)))
    return b"".join(chunks)


def read_text(path: str, limit: int) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes."""
    raw = read_bytes(path, limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise read_failure(f"{path} is not UTF-8 text", "damaged", detail="not UTF-8") from None


def read_json(path: str, limit: int, max_depth: int = MAX_DEPTH):
    """Parse a JSON file (a regular file of at most ``limit`` bytes)."""
    text = read_text(path, limit)
    try:
        return loads(text, limit, max_depth)
    except JsonFileError as exc:
        raise JsonFileError(f"{path}: {exc}") from None
