"""The uniformly random player: any legal action, equally likely.

Used by tests, benchmarks and ``retrocatan simulate``. It makes no domestic
offers (they are not listed by ``legal_actions``). Its generator is seeded
from the game seed and its seat, so a game of random players replays from
its seed. The generator is the standard library's Mersenne Twister
(``random.Random``, seeded with an integer, and ``random()`` scaled to the
list): the same numbers on every machine, every Python 3.11-3.14 and in
Pyodide, and a C call, so that the player costs little next to the engine
it exercises (the engine's own chance stays in its PCG, ``engine/rng.py``).
"""

from __future__ import annotations

from random import Random

from ..engine.rng import derive_seed


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int, seat: int) -> None:
        self.random = Random(derive_seed(seed, seat, 0xA1))    # (a copy of the player copies its generator)

    def choose(self, view):
        """Any legal action of ``view`` (the seat's ``PlayerView``, or a game:
        its deciding seat's legal actions, the same list its view holds,
        read without making the view)."""
        try:
            acts = view.legal_actions()
        except AttributeError:
            acts = view.legal
        # random() < 1 and a list of at most a few hundred: int() never reaches len(acts)
        return acts[int(self.random.random() * len(acts))]
