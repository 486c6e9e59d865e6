"""How a planning player judges (``Judge``): its noise on every score, its
pick of the best scored action, what one card of each resource is worth
to it now, and the expected wait for the cards a goal costs."""

from __future__ import annotations

from ..engine.refusals import missing
from .knowledge import Seat
from .level import Level
from .memory import PlayerMemory


class Judge:
    """The scoring every part of the planner uses: its level's noise
    (``figures``, a ``Level``) drawn from the player's generator (``memory``)."""

    def __init__(self, figures: Level, memory: PlayerMemory) -> None:
        self.figures = figures
        self.memory = memory

    def jitter(self) -> float:
        """A random share of a score, within +-``Level.noise`` (0: none, and no number drawn)."""
        noise = self.figures.noise
        if not noise:
            return 0.0
        return noise * (self.memory.rng.below(1000) / 1000.0 - 0.5) * 2

    def pick(self, legal, score):
        """The action of ``legal`` with the best ``score``, each score times 1 + ``jitter``."""
        best, best_s = None, None
        for a in legal:
            s = score(a) * (1.0 + self.jitter())
            if best_s is None or s > best_s:
                best, best_s = a, s
        return best

    @staticmethod
    def weights(seat: Seat) -> list[float]:
        """Value of one card of each resource to this player now: the less
        of it the player produces, the more a card is worth."""
        prod = seat.production(seat.me)
        return [1.0 + 2.0 / (1.0 + prod[r]) for r in range(5)]

    @staticmethod
    def waiter(seat: Seat):
        """The expected wait, in rounds, until this player holds ``cost``:
        ``wait(cost)``."""
        hand = seat.hand
        prod = seat.production(seat.me)
        rate = [max(0.3, p / 36.0) for p in prod]   # expected cards per roll

        def wait(cost) -> float:
            need = missing(hand, cost)
            turns = 0.0
            for r in range(5):
                if need[r]:
                    turns = max(turns, need[r] / (rate[r] * seat.n / 1.0))
            # Trading shortens the wait: count surplus cards.
            surplus = sum(max(0, h - c) for h, c in zip(hand, cost))
            return max(0.0, turns - 0.15 * surplus)
        return wait
