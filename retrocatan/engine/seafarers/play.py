"""The Seafarers rules on a scenario map (docs/rules.md §14): ships,
the pirate, gold fields, fog and the island bonus.

Only games whose board is a ``sea_board.SeaBoard`` have ``state.sea`` (a
``SeaState``); the base game never reaches this module, so its code paths
and speed stay as they were.

- **Ships** cost 1 wood + 1 sheep, 15 per player. A ship lies on an edge
  with sea on at least one side (``SeaBoard.edge_ship``), touching an own
  building or continuing an own ship at a corner without another player's
  building. Roads and ships join only at an own building. A settlement may
  stand at the end of an own ship. Once a turn (main phase, not the special
  build phase) the player may move the ship at the open end of an open
  route (its outer corner touches no own building and no other own ship),
  not one built this turn, to any edge a new ship could go to.
- **The pirate** stands on a sea hex; on a 7 or a Knight the player moves
  the robber or the pirate, and may rob a player with a ship on an edge of
  the pirate's new hex. No ship is built on, moved onto or away from an
  edge of the pirate's hex.
- **Gold fields** pay each settlement 1, each city 2 resources of the
  owner's choice; owners choose one card at a time (``gold R``), in turn
  order from the roller, only what the bank holds (a choice the empty bank
  cannot give is lost). A second founding settlement on gold gives one
  choice per gold hex; an explorer of gold one choice.
- **Fog**: a road or ship whose end touches a fog hex turns it over: its
  terrain is drawn from the remaining fog pool with the game's generator,
  a land hex other than desert takes the next fog token; the explorer gets
  one card of the new land (gold: a choice).
- **Island bonus**: ``every_settlement`` (each settlement in a region where
  the player did not found gains one point) or ``first_settlement`` (the
  first settlement on each such region gains the scenario's points); kept
  for the game, public; a corner of desert only earns none.
"""

from __future__ import annotations

from bisect import insort

from .. import events as E
from .. import phases
from ..awards import update_longest_route
from ..components import TERRAIN_RESOURCE
from ..robber import steal_and_resume, touches_small_player

COST_SHIP = (1, 0, 1, 0, 0)


# --- pieces on edges ---------------------------------------------------------------------
def pirate_edges(st) -> tuple[int, ...]:
    sea = st.sea
    return st.board.sea_hex_edges(sea.pirate) if sea.pirate >= 0 else ()


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


def ship_spots(st, p: int) -> list[int]:
    """Free edges where player ``p`` may build a ship now (cards aside)."""
    key = ("ships", p)
    hit = st._cache.get(key)
    if hit is not None and hit[0] == st.version:
        return hit[1]
    result = _ship_spots_now(st, p)
    st._cache[key] = (st.version, result)
    return result


def road_spots(st, p: int, spots: list[int]) -> list[int]:
    """``build.road_spots`` on a sea map: only edges with land on one side."""
    edge_road = st.board.edge_road
    return [e for e in spots if edge_road[e]]


def settlement_spots(st, p: int, anchors: list[int]) -> list[int]:
    """Corners where ``p`` may build a settlement: at the end of an own road
    or ship, on land, by the distance rule."""
    geo, edge_owner, blocked, land = st.geo, st.edge_owner, st.blocked, st.board.corner_land
    corners = set(anchors) | _ship_anchors(st, p)
    return sorted(c for c in corners if blocked[c] == 0 and land[c]
                  and any(edge_owner[e] == p for e in geo.corner_edges[c]))


def can_build_ship(st, p: int) -> bool:
    hand = st.hands[p]
    return st.pieces[p]["ships"] > 0 and hand[0] >= 1 and hand[2] >= 1


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
    if hit is not None and hit[0] == st.version and hit[1] == sea.moved:
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
    st._cache[key] = (st.version, sea.moved, out)
    return out


def move_ship(st, p: int, e: int, f: int, events: list) -> None:
    _remove_ship(st, p, e)
    place_ship(st, p, f)
    st.pieces[p]["ships"] += 1
    st.sea.moved = True
    events.append(E.ship_moved(p, e, f))
    update_longest_route(st, [p], events)


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


def new_turn(st) -> None:
    st.sea.new_ships = []
    st.sea.moved = False
    st.version += 1     # last turn's ships may move now: the cached lists of moves are stale


# --- the pirate and the robber --------------------------------------------------------------
def robber_hexes(st) -> list[int]:
    """Land hexes (not fog, not sea) the robber may move to."""
    board, cfg = st.board, st.config
    out = [h for h, t in enumerate(board.terrain)
           if h != st.robber and t not in ("fog", "sea") and (cfg.robber_to_desert or t != "desert")]
    if cfg.friendly_robber:
        kept = [h for h in out if board.terrain[h] == "desert" or not touches_small_player(st, h, st.current)]
        out = kept or out
    return out


def pirate_hexes(st) -> list[int]:
    sea = st.sea
    if sea.pirate < 0:
        return []
    board = st.board
    out = [h for h, t in enumerate(board.terrain) if t == "sea"]
    out += range(board.nland, len(st.geo.hexes))
    return sorted(h for h in out if h != sea.pirate)


def ship_owners(st, h: int) -> list[int]:
    owner, ship = st.edge_owner, st.sea.ship
    return sorted({owner[e] for e in st.board.sea_hex_edges(h) if ship[e]})


def pirate_victims(st, h: int) -> list[int]:
    mover, hands = st.current, st.hands
    return [o for o in ship_owners(st, h) if o != mover and any(hands[o])]


def move_pirate(st, h: int, victim: int, events: list) -> None:
    st.sea.pirate = h
    st.version += 1
    events.append(E.pirate(st.current, h, victim))
    steal_and_resume(st, victim, events)


# --- gold ------------------------------------------------------------------------------------
def queue_gold(st, owed: list[list[int]], events: list) -> None:
    """Players owed gold choices ([player, count], in choosing order)."""
    owed = [list(o) for o in owed if o[1] > 0]
    if not owed:
        return
    sea = st.sea
    events.append(E.gold_due(owed))
    if not sea.gold:
        sea.gold_resume = [st.phase, st.decider]
    sea.gold += owed
    st.phase = phases.GOLD
    _next_gold(st, events)


def _next_gold(st, events: list) -> None:
    sea = st.sea
    if sea.gold and not any(st.bank):
        lost = [list(g) for g in sea.gold]
        sea.gold = []
        events.append(E.gold_lost(lost))
    if sea.gold:
        st.decider = sea.gold[0][0]
        return
    st.phase, st.decider = sea.gold_resume
    sea.gold_resume = None


def gold_options(st) -> list[int]:
    return [r for r in range(5) if st.bank[r] > 0]


def choose_gold(st, r: int, events: list) -> None:
    sea = st.sea
    entry = sea.gold[0]
    p = entry[0]
    st.bank[r] -= 1
    st.hands[p][r] += 1
    st.stats_gained[p][r] += 1
    entry[1] -= 1
    events.append(E.gold_choice(p, r))
    if entry[1] == 0:
        sea.gold.pop(0)
    _next_gold(st, events)


def produce_gold(st, number: int, events: list) -> None:
    """After a roll of ``number``: the gold fields' choices, in turn order from the roller."""
    producers = st.board.gold_producers[number]
    if not producers:
        return
    owner, level = st.corner_owner, st.corner_level
    owed = [0] * st.players
    for h, corners in producers:
        if h == st.robber:
            continue
        for c in corners:
            if owner[c] != -1:
                owed[owner[c]] += level[c]
    n = st.players
    order = [(st.current + i) % n for i in range(n)]
    queue_gold(st, [[p, owed[p]] for p in order if owed[p]], events)


def founding_gold(st, p: int, c: int, events: list) -> None:
    """A second founding settlement on gold: one choice per gold hex."""
    k = sum(1 for h in st.geo.corner_hexes[c] if st.board.terrain[h] == "gold")
    if k:
        queue_gold(st, [[p, k]], events)


# --- fog -----------------------------------------------------------------------------------------
def explore(st, p: int, e: int, events: list) -> None:
    """Turn every fog hex at the ends of the new road or ship on edge ``e``."""
    board = st.board
    if "fog" not in board.terrain:
        return
    for c in st.geo.edge_corners[e]:
        for h in st.geo.corner_hexes[c]:
            if board.terrain[h] == "fog":
                _reveal(st, p, h, events)


def _reveal(st, p: int, h: int, events: list) -> None:
    sea = st.sea
    terrain = sea.fog_pool.pop(st.rng.below(len(sea.fog_pool)))
    number = 0
    if terrain not in ("sea", "desert") and sea.fog_tokens:
        number = sea.fog_tokens.pop(0)
    st.board.reveal(h, terrain, number)
    st.version += 1
    sea.explored.append([h, terrain, number, p])
    r = TERRAIN_RESOURCE.get(terrain)
    reward = -1
    if r is not None and st.bank[r] > 0:
        st.bank[r] -= 1
        st.hands[p][r] += 1
        st.stats_gained[p][r] += 1
        reward = r
    events.append(E.explore(p, h, terrain, number, reward))
    if terrain == "gold":
        queue_gold(st, [[p, 1]], events)


def after_edge(st, p: int, e: int, events: list) -> None:
    """After a road or ship is placed on edge ``e``: fog."""
    explore(st, p, e, events)


# --- the island bonus --------------------------------------------------------------------------------
def _land_hexes(st, c: int) -> list[int]:
    regions = st.board.regions
    return [h for h in st.geo.corner_hexes[c] if regions[h] >= 0]


def founding_settlement(st, p: int, c: int, events: list) -> None:
    st.sea.home[p].extend(_land_hexes(st, c))
    if st.setup_step >= st.players:
        founding_gold(st, p, c, events)


def new_settlement(st, p: int, c: int, events: list) -> None:
    """A settlement built after the founding: the island bonus
    (docs/rules.md §14.12). It counts the regions of the
    corner's land hexes but the deserts (a settlement on the desert's edge
    stands on the desert, not beyond it); none of them may be a home region.
    ``every_settlement``: one bonus; ``first_settlement``: one for each of
    those regions the player has not claimed yet (a corner of two new
    regions is the first settlement on both)."""
    sea, board = st.sea, st.board
    if sea.bonus_form == "none":
        return
    regions, terrain = board.regions, board.terrain
    land = [h for h in _land_hexes(st, c) if terrain[h] != "desert"]
    mine = {regions[h] for h in land}
    home = {regions[h] for h in sea.home[p] if regions[h] >= 0}
    if not mine or mine & home:
        return
    times = 1
    if sea.bonus_form == "first_settlement":
        claimed = {regions[h] for h in sea.claimed[p] if regions[h] >= 0}
        new = sorted(mine - claimed)
        for r in new:
            sea.claimed[p].append(min(h for h in land if regions[h] == r))
        times = len(new)
    points = sea.bonus_points
    for _ in range(times):
        sea.bonus_corners[p].append([c, points])
        st.bonus[p] += points
        events.append(E.island_bonus(p, c, points))
