"""A game as one seat may know it, as state JSON that a client can load.

A network client holds no real game: it may not know the other hands, the
deck's order, the generator (with it, every future roll and draw) or what
the map hides. ``seat_state(game, seat)`` is the state's JSON with all of
that dealt anew from public counts by ``determinize`` with a fixed
generator, and the seed in the config replaced by 0, so the result is a
function of the seat's own view only: two games that the seat cannot tell
apart give the same JSON. ``Game.from_json`` of it is a game whose
``seat_view(seat)`` shows the seat everything its real view shows (its own
cards, every count, the board, the legal actions), which is what a window
draws and a computer player decides on.

A map that the seed makes (New World) is public once dealt: the state
carries it as the config's scenario in the template's place.

``seat`` -1 is a spectator: every hand is hidden. After the game's end
every card is open, and the seat's state is the real one but for the
generator and the seed, which the game's record gives.
"""

from __future__ import annotations

from .determinize import determinize
from .new_world import scenario_map
from .rng import Rng

SPECTATOR = -1
# The fixed generator of the re-deal: what is hidden is dealt the same way for every game.
_MASK_SEED = (0x5EA7, 0x5EA7 | 1)


def seat_state(game, seat: int) -> dict:
    """The state JSON of ``game`` as ``seat`` (-1: a spectator) may know it."""
    view = game.seat_view(seat)
    masked = determinize(view, Rng(*_MASK_SEED))
    if view.over:                          # everything is open at the end, but for the generator
        masked.state.rng = Rng(*_MASK_SEED)
    data = masked.to_json()
    config = game.config
    if config.scenario is not None and config.scenario.generator is not None:
        # A map made from the seed (New World) is on the table for all to see: the map it made
        # goes in the config's place of the template, so that the state loads without the seed.
        data["config"]["scenario"] = scenario_map(config.scenario, config.seed).to_dict()
    data["config"]["seed"] = 0
    return data
