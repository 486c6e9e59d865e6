"""Saving the game being played: into a named slot, the autosave after
every decision (``Autosaver``), and the finished games kept for the replay viewer. Uses the
save format of ``retrocatan.saves`` unchanged; the screen only says what
failed, in the player's language (``failure``)."""

from __future__ import annotations

import time

from ..saves import AUTOSAVE, MAX_FINISHED, dumps, make_save
from ..storage import FileError
from .text import TEXTS, t


def failure(exc: Exception) -> str:
    """Why a save or a load failed, in the current language: the
    ``savefail.<code>`` text of a ``SaveError`` or a ``FileError`` (the
    message itself only for an error without a known code)."""
    code = getattr(exc, "code", None)
    if not code or f"savefail.{code}" not in TEXTS["en"]:
        return str(exc) if code is None else t("savefail.unknown")
    try:
        return t(f"savefail.{code}").format(**getattr(exc, "params", {}))
    except (KeyError, IndexError, ValueError):
        return t("savefail.unknown")


def save_to(storage, session, name: str) -> str | None:
    """Write the game to ``name``; None, or the reason it failed."""
    data = make_save(session.game, session.seat_dicts(), name, speed=session.speed, hashes=session.hashes)
    try:
        storage.write(name, dumps(data))
    except FileError as exc:
        return failure(exc)
    return None


def autosave(storage, session) -> str | None:
    """The save a crash or a closed window goes on from."""
    return save_to(storage, session, AUTOSAVE)


# Computers deciding faster than this (the fast and instant paces, skipping
# ahead) are autosaved at most this often; see ``Autosaver``.
AUTOSAVE_GAP_MS = 300


class Autosaver:
    """The autosave after every decision a person or a computer makes, the
    founding included, so Continue after a crash or a kill goes on from the
    last decision. A write costs a few milliseconds (the record, its JSON, an
    atomic write with fsync: benchmarks/autosave_cost.py), so decisions of
    computers coming faster than ``gap_ms`` apart are coalesced: written at
    most every ``gap_ms``, but always before a person's decision and at every
    turn's end (``after(urgent=True)``)."""

    def __init__(self, storage, session, gap_ms: int = AUTOSAVE_GAP_MS, clock=time.monotonic) -> None:
        self.storage, self.session, self.gap, self.clock = storage, session, gap_ms / 1000, clock
        self.saved = len(session.game.history)      # a new game: nothing decided; a loaded one: on file
        self.last = -1e9
        self.why: str | None = None                 # why the last write failed (None: it did not)

    def pending(self) -> bool:
        return len(self.session.game.history) != self.saved and not self.session.game.over

    def after(self, urgent: bool = False) -> str | None:
        """Write the autosave if a decision is not on file yet (and it is
        urgent or ``gap_ms`` passed); None, or why the write failed."""
        if not self.pending():
            return None
        now = self.clock()
        if not urgent and now - self.last < self.gap:
            return None
        self.saved, self.last = len(self.session.game.history), now
        self.why = autosave(self.storage, self.session)
        return self.why


def keep_finished(storage, session) -> str | None:
    """A finished game is kept for the replay viewer (the newest
    ``MAX_FINISHED``); the autosave goes. None, or why it could not be kept."""
    why = keep_record(storage, session.game, session.seat_dicts(), session.hashes, session.speed)
    if why is None:
        storage.delete(AUTOSAVE)
    return why


def keep_record(storage, game, seats: list[dict], hashes=None, speed: int = 1) -> str | None:
    """``game`` (over, with its history) among the finished games the replay viewer opens, the
    oldest beyond ``MAX_FINISHED`` dropped; None, or why it could not be written."""
    name = time.strftime("finished-%Y%m%d-%H%M%S", time.localtime(time.time())) + f"-{game.config.seed}"
    data = make_save(game, seats, name, speed=speed, hashes=hashes)
    try:
        storage.write(name, dumps(data))
    except FileError as exc:
        return failure(exc)
    old = sorted(n for n in storage.names() if n.startswith("finished-"))
    for n in old[:-MAX_FINISHED]:
        storage.delete(n)
    return None


class ServerKeeps:
    """A network game's keeper at this machine: the server keeps every decision, so there is
    nothing to write after one (the finished game's record is kept when asked: ``NetSession.finished``)."""

    why = None

    def pending(self) -> bool:
        return False

    def after(self, urgent: bool = False) -> str | None:
        return None
