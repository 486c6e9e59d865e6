"""Seafarers: ships, the pirate, gold fields, fog and island bonuses, as a
layer on the base rules (docs/engine.md says how a layer plugs in; the
rules are docs/rules.md §14).

One module per theme: ``ships`` (and roads on a sea map, the route of
roads and ships), ``pirate`` (and the robber on land), ``gold``, ``fog``,
``islands`` (the island bonus); ``actions``, ``phases`` and ``events`` declare
what the layer adds to the base game's and re-export the base's, so a front
end imports one module of each; ``rules`` wires the themes into the base
rules' extension points; ``state`` and ``faces`` are the layer's part of the
state and of its faces.

The base rule modules never import this package; ``retrocatan.engine``
imports it once so that the layer registers itself (``layers.register``).
"""

from __future__ import annotations

from .fog import after_edge, explore
from .gold import choose_gold, founding_gold, gold_options, produce_gold, queue_gold
from .islands import founding_settlement, new_settlement
from .pirate import move_pirate, pirate_edges, pirate_hexes, pirate_victims, robber_hexes, ship_owners
from .rules import SeafarersRules
from .ships import (
    COST_SHIP,
    can_build_ship,
    founding_edges,
    movable_ships,
    move_ship,
    new_turn,
    place_ship,
    road_spots,
    settlement_corners,
    ship_moves,
    ship_spots,
)

__all__ = ["COST_SHIP", "SeafarersRules", "after_edge", "can_build_ship", "choose_gold", "explore",
           "founding_edges", "founding_gold", "founding_settlement", "gold_options", "movable_ships", "move_pirate",
           "move_ship", "new_settlement", "new_turn", "pirate_edges", "pirate_hexes", "pirate_victims", "place_ship",
           "produce_gold", "queue_gold", "road_spots", "robber_hexes", "settlement_corners", "ship_moves",
           "ship_owners", "ship_spots"]
