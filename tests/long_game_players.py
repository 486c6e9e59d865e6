"""Players for the long-game tests: a builder that always builds when it
can (so games run out of pieces and places fast) on top of the uniformly
random player."""

from __future__ import annotations

from retrocatan.engine import actions as A
from retrocatan.engine.rng import Rng, derive_seed

BUILDS = (A.ROAD, A.SETTLE, A.CITY, A.BUY, A.KNIGHT, A.ROAD_BUILDING)


class Builder:
    """Picks a random build (or card play) whenever there is one, else any
    legal action: a quick way to every end state of the board."""

    level = "builder"

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = Rng(derive_seed(seed, seat, 0xB0))

    def choose(self, game):
        acts = game.legal_actions()
        builds = [a for a in acts if a.kind in BUILDS]
        pool = builds or acts
        return pool[self.rng.below(len(pool))]
