"""Argument types of the command line's network commands (``serve``,
``create``, ``bot``, ``join``, ``record``, ``stage``): argparse checks that
turn bad input into one clear line."""

from __future__ import annotations

import argparse
import os


def server_url(text: str) -> str:
    """A server's address: ws:// or wss://, a host, and a port from 1 to 65535 if one is given."""
    from urllib.parse import urlsplit
    if not (text.startswith("ws://") or text.startswith("wss://")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a ws:// or wss:// address")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: the port is not a number from 1 to 65535") from None
    if not parts.hostname:
        raise argparse.ArgumentTypeError(f"{text!r} names no host (ws://HOST:PORT)")
    if port == 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the port is not a number from 1 to 65535")
    return text


def secret(path: str | None, env: str) -> str:
    """A secret from the file ``path`` (a ``--...-file`` option) or else the environment variable
    ``env``, never the command line (which every user of the machine can read); "" when neither
    gives one. ``ValueError`` saying why in one line when the file cannot be read."""
    if not path:
        return os.environ.get(env, "")
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a text file") from None


def number(kind=int, lo=1, hi=10**9):
    def parse(text: str):
        try:
            v = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{v} is not between {lo} and {hi}")
        return v
    return parse
