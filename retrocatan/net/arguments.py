"""Argument types of the command line's network commands (``serve``,
``create``, ``bot``, ``join``, ``record``, ``stage``): argparse checks that
turn bad input into one clear line."""

from __future__ import annotations

import argparse


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
