"""The server's log: one JSON object a line (for journald, ``docker logs``
or any collector), with the game's id where there is one.

What a line may carry is what the code passes in ``extra`` under the names
of ``FIELDS``, and the message. The server never passes a token, a client's
address, a card a seat keeps hidden, the seed or a notice's address:
connections are counted, not named, and a decision is logged by its number,
seat and who made it (person, computer, clock), never by its action's text.
``tests/test_server_logs.py`` scans a whole game's log for every token and
every hidden card.
"""

from __future__ import annotations

import json
import logging
import sys
import time

FIELDS = ("game", "seat", "n", "k", "by", "via", "code", "status", "reason", "attempt", "steps", "count")
LEVELS = ("debug", "info", "warning", "error")


class JsonLines(logging.Formatter):
    """A log record as one line of JSON: ``t`` (UTC, ISO 8601), ``level``, ``logger``, ``msg``, the
    ``FIELDS`` given, and ``error`` (the exception's type and message) for a failure."""

    def format(self, record: logging.LogRecord) -> str:
        line = {"t": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
                "level": record.levelname.lower(), "logger": record.name, "msg": record.getMessage()}
        given = record.__dict__
        for name in FIELDS:
            if name in given:
                line[name] = given[name]
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            line["error"] = f"{type(exc).__name__}: {exc}"[:500]
            line["where"] = _where(record.exc_info[2])
        return json.dumps(line, ensure_ascii=False, default=str)


def _where(tb) -> str:
    """The innermost frame of a traceback, as file:line (no values: they could hold a secret)."""
    last = None
    while tb is not None:
        last = tb
        tb = tb.tb_next
    if last is None:
        return ""
    return f"{last.tb_frame.f_code.co_filename.rsplit('/retrocatan/', 1)[-1]}:{last.tb_lineno}"


def setup(level: str = "info", stream=None) -> None:
    """Log the ``retrocatan`` loggers at ``level`` as JSON lines to ``stream`` (stderr)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonLines())
    root = logging.getLogger()
    for h in list(root.handlers):
        root.removeHandler(h)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("retrocatan").setLevel(level.upper())
