"""Reading and writing files safely: size-limited reads, atomic writes.

A write goes to a temporary file in the same folder, is flushed to disk,
then renamed over the target, so a crash or a full disk mid-write leaves
the previous file intact.
"""

from __future__ import annotations

import os
import tempfile


class FileError(OSError):
    """A file that cannot be read or written; the message is for people."""


def read_text(path: str, limit: int) -> str:
    try:
        size = os.path.getsize(path)
    except OSError as exc:
        raise FileError(f"cannot read {path}: {exc.strerror or exc}") from None
    if size > limit:
        raise FileError(f"{path} is too large ({size} bytes; the limit is {limit})")
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise FileError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileError(f"{path} is not UTF-8 text") from None


def atomic_write(path: str, text: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
