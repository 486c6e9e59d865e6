"""Sailing: the voyages a computer player plans on a Seafarers map, and
the ships it moves.

From its coastal buildings and the open ends of its ships the player finds
every free corner a chain of new ships could reach (``voyage.reach``). A
corner it could settle there is a voyage worth 2 + the corner's worth / 5,
plus ``BONUS_EXTRA`` a point of island bonus, plus ``Level.fog_hex`` for
every fog hex turned on the way; fog alone is a voyage too. A voyage longer
than ``Level.plain_reach`` counts only for the bonus or the fog. Its odds
fall by ``VOYAGE_DECAY`` a ship, and with ``Level.rivals`` to
``RIVAL_AHEAD`` when another player's ships are nearer (``RIVAL_EVEN`` as
near). Its score is value times odds per the expected wait for all its
cards (``haul_wait``). While saving for its top goal the player builds the
next ship of its voyage with spare cards (``spare_ship``); with
``Level.move_ships`` it moves the open-end ship of a dead route to the
head of the best voyage (``reroute``) and, when nothing is to be built, a
ship whose open end gets clearly nearer a good corner (``ship_move``),
never back onto an edge it moved a ship off (``PlayerMemory.left``).

Each function takes the ``Planner`` it plans for first (its level's
figures, its tables, its memory of the turn and its parts: the layer's
context, ``ai/layers.py``) and the seat's knowledge (``Seat``).
"""

from __future__ import annotations

from ...engine import Action
from ...engine.seafarers import actions as A
from ..goals import FOG_VALUE
from ..knowledge import Seat
from .voyage import Voyage, bonus_points, bonus_regions, fog_on_route, reach

SHIP_REACH = 4             # ships a moved ship's open end looks ahead
MOVE_GAIN = 1.25           # a ship moves only when its open end's value grows by this factor
MOVE_MARGIN = 0.5          # ... and by at least this much
BONUS_EXTRA = 3.5          # an island bonus point, in goal value, on top of what the corner's value holds
VOYAGE_DECAY = 0.95        # a voyage's odds per ship still to build (others may get there first)
RIVAL_AHEAD = 0.35         # Hard: ... another player's ships are nearer to the corner
RIVAL_EVEN = 0.7           # ... as near
SPARE_SHARE = 0.4          # a ship is built with spare cards if its voyage scores this share of the top goal
REROUTE_KEEP = 0.5         # a ship's route is kept if a voyage from its end scores this share of the best


def voyages(planner, seat: Seat) -> list[tuple[float, Voyage]]:
    """Every voyage within this level's reach with its score (value per
    expected wait for all its cards: the ships and, to settle, the
    settlement), best first; kept on ``seat`` for the decision."""
    hit = seat.__dict__.get("voyages")
    if hit is not None:
        return hit
    view = seat.view
    limit = min(planner.figures.voyage_reach, view.pieces_left[seat.me].get("ships", 0))
    out: list[tuple[float, Voyage]] = []
    if limit > 0 and view.has_ships:
        for voyage, odds, cost in seat.memo("voyage_options", limit, lambda: voyage_options(planner, seat, limit)):
            out.append((voyage.value / (1.0 + haul_wait(seat, cost)) * odds, voyage))
    out.sort(key=lambda x: (-x[0], x[1].ships, x[1].corner))
    seat.voyages = out
    return out


def voyage_options(planner, seat: Seat, limit: int) -> list[tuple[Voyage, float, tuple]]:
    """The voyages within ``limit`` new ships, before the wait for their
    cards (which depends on the hand): (voyage, odds of getting there
    first, the cards it needs), as the position alone gives them."""
    view = seat.view
    me = seat.me
    left = view.pieces_left[me]
    out: list[tuple[Voyage, float, tuple]] = []
    routes = reach_of(planner, seat, me, limit)
    rival = rival_reach(planner, seat, limit) if planner.figures.rivals else {}
    land = seat.board.corner_land
    owner = view.corner_owner
    settle = left["settlements"] > 0
    fog = bool(view.fog_hexes)
    memo: dict = {}
    # regions whose bonus a settlement spot in reach already holds: no voyage earns it again
    ready = {r for c in view.settlement_spots(me) if bonus_points(seat, c) for r in bonus_regions(seat, c)}
    for c, (d, first, root, _) in routes.items():
        if d == 0:
            continue
        turned = len(fog_on_route(view, routes, c, memo)) if fog else 0
        odds = VOYAGE_DECAY ** d
        if settle and land[c] and owner[c] == -1 and view.corner_open(c):
            bonus = bonus_points(seat, c)
            if bonus and ready and bonus_regions(seat, c) & ready:
                bonus = 0
            if not bonus and d > planner.figures.plain_reach and not turned:
                continue        # a long voyage only for the bonus or the fog
            cv = planner.corners.value(seat, c) - (2.5 * (bonus_points(seat, c) - bonus) if planner.figures.smart_setup
                                                else 0.0)
            value = 2.0 + cv / 5.0 + BONUS_EXTRA * bonus + planner.figures.fog_hex * turned
            r = rival.get(c)
            if r is not None:
                odds *= RIVAL_AHEAD if r < d else RIVAL_EVEN if r == d else 1.0
            out.append((Voyage("settle", c, d, first, root, value), odds, (d + 1, 1, d + 1, 1, 0)))
        elif turned:
            out.append((Voyage("fog", c, d, first, root, planner.figures.fog_hex * turned), odds, (d, 0, d, 0, 0)))
    return out


def rival_reach(planner, seat: Seat, limit: int) -> dict[int, int]:
    """Corner -> fewest new ships any other player needs to reach it."""
    best: dict[int, int] = {}
    for q in range(seat.n):
        if q == seat.me:
            continue
        for c, row in reach_of(planner, seat, q, limit).items():
            if row[0] < best.get(c, 99):
                best[c] = row[0]
    return best


def reach_of(planner, seat: Seat, p: int, limit: int) -> dict:
    """``voyage.reach`` for seat ``p``, kept while the board and the pieces on it stay as they are."""
    return planner.tables.memo(("reach", seat.board_position(), p, limit), lambda: reach(seat.view, p, limit))


def haul_wait(seat: Seat, cost) -> float:
    """The expected wait, in rounds, until this player can pay ``cost``
    (many cards of a few kinds, as a voyage needs), counting what its
    production brings in and trades of the rest at its own ratios."""
    memo = seat.__dict__.setdefault("haul_waits", {})
    hit = memo.get(cost)
    if hit is not None:
        return hit
    hand = seat.hand
    prod = seat.production(seat.me)
    ratio = seat.view.ratios[seat.me]
    per_round = [p / 36.0 * seat.n for p in prod]

    def paid(step: int) -> bool:        # after ``step`` half rounds (more cards never pay less)
        t = step * 0.5
        short = spare = 0.0
        for r in range(5):
            have = hand[r] + per_round[r] * t
            if have < cost[r]:
                short += cost[r] - have
            else:
                spare += (have - cost[r]) // ratio[r]
        return spare >= short
    lo, hi = 0, 61          # the first half round of 0..60 that pays (61: none within 30 rounds)
    while lo < hi:
        mid = (lo + hi) // 2
        if paid(mid):
            hi = mid
        else:
            lo = mid + 1
    wait = lo * 0.5 if lo < 61 else 30.0
    memo[cost] = wait
    return wait


def spare_ship(planner, seat: Seat, goals, cost, legal_set) -> Action | None:
    """While saving for ``cost`` (the top goal), build the next ship of
    the planned voyage with cards that goal does not need."""
    top = goals[0][0]
    for score, kind, place in goals[1:]:
        if kind != "ship" or score < SPARE_SHARE * top:
            continue
        act = Action(A.SHIP, place)
        if act not in legal_set:
            return None
        hand = seat.hand
        if all(h - s >= min(h, c) for h, s, c in zip(hand, seat.view.costs["ship"], cost)):
            return act
    return None


def reroute(planner, seat: Seat, legal) -> Action | None:
    """Move an open-end ship whose route leads to nothing worth having
    (no voyage from its end scores half as well as the best) to the head
    of the best voyage: a ship saved. Never back onto an edge this
    player moved a ship off."""
    if not planner.figures.move_ships:
        return None
    moves = [a for a in legal if a.kind == A.MOVE_SHIP and a.target not in planner.memory.left]
    if not moves:
        return None
    planned = voyages(planner, seat)
    if not planned:
        return None
    top, best = planned[0]
    useful = {v.root for s, v in planned if s >= REROUTE_KEEP * top}
    v = seat.view
    geo = seat.geo
    owner = v.corner_owner
    spots = set(v.settlement_spots(seat.me))
    for a in moves:
        if a.target != best.first:
            continue
        ends = [c for c in geo.edge_corners[a.place] if owner[c] == -1]
        # a ship whose end is a free corner to settle on has arrived: it stays
        if any(c in useful or c in spots for c in ends):
            continue
        planner.memory.left.add(a.place)
        return a
    return None


def ship_move(planner, seat: Seat, legal) -> Action | None:
    """The best legal ship move, if it brings a route's open end
    clearly nearer a worthwhile free corner (a new island, gold, fog, an
    island bonus). A ship never goes back onto an edge this player moved
    a ship off, so no ship sails to and fro."""
    if not planner.figures.move_ships:
        return None
    moves = [a for a in legal if a.kind == A.MOVE_SHIP and a.target not in planner.memory.left]
    if not moves:
        return None
    spots = set(seat.view.settlement_spots(seat.me))
    before: dict[int, float] = {}
    best, best_gain = None, 0.0
    for a in moves:
        if spots.intersection(seat.geo.edge_corners[a.place]):
            continue        # this ship has arrived: it holds a corner to settle
        if a.place not in before:
            before[a.place] = ship_end_value(planner, seat, a.place, None)
        now = before[a.place]
        after = ship_end_value(planner, seat, a.target, a.place)
        if after <= now * MOVE_GAIN + MOVE_MARGIN:
            continue
        gain = after - now
        if gain > best_gain:
            best, best_gain = a, gain
    if best is not None:
        planner.memory.left.add(best.place)
    return best


def ship_end_value(planner, seat: Seat, x: int, freed: int | None) -> float:
    """Best target value per distance from the open end of my ship on
    edge ``x`` (with edge ``freed`` taken as empty: the ship moved off it)."""
    v = seat.view
    geo = seat.geo
    me = seat.me
    corner_owner, edge_owner = v.corner_owner, v.edge_owner
    lane = seat.board.edge_ship
    mine = {e for e, o in v.ships if o == me} - {x, freed}
    ends = [c for c in geo.edge_corners[x]
            if corner_owner[c] != me and not any(e in mine for e in geo.corner_edges[c])]
    best = 0.0
    for start in ends:
        frontier = [(start, 0)]
        seen = {start}
        while frontier:
            c, d = frontier.pop(0)
            if corner_owner[c] != -1 and corner_owner[c] != me:
                continue
            val = sea_target(planner, seat, c) / (d + 1.0)
            if val > best:
                best = val
            if d >= SHIP_REACH:
                continue
            for e2 in geo.corner_edges[c]:
                if e2 == x or not lane[e2] or (edge_owner[e2] != -1 and e2 != freed):
                    continue
                a, b = geo.edge_corners[e2]
                nxt = b if a == c else a
                if nxt not in seen:
                    seen.add(nxt)
                    frontier.append((nxt, d + 1))
    return best


def sea_target(planner, seat: Seat, c: int) -> float:
    """What reaching corner ``c`` with a ship is worth: a free land
    corner to settle, and fog hexes to turn over."""
    v = seat.view
    value = 0.0
    if v.corner_owner[c] == -1 and seat.board.corner_land[c] and v.corner_open(c):
        value += planner.corners.value(seat, c)
    terrain = seat.board.terrain
    value += FOG_VALUE * sum(1 for h in seat.geo.corner_hexes[c] if terrain[h] == "fog")
    return value
