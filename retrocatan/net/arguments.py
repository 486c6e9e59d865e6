"""Argument types of the command line's network commands (``serve``,
``create``, ``bot``, ``join``, ``record``, ``stage``): argparse checks that
turn bad input into one clear line."""

from __future__ import annotations

import argparse


def server_url(text: str) -> str:
    if not (text.startswith("ws://") or text.startswith("wss://")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a ws:// or wss:// address")
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
