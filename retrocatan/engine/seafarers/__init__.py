"""Seafarers: ships, the pirate, gold fields, fog and island bonuses, as a
layer on the base rules (docs/engine.md says how a layer plugs in; the
rules are docs/rules.md §14).

The base rule modules never import this package; ``retrocatan.engine``
imports it once so that the layer registers itself (``rules.register``).
"""

from __future__ import annotations

from .play import (
    COST_SHIP,
    after_edge,
    can_build_ship,
    choose_gold,
    explore,
    founding_edges,
    founding_gold,
    founding_settlement,
    gold_options,
    movable_ships,
    move_pirate,
    move_ship,
    new_settlement,
    new_turn,
    pirate_edges,
    pirate_hexes,
    pirate_victims,
    place_ship,
    produce_gold,
    queue_gold,
    road_spots,
    robber_hexes,
    settlement_spots,
    ship_moves,
    ship_owners,
    ship_spots,
)
from .rules import SeafarersRules

__all__ = ["COST_SHIP", "SeafarersRules", "after_edge", "can_build_ship", "choose_gold", "explore",
           "founding_edges", "founding_gold", "founding_settlement", "gold_options", "movable_ships", "move_pirate",
           "move_ship", "new_settlement", "new_turn", "pirate_edges", "pirate_hexes", "pirate_victims", "place_ship",
           "produce_gold", "queue_gold", "road_spots", "robber_hexes", "settlement_spots", "ship_moves",
           "ship_owners", "ship_spots"]
