"""The value of a position for the Expert, in pips of production (a
victory point is ``VP``), and the figures the advisor names.

``value`` (for its own seat's view): 100 a victory point (its hidden
victory point cards included); each pip it produces, weighted by the
resource's scarcity on the board (``scarcity``: 0.7 to 1.6), and
``VARIETY`` for each resource it produces at all; minus ``ENEMY`` a pip of
each other player's production, times 0.5 + how near that player is to
winning; the corners it may settle now (``SPOTS`` of their worth and
``SPOT_COUNT`` each, up to three) and ``REACH`` of the best corner one road
further; harbours for what it produces; ``CARD`` a card in hand, up to
``2 * SYNERGY`` for being near a city and a settlement, minus ``OVER7`` a
card over 7; ``DEV`` a development card held, ``KNIGHT_PLAYED`` a Knight
played, ``ROUTE`` a road of its longest route.
"""

from __future__ import annotations

from ..engine.caches import kept_per_object
from ..engine.components import pips
from .knowledge import Seat

VP = 100.0              # a victory point, in pips of production
PROD = 1.0              # a pip of production (weighted by scarcity)
VARIETY = 2.5           # ... per resource produced at all
ENEMY = 0.25            # a pip of another player's production, times (0.5 + how close they are to winning)
SPOTS = 0.35            # the corners it may settle now: their value
SPOT_COUNT = 1.5        # ... and per corner (up to three)
REACH = 0.12            # the best corner one road further on
PORT2 = 0.35            # a 2:1 harbour, per pip of its resource produced
PORT3 = 0.05            # a 3:1 harbour, per pip produced
CARD = 0.9              # a resource card in hand
SYNERGY = 4.0           # nearness to a city and to a settlement (0..2)
OVER7 = 1.6             # per card over 7
DEV = 6.0               # a development card held
KNIGHT_PLAYED = 2.0     # a Knight played (the army's points count as points)
ROUTE = 0.4             # per road of its longest route

@kept_per_object
def scarcity(board) -> list[float]:
    """Per resource: how much a pip of it is worth on this board (rare resources more; kept per board)."""
    total = [0] * 5
    for h, r in enumerate(board.resource):
        if r is not None and board.numbers[h]:
            total[r] += pips(board.numbers[h])
    mean = sum(total) / 5.0 or 1.0
    return [min(1.6, max(0.7, (mean / t) ** 0.5 if t else 1.6)) for t in total]


def value(view, me: int) -> float:
    """How good the position ``view`` shows is for seat ``me`` (``view`` is ``me``'s)."""
    if view.over:
        return 1e9 if view.winner == me else -1e9
    seat = Seat(view)
    w = scarcity(view.board)
    prod = seat.production(me)
    held = view.dev_hands[me]
    new = view.dev_new[me]
    vp_cards = held["victory_point"] - new["victory_point"]
    score = VP * (view.public_vp[me] + vp_cards)
    score += PROD * sum(w[r] * prod[r] for r in range(5)) + VARIETY * sum(1 for r in range(5) if prod[r])
    for q in range(view.players):
        if q != me:
            score -= ENEMY * sum(seat.production(q)) * (0.5 + seat.threat(q))
    yields = seat.yields
    spots = view.settlement_spots(me) if view.pieces_left[me]["settlements"] else []
    if spots:
        vals = sorted((sum(w[r] * yields[c][r] for r in range(5)) for c in spots), reverse=True)[:3]
        score += SPOTS * sum(vals) + SPOT_COUNT * len(vals)
    if view.pieces_left[me]["roads"]:
        reach = 0.0
        spot_set = set(spots)
        geo = view.geo
        for e in view.road_spots(me):
            for c in geo.edge_corners[e]:
                if c not in spot_set and view.corner_open(c) and view.corner_owner[c] == -1:
                    v = sum(w[r] * yields[c][r] for r in range(5))
                    if v > reach:
                        reach = v
        score += REACH * reach
    ratio = view.ratios[me]
    for r in range(5):
        if ratio[r] == 2:
            score += PORT2 * prod[r]
        elif ratio[r] == 3:
            score += PORT3 * sum(prod)
            break
    hand = view.hand
    n = sum(hand)
    city = (max(0, 2 - hand[3]) + max(0, 3 - hand[4])) / 5.0
    settle = sum(1 for r in range(4) if hand[r] == 0) / 4.0
    score += CARD * n + SYNERGY * (2.0 - city - settle)
    if n > 7:
        score -= OVER7 * (n - 7)
    score += DEV * (sum(held.values()) - held["victory_point"]) + DEV * 0.5 * (new["victory_point"])
    score += KNIGHT_PLAYED * view.knights[me] + ROUTE * view.route_lengths[me]
    return score


# What the advisor names (``figures``): per figure, about how much one unit
# of it weighs in ``value`` (to order the figures that decided a choice).
FIGURE_WEIGHT = {"points": VP, "income": 1.2 * PROD, "leader": ENEMY, "spots": SPOT_COUNT + 8 * SPOTS,
                 "need": SYNERGY / 4, "cards": CARD, "devs": DEV, "route": ROUTE}


def figures(view, me: int) -> dict[str, int]:
    """The figures of the position ``view`` shows (``me``'s view) that a
    person can check on the board, for the advisor's reason: points
    (with its own victory point cards), income (dots of the numbers
    its buildings stand on, the robber's hex not counted), the leader's
    income (the strongest other player, ``Seat.leader``), corners it may
    settle now, cards still needed for its nearest city or settlement,
    resource cards, development cards held (not points) and its longest
    route. Only what ``me`` sees (its view)."""
    seat = Seat(view)
    hand = view.hand
    held = view.dev_hands[me]
    lead = seat.leader()[0]
    city = max(0, 2 - hand[3]) + max(0, 3 - hand[4])
    settle = sum(1 for r in range(4) if hand[r] == 0)
    spots = view.settlement_spots(me) if view.pieces_left[me]["settlements"] else []
    return {"points": view.vp[me], "income": sum(seat.production(me)),
            "leader": sum(seat.production(lead)) if lead >= 0 else 0, "spots": len(spots),
            "need": min(city, settle), "cards": sum(hand), "devs": sum(held.values()) - held["victory_point"],
            "route": view.route_lengths[me]}


def decided(after: dict, before: dict, most: int = 4) -> list[tuple[str, int]]:
    """The figures that changed from ``before`` to ``after`` (``figures``),
    the weightiest first: (name, change)."""
    moved = [(k, after[k] - before[k]) for k in FIGURE_WEIGHT if after[k] != before[k]]
    moved.sort(key=lambda kv: -abs(kv[1]) * FIGURE_WEIGHT[kv[0]])
    return moved[:most]
