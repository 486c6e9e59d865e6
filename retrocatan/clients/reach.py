"""Waiting for a server that is down: ``retrocatan join`` and ``retrocatan
bot`` try to connect with the seat stream's growing waits
(``net.seat_stream.backoff``) until the server answers, saying on stderr
that they wait (and again each minute), instead of giving up: a server
restarting, or started after its players, loses nobody."""

from __future__ import annotations

import asyncio
import time

from ..net.seat_stream import backoff

REMIND_S = 60.0             # seconds between two "still waiting" lines


async def reach(url: str, say, clock=time.monotonic) -> int:
    """Return once a WebSocket connection to ``url`` opens (closing it again): the
    attempts that failed before. ``say(line)`` is told when it cannot, with why, and
    every ``REMIND_S`` while it waits; and when the server answers after that.
    A URL that is not a WebSocket address raises ``InvalidURI``."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidHandshake, InvalidURI
    attempt = 0
    since = told = None
    while True:
        try:
            async with connect(url, compression=None, open_timeout=5, close_timeout=1):
                pass
        except InvalidURI:
            raise
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            now = clock()
            if since is None:
                since = told = now
                say(f"cannot reach {url} ({_why(exc)}): waiting for it (Ctrl-C to stop)")
            elif now - told >= REMIND_S:
                told = now
                say(f"still waiting for {url} ({int(now - since)} s; {_why(exc)})")
            await asyncio.sleep(backoff(attempt))
            attempt += 1
            continue
        if since is not None:
            say(f"{url} answers: going on")
        return attempt


def _why(exc: BaseException) -> str:
    """An exception in a few words: its message, or its kind where it has none (a timeout)."""
    return " ".join(str(exc).split()) or type(exc).__name__
