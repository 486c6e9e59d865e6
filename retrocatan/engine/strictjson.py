"""Strict JSON text: the rules every JSON the game reads must follow.

At most ``limit`` characters, nesting at most ``MAX_DEPTH`` deep, each key
of an object named once, no NaN or Infinity. Anything else raises
``JsonFileError`` with one line for people (never ``RecursionError``).
Pure parsing, no I/O: files are read by ``retrocatan.jsonfile``.
"""

from __future__ import annotations

import json

MAX_DEPTH = 32


class JsonFileError(ValueError):
    """A file or text that is not acceptable JSON; the message is one line."""


def _pairs(pairs: list) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise JsonFileError(f"the key {key[:40]!r} appears twice in one object")
        out[key] = value
    return out


def _constant(name: str):
    raise JsonFileError(f"{name} is not a number JSON allows")


def _depth_ok(data, limit: int) -> bool:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    return True


def loads(text: str | bytes, limit: int, max_depth: int = MAX_DEPTH):
    """Parse JSON text of at most ``limit`` characters (bytes)."""
    if len(text) > limit:
        raise JsonFileError(f"the text is too large ({len(text)} bytes; the limit is {limit})")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonFileError("the text is not UTF-8") from None
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except RecursionError:
        raise JsonFileError(f"the JSON nests deeper than {max_depth} levels") from None
    except JsonFileError:
        raise
    except ValueError as exc:
        first = str(exc).splitlines()[0][:100] if str(exc) else type(exc).__name__
        raise JsonFileError(f"not valid JSON ({first})") from None
    if not _depth_ok(data, max_depth):
        raise JsonFileError(f"the JSON nests deeper than {max_depth} levels")
    return data


