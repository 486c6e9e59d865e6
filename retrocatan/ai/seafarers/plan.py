"""What the planner weighs on a Seafarers map (``SeaPlan``, the layer's
``MapPlan``): ships as a piece of routes and of goals (the voyages of
``sailing``), gold fields, the island bonus, the coast, fog, the pirate and
the gold phase.

A corner's worth gains 1.3 a pip of a gold field next to it, 2.5 a point
of island bonus after the founding, and ``Level.coast`` for the first
building on the coast (its ships could set out). Founding on a map with the
island bonus (``founding_value``), a corner gains ``FOUND_FOG`` for each
fog hex within ``FOUND_REACH`` ships, ``FOUND_ISLAND`` per bonus point over
the ships to the nearest other island, and the second settlement
``SAME_ISLAND`` per bonus point on the first one's island (every other
island's bonus stays open). The pirate moves only when the robber cannot;
gold is taken as the card the top goal misses most.
"""

from __future__ import annotations

from ...engine.components import pips
from ...engine.refusals import missing
from ...engine.seafarers import actions as A
from ...engine.seafarers import phases
from ..knowledge import Seat
from ..layers import MapPlan, layer_part
from . import sailing
from .sailing import BONUS_EXTRA
from .voyage import bonus_points, bonus_regions, reach

FOUND_REACH = 4            # founding on a scenario map: ships looked ahead from a corner
FOUND_FOG = 0.5            # ... per fog hex in that reach
FOUND_ISLAND = 2.0         # ... per bonus point, over the ships to the nearest other island
SAME_ISLAND = 1.5          # founding: the second settlement on the first one's island, per bonus point


def sea_edges(seat: Seat, c: int) -> bool:
    """Corner ``c`` touches an edge a ship could lie on."""
    lane = seat.board.edge_ship
    return any(lane[e] for e in seat.geo.corner_edges[c])


def coastal(seat: Seat) -> bool:
    """This player has a building on the coast (its ships can set out)."""
    hit = seat.__dict__.get("coastal")
    if hit is None:
        owner = seat.view.corner_owner
        hit = seat.coastal = any(o == seat.me and sea_edges(seat, c) for c, o in enumerate(owner))
    return hit


def founding_value(planner, seat: Seat, c: int, same_island: bool = True) -> float:
    """A founding corner on a map with the island bonus: its value, and
    (``same_island``) the second settlement on the first one's island
    keeps every other island's bonus within reach."""
    value = planner.corners.value(seat, c, founding=True)
    view = seat.view
    regions = view.regions
    if view.has_ships:      # what ships from here could reach: fog to turn, other islands' bonus
        routes = reach(view, seat.me, FOUND_REACH, starts={c})
        here = bonus_regions(seat, c)
        terrain, land = seat.board.terrain, seat.board.corner_land
        fogs: set = set()
        fog = "fog" in terrain          # any left on the map to turn over
        near = FOUND_REACH + 1
        for x, (d, _, _, _) in routes.items():
            if fog:
                fogs.update(h for h in seat.geo.corner_hexes[x] if terrain[h] == "fog")
            if d and land[x] and bonus_regions(seat, x) - here:
                near = min(near, d)
        value += FOUND_FOG * len(fogs) + FOUND_ISLAND * view.island_bonus_points / near
    home = seat.__dict__.get("first_home")
    if home is None:        # the regions of its first settlement, if it has only one
        mine = [b for b, o in enumerate(view.corner_owner) if o == seat.me]
        home = seat.first_home = ({regions[h] for h in seat.geo.corner_hexes[mine[0]] if regions[h] >= 0}
                                  if len(mine) == 1 else set())
    if same_island and home and any(regions[h] in home for h in seat.geo.corner_hexes[c]):
        value += SAME_ISLAND * view.island_bonus_points
    return value


def gold(planner, seat: Seat, legal):
    """A gold field's card: what the top goal misses most, else the scarcest."""
    goals = planner.goals.ranked(seat)
    need = missing(seat.hand, seat.view.costs[goals[0][1]]) if goals else [0] * 5
    w = planner.judge.weights(seat)
    return max(legal, key=lambda a: (need[a.resource], w[a.resource], -a.resource))


@layer_part("seafarers")
class SeaPlan(MapPlan):
    """The plan of a Seafarers map (see the module docstring)."""

    phases = {phases.GOLD: gold}
    goal_actions = {**MapPlan.goal_actions, "ship": A.SHIP}
    route_kinds = frozenset((A.ROAD, A.SHIP))

    def found_worth(self, planner, seat, c: int) -> float:
        if seat.view.island_bonus_points and planner.figures.smart_setup:
            return founding_value(planner, seat, c)
        return planner.corners.value(seat, c, founding=True)

    def corner_worth(self, planner, seat, c: int, founding: bool, value: float) -> float:
        view = seat.view
        if view.regions:   # gold is any resource; a new island may bring a bonus
            board = seat.board
            for h in seat.geo.corner_hexes[c]:
                if board.terrain[h] == "gold" and board.numbers[h]:
                    value += 1.3 * pips(board.numbers[h])
            if not founding and view.island_bonus_points:
                value += 2.5 * bonus_points(seat, c)
            if view.has_ships and not coastal(seat) and sea_edges(seat, c):
                value += planner.figures.coast     # the first building on the coast opens the sea
        return value

    def settlement_goal(self, planner, seat, c: int, value: float) -> float:
        if seat.view.regions:       # the island bonus is points, not only a better corner
            value += BONUS_EXTRA * bonus_points(seat, c)
        return value

    def ship_goals(self, planner, seat) -> list:
        """The best voyage (``sailing.voyages``) as the ship goal."""
        if seat.view.pieces_left[seat.me].get("ships") and planner.figures.voyage_reach:
            voyages = sailing.voyages(planner, seat)
            if voyages:
                score, voyage = voyages[0]
                return [(score, "ship", voyage.first)]
        return []

    def fog(self, view):
        return set(view.fog_hexes) if view.regions else ()

    def route_scores(self, planner, seat, routes) -> dict:
        """A ship: 0.9 of the best corner (or fog) it leads toward within 5 ships."""
        if not any(a.kind == A.SHIP for a in routes):
            return {}
        ships = planner.goals.road_targets(seat, 5, ships=True)
        return {A.SHIP: lambda a: ships.get(a.place, (0.0, 9))[0] * 0.9}

    def spare_ship(self, planner, seat, goals, kind: str, legal_set):
        if kind == "ship" or not seat.view.has_ships:
            return None
        return sailing.spare_ship(planner, seat, goals, seat.view.costs[kind], legal_set)

    def reroute(self, planner, seat, legal):
        return sailing.reroute(planner, seat, legal)

    def ship_move(self, planner, seat, legal):
        return sailing.ship_move(planner, seat, legal)

    def robber_moves(self, planner, seat, legal):
        """The planner moves the robber, the pirate only if it must."""
        pirate = [a for a in legal if a.kind == A.PIRATE]
        if pirate:
            robbers = [a for a in legal if a.kind == A.ROBBER]
            if not robbers:
                return max(pirate, key=lambda a: (a.victim != -1, -a.place)), legal
            legal = robbers
        return None, legal
