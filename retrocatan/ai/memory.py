"""A computer player's memory of the turn (``PlayerMemory``): what it keeps
from one decision to the next besides the game itself. Its generator, the
turn it last decided in, the offers it made that turn and the ones it
tried, and the edges it moved ships off (never moved onto again)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.rng import Rng, derive_seed


@dataclass
class PlayerMemory:
    """What a planning player remembers between decisions (module docstring).
    Its parts hold this one object: ``recall`` puts another memory's
    contents into it, so they see the memory recalled."""

    rng: Rng                                    # every choice that needs chance
    turn: tuple | None = None                   # (turn, current player) it last decided in
    offers: int = 0                             # offers made to other players this turn
    tried: set = field(default_factory=set)     # offers tried this turn, by their bundles (give, get)
    left: set = field(default_factory=set)      # edges it moved a ship off

    @classmethod
    def of_seat(cls, seed: int, seat: int) -> PlayerMemory:
        """A fresh memory for ``seat``, its generator seeded from the game's
        ``seed`` and the seat (so games of computer players replay)."""
        return cls(Rng(derive_seed(seed, seat, 0xC47A)))

    def new_turn(self, view) -> None:
        """A new turn (or another player's) forgets the offers of the last:
        their count (``Level.offers_per_turn``) and the ones tried."""
        key = (view.turn, view.current)
        if key != self.turn:
            self.turn, self.offers, self.tried = key, 0, set()

    def copy(self) -> PlayerMemory:
        """A copy of this memory, its generator and sets copied too, to
        ``recall`` later."""
        return PlayerMemory(Rng.from_state(*self.rng.get_state()), self.turn, self.offers, set(self.tried),
                            set(self.left))

    def recall(self, other: PlayerMemory) -> None:
        """This memory as ``other`` holds it: its generator and sets are
        ``other``'s own objects from now on (recall a ``copy`` to keep
        ``other`` as it is)."""
        self.rng, self.turn, self.offers, self.tried, self.left = (other.rng, other.turn, other.offers, other.tried,
                                                                   other.left)
