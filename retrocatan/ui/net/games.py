"""My games: every network game this machine holds a seat's token for, kept
in the user folder (``netgames``), with what was last seen of it (whose
turn, the deadline, the step) for the list and the title screen. A game
enters the list once its server gave the seat. A seat being asked for is
kept apart before the join is sent (``netpending``, not in the list), so a
join whose answer was lost is asked again with the same token
(docs/protocol.md) and an address that never answered leaves nothing.

Also kept: the address last joined, the server last hosted on, and the
person's last name, colour and notice addresses (``netplayer``)."""

from __future__ import annotations

import json

from ...storage import FileError

NAME = "netgames"
MAX_BYTES = 400_000
MAX_GAMES = 100
ADDRESS = "netaddress"          # the address last joined, offered again
SERVER = "netserver"            # the server last hosted on, offered again
PLAYER = "netplayer"            # the last name, colour and notice addresses
PENDING = "netpending"          # seats asked for, not yet given: {url, code, token}
MAX_PENDING = 20


def load(storage) -> list[dict]:
    try:
        text = storage.read(NAME, MAX_BYTES)
    except FileError:
        return []
    try:
        data = json.loads(text) if text else []
    except ValueError:
        return []
    return [g for g in data if isinstance(g, dict) and isinstance(g.get("url"), str)
            and isinstance(g.get("token"), str)] if isinstance(data, list) else []


def save(storage, games: list[dict]) -> None:
    try:
        storage.write(NAME, json.dumps(games[-MAX_GAMES:]))
    except FileError:
        pass


def keep(storage, entry: dict) -> None:
    """Add or update the game of ``entry`` (same token: the same seat)."""
    games = [g for g in load(storage) if g.get("token") != entry.get("token")]
    games.append(entry)
    save(storage, games)


def forget(storage, token: str) -> None:
    save(storage, [g for g in load(storage) if g.get("token") != token])


def update(storage, token: str, fields: dict) -> dict | None:
    """Change the fields of the game held with ``token`` (the server's present); the entry, or None
    if it is no longer in the list."""
    games = load(storage)
    for g in games:
        if g.get("token") == token:
            g.update(fields)
            save(storage, games)
            return g
    return None


# --- a seat being asked for --------------------------------------------------------------------------
def _read(storage, name: str, limit: int = 20_000):
    try:
        text = storage.read(name, limit)
        return json.loads(text) if text else None
    except (FileError, ValueError):
        return None


def _write(storage, name: str, data) -> None:
    try:
        storage.write(name, json.dumps(data))
    except FileError:
        pass


def _pending(storage) -> list[dict]:
    data = _read(storage, PENDING)
    return [p for p in data if isinstance(p, dict) and isinstance(p.get("token"), str)] \
        if isinstance(data, list) else []


def pending_token(storage, url: str, code: str) -> str | None:
    """The token of a seat asked for at ``url`` with ``code`` whose answer never came."""
    return next((p["token"] for p in _pending(storage) if p.get("url") == url and p.get("code") == code), None)


def hold_pending(storage, url: str, code: str, token: str) -> None:
    """Keep the token of a seat about to be asked for (before the join is sent)."""
    kept = [p for p in _pending(storage) if p.get("token") != token and (p.get("url"), p.get("code")) != (url, code)]
    _write(storage, PENDING, (kept + [{"url": url, "code": code, "token": token}])[-MAX_PENDING:])


def drop_pending(storage, token: str) -> None:
    _write(storage, PENDING, [p for p in _pending(storage) if p.get("token") != token])


# --- what the person typed last ------------------------------------------------------------------------
def player(storage) -> dict:
    """The last name, colour (a seat number, or None: the first free), e-mail and webhook."""
    data = _read(storage, PLAYER)
    data = data if isinstance(data, dict) else {}
    colour = data.get("colour")
    return {"name": data.get("name") if isinstance(data.get("name"), str) else None,
            "colour": colour if isinstance(colour, int) and not isinstance(colour, bool) else None,
            "email": data.get("email") if isinstance(data.get("email"), str) else "",
            "webhook": data.get("webhook") if isinstance(data.get("webhook"), str) else ""}


def remember_player(storage, **fields) -> None:
    _write(storage, PLAYER, {**player(storage), **fields})


def last_server(storage) -> str:
    data = _read(storage, SERVER, 2000)
    return data["url"] if isinstance(data, dict) and isinstance(data.get("url"), str) else ""


def remember_server(storage, url: str) -> None:
    _write(storage, SERVER, {"url": url})


def by_post(storage) -> list[dict]:
    """The by-post games that go on (as far as this machine knows)."""
    return [g for g in load(storage) if g.get("pace") == "post" and g.get("status") not in ("over", "ended")
            and not g.get("forgotten")]


def waiting_for_me(storage) -> list[dict]:
    """The by-post games whose turn was this seat's when last seen (or last asked)."""
    return [g for g in by_post(storage) if g.get("mine")]


def last_address(storage, default: str = "ws://127.0.0.1:8765") -> str:
    try:
        text = storage.read(ADDRESS, 2000)
        return json.loads(text)["url"] if text else default
    except (FileError, ValueError, KeyError, TypeError):
        return default


def remember_address(storage, url: str) -> None:
    try:
        storage.write(ADDRESS, json.dumps({"url": url}))
    except FileError:
        pass
