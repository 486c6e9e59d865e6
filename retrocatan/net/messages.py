"""Every message the server sends, in one catalogue (docs/protocol.md,
"Server to client"), and the one helper that builds them.

``SERVER_MESSAGES`` maps a message's ``type`` to its fields: the ones it
always has and the ones it may have. ``message(type, **fields)`` builds a
message and refuses (``ValueError``) a field its type does not have or a
missing one, so the server cannot send what the protocol does not say;
``tests/test_server_messages.py`` checks the catalogue against
docs/protocol.md both ways, as it checks ``protocol.CLIENT_MESSAGES``.
``ERROR_CODES`` are the codes an ``error`` may carry.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shape:
    """A server message's fields: ``always`` present, ``maybe`` present; ``open``: it may
    carry more (an ``error``'s parameters: a refusal's, or where another server is)."""

    always: frozenset
    maybe: frozenset = frozenset()
    open: bool = False

    @property
    def fields(self) -> frozenset:
        return self.always | self.maybe


def _shape(always: str, maybe: str = "", open: bool = False) -> Shape:
    return Shape(frozenset(always.split()), frozenset(maybe.split()), open)


_PRESENT = "table state step record"
SERVER_MESSAGES: dict[str, Shape] = {
    "hello": _shape("protocol server limits notices"),
    "created": _shape("game code owner", "id"),
    "joined": _shape("game seat token", "id"),
    "welcome": _shape("game seat seq", "id"),
    "entry": _shape("seq k", "seat by what name level text a why events " + _PRESENT),
    "sync": _shape("seq table", "state step record"),
    "table": _shape("table"),
    "clock": _shape("seat at left"),
    "ok": _shape("", "seq notify id"),
    "pong": _shape("", "id"),
    "record": _shape("game record", "id"),
    "stage": _shape("game step steps state events names seats", "id"),
    "error": _shape("code message", "re id", open=True),
    "games": _shape("games", "id"),
    "peek": _shape("seats", "id"),
    "admin": _shape("do", "games game status removed kept id"),
}

ERROR_CODES = frozenset("""
    bad_json bad_message unknown_type too_big hello_first protocol rate strikes
    not_found bad_token no_seat seat_taken bad_seat bad_name bad_config bad_pace bad_seats bad_level bad_start
    seats_open started not_started not_your_turn stale bad_action refused game_over not_over bad_chat bad_step
    full busy bad_notify server diverged elsewhere
""".split())


def message(kind: str, id: int | None = None, **fields) -> dict:
    """The server's message ``kind`` with ``fields`` (and the request's ``id`` when it had one)."""
    shape = SERVER_MESSAGES.get(kind)
    if shape is None:
        raise ValueError(f"no server message {kind!r} in the catalogue")
    if id is not None:
        fields["id"] = id
    missing = shape.always.difference(fields)
    if missing:
        raise ValueError(f"{kind}: missing {', '.join(sorted(missing))}")
    if not shape.open:
        unknown = fields.keys() - shape.fields
        if unknown:
            raise ValueError(f"{kind}: no field {', '.join(sorted(unknown))}")
    return {"type": kind, **fields}


def error(code: str, text: str, re: str | None = None, id: int | None = None, **params) -> dict:
    """An ``error`` answer: its ``code`` (``ERROR_CODES``), a sentence, the request's type and id."""
    if code not in ERROR_CODES:
        raise ValueError(f"no error code {code!r} in the catalogue")
    if re is not None:
        params["re"] = re
    return message("error", id=id, code=code, message=text, **params)
