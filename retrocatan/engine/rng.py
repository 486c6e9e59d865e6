"""The seeded random generator that lives inside the game state.

PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically
Good Algorithms for Random Number Generation", variant XSH RR 64/32).
Pure integer arithmetic, so it gives the same numbers on every machine and
every Python version; its whole state is two integers that are saved with
the game.
"""

from __future__ import annotations

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
# below(n) rejects the draws under (2**32 - n) % n, so that every result is equally likely
_THRESHOLDS = tuple((0x100000000 - n) % n if n else 0 for n in range(256))


class Rng:
    """PCG32 generator: ``next_u32``, ``below(n)``, ``shuffle(seq)``."""

    __slots__ = ("state", "inc")

    def __init__(self, seed: int = 0, stream: int = 0x5EED) -> None:
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next_u32()

    @classmethod
    def from_state(cls, state: int, inc: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state & _MASK64
        rng.inc = (inc | 1) & _MASK64
        return rng

    def get_state(self) -> list[int]:
        return [self.state, self.inc]

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        # rotated right by old >> 59: the 32 bits twice side by side, shifted
        return ((xorshifted * 0x100000001) >> (old >> 59)) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, unbiased (rejection sampling)."""
        if n <= 1:
            if n == 1:      # every draw is taken and gives 0: only the state moves on, as for any n
                self.state = (self.state * _MULT + self.inc) & _MASK64
                return 0
            raise ValueError("below() needs a positive bound")
        threshold = _THRESHOLDS[n] if n < 256 else (0x100000000 - n) % n
        inc = self.inc
        old = self.state
        while True:
            # next_u32, inlined: this is the hottest call of a random game.
            new = (old * _MULT + inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            r = ((xorshifted * 0x100000001) >> (old >> 59)) & 0xFFFFFFFF     # rotated as in next_u32
            if r >= threshold:
                self.state = new
                return r % n
            old = new

    def die(self) -> int:
        return self.below(6) + 1

    def shuffle(self, seq: list) -> None:
        """Fisher-Yates shuffle in place: ``seq[i]`` swapped with ``seq[below(i + 1)]`` for i
        from the end down to 1 (``below`` inlined: a look-ahead shuffles a deck each game)."""
        inc, old, mult, mask, thresholds = self.inc, self.state, _MULT, _MASK64, _THRESHOLDS
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            threshold = thresholds[n] if n < 256 else (0x100000000 - n) % n
            while True:
                new = (old * mult + inc) & mask
                xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                r = ((xorshifted * 0x100000001) >> (old >> 59)) & 0xFFFFFFFF
                old = new
                if r >= threshold:
                    break
            j = r % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = old

    def choice(self, seq):
        return seq[self.below(len(seq))]


def derive_seed(seed: int, *salt: int) -> int:
    """A 64-bit seed derived from ``seed`` and small integers (e.g. a seat).

    Used to give every computer player its own reproducible generator.
    SplitMix64 finaliser over the inputs: cheap, pure integer, portable.
    """
    x = seed & _MASK64
    for s in salt:
        x = (x ^ ((s + 0x9E3779B97F4A7C15) & _MASK64)) & _MASK64
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
        x ^= x >> 31
    return x
