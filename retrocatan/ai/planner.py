"""The computer opponents: a planning player at three levels.

Each decision is answered from the seat's own knowledge (``Seat``, read
from the engine's ``PlayerView`` of the seat): the
player picks a goal (city, settlement, road toward a good corner, or a
development card) by value per expected wait, trades toward it (bank and
harbours first, then offers to other players), builds, and uses the robber
and its cards. The level sets how well it judges:

- **Easy**: places and builds greedily with a lot of noise, never offers a
  trade, answers offers on a whim, moves the robber anywhere near others.
- **Normal**: sound placement and goals, trades with the bank, makes one
  offer a turn, robs the leader, plays cards simply.
- **Hard**: values corners by resource balance and harbours, plans roads
  toward the best corners, trades with the bank and up to three offers a
  turn, refuses to feed a player close to winning, times Knights for the
  Largest Army, plays Monopoly when the bank shows many cards are out, and
  takes a winning build whenever there is one.

On a scenario map every level plans voyages (``voyage.py``): from its
coastal buildings and the open ends of its ships it finds every free
corner ships could reach and values it like a strong player does: the
island bonus as the points it is, resources it lacks, gold, and the fog
turned on the way; it counts all the cards of the ships and the
settlement and the rounds to gather them, and builds the first ship of
the best voyage (also with cards its top goal does not need). When founding it
prefers a coastal corner with fog or another island within reach, and on a
map where it may found anywhere, both settlements on one island (every
other island's bonus stays open). It takes gold as the card its goal
misses most and moves the pirate when it must. The levels differ in how
far they plan (``voyage_reach``, ``plain_reach``), what fog is worth to
them (``fog_hex``), whether they count other players' ships nearer to a
corner (``rivals``, Hard) and what a corner on the coast is worth to a
player with no building there yet (``coast``: its ships could set out from
it; the Expert's figures leave it out, ``expert.COAST``). Normal and Hard also move the open-end ship of
a route that leads to nothing worth having to the head of the best voyage
(a ship saved), and when nothing is to be built, an open-end ship that
brings a route clearly nearer a worthwhile free corner (by ``MOVE_GAIN``
and ``MOVE_MARGIN``); never a ship that holds a corner to settle, never
back onto an edge they moved a ship off. Easy leaves its ships where they
are.

Every choice that needs chance uses the player's own generator, seeded
from the game seed and its seat, so games of computer players replay.

What a position's public facts alone give the planner (the value of each
corner, road targets, the voyages before the wait for their cards, where
ships can reach) is kept past the decision in its ``Tables``
(``knowledge.py``), by the position: the board as it lies, every piece on
it, robber and pirate, the player's pieces left and island bonus. A
position comes back at every decision of a turn until something is built,
and the Expert's look-ahead, whose Hard players share its table, meets
the same positions in every game it plays on. Only a cache: no decision
changes (``tests/test_ai_tables.py``); whole games of Hard players take
about 0.84 of the time they took without it, with an Expert 0.78 (the
figures are in docs/results.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Action
from ..engine.components import COST_CITY, COST_DEV_CARD, COST_ROAD, COST_SETTLEMENT, DEV_CARDS, KNIGHT, RESOURCES, pips
from ..engine.rng import Rng, derive_seed
from ..engine.seafarers import COST_SHIP, phases
from ..engine.seafarers import actions as A
from .knowledge import Seat, Tables, view_of
from .voyage import Voyage, bonus_points, bonus_regions, fog_on_route, reach


@dataclass(frozen=True)
class Level:
    """How well a computer player judges: every difference between the
    levels is one of these fields."""

    name: str
    noise: float            # random jitter on every score (0 = none)
    offers_per_turn: int    # domestic offers made in one of its turns
    smart_setup: bool       # balance resources and value harbours when founding
    road_planning: bool     # build roads toward the best free corner
    use_cards: bool         # play development cards with a purpose
    guard_leader: bool      # refuse trades that help a player close to winning
    counter_offers: bool    # answer offers with counter-offers
    whim_knights: bool      # without a purpose for cards: play a Knight one time in three
    keep_army: bool         # play spare Knights to hold the Largest Army
    crude_robber: bool      # every piece of another player next to a hex counts the same for the robber
    whim_answers: bool      # accept an offer one time in three, whatever it is
    move_ships: bool = False    # on a scenario map: move an open-end ship toward a better corner
    voyage_reach: int = 0       # on a scenario map: ships a planned voyage may need (0: none)
    fog_hex: float = 0.0        # ... what turning one fog hex is worth to a voyage (goal scale)
    rivals: bool = False        # ... a corner another player's ships are nearer to is worth less
    plain_reach: int = 0        # ... ships a voyage to a corner without the bonus (or fog on the way) may need
    coast: float = 3.0          # ... corner value of the first building on the coast (its ships can set out)
    city_goal: float = 2.2      # a city's worth as a goal, before what its corner yields (the Expert's on a
    #                             scenario map: more, ``expert.SEA_CITY``)


EASY = Level("easy", noise=0.9, offers_per_turn=0, smart_setup=False, road_planning=False, use_cards=False,
             guard_leader=False, counter_offers=False, whim_knights=True, keep_army=False, crude_robber=True,
             whim_answers=True, voyage_reach=3, fog_hex=1.0, plain_reach=3)
NORMAL = Level("normal", noise=0.25, offers_per_turn=1, smart_setup=True, road_planning=False, use_cards=True,
               guard_leader=True, counter_offers=False, whim_knights=False, keep_army=False, crude_robber=False,
               whim_answers=False, move_ships=True, voyage_reach=6, fog_hex=5.0, plain_reach=2)
HARD = Level("hard", noise=0.0, offers_per_turn=3, smart_setup=True, road_planning=True, use_cards=True,
             guard_leader=True, counter_offers=True, whim_knights=False, keep_army=True, crude_robber=False,
             whim_answers=False, move_ships=True, voyage_reach=8, fog_hex=3.0, rivals=True, plain_reach=3)
LEVELS = {level.name: level for level in (EASY, NORMAL, HARD)}

OFFER_WHEN_MISSING = 2     # offer trades only for a goal this many cards away or nearer
FOG_VALUE = 3.0            # a fog hex at a corner, as a target for ships (a card, maybe new land)
SHIP_REACH = 4             # ships a moved ship's open end looks ahead
MOVE_GAIN = 1.25           # a ship moves only when its open end's value grows by this factor
MOVE_MARGIN = 0.5          # ... and by at least this much
BONUS_EXTRA = 3.5          # an island bonus point, in goal value, on top of what the corner's value holds
VOYAGE_DECAY = 0.95        # a voyage's odds per ship still to build (others may get there first)
RIVAL_AHEAD = 0.35         # Hard: ... another player's ships are nearer to the corner
RIVAL_EVEN = 0.7           # ... as near
SPARE_SHARE = 0.4          # a ship is built with spare cards if its voyage scores this share of the top goal
FOUND_REACH = 4            # founding on a scenario map: ships looked ahead from a corner
FOUND_FOG = 0.5            # ... per fog hex in that reach
FOUND_ISLAND = 2.0         # ... per bonus point, over the ships to the nearest other island
SAME_ISLAND = 1.5          # founding: the second settlement on the first one's island, per bonus point
REROUTE_KEEP = 0.5         # a ship's route is kept if a voyage from its end scores this share of the best
_COST = {"city": COST_CITY, "settlement": COST_SETTLEMENT, "road": COST_ROAD, "card": COST_DEV_CARD,
         "ship": COST_SHIP}


def missing(hand, cost) -> list[int]:
    return [max(0, c - h) for h, c in zip(hand, cost)]


class PlanningPlayer:
    """A computer player; ``choose(view)`` returns its next action, given
    the ``PlayerView`` of its seat (or a game: its deciding seat's view)."""

    def __init__(self, level: str, seed: int, seat: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (easy, normal, hard)")
        self.level = level
        self.cfg = LEVELS[level]
        self.seat = seat
        self.rng = Rng(derive_seed(seed, seat, 0xC47A))
        self._turn_key = None
        self._offers = 0
        self._tried: set = set()
        self._left: set = set()     # edges this player moved a ship off: never moved onto again
        self.tables = Tables(self.cfg)  # corner values, road targets, voyages, reach: by position, past the decision

    # --- entry point ---------------------------------------------------------------
    def _new_turn(self, view) -> None:
        """A new turn (or another player's) forgets the offers of the last:
        their count (``Level.offers_per_turn``) and the ones tried."""
        key = (view.turn, view.current)
        if key != self._turn_key:
            self._turn_key, self._offers, self._tried = key, 0, set()

    def choose(self, view) -> Action:
        view = view_of(view)
        ph = view.phase
        legal = view.legal
        if len(legal) == 1 and ph not in (phases.MAIN,):
            return legal[0]
        seat = Seat(view)
        seat.shared = self.tables if self.tables.judge == self.cfg else None      # another level's: none
        self._new_turn(view)
        if ph == phases.SETUP_SETTLEMENT:
            if view.island_bonus_points and self.cfg.smart_setup:
                return self._pick(legal, lambda a: self._founding_value(seat, a.a))
            return self._pick(legal, lambda a: self._corner_value(seat, a.a, founding=True))
        if ph in (phases.SETUP_ROAD, phases.ROAD_BUILDING):
            return self._best_road(seat, legal)
        if ph == phases.ROLL:
            return self._before_roll(seat, legal)
        if ph == phases.DISCARD:
            return self._discard(seat, legal)
        if ph == phases.ROBBER:
            return self._robber(seat, legal)
        if ph == phases.OFFER_RESPONSE:
            return self._answer(seat, legal)
        if ph == phases.OFFER_CONFIRM:
            return self._confirm(seat, legal)
        if ph == phases.SPECIAL_BUILD:
            return self._build_step(seat, legal, allow_trade=False) or Action(A.PASS)
        if ph == phases.MAIN:
            return self._main(seat, legal)
        if ph == phases.GOLD:
            return self._gold(seat, legal)
        return legal[0]

    # --- the advisor ----------------------------------------------------------------
    def advise(self, seen, made=()) -> tuple[Action, str, dict]:
        """What this player would do now in the decider's seat, with a short
        reason: (action, reason code, params). ``made``: the offers the
        decider made this turn (``OFFER`` actions), which it counts as its
        own, so an offer that was declined is not advised again. The
        player's memory (its generator and the turn's offers) is put back
        afterwards, so asking never changes its own later decisions. Reason
        codes: found, road, settlement, city, card, trade, offer, knight,
        play, roll, end, pass, robber, discard, accept, decline, counter,
        confirm, withdraw, other; params may name the goal (city,
        settlement, road, card)."""
        view = view_of(seen)
        saved = (Rng.from_state(*self.rng.get_state()), self._turn_key, self._offers, set(self._tried),
                 set(self._left))
        try:
            if made:
                self._new_turn(view)
                self._tried.update((a.a, a.b) for a in made)
                self._offers = max(self._offers, len(made))
            action = self.choose(view)
            goals = self._goals(Seat(view)) if view.phase in (phases.MAIN, phases.DISCARD) else []
        finally:
            self.rng = saved[0]
            self._turn_key, self._offers, self._tried, self._left = saved[1], saved[2], saved[3], saved[4]
        params = {"goal": goals[0][1]} if goals else {}
        k = action.kind
        founding = view.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)
        code = {A.SETTLE: "found" if founding else "settlement", A.ROAD: "road", A.CITY: "city", A.BUY: "card",
                A.TRADE: "trade", A.OFFER: "offer", A.KNIGHT: "knight", A.ROAD_BUILDING: "play",
                A.MONOPOLY: "play", A.INVENTION: "play", A.ROLL: "roll", A.END: "end", A.PASS: "pass",
                A.ROBBER: "robber", A.DISCARD: "discard", A.ACCEPT: "accept", A.DECLINE: "decline",
                A.COUNTER: "counter", A.CONFIRM: "confirm", A.CANCEL: "withdraw"}.get(k, "other")
        return action, code, params

    # --- helpers -------------------------------------------------------------------
    def _jitter(self) -> float:
        if not self.cfg.noise:
            return 0.0
        return self.cfg.noise * (self.rng.below(1000) / 1000.0 - 0.5) * 2

    def _pick(self, legal, score):
        best, best_s = None, None
        for a in legal:
            s = score(a) * (1.0 + self._jitter())
            if best_s is None or s > best_s:
                best, best_s = a, s
        return best

    def _weights(self, seat: Seat) -> list[float]:
        """Value of one card of each resource to this player now: the less
        of it the player produces, the more a card is worth."""
        prod = seat.production(seat.me)
        w = []
        for r in range(5):
            w.append(1.0 + 2.0 / (1.0 + prod[r]))
        return w

    def _corner_value(self, seat: Seat, c: int, founding: bool = False) -> float:
        """What a settlement on corner ``c`` is worth to this player (kept
        on ``seat`` for the decision: it depends on nothing else)."""
        return seat.memo("corner_values", (c, founding), lambda: self._corner_value_now(seat, c, founding))

    def _sea_edges(self, seat: Seat, c: int) -> bool:
        """Corner ``c`` touches an edge a ship could lie on."""
        lane = seat.board.edge_ship
        return any(lane[e] for e in seat.geo.corner_edges[c])

    def _coastal(self, seat: Seat) -> bool:
        """This player has a building on the coast (its ships can set out)."""
        hit = seat.__dict__.get("coastal")
        if hit is None:
            owner = seat.view.corner_owner
            hit = seat.coastal = any(o == seat.me and self._sea_edges(seat, c) for c, o in enumerate(owner))
        return hit

    def _founding_value(self, seat: Seat, c: int, same_island: bool = True) -> float:
        """A founding corner on a map with the island bonus: its value, and
        (``same_island``) the second settlement on the first one's island
        keeps every other island's bonus within reach."""
        value = self._corner_value(seat, c, founding=True)
        view = seat.view
        regions = view.regions
        if view.has_ships:      # what ships from here could reach: fog to turn, other islands' bonus
            routes = reach(view, seat.me, FOUND_REACH, starts={c})
            here = bonus_regions(seat, c)
            terrain, land = seat.board.terrain, seat.board.corner_land
            fogs: set = set()
            near = FOUND_REACH + 1
            for x, (d, _, _, _) in routes.items():
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

    def _corner_value_now(self, seat: Seat, c: int, founding: bool) -> float:
        y = seat.yields[c]
        total = sum(y)
        if not self.cfg.smart_setup:
            return total
        prod = seat.production(seat.me, skip_robber=False)
        value = 0.0
        for r in range(5):
            if y[r]:
                # Resources the player lacks are worth more; brick and wood
                # early, wheat and coal for cities.
                scarcity = 1.0 + 1.5 / (1.0 + prod[r])
                early = (1.15, 1.15, 0.95, 1.05, 1.0)[r] if founding else (0.95, 0.95, 1.0, 1.1, 1.15)[r]
                value += y[r] * scarcity * early
        kinds = sum(1 for r in range(5) if y[r])
        value += 0.6 * kinds
        harbour = seat.board.corner_harbour[c]
        if harbour is not None:
            if harbour == "3:1":
                value += 1.2
            else:
                r = RESOURCES.index(harbour)
                value += 0.25 * (prod[r] + y[r])
        view = seat.view
        if view.regions:   # a scenario map: gold is any resource; a new island may bring a bonus
            board = seat.board
            for h in seat.geo.corner_hexes[c]:
                if board.terrain[h] == "gold" and board.numbers[h]:
                    value += 1.3 * pips(board.numbers[h])
            if not founding and view.island_bonus_points:
                value += 2.5 * bonus_points(seat, c)
            if view.has_ships and not self._coastal(seat) and self._sea_edges(seat, c):
                value += self.cfg.coast     # the first building on the coast opens the sea
        # Next to the robber: worth less.
        if seat.view.robber in seat.geo.corner_hexes[c]:
            h = seat.view.robber
            value -= 0.7 * pips(seat.board.numbers[h]) if seat.board.numbers[h] else 0
        return value

    # --- roads ---------------------------------------------------------------------
    def _road_targets(self, seat: Seat, max_depth: int = 3, ships: bool = False) -> dict[int, tuple[float, int]]:
        """For each free edge next to my network: (value, depth) of the best
        corner it leads toward within ``max_depth`` roads (``ships``: ships)
        (kept on ``seat`` for the decision; not to be changed)."""
        return seat.memo("road_targets", (max_depth, ships), lambda: self._road_targets_now(seat, max_depth, ships))

    def _road_targets_now(self, seat: Seat, max_depth: int, ships: bool) -> dict[int, tuple[float, int]]:
        v = seat.view
        geo = seat.geo
        me = seat.me
        corner_owner, edge_owner, corner_open = v.corner_owner, v.edge_owner, v.corner_open
        out: dict[int, tuple[float, int]] = {}
        starts = v.ship_spots(me) if ships else v.road_spots(me)
        land = getattr(seat.board, "corner_land", None)         # a scenario map: land corners,
        lane = getattr(seat.board, "edge_ship" if ships else "edge_road", None)   # and the piece's edges
        fog = set(v.fog_hexes) if v.regions else ()
        for e in starts:
            best = (0.0, 9)
            a, b = geo.edge_corners[e]
            frontier = [(a, 1), (b, 1)]
            seen = {a, b}
            while frontier:
                c, d = frontier.pop(0)
                owner = corner_owner[c]
                if owner != -1 and owner != me:
                    continue
                value = self._corner_value(seat, c) if corner_open(c) and (land is None or land[c]) else 0.0
                if fog:         # a scenario map with fog: turning a hex over is worth something too
                    value += FOG_VALUE * sum(1 for h in geo.corner_hexes[c] if h in fog)
                if value:
                    v = value / (d + 0.5)
                    if v > best[0]:
                        best = (v, d)
                if d >= max_depth:
                    continue
                for e2 in geo.corner_edges[c]:
                    if edge_owner[e2] != -1 or (lane is not None and not lane[e2]):
                        continue
                    x, y = geo.edge_corners[e2]
                    nxt = y if x == c else x
                    if nxt not in seen:
                        seen.add(nxt)
                        frontier.append((nxt, d + 1))
            out[e] = best
        return out

    def _best_road(self, seat: Seat, legal) -> Action:
        roads = [a for a in legal if a.kind in (A.ROAD, A.SHIP)]
        if not roads:
            return legal[0]
        targets = self._road_targets(seat)
        route = seat.view.route_lengths[seat.me]
        ships = self._road_targets(seat, 5, ships=True) if any(a.kind == A.SHIP for a in roads) else {}

        def score(a):
            if a.kind == A.SHIP:
                return ships.get(a.a, (0.0, 9))[0] * 0.9
            v = targets.get(a.a, (0.0, 9))[0]
            # Longest route: a road that extends the network counts a little.
            return v + 0.05 * route
        return self._pick(roads, score)

    # --- ship moves (scenario maps) ----------------------------------------------------
    def _ship_move(self, seat: Seat, legal) -> Action | None:
        """The best legal ship move, if it brings a route's open end
        clearly nearer a worthwhile free corner (a new island, gold, fog, an
        island bonus). A ship never goes back onto an edge this player moved
        a ship off, so no ship sails to and fro."""
        if not self.cfg.move_ships:
            return None
        moves = [a for a in legal if a.kind == A.MOVE_SHIP and a.b not in self._left]
        if not moves:
            return None
        spots = set(seat.view.settlement_spots(seat.me))
        before: dict[int, float] = {}
        best, best_gain = None, 0.0
        for a in moves:
            if spots.intersection(seat.geo.edge_corners[a.a]):
                continue        # this ship has arrived: it holds a corner to settle
            if a.a not in before:
                before[a.a] = self._ship_end_value(seat, a.a, None)
            now = before[a.a]
            after = self._ship_end_value(seat, a.b, a.a)
            if after <= now * MOVE_GAIN + MOVE_MARGIN:
                continue
            gain = after - now
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            self._left.add(best.a)
        return best

    def _sea_target(self, seat: Seat, c: int) -> float:
        """What reaching corner ``c`` with a ship is worth: a free land
        corner to settle, and fog hexes to turn over."""
        v = seat.view
        value = 0.0
        if v.corner_owner[c] == -1 and seat.board.corner_land[c] and v.corner_open(c):
            value += self._corner_value(seat, c)
        terrain = seat.board.terrain
        value += FOG_VALUE * sum(1 for h in seat.geo.corner_hexes[c] if terrain[h] == "fog")
        return value

    def _ship_end_value(self, seat: Seat, x: int, freed: int | None) -> float:
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
                val = self._sea_target(seat, c) / (d + 1.0)
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

    # --- voyages (scenario maps) -------------------------------------------------------
    def _waiter(self, seat: Seat):
        """The expected wait, in rounds, until this player holds ``cost``."""
        hand = seat.hand
        prod = seat.production(seat.me)
        rate = [max(0.3, p / 36.0) for p in prod]   # expected cards per roll

        def wait(cost) -> float:
            need = missing(hand, cost)
            turns = 0.0
            for r in range(5):
                if need[r]:
                    turns = max(turns, need[r] / (rate[r] * seat.n / 1.0))
            # Trading shortens the wait: count surplus cards.
            surplus = sum(max(0, h - c) for h, c in zip(hand, cost))
            return max(0.0, turns - 0.15 * surplus)
        return wait

    def _haul_wait(self, seat: Seat, cost) -> float:
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

    def _reach(self, seat: Seat, p: int, limit: int) -> dict:
        """``voyage.reach`` for seat ``p``, kept while the board and the pieces on it stay as they are."""
        return self.tables.memo(("reach", seat.board_position(), p, limit), lambda: reach(seat.view, p, limit))

    def _voyages(self, seat: Seat) -> list[tuple[float, Voyage]]:
        """Every voyage within this level's reach with its score (value per
        expected wait for all its cards: the ships and, to settle, the
        settlement), best first; kept on ``seat`` for the decision."""
        hit = seat.__dict__.get("voyages")
        if hit is not None:
            return hit
        view = seat.view
        limit = min(self.cfg.voyage_reach, view.pieces_left[seat.me].get("ships", 0))
        out: list[tuple[float, Voyage]] = []
        if limit > 0 and view.has_ships:
            wait = self._haul_wait
            for voyage, odds, cost in seat.memo("voyage_options", limit, lambda: self._voyage_options(seat, limit)):
                out.append((voyage.value / (1.0 + wait(seat, cost)) * odds, voyage))
        out.sort(key=lambda x: (-x[0], x[1].ships, x[1].corner))
        seat.voyages = out
        return out

    def _voyage_options(self, seat: Seat, limit: int) -> list[tuple[Voyage, float, tuple]]:
        """The voyages within ``limit`` new ships, before the wait for their
        cards (which depends on the hand): (voyage, odds of getting there
        first, the cards it needs), as the position alone gives them."""
        view = seat.view
        me = seat.me
        left = view.pieces_left[me]
        out: list[tuple[Voyage, float, tuple]] = []
        routes = self._reach(seat, me, limit)
        rival = self._rival_reach(seat, limit) if self.cfg.rivals else {}
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
                if not bonus and d > self.cfg.plain_reach and not turned:
                    continue        # a long voyage only for the bonus or the fog
                cv = self._corner_value(seat, c) - (2.5 * (bonus_points(seat, c) - bonus) if self.cfg.smart_setup
                                                    else 0.0)
                value = 2.0 + cv / 5.0 + BONUS_EXTRA * bonus + self.cfg.fog_hex * turned
                r = rival.get(c)
                if r is not None:
                    odds *= RIVAL_AHEAD if r < d else RIVAL_EVEN if r == d else 1.0
                out.append((Voyage("settle", c, d, first, root, value), odds, (d + 1, 1, d + 1, 1, 0)))
            elif turned:
                out.append((Voyage("fog", c, d, first, root, self.cfg.fog_hex * turned), odds, (d, 0, d, 0, 0)))
        return out

    def _rival_reach(self, seat: Seat, limit: int) -> dict[int, int]:
        """Corner -> fewest new ships any other player needs to reach it."""
        best: dict[int, int] = {}
        for q in range(seat.n):
            if q == seat.me:
                continue
            for c, row in self._reach(seat, q, limit).items():
                if row[0] < best.get(c, 99):
                    best[c] = row[0]
        return best

    def _reroute(self, seat: Seat, legal) -> Action | None:
        """Move an open-end ship whose route leads to nothing worth having
        (no voyage from its end scores half as well as the best) to the head
        of the best voyage: a ship saved. Never back onto an edge this
        player moved a ship off."""
        if not self.cfg.move_ships:
            return None
        moves = [a for a in legal if a.kind == A.MOVE_SHIP and a.b not in self._left]
        if not moves:
            return None
        voyages = self._voyages(seat)
        if not voyages:
            return None
        top, best = voyages[0]
        useful = {v.root for s, v in voyages if s >= REROUTE_KEEP * top}
        v = seat.view
        geo = seat.geo
        owner = v.corner_owner
        spots = set(v.settlement_spots(seat.me))
        for a in moves:
            if a.b != best.first:
                continue
            ends = [c for c in geo.edge_corners[a.a] if owner[c] == -1]
            # a ship whose end is a free corner to settle on has arrived: it stays
            if any(c in useful or c in spots for c in ends):
                continue
            self._left.add(a.a)
            return a
        return None

    # --- goals ---------------------------------------------------------------------
    def _goals(self, seat: Seat) -> list[tuple[float, str, int | None]]:
        """Candidate goals with a score (value per expected wait)."""
        view = seat.view
        me = seat.me
        goals = []
        wait = self._waiter(seat)

        left = view.pieces_left[me]
        if left["cities"]:
            spots = view.city_spots(me)
            if spots:
                best = max(spots, key=lambda c: sum(seat.yields[c]))
                v = self.cfg.city_goal + sum(seat.yields[best]) / 6.0
                goals.append((v / (1.0 + wait(COST_CITY)), "city", best))
        if left["settlements"]:
            spots = view.settlement_spots(me)
            if spots:
                best = max(spots, key=lambda c: self._corner_value(seat, c))
                v = 2.0 + self._corner_value(seat, best) / 5.0
                if view.regions:        # a scenario map: the island bonus is points, not only a better corner
                    v += BONUS_EXTRA * bonus_points(seat, best)
                goals.append((v / (1.0 + wait(COST_SETTLEMENT)), "settlement", best))
        if left["roads"] and (self.cfg.road_planning or not goals):
            targets = self._road_targets(seat)
            if targets:
                e, (val, depth) = max(targets.items(), key=lambda kv: kv[1][0])
                if val > 0:
                    v = 0.6 + val / 6.0
                    if not view.settlement_spots(me) and left["settlements"]:
                        v += 0.6
                    goals.append((v / (1.0 + wait(COST_ROAD)), "road", e))
        if left.get("ships") and self.cfg.voyage_reach:     # a scenario map: the best voyage
            voyages = self._voyages(seat)
            if voyages:
                score, voyage = voyages[0]
                goals.append((score, "ship", voyage.first))
        if view.deck_size:
            v = 1.0 + (0.4 if self.cfg.use_cards else 0.0)
            if not any(g[1] in ("city", "settlement") for g in goals):
                v += 0.5
            goals.append((v / (1.0 + wait(COST_DEV_CARD)), "card", None))
        goals = [(s * (1.0 + 0.3 * self._jitter()), k, x) for s, k, x in goals]
        goals.sort(key=lambda g: -g[0])
        return goals

    # --- the turn ------------------------------------------------------------------
    def _before_roll(self, seat: Seat, legal) -> Action:
        v = seat.view
        if any(a.kind == A.KNIGHT for a in legal) and self.cfg.use_cards:
            blocked_me = any(v.corner_owner[c] == seat.me for c in seat.geo.hex_corners[v.robber])
            if blocked_me or self._army_within_reach(seat):
                return Action(A.KNIGHT)
        return Action(A.ROLL)

    def _army_within_reach(self, seat: Seat) -> bool:
        v = seat.view
        mine = v.knights[seat.me] + 1
        army = v.largest_army
        if army == seat.me:
            return False
        if army == -1:
            return mine >= v.min_army
        return mine > v.knights[army]

    def _main(self, seat: Seat, legal) -> Action:
        # 1. A winning move, if there is one.
        if seat.my_vp() >= seat.target - 2:
            for a in legal:
                if a.kind in (A.SETTLE, A.CITY):
                    gain = 1
                    if seat.my_vp() + gain >= seat.target:
                        return a
        # 2. Development cards that help now.
        if self.cfg.use_cards:
            act = self._play_card(seat, legal)
            if act is not None:
                return act
        elif self.cfg.whim_knights and any(a.kind == A.KNIGHT for a in legal) and self.rng.below(3) == 0:
            return Action(A.KNIGHT)
        # 3. On a scenario map: a ship on a dead route sails to the head of the best one.
        act = self._reroute(seat, legal)
        if act is not None:
            return act
        # 4. Trade toward the goal, then build.
        act = self._build_step(seat, legal, allow_trade=True)
        if act is not None:
            return act
        # 5. Nothing to build: on a scenario map, perhaps move a ship nearer a good corner.
        act = self._ship_move(seat, legal)
        if act is not None:
            return act
        return Action(A.END)

    def _build_step(self, seat: Seat, legal, allow_trade: bool) -> Action | None:
        goals = self._goals(seat)
        legal_set = set(legal)
        hand = seat.hand
        for rank, (_, kind, place) in enumerate(goals[:2]):
            act = self._goal_action(kind, place, legal_set, seat)
            if act is not None:
                return act
            if not allow_trade or rank > 0:
                continue
            if kind != "ship" and seat.view.has_ships:
                act = self._spare_ship(seat, goals, _COST[kind], legal_set)
                if act is not None:
                    return act
            trade = self._trade_toward(seat, _COST[kind], legal)
            if trade is not None:
                return trade
        # Nothing planned is possible: build anything worthwhile that is affordable.
        for kind in ("city", "settlement"):
            for a in legal:
                if a.kind == (A.CITY if kind == "city" else A.SETTLE):
                    return self._pick([x for x in legal if x.kind == a.kind],
                                      lambda x: self._corner_value(seat, x.a))
        if sum(hand) > 7 and any(a.kind == A.BUY for a in legal):
            return Action(A.BUY)
        if sum(hand) > 7 and any(a.kind == A.ROAD for a in legal):
            return self._best_road(seat, legal)
        return None

    def _spare_ship(self, seat: Seat, goals, cost, legal_set) -> Action | None:
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
            if all(h - s >= min(h, c) for h, s, c in zip(hand, COST_SHIP, cost)):
                return act
        return None

    def _goal_action(self, kind, place, legal_set, seat) -> Action | None:
        if kind == "city":
            act = Action(A.CITY, place)
        elif kind == "settlement":
            act = Action(A.SETTLE, place)
        elif kind == "road":
            act = Action(A.ROAD, place)
        elif kind == "ship":
            act = Action(A.SHIP, place)
        else:
            act = Action(A.BUY)
        return act if act in legal_set else None

    def _trade_toward(self, seat: Seat, cost, legal) -> Action | None:
        hand = seat.hand
        need = missing(hand, cost)
        if not any(need):
            return None
        spare = [max(0, h - c) for h, c in zip(hand, cost)]
        # Bank and harbours: give what is spare at the best ratio.
        trades = [a for a in legal if a.kind == A.TRADE and need[a.b] and spare[a.a] >= a.c]
        if trades:
            w = self._weights(seat)
            return min(trades, key=lambda a: (a.c * w[a.a], a.a, a.b))
        # Other players: one spare card for one needed card, and only when the
        # goal is near (people at the table are not asked for every card).
        if self._offers >= min(self.cfg.offers_per_turn, seat.view.offers_left):
            return None
        if sum(need) > OFFER_WHEN_MISSING:
            return None
        if seat.view.phase != phases.MAIN:
            return None
        w = self._weights(seat)
        gives = sorted((r for r in range(5) if spare[r]), key=lambda r: w[r])
        wants = [r for r in range(5) if need[r]]
        for g in gives:
            for r in wants:
                give = [0] * 5
                get = [0] * 5
                give[g] = 1
                get[r] = 1
                key = (tuple(give), tuple(get))
                if key in self._tried:
                    continue
                self._tried.add(key)
                offer = Action(A.OFFER, *key, -1)
                if seat.view.is_legal(offer):
                    self._offers += 1
                    return offer
        return None

    def _play_card(self, seat: Seat, legal) -> Action | None:
        v = seat.view
        kinds = {a.kind for a in legal}
        if A.KNIGHT in kinds:
            blocked_me = any(v.corner_owner[c] == seat.me for c in seat.geo.hex_corners[v.robber])
            if blocked_me or self._army_within_reach(seat) or (self.cfg.keep_army and v.largest_army == seat.me
                                                               and v.dev_hands[seat.me][DEV_CARDS[KNIGHT]] > 1):
                return Action(A.KNIGHT)
        if A.MONOPOLY in kinds:
            best_r = max(range(5), key=lambda r: seat.others_hold(r))
            if seat.others_hold(best_r) >= 4:
                return Action(A.MONOPOLY, best_r)
        if A.INVENTION in kinds:
            goals = self._goals(seat)
            if goals:
                need = missing(seat.hand, _COST[goals[0][1]])
                wanted = [r for r in range(5) for _ in range(need[r])]
                if 1 <= len(wanted) <= 2:
                    a, b = (wanted + wanted)[:2] if len(wanted) == 1 else wanted
                    if len(wanted) == 1:
                        w = self._weights(seat)
                        b = max(range(5), key=lambda r: w[r])
                    act = Action(A.INVENTION, min(a, b), max(a, b))
                    if act in set(legal):
                        return act
        if A.ROAD_BUILDING in kinds and v.pieces_left[seat.me]["roads"] >= 2:
            targets = self._road_targets(seat)
            if any(v > 0 for v, _ in targets.values()):
                return Action(A.ROAD_BUILDING)
        return None

    # --- the robber and discards ---------------------------------------------------------
    def _gold(self, seat: Seat, legal) -> Action:
        """A gold field's card: what the top goal misses most, else the scarcest."""
        goals = self._goals(seat)
        need = missing(seat.hand, _COST[goals[0][1]]) if goals else [0] * 5
        w = self._weights(seat)
        return max(legal, key=lambda a: (need[a.a], w[a.a], -a.a))

    def _robber(self, seat: Seat, legal) -> Action:
        v = seat.view
        me = seat.me
        board = seat.board
        pirate = [a for a in legal if a.kind == A.PIRATE]
        if pirate:      # a scenario map: the planner moves the robber, the pirate only if it must
            robbers = [a for a in legal if a.kind == A.ROBBER]
            if not robbers:
                return max(pirate, key=lambda a: (a.b != -1, -a.a))
            legal = robbers

        def hex_score(h: int) -> float:
            num = board.numbers[h]
            p = pips(num) if num else 0
            s = 0.0
            for c in seat.geo.hex_corners[h]:
                o = v.corner_owner[c]
                if o == -1:
                    continue
                lv = v.corner_level[c]
                if o == me:
                    s -= 3.0 * p * lv
                elif self.cfg.crude_robber:
                    s += 1.0
                else:
                    s += p * lv * (0.5 + 2.0 * seat.threat(o))
            return s

        def victim_score(a) -> float:
            if a.b == -1:
                return 0.0
            return 1.0 + seat.threat(a.b) * 3 + 0.1 * seat.cards(a.b)

        scores = {}
        for a in legal:
            if a.a not in scores:
                scores[a.a] = hex_score(a.a)
        return self._pick(legal, lambda a: scores[a.a] * 10 + victim_score(a))

    def _discard(self, seat: Seat, legal) -> Action:
        goals = self._goals(seat)
        cost = _COST[goals[0][1]] if goals else (0, 0, 0, 0, 0)
        hand = seat.hand
        w = self._weights(seat)

        def keep_value(a) -> float:
            r = a.a
            surplus = hand[r] - cost[r]
            return (surplus * 2.0) - w[r] + self._jitter()
        return max(legal, key=keep_value)

    # --- domestic trade --------------------------------------------------------------------
    def _trade_gain(self, seat: Seat, give, get) -> float:
        """How much better off this player is after giving ``give`` and
        getting ``get``: cards toward its goal count most."""
        goals = self._goals(seat)
        cost = _COST[goals[0][1]] if goals else (0, 0, 0, 0, 0)
        hand = seat.hand
        after = [h - g + t for h, g, t in zip(hand, give, get)]
        if any(x < 0 for x in after):
            return -99.0
        before_need = sum(missing(hand, cost))
        after_need = sum(missing(after, cost))
        w = self._weights(seat)
        value = (before_need - after_need) * 1.5
        value += sum(w[r] * (get[r] - give[r]) for r in range(5)) * 0.3
        return value

    def _answer(self, seat: Seat, legal) -> Action:
        off = seat.view.offer
        offerer = off.offerer
        # The offerer gives ``give`` and gets ``get``: for me it is the reverse.
        my_give, my_get = off.get, off.give
        can_accept = any(a.kind == A.ACCEPT for a in legal)
        if self.cfg.guard_leader and seat.visible_vp(offerer) >= seat.target - 2:
            return Action(A.DECLINE)
        if self.cfg.whim_answers:
            if can_accept and self.rng.below(3) == 0:
                return Action(A.ACCEPT)
            return Action(A.DECLINE)
        gain = self._trade_gain(seat, my_give, my_get)
        if can_accept and gain > 0.2:
            return Action(A.ACCEPT)
        if self.cfg.counter_offers and sum(my_get) == 1 and sum(my_give) == 1:
            # Counter with what I can spare instead of what was asked.
            goals = self._goals(seat)
            cost = _COST[goals[0][1]] if goals else (0, 0, 0, 0, 0)
            spare = [max(0, h - c) for h, c in zip(seat.hand, cost)]
            want = my_get.index(1)
            for r in sorted(range(5), key=lambda r: -spare[r]):
                if spare[r] and r != want:
                    give = [0] * 5
                    give[r] = 1
                    counter = Action(A.COUNTER, tuple(my_get), tuple(give))
                    if self._trade_gain(seat, tuple(give), tuple(my_get)) > 0.2 and seat.view.is_legal(counter):
                        return counter
                    break
        return Action(A.DECLINE)

    def _confirm(self, seat: Seat, legal) -> Action:
        off = seat.view.offer
        best, best_gain = None, 0.0
        for a in legal:
            if a.kind != A.CONFIRM:
                continue
            for q, kind, give, get in off.answers:
                if q == a.a and kind != "decline":
                    gain = self._trade_gain(seat, give, get)
                    if self.cfg.guard_leader and seat.visible_vp(q) >= seat.target - 2:
                        gain -= 5
                    if gain > best_gain:
                        best, best_gain = a, gain
        return best or Action(A.CANCEL)
