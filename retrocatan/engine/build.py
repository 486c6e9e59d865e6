"""Building: where roads, settlements and cities may go, costs and pieces.

Placement rules (docs/rules.md §9):
- a road needs one end at the player's own building, or at an own road's
  end that is not an opponent's building (no road through a settlement);
- a settlement needs a free corner two edges from every building (the
  distance rule) touched by an own road; in the founding phase no road;
- a city replaces an own settlement, whose piece returns to the supply.
Option ``cut_roads`` says what happens to road pieces an opponent's
settlement cuts off from all of their owner's buildings: ``buildable``
(they stay and may be built from), ``abandoned`` (they stay but nothing may
be built from them), ``lost`` (they go back to their owner).

Where a layer's pieces may go, and where its roads may not, are the
layer's (``rules.Rules.road_spots``, ``settlement_corners``, ``founding_spots``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .caches import kept
from .components import COST_CITY, COST_ROAD, COST_SETTLEMENT, RESOURCES

if TYPE_CHECKING:
    from .state import GameState


def can_afford(hand: list[int], cost: tuple[int, ...]) -> bool:
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2]
            and hand[3] >= cost[3] and hand[4] >= cost[4])


def pay(st: GameState, p: int, cost: tuple[int, ...]) -> None:
    hand, bank = st.hands[p], st.bank
    for r in range(5):
        if cost[r]:
            hand[r] -= cost[r]
            bank[r] += cost[r]


def _blocked_for(st: GameState, p: int, c: int) -> bool:
    """True if an opponent's building stands on corner ``c``."""
    o = st.corner_owner[c]
    return o != -1 and o != p


def connected_corners(st: GameState, p: int) -> set[int]:
    """Corners reachable from the player's buildings along own roads
    (only roads: a layer's other pieces on edges join a road only at the
    player's own building, where this search starts anyway), not passing
    through an opponent's building."""
    geo = st.geo
    owner = st.corner_owner
    roads = set(st.road_edges[p])
    start = [c for c in range(len(owner)) if owner[c] == p]
    seen = set(start)
    stack = list(start)
    while stack:
        c = stack.pop()
        if owner[c] != -1 and owner[c] != p:
            continue  # may end here, not pass through
        for e in geo.corner_edges[c]:
            if e in roads:
                a, b = geo.edge_corners[e]
                d = b if a == c else a
                if d not in seen:
                    seen.add(d)
                    stack.append(d)
    return seen


@kept("anchors")
def anchors(st: GameState, p: int) -> list[int]:
    """Corners from which player ``p`` may build a road or at which a
    settlement may touch their network (cached until a piece moves)."""
    geo = st.geo
    if st.config.cut_roads == "abandoned":
        found = {c for c in connected_corners(st, p) if not _blocked_for(st, p, c)}
    else:
        found = set(st.building_corners[p])
        owner, edge_corners = st.corner_owner, geo.edge_corners
        for e in st.road_edges[p]:
            for c in edge_corners[e]:
                if owner[c] == -1:
                    found.add(c)
    return sorted(found)


@kept("roads")
def road_spots(st: GameState, p: int) -> list[int]:
    """Free edges where player ``p`` may build a road now."""
    geo, edge_owner = st.geo, st.edge_owner
    spots = set()
    for c in anchors(st, p):
        for e in geo.corner_edges[c]:
            if edge_owner[e] == -1:
                spots.add(e)
    return st.rules.road_spots(st, p, sorted(spots))


@kept("settlements")
def settlement_spots(st: GameState, p: int) -> list[int]:
    """Corners where player ``p`` may build a settlement now (not founding)."""
    return st.rules.settlement_corners(st, p, anchors(st, p))


@kept("founding")
def founding_spots(st: GameState) -> list[int]:
    """Corners where a founding settlement may go: the distance rule only."""
    return st.rules.founding_spots(st)


def city_spots(st: GameState, p: int) -> list[int]:
    level = st.corner_level
    return sorted(c for c in st.building_corners[p] if level[c] == 1)


_NOTHING: tuple = ()


def options(st: GameState, p: int) -> tuple:
    """(road edges, settlement corners, city corners) player ``p`` can pay
    for and place now: the build menu in one pass."""
    hand, left = st.hands[p], st.pieces[p]
    roads = settlements = cities = _NOTHING
    if can_afford(hand, COST_ROAD):
        if left["roads"]:
            roads = road_spots(st, p)
        if left["settlements"] and can_afford(hand, COST_SETTLEMENT):
            settlements = settlement_spots(st, p)
    if left["cities"] and can_afford(hand, COST_CITY):
        cities = city_spots(st, p)
    return roads, settlements, cities


def can_build_road(st: GameState, p: int) -> bool:
    return st.pieces[p]["roads"] > 0 and can_afford(st.hands[p], COST_ROAD)


def can_build_settlement(st: GameState, p: int) -> bool:
    return st.pieces[p]["settlements"] > 0 and can_afford(st.hands[p], COST_SETTLEMENT)


def can_build_city(st: GameState, p: int) -> bool:
    return st.pieces[p]["cities"] > 0 and can_afford(st.hands[p], COST_CITY)


# --- placing pieces (no checks: callers have checked legality) -------------

def place_road(st: GameState, p: int, e: int) -> None:
    st.edge_owner[e] = p
    st.road_edges[p].append(e)
    st.pieces[p]["roads"] -= 1
    st.version += 1


def place_settlement(st: GameState, p: int, c: int) -> None:
    st.corner_owner[c] = p
    st.corner_level[c] = 1
    st.building_corners[p].append(c)
    st.pieces[p]["settlements"] -= 1
    st.blocked[c] += 1
    for d in st.geo.corner_corners[c]:
        st.blocked[d] += 1
    gain_harbour(st, p, c)
    st.version += 1


def gain_harbour(st: GameState, p: int, c: int) -> None:
    """A building on a harbour corner improves its owner's maritime ratios."""
    kind = st.board.corner_harbour[c]
    if kind is None:
        return
    ratios = st.ratio[p]
    if kind == "3:1":
        for r in range(5):
            ratios[r] = min(ratios[r], 3)
    else:
        ratios[RESOURCES.index(kind)] = 2


def place_city(st: GameState, p: int, c: int) -> None:
    st.corner_level[c] = 2
    st.pieces[p]["cities"] -= 1
    st.pieces[p]["settlements"] += 1
    st.version += 1


def players_cut_at(st: GameState, builder: int, c: int) -> list[int]:
    """Opponents with a road at corner ``c`` (a new building may cut them)."""
    found = []
    for e in st.geo.corner_edges[c]:
        o = st.edge_owner[e]
        if o != -1 and o != builder and o not in found:
            found.append(o)
    return sorted(found)


def remove_lost_roads(st: GameState, p: int) -> list[int]:
    """Option cut_roads=lost: return to ``p`` every road no longer joined to
    one of ``p``'s buildings. Returns the removed edges."""
    reach = connected_corners(st, p)
    lost = []
    for e in sorted(st.road_edges[p]):
        a, b = st.geo.edge_corners[e]
        joined = (a in reach and not _blocked_for(st, p, a)) or (b in reach and not _blocked_for(st, p, b))
        if not joined:
            lost.append(e)
    for e in lost:
        st.edge_owner[e] = -1
        st.road_edges[p].remove(e)
        st.pieces[p]["roads"] += 1
    if lost:
        st.version += 1
    return lost
