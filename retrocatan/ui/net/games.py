"""My games: every network game this machine holds a seat's token for, kept
in the user folder (``netgames``), with what was last seen of it (whose
turn, the deadline, the step) for the list and the title screen. A seat's
token is written here before the join is asked, so a join whose answer was
lost is repeated with the same token (docs/protocol.md)."""

from __future__ import annotations

import json

from ...storage import FileError

NAME = "netgames"
MAX_BYTES = 400_000
MAX_GAMES = 100
ADDRESS = "netaddress"          # the address last joined, offered again


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


def waiting_for_me(storage) -> list[dict]:
    """The by-post games whose turn was this seat's when last seen."""
    return [g for g in load(storage) if g.get("pace") == "post" and g.get("mine") and g.get("status") != "over"]


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
