"""What the game screen says when its server does not answer: which trouble
(``NetSeat.trouble()``: the host's window closed, the server down, the
address never reached, the network gone, the seat refused), since when,
and what happens to the game meanwhile. The status line's one line, and the
lines of the box over the board (``scenes/network_game.py``). No Pyxel here.
"""

from __future__ import annotations

import time

from ..text import t


def since_text(since: float, now: float | None = None) -> str:
    """A moment as the status line says it: 14:02 today, 3 Dec 14:02 before."""
    now = time.time() if now is None else now
    when = time.localtime(since)
    if time.localtime(now)[:3] == when[:3]:
        return time.strftime("%H:%M", when)
    return f"{when.tm_mday} {t(f'net.month.{when.tm_mon}')} {time.strftime('%H:%M', when)}"


def _fields(net, trouble) -> dict:
    return {"since": since_text(trouble.since), "address": trouble.address,
            "why": net.failure_text() or ""}


def trouble_status(net) -> str:
    """The status line while the seat is not connected."""
    trouble = net.trouble()
    if trouble is None:             # the first attempt, or the seat closed here
        wait = net.seconds_to_retry()
        if wait is None:
            return t("net.connecting") if net.status == "connecting" else t("net.reconnecting")
        return t("net.reconnecting_in", s=max(1, round(wait)))
    return t(f"net.trouble.{trouble.kind}", **_fields(net, trouble))


def trouble_lines(net) -> tuple[str, list[str]] | None:
    """(headline, lines) of the box that says what keeps the seat from its server and what
    happens to the game meanwhile; None while nothing does."""
    trouble = net.trouble()
    if trouble is None:
        return None
    fields = _fields(net, trouble)
    lines = t(f"net.trouble.{trouble.kind}.more", **fields).split("\n")
    return t(f"net.trouble.{trouble.kind}", **fields), lines
