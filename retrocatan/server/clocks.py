"""Paces and their clocks: how long a seat may take over a decision, and
what happens when its time runs out (docs/server.md, "Paces and clocks").

- *live*: 90 s for a turn, 30 s for a decision outside one's own turn (a
  discard, an answer to an offer, a special build) or for the robber; a
  warning 15 s before the end. At zero a computer of the pace's level makes
  the pending decision (at a turn's end it finishes the turn); after
  ``missed_turns`` missed turns in a row the computer plays the seat until
  its person is back.
- *post*, the forum game's rules: 24 hours a move; an offer lapses 6 hours
  after it was made (the seats that have not answered decline); at 24
  hours without a move the turn passes, and any decision the rules require
  (a roll, a discard, the robber) is made by a computer.

A game's clocks may be set within ``BOUNDS``: up to 30 days each, and a
computer's pause up to a minute (a longer one is refused).

A founding placement (a settlement and its road) has the turn's clock, for
every founder alike. A clock of 0 is no clock: ``turn``, ``decision`` or
``offer`` at 0 and that decision waits for its person; ``warn`` at 0 sends
no warning; ``computer_delay`` at 0 lets computers act at once.

Every deadline is a number of seconds since the epoch, kept in the store
with the game, so a restarted server keeps its clocks; the time it was down
(from its ``Heartbeat``) is a pause that moves every deadline
running then on (``Table.catch_up_clocks``). Time comes from a clock object
(``now()``), so tests inject one and never sleep.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, fields

from ..seat_kinds import COMPUTER_LEVELS

PACES = ("live", "post")
MONTH = 30 * 86400.0
# seconds each clock may be set to, at least and at most (docs/server.md, "Paces and clocks")
BOUNDS = {"turn": (0.0, MONTH), "decision": (0.0, MONTH), "offer": (0.0, MONTH), "warn": (0.0, MONTH),
          "computer_delay": (0.0, 60.0)}
BEAT_S = 5.0                    # a server's heartbeat in the store (Heartbeat)


class SystemClock:
    """The wall clock."""

    @staticmethod
    def now() -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told (tests)."""

    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class Heartbeat:
    """A server's heartbeat in its store (``key``: which server of the store), written every
    ``BEAT_S`` while it runs and when it stops: started again, it knows when it went down."""

    def __init__(self, store, clock, key: str) -> None:
        self.store, self.clock, self.key = store, clock, key

    def wake(self) -> list[tuple[float, float]]:
        """The times this server was down, the last one (from its last heartbeat until now)
        kept first: a game's deadlines are moved on by them when it is loaded."""
        now = self.clock.now()
        last = self.store.beat(self.key, now)
        if last is not None and now > last:
            self.store.add_pause(self.key, last, now)
        return self.store.pauses(self.key)

    def beat(self, running: bool = True) -> None:
        """It runs (or, ``running`` False, it stops now)."""
        self.store.beat(self.key, self.clock.now(), running)


@dataclass(frozen=True)
class Pace:
    """The clocks of a game (seconds). See the module docstring."""

    name: str = "live"
    turn: float = 90.0          # live: a whole turn; post: each move of the turn's player
    decision: float = 30.0      # a decision outside one's turn, or the robber
    offer: float = 30.0         # answers to an offer, from when it was made
    warn: float = 15.0          # a warning this long before a person's deadline
    missed_turns: int = 2       # live: missed turns in a row before the computer plays the seat (0: never)
    takeover: str = "normal"    # the level of the computer that acts for a late seat
    computer_delay: float = 1.0  # a computer seat's pause before each decision (people can follow)

    @classmethod
    def of(cls, name: str, **changes) -> Pace:
        """The pace ``name`` with its defaults, then ``changes``; ValueError names a bad one."""
        if name not in PACES:
            raise ValueError(f"pace must be one of {', '.join(PACES)}")
        base = cls() if name == "live" else cls(
            "post", turn=24 * 3600.0, decision=24 * 3600.0, offer=6 * 3600.0, warn=3600.0,
            missed_turns=0, computer_delay=0.0)
        known = {f.name for f in fields(cls)} - {"name"}
        for k, v in changes.items():
            if k not in known:
                raise ValueError(f"unknown clock setting {k!r}")
            if k == "takeover":
                if v not in COMPUTER_LEVELS:
                    raise ValueError(f"takeover must be one of {', '.join(COMPUTER_LEVELS)}")
            elif k == "missed_turns":
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 100:
                    raise ValueError("missed_turns must be a whole number from 0 to 100")
            elif not isinstance(v, (int, float)) or isinstance(v, bool) or not BOUNDS[k][0] <= v <= BOUNDS[k][1]:
                lo, hi = BOUNDS[k]
                raise ValueError(f"{k} must be a number of seconds from {lo:g} to "
                                 f"{'30 days' if hi == MONTH else f'{hi:g}'}")
        d = {**asdict(base), **{k: (float(v) if k not in ("takeover", "missed_turns") else v)
                                for k, v in changes.items()}}
        return cls(**d)

    @classmethod
    def from_json(cls, data: dict) -> Pace:
        """A stored game's clocks, as they were set (within the bounds of its day)."""
        return cls(**data)

    def to_json(self) -> dict:
        return asdict(self)
