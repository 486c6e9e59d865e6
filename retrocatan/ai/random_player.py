"""The uniformly random player: any legal action, equally likely.

Used by tests and ``retrocatan simulate``. It makes no domestic offers (they
are not listed by ``legal_actions``). Its generator is seeded from the game
seed and its seat, so a game of random players replays from its seed.
"""

from __future__ import annotations

from ..engine.rng import Rng, derive_seed


class RandomPlayer:
    level = "random"

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = Rng(derive_seed(seed, seat, 0xA1))

    def choose(self, view):
        """Any legal action of ``view`` (the seat's ``PlayerView``, or a game:
        its deciding seat's legal actions, the same list its view holds,
        read without making the view)."""
        try:
            acts = view.legal_actions()
        except AttributeError:
            acts = view.legal
        return acts[self.rng.below(len(acts))]
