"""Ships (docs/rules.md §14): 1 wood + 1 sheep, 15 per player. A ship lies
on an edge with sea on at least one side (``Board.edge_ship``),
touching an own building or continuing an own ship at a corner without
another player's building. Roads and ships join only at an own building
(in a route too: ``route_length``). A settlement may stand at the end of an
own ship. Once a turn (main phase, not the special build phase) the player
may move the ship at the open end of an open route (its outer corner
touches no own building and no other own ship), not one built this turn,
to any edge a new ship could go to. Roads go only where land is."""

from __future__ import annotations

from bisect import insort

from .. import build, moves, placing
from ..awards import _longest
from ..caches import kept
from ..components import COST_ROAD
from ..pieces import EDGE, HEX, Piece, declare
from . import events as E
from .actions import MOVE_SHIP, PIRATE, SHIP, Action, ship_actions
from .phases import MAIN
from .pirate import pirate_edges
from .state import SHIPS

COST_SHIP = (1, 0, 1, 0, 0)

declare("ship", EDGE, {SHIP: "a", MOVE_SHIP: "b"})    # a moved ship's place is where it sails to
declare("pirate", HEX, {PIRATE: "a"})
#: the ship in a Seafarers game's pieces table (``SeafarersRules.pieces``)
SHIP_PIECE = Piece("ship", EDGE, COST_SHIP, "ships", SHIP, SHIPS)


# --- where ships (and roads) may go -----------------------------------------------------------
def _ship_anchors(st, p: int) -> set[int]:
    owner, edge_corners = st.corner_owner, st.geo.edge_corners
    found = set(st.building_corners[p])
    for e in st.sea.ship_edges[p]:
        a, b = edge_corners[e]
        if owner[a] == -1:
            found.add(a)
        if owner[b] == -1:
            found.add(b)
    return found


def _ship_spots_now(st, p: int) -> list[int]:
    corner_edges, edge_owner, edge_ship = st.geo.corner_edges, st.edge_owner, st.board.edge_ship
    blocked = pirate_edges(st)
    spots = set()
    for c in _ship_anchors(st, p):
        for e in corner_edges[c]:
            if edge_owner[e] == -1 and edge_ship[e]:
                spots.add(e)
    if blocked:
        spots.difference_update(blocked)
    return sorted(spots)


@kept("ships")
def ship_spots(st, p: int) -> list[int]:
    """Free edges where player ``p`` may build a ship now (cards aside)."""
    return _ship_spots_now(st, p)


def road_spots(st, p: int, spots: list[int]) -> list[int]:
    """``build.road_spots`` on a sea map: only edges with land on one side."""
    edge_road = st.board.edge_road
    return [e for e in spots if edge_road[e]]


def settlement_corners(st, p: int, anchors: list[int]) -> list[int]:
    """Corners where ``p`` may build a settlement: at the end of an own road
    or ship, on land, by the distance rule."""
    geo, edge_owner, blocked, land = st.geo, st.edge_owner, st.blocked, st.board.corner_land
    corners = set(anchors) | _ship_anchors(st, p)
    return sorted(c for c in corners if blocked[c] == 0 and land[c]
                  and any(edge_owner[e] == p for e in geo.corner_edges[c]))


def can_build_ship(st, p: int) -> bool:
    hand = st.hands[p]
    return st.pieces[p]["ships"] > 0 and hand[0] >= 1 and hand[2] >= 1


def founding_edges(st) -> list[tuple[str, int]]:
    """("road" | "ship", edge) beside the founding settlement just placed."""
    board, c = st.board, st.last_settlement
    blocked = pirate_edges(st)
    out = []
    for e in st.geo.corner_edges[c]:
        if st.edge_owner[e] != -1:
            continue
        if board.edge_road[e]:
            out.append(("road", e))
        if board.edge_ship[e] and e not in blocked:
            out.append(("ship", e))
    return out


# --- placing and moving ---------------------------------------------------------------------------
def place_ship(st, p: int, e: int) -> None:
    st.edge_owner[e] = p
    st.sea.ship[e] = True
    insort(st.sea.ship_edges[p], e)
    st.pieces[p]["ships"] -= 1
    st.version += 1


def _remove_ship(st, p: int, e: int) -> None:
    st.edge_owner[e] = -1
    st.sea.ship[e] = False
    st.sea.ship_edges[p].remove(e)
    st.version += 1


def _open_end(st, p: int, e: int, c: int) -> bool:
    """Whether corner ``c`` of ``p``'s ship ``e`` is an open end: no own building, no other own ship."""
    if st.corner_owner[c] == p:
        return False
    ship, edge_owner = st.sea.ship, st.edge_owner
    for f in st.geo.corner_edges[c]:
        if f != e and edge_owner[f] == p and ship[f]:
            return False
    return True


def movable_ships(st, p: int) -> list[int]:
    """Ships ``p`` may move now: at the open end of an open route, not
    built this turn, not on an edge of the pirate's hex."""
    sea = st.sea
    if sea.moved:
        return []
    blocked = pirate_edges(st)
    new = sea.new_ships
    owner, edge_owner, ship = st.corner_owner, st.edge_owner, sea.ship
    edge_corners, corner_edges = st.geo.edge_corners, st.geo.corner_edges
    out = []
    for e in sea.ship_edges[p]:
        if e in new or e in blocked:
            continue
        for c in edge_corners[e]:       # an open end (``_open_end``, inlined)
            if owner[c] != p:
                for f in corner_edges[c]:
                    if f != e and edge_owner[f] == p and ship[f]:
                        break
                else:
                    out.append(e)
                    break
    return sorted(out)


def ship_moves(st, p: int) -> list[tuple[int, int]]:
    """(from edge, to edge) of every ship move ``p`` may make now."""
    key = ("moves", p)
    hit = st._cache.get(key)
    sea = st.sea
    # (the pieces, and what the turn allows: whether a ship moved, which ships are new)
    if hit is not None and hit[0] == st.version and hit[1] == sea.moved and hit[3] == sea.new_ships:
        return hit[2]
    out = []
    movable = movable_ships(st, p)
    if movable:
        # A ship may go where a new one could once it has left its edge: the
        # spots of now, less those anchored only at a corner it alone holds.
        owner, edge_corners = st.corner_owner, st.geo.edge_corners
        anchors = _ship_anchors(st, p)
        spots = ship_spots(st, p)
        for e in movable:
            lost = [c for c in edge_corners[e] if owner[c] == -1 and _open_end(st, p, e, c)]
            if lost:
                keep = anchors.difference(lost)
                for f in spots:
                    a, b = edge_corners[f]
                    if f != e and (a in keep or b in keep):
                        out.append((e, f))
            else:
                out += [(e, f) for f in spots if f != e]
    st._cache[key] = (st.version, sea.moved, out, list(sea.new_ships))
    return out


def move_ship(st, p: int, e: int, f: int, events: list) -> None:
    """Move ``p``'s ship from edge ``e`` to ``f`` (``placing.move`` updates the routes)."""
    _remove_ship(st, p, e)
    place_ship(st, p, f)
    st.pieces[p]["ships"] += 1
    st.sea.moved = True
    events.append(E.ship_moved(p, e, f))


def new_turn(st) -> None:
    """A turn starts: last turn's ships may move, and one ship may move again."""
    st.sea.new_ships = []
    st.sea.moved = False


# --- routes ----------------------------------------------------------------------------------
def route_length(st, p: int) -> int:
    """Roads and ships in one route, switching between them only at the
    player's own building. A corner without one is two nodes: one for the
    roads ending there, one (``nc + corner``) for the ships."""
    sea = st.sea
    mine = st.road_edges[p] + sea.ship_edges[p]
    if not mine:
        return 0
    edge_corners, corner_owner = st.geo.edge_corners, st.corner_owner
    nc = len(corner_owner)
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in mine:
        ends = []
        for side, c in enumerate(edge_corners[e]):
            o = corner_owner[c]
            if o != -1 and o != p:
                ends.append(-1 - 2 * e - side)
            elif o == -1 and sea.ship[e]:
                ends.append(nc + c)
            else:
                ends.append(c)
        a, b = ends
        bit = 1 << e
        adj.setdefault(a, []).append((bit, b))
        adj.setdefault(b, []).append((bit, a))
    return _longest(adj, len(mine))


# --- the moves ships add to the phases, and their handlers (SeafarersRules.moves / handlers) ----------
def list_setup_road(g, p: int) -> list[Action]:
    """Beside the founding settlement: a road or a ship."""
    t = g._tables
    ships = ship_actions(len(t.road))
    return [(t.road if k == "road" else ships)[e] for k, e in founding_edges(g.state)]


def list_road_building(g, p: int) -> list[Action]:
    """Road Building: free roads and free ships."""
    st = g.state
    out = moves.list_road_building(g, p)
    if st.pieces[p]["ships"]:
        ships = ship_actions(len(g._tables.road))
        out += [ships[e] for e in ship_spots(st, p)]
    return out


def list_builds(g, out: list, p: int) -> None:
    """The build menu with ships: the ship moves first (main phase), then
    roads, ships, settlements, cities and a card."""
    st = g.state
    if st.phase == MAIN:
        out += [Action(MOVE_SHIP, e, f) for e, f in ship_moves(st, p)]
    start = len(out)
    moves.builds(g, out, p)
    if can_build_ship(st, p):
        # after the roads (listed when a road is affordable and a road piece left)
        hand, left = st.hands[p], st.pieces[p]
        at = start + (len(build.road_spots(st, p)) if left["roads"] and build.can_afford(hand, COST_ROAD)
                      else 0)
        ships = ship_actions(len(g._tables.road))
        out[at:at] = [ships[e] for e in ship_spots(st, p)]


def handle_ship(g, act, events: list) -> None:
    st = g.state
    placing.put(st, st.decider, "ship", act.place, moves.how_placed(st), events)


def handle_move_ship(g, act, events: list) -> None:
    st = g.state
    placing.move(st, st.decider, "ship", act.place, act.target, events)
    moves.mark_built(st)
