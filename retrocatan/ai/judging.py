"""How a planning player judges: its noise on every score, its pick of
the best scored action, what one card of each resource is worth to it now,
and the expected wait for the cards a goal costs."""

from __future__ import annotations

from .knowledge import Seat


def missing(hand, cost) -> list[int]:
    """Per resource, the cards ``hand`` lacks to pay ``cost``."""
    return [max(0, c - h) for h, c in zip(hand, cost)]


class Judging:
    """The scoring every part of the planner uses (``rng`` and ``cfg``, a
    ``level.Level``, are the player's)."""

    def _jitter(self) -> float:
        if not self.cfg.noise:
            return 0.0
        return self.cfg.noise * (self.rng.below(1000) / 1000.0 - 0.5) * 2

    def _pick(self, legal, score):
        best, best_s = None, None
        for a in legal:
            s = score(a) * (1.0 + self._jitter())
            if best_s is None or s > best_s:
                best, best_s = a, s
        return best

    def _weights(self, seat: Seat) -> list[float]:
        """Value of one card of each resource to this player now: the less
        of it the player produces, the more a card is worth."""
        prod = seat.production(seat.me)
        w = []
        for r in range(5):
            w.append(1.0 + 2.0 / (1.0 + prod[r]))
        return w

    def _waiter(self, seat: Seat):
        """The expected wait, in rounds, until this player holds ``cost``."""
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
