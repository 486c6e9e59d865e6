"""The messages between the server and its clients (docs/protocol.md).

Every message is one JSON object in one WebSocket text frame, with a
``type``. This module reads a client's message (size, JSON, types) into a
plain dict or refuses it with a ``ProtocolError`` whose code the client
receives, with the message's ``type`` and ``id`` when they could be read; it
holds the version and the limits both sides agree on. The server's messages
are ``messages.py``'s.
"""

from __future__ import annotations

import json

PROTOCOL = 1
MAX_MESSAGE = 64 * 1024         # bytes in one client message (a scenario object fits)

# type -> {field: tuple of types}; the fields a client's message of that type may carry. A whole
# number is an int (not a bool) within +-2**53; null is allowed where the tuple has NoneType (the
# field's default).
_STR, _INT, _INT_OR_NULL = (str,), (int,), (int, type(None))
CLIENT_MESSAGES: dict[str, dict[str, tuple]] = {
    "hello": {"protocol": _INT, "client": _STR},
    "create": {"config": (dict,), "pace": _STR, "clocks": (dict,), "seats": (list,), "start": _STR,
               "listed": (bool,), "id": _INT},
    "join": {"code": _STR, "name": _STR, "seat": _INT, "token": _STR, "notify": (dict,), "id": _INT},
    "resume": {"game": _STR, "token": _STR, "after": _INT, "id": _INT},
    "watch": {"code": _STR, "after": _INT, "id": _INT},
    "act": {"action": _STR, "step": _INT_OR_NULL, "id": _INT},
    "chat": {"text": _STR, "id": _INT},
    "back": {"id": _INT},
    "seat": {"game": _STR, "owner": _STR, "seat": _INT, "level": _STR, "id": _INT},
    "start": {"game": _STR, "owner": _STR, "id": _INT},
    "record": {"game": _STR, "code": _STR, "id": _INT},
    "stage": {"game": _STR, "code": _STR, "step": _INT_OR_NULL, "id": _INT},
    "ping": {"id": _INT},
    "notify": {"notify": (dict,), "id": _INT},
    "games": {"id": _INT},
    "peek": {"seats": (list,), "id": _INT},
    "admin": {"secret": _STR, "do": _STR, "game": _STR, "status": _STR, "limit": _INT, "days": (int, float),
              "id": _INT},
}
REQUIRED = {"join": ("code", "name"), "resume": ("game", "token"), "watch": ("code",), "act": ("action",),
            "chat": ("text",), "seat": ("game", "owner", "seat"), "start": ("game", "owner"),
            "create": ("config",), "admin": ("secret", "do"), "peek": ("seats",)}


class ProtocolError(Exception):
    """A message refused before it is answered: ``code``, and the message's type (``re``)
    and ``id`` where they could be read."""

    def __init__(self, code: str, message: str, re: str | None = None, id: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.re = re
        self.id = id


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -2**53 <= value <= 2**53


def read(raw) -> dict:
    """A client's message, checked: ``ProtocolError`` says what is wrong."""
    if isinstance(raw, bytes):
        raise ProtocolError("bad_message", "messages are JSON text frames, not binary")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "not a JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "not a JSON object")
    kind = msg.get("type")
    rid = msg.get("id") if _whole(msg.get("id")) else None
    re = kind[:40] if isinstance(kind, str) else None
    spec = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if spec is None:
        raise ProtocolError("unknown_type", "unknown message type", re, rid)
    for key, value in msg.items():
        if key == "type":
            continue
        want = spec.get(key)
        if want is None:
            raise ProtocolError("bad_message", f"{kind}: unknown field {key[:30]!r}", re, rid)
        if not isinstance(value, want) or (isinstance(value, bool) and bool not in want):
            raise ProtocolError("bad_message", f"{kind}: field {key!r} has the wrong type", re, rid)
        if isinstance(value, int) and not isinstance(value, bool) and not _whole(value):
            raise ProtocolError("bad_message", f"{kind}: field {key!r} is out of range", re, rid)
    for key in REQUIRED.get(kind, ()):
        if key not in msg:
            raise ProtocolError("bad_message", f"{kind}: field {key!r} is missing", re, rid)
    if None in msg.values():            # null: the field's default
        msg = {k: v for k, v in msg.items() if v is not None}
    return msg


def _no_constant(name: str):
    raise ValueError(name)


def dumps(msg: dict) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
