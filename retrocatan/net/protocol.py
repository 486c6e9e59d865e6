"""The messages between the server and its clients (docs/protocol.md).

Every message is one JSON object in one WebSocket text frame, with a
``type``. This module reads a client's message (size, JSON, types) into a
plain dict or refuses it with a ``ProtocolError`` whose code the client
receives; it holds the version and the limits both sides agree on.
"""

from __future__ import annotations

import json

PROTOCOL = 1
MAX_MESSAGE = 64 * 1024         # bytes in one client message (a scenario object fits)

# type -> {field: type or tuple of types}; the fields a client's message of that type may carry.
_STR, _INT = (str,), (int,)
CLIENT_MESSAGES: dict[str, dict[str, tuple]] = {
    "hello": {"protocol": _INT, "client": _STR},
    "create": {"config": (dict,), "pace": _STR, "clocks": (dict,), "seats": (list,), "start": _STR, "id": _INT},
    "join": {"code": _STR, "name": _STR, "seat": _INT, "token": _STR, "id": _INT},
    "resume": {"game": _STR, "token": _STR, "after": _INT, "id": _INT},
    "watch": {"code": _STR, "after": _INT, "id": _INT},
    "act": {"action": _STR, "step": _INT, "id": _INT},
    "chat": {"text": _STR, "id": _INT},
    "back": {"id": _INT},
    "seat": {"game": _STR, "owner": _STR, "seat": _INT, "level": _STR, "id": _INT},
    "start": {"game": _STR, "owner": _STR, "id": _INT},
    "record": {"game": _STR, "code": _STR, "id": _INT},
    "stage": {"game": _STR, "code": _STR, "step": _INT, "id": _INT},
    "ping": {"id": _INT},
}
REQUIRED = {"join": ("code", "name"), "resume": ("game", "token"), "watch": ("code",), "act": ("action",),
            "chat": ("text",), "seat": ("game", "owner", "seat"), "start": ("game", "owner"),
            "create": ("config",)}


class ProtocolError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


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
    spec = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if spec is None:
        raise ProtocolError("unknown_type", "unknown message type")
    for key, value in msg.items():
        if key == "type":
            continue
        want = spec.get(key)
        if want is None:
            raise ProtocolError("bad_message", f"{kind}: unknown field {key[:30]!r}")
        if not isinstance(value, want) or (want is _INT and isinstance(value, bool)):
            raise ProtocolError("bad_message", f"{kind}: field {key!r} has the wrong type")
        if want is _INT and not -2**53 <= value <= 2**53:
            raise ProtocolError("bad_message", f"{kind}: field {key!r} is out of range")
    for key in REQUIRED.get(kind, ()):
        if key not in msg:
            raise ProtocolError("bad_message", f"{kind}: field {key!r} is missing")
    return msg


def _no_constant(name: str):
    raise ValueError(name)


def dumps(msg: dict) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
