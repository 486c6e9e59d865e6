"""A planning player's goals (``Goals``): what it saves for and builds.

Each turn the player scores its goals, each by its value per expected wait
(``Judge.waiter``: the rounds until its production brings the missing
cards, less for spare cards it could trade):

- a city on its best settlement: ``Level.city_goal`` + the corner's pips / 6;
- a settlement on its best free corner: 2 + the corner's worth / 5 (and
  what the layer adds, ``MapPlan.settlement_goal``);
- a road toward the best free corner within 3 roads (``Level.road_planning``,
  or when there is nothing else): 0.6 + the target's worth, divided by its
  distance, / 6;
- the layer's other pieces (``MapPlan.ship_goals``: on a Seafarers map,
  the best voyage);
- a development card: 1, +0.4 with ``Level.use_cards``, +0.5 with no
  building goal.

Road targets (``Goals.road_targets``) are, for each free edge next to the
player's network, the best corner (or fog hex, ``FOG_VALUE``) it leads
toward by worth per distance.
"""

from __future__ import annotations

from ..engine import Action
from ..engine import actions as A
from .knowledge import Seat
from .layers import plan_for

FOG_VALUE = 3.0            # a fog hex at a corner, as a target for roads and ships (a card, maybe new land)


class Goals:
    """The goals, their actions, and where roads lead, by its planner's
    level (``planner``: the ``Planner`` it is a part of)."""

    def __init__(self, planner) -> None:
        self.planner = planner
        self.figures = planner.figures

    def ranked(self, seat: Seat) -> list[tuple[float, str, int | None]]:
        """The goals as (score: value per expected wait, kind, place), best first."""
        view = seat.view
        me = seat.me
        goals = []
        planner = self.planner
        corners = planner.corners
        wait = planner.judge.waiter(seat)
        costs = view.costs          # the game's rules' (a goal's kind is the piece's name, or "card")
        plan = plan_for(seat.board)

        left = view.pieces_left[me]
        if left["cities"]:
            spots = view.city_spots(me)
            if spots:
                best = max(spots, key=lambda c: sum(seat.yields[c]))
                v = self.figures.city_goal + sum(seat.yields[best]) / 6.0
                goals.append((v / (1.0 + wait(costs["city"])), "city", best))
        if left["settlements"]:
            spots = view.settlement_spots(me)
            if spots:
                best = max(spots, key=lambda c: corners.value(seat, c))
                v = plan.settlement_goal(planner, seat, best, 2.0 + corners.value(seat, best) / 5.0)
                goals.append((v / (1.0 + wait(costs["settlement"])), "settlement", best))
        if left["roads"] and (self.figures.road_planning or not goals):
            targets = self.road_targets(seat)
            if targets:
                e, (val, depth) = max(targets.items(), key=lambda kv: kv[1][0])
                if val > 0:
                    v = 0.6 + val / 6.0
                    if not view.settlement_spots(me) and left["settlements"]:
                        v += 0.6
                    goals.append((v / (1.0 + wait(costs["road"])), "road", e))
        goals += plan.ship_goals(planner, seat)       # the layer's pieces (a ship: the best voyage)
        if view.deck_size:
            v = 1.0 + (0.4 if self.figures.use_cards else 0.0)
            if not any(g[1] in ("city", "settlement") for g in goals):
                v += 0.5
            goals.append((v / (1.0 + wait(costs["card"])), "card", None))
        goals = [(s * (1.0 + 0.3 * planner.judge.jitter()), k, x) for s, k, x in goals]
        goals.sort(key=lambda g: -g[0])
        return goals

    def top_cost(self, seat: Seat) -> tuple:
        """What the top goal costs (nothing: no goal)."""
        goals = self.ranked(seat)
        return seat.view.costs[goals[0][1]] if goals else (0, 0, 0, 0, 0)

    def action(self, kind, place, legal_set, seat) -> Action | None:
        """The action that builds goal ``kind`` on ``place`` (a card: buy one), if legal."""
        built = plan_for(seat.board).goal_actions.get(kind)
        act = Action(built, place) if built is not None else Action(A.BUY)
        return act if act in legal_set else None

    def road_targets(self, seat: Seat, max_depth: int = 3, ships: bool = False) -> dict[int, tuple[float, int]]:
        """For each free edge next to my network: (value, depth) of the best
        corner it leads toward within ``max_depth`` roads (``ships``: ships)
        (kept on ``seat`` for the decision; not to be changed)."""
        return seat.memo("road_targets", (max_depth, ships), lambda: self._worked_out(seat, max_depth, ships))

    def _worked_out(self, seat: Seat, max_depth: int, ships: bool) -> dict[int, tuple[float, int]]:
        v = seat.view
        geo = seat.geo
        me = seat.me
        corner_owner, edge_owner, corner_open = v.corner_owner, v.edge_owner, v.corner_open
        out: dict[int, tuple[float, int]] = {}
        starts = v.ship_spots(me) if ships else v.road_spots(me)
        board = seat.board
        land = board.corner_land                                # land corners, and the piece's edges
        lane = board.edge_ship if ships else board.edge_road
        fog = plan_for(board).fog(v)
        corners = self.planner.corners
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
                value = corners.value(seat, c) if corner_open(c) and land[c] else 0.0
                if fog:         # a map with fog: turning a hex over is worth something too
                    value += FOG_VALUE * sum(1 for h in geo.corner_hexes[c] if h in fog)
                if value:
                    v = value / (d + 0.5)
                    if v > best[0]:
                        best = (v, d)
                if d >= max_depth:
                    continue
                for e2 in geo.corner_edges[c]:
                    if edge_owner[e2] != -1 or not lane[e2]:
                        continue
                    x, y = geo.edge_corners[e2]
                    nxt = y if x == c else x
                    if nxt not in seen:
                        seen.add(nxt)
                        frontier.append((nxt, d + 1))
            out[e] = best
        return out

    def best_road(self, seat: Seat, legal) -> Action:
        """The founding road, a Road Building road, or a road to build
        anyway: toward the best corner within 3 roads, a little more for a
        longer route; the layer's other route pieces as its plan scores them."""
        plan = plan_for(seat.board)
        roads = [a for a in legal if a.kind in plan.route_kinds]
        if not roads:
            return legal[0]
        targets = self.road_targets(seat)
        route = seat.view.route_lengths[seat.me]
        others = plan.route_scores(self.planner, seat, roads)

        def score(a):
            other = others.get(a.kind)
            if other is not None:
                return other(a)
            v = targets.get(a.place, (0.0, 9))[0]
            # Longest route: a road that extends the network counts a little.
            return v + 0.05 * route
        return self.planner.judge.pick(roads, score)
