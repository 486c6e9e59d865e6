"""The server's data about one game, declared: its status, its seats, the
pending deadline, and the table's meta that holds them (stored as one JSON
object with the game, ``store.py``).

``TableMeta.from_json`` reads every meta a server of this storage format
wrote, also one written before a field existed (the field's default), and
``to_json`` writes the same shape back: a field at its default is left out,
so a seat is ``{"kind": "open"}`` as it always was. A key this code does
not know (written by a newer server) is kept as it is (``extra``) and
written back unchanged.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from .clocks import Pace

META_VERSION = 2       # 2: the meta keeps the game's present (step, turn, decider); 1 did not


class Status(StrEnum):
    """Where a game is: ``open`` (seats to fill), ``playing``, ``over`` (the rules ended it:
    a winner) or ``ended`` (the server ended it: expired, or its operator)."""

    OPEN = "open"
    PLAYING = "playing"
    OVER = "over"
    ENDED = "ended"

    @property
    def goes_on(self) -> bool:
        """Whether the game can still go on (counts against ``--max-games``)."""
        return self in (Status.OPEN, Status.PLAYING)


GOING_ON = tuple(s.value for s in Status if s.goes_on)
FINISHED = tuple(s.value for s in Status if not s.goes_on)


class SeatKind(StrEnum):
    OPEN = "open"
    PERSON = "person"
    COMPUTER = "computer"


class DeadlineKind(StrEnum):
    """What a deadline waits for: a turn's player, a decision outside one's turn (or the
    robber), answers to an offer, or a computer's pause before it decides."""

    TURN = "turn"
    DECISION = "decision"
    OFFER = "offer"
    COMPUTER = "computer"


class EndReason(StrEnum):
    """Why the server ended a game (the ``end`` entry's ``why``)."""

    UNJOINED = "unjoined"        # open, and nobody took its seats within the bound
    ABANDONED = "abandoned"      # live, and no person connected within the bound
    SILENT = "silent"            # by post, and no person moved within the bound
    ADMIN = "admin"              # its server's operator ended it


def _compact(obj, skip: tuple[str, ...] = ()) -> dict:
    """The dataclass's fields that differ from their defaults, as JSON values."""
    out = {}
    for f in fields(obj):
        if f.name in skip:
            continue
        v = getattr(obj, f.name)
        if v != f.default:
            out[f.name] = v.value if isinstance(v, StrEnum) else v
    return out


@dataclass
class Seat:
    """One seat: open, a person's (their token's SHA-256) or a computer's. ``away``: a
    computer plays a person's seat until they come back; ``missed``: live turns the
    person missed in a row (``missed_turn`` the last one)."""

    kind: SeatKind = SeatKind.OPEN
    name: str | None = None
    level: str | None = None
    token: str | None = None
    away: bool = False
    missed: int = 0
    missed_turn: int | None = None

    @classmethod
    def person(cls, name: str, token_hash: str) -> Seat:
        return cls(SeatKind.PERSON, name=name, token=token_hash)

    @classmethod
    def computer(cls, level: str) -> Seat:
        return cls(SeatKind.COMPUTER, name=f"Computer ({level})", level=level)

    @property
    def plays_itself(self) -> bool:
        """A computer decides for it (a computer's seat, or an away person's)."""
        return self.kind == SeatKind.COMPUTER or self.away

    def to_json(self) -> dict:
        out = _compact(self)
        out["kind"] = self.kind.value
        return out

    @classmethod
    def from_json(cls, data: dict) -> Seat:
        known = {f.name for f in fields(cls)}
        s = cls(**{k: v for k, v in data.items() if k in known})
        s.kind = SeatKind(s.kind)
        return s


@dataclass
class Deadline:
    """The pending decision's clock: whose (``seat``), what for (``kind``), when (``at``,
    seconds since the epoch), when to warn (``warn``) and whether the warning went."""

    seat: int
    kind: DeadlineKind
    at: float
    warn: float | None = None
    warned: bool = False

    def to_json(self) -> dict:
        out = {"seat": self.seat, "kind": self.kind.value, "at": self.at}
        if self.warn is not None:
            out["warn"] = self.warn
        if self.warned:
            out["warned"] = True
        return out

    def public(self) -> dict:
        """As every seat sees it (the ``table``'s ``deadline``)."""
        out = self.to_json()
        out.pop("warned", None)
        return out

    @classmethod
    def from_json(cls, data: dict | None) -> Deadline | None:
        if not data:
            return None
        return cls(data["seat"], DeadlineKind(data["kind"]), data["at"], data.get("warn"), bool(data.get("warned")))

    def moved_on(self, seconds: float) -> None:
        self.at += seconds
        if self.warn is not None:
            self.warn += seconds


@dataclass
class TableMeta:
    """A game's meta: what the store keeps beside its entries (the entries are the game)."""

    status: Status
    config: dict                     # GameConfig.to_dict(), with the seed
    pace: Pace
    seats: list[Seat]
    owner: str                       # the owner token's SHA-256
    start: str                       # "owner" or "full"
    created: float
    code: str = ""
    deadline: Deadline | None = None
    turn_key: list | None = None     # the turn (or founding placement) whose clock runs
    turn_deadline: float | None = None
    listed: bool = False             # shown in the server's list of open games
    # The game's present, kept so that a look at it needs no replay (peek, admin):
    step: int = 0                    # decisions made
    turn: int = 0                    # the engine's turn number
    decider: int = -1                # whose decision it is (-1: nobody's)
    moved: float | None = None       # when the last decision was made (anyone's)
    person_moved: float | None = None    # ... the last decision of a person
    alone: float | None = None       # since when no person is connected (None: somebody is)
    clocks_at: float | None = None   # when its deadlines were last current (a server pause moves them on)
    ended: EndReason | None = None   # why the server ended it
    version: int = META_VERSION
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {"version": self.version, "status": self.status.value, "config": self.config,
               "pace": self.pace.to_json(), "seats": [s.to_json() for s in self.seats], "owner": self.owner,
               "start": self.start, "created": self.created,
               "deadline": self.deadline.to_json() if self.deadline else None,
               "turn_key": self.turn_key, "turn_deadline": self.turn_deadline, "code": self.code}
        out.update(_compact(self, skip=tuple(out) + ("extra",)))
        out.update(self.extra)
        return out

    @classmethod
    def from_json(cls, data: dict) -> TableMeta:
        known = {f.name for f in fields(cls)} - {"extra"}
        kw: dict[str, Any] = {k: v for k, v in data.items() if k in known}
        kw["status"] = Status(data["status"])
        kw["pace"] = Pace.from_json(data["pace"])
        kw["seats"] = [Seat.from_json(s) for s in data["seats"]]
        kw["deadline"] = Deadline.from_json(data.get("deadline"))
        if kw.get("ended") is not None:
            kw["ended"] = EndReason(kw["ended"])
        kw["extra"] = {k: v for k, v in data.items() if k not in known}
        return cls(**kw)

    def seat_with(self, token_hash: str) -> int | None:
        """The seat whose token has this SHA-256 (compared in constant time), or None."""
        for p, s in enumerate(self.seats):
            if s.token is not None and secrets.compare_digest(s.token, token_hash):
                return p
        return None

    @property
    def knows_present(self) -> bool:
        """Whether ``step``, ``turn`` and ``decider`` say where the game is (a meta of version 1,
        of a game that started, does not: its game must be replayed)."""
        return self.version >= 2 or self.status == Status.OPEN

    @property
    def free(self) -> int:
        """Seats nobody holds."""
        return sum(s.kind == SeatKind.OPEN for s in self.seats)
