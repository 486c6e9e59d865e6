"""The end of a game that nobody can win any more.

Rule (docs/rules.md §11.6): at the start of every turn, when nobody has
``vp_target`` points and no player can ever gain another victory point,
the game ends and the leader wins; a tie goes to the tied player who comes
first in turn order from the starting player (as with ``turn_limit``).
Events: ``{"type": "stalemate"}``, then ``win`` with reason ``stalemate``.

Points only ever change through a gain: a settlement, a city, a victory
point card, or an award won (an award is lost only to a player who wins
it, or to a settlement cutting a route). So when no gain is possible the
points are frozen for good, nobody below the target can reach it, and the
result is already settled. The test is an over-estimate of what a player
can still do, so it never ends a game whose points could still change:
resources are assumed always to come (by production or trade), and only
the pieces, the board and the cards are looked at. Player ``p`` can still
gain a point if

- a victory point card is left in the deck, or ``p`` holds one that counts
  only from their next turn (``vp_cards_instant`` off);
- ``p`` has a city piece left and a settlement on the board;
- ``p`` has a settlement piece left and a corner free by the distance rule
  within reach: along ``p``'s own roads and free edges, never through
  another player's building, with at most the road pieces ``p`` has left;
- ``p`` does not hold Largest Army and ``p``'s Knights played, in hand and
  in the deck could beat the holder's (or reach 3 when nobody holds it);
- ``p`` does not hold the Longest Trade Route and ``p``'s route could grow
  to 5 and longer than every other player's (the card goes only to a clear
  longest route; other routes never shrink without a settlement): ``p``'s
  route now if ``p`` cannot build another road, else ``p``'s roads on the
  board plus the free edges within reach (at most the pieces left).

A layer's route pieces count as its ``Rules.route_pieces`` says (pieces
left to lay, and pieces on the board that may move and count again), and
the search walks every free edge: still an over-estimate.

Nothing about the game's chance (dice, robber, steals) or trades changes a
point. The board search is short (a few hundred steps) and runs only when
no victory point card is left in the deck.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from .awards import MIN_ARMY, MIN_ROUTE
from .build import anchors
from .caches import kept
from .components import KNIGHT, PIECES, VICTORY_POINT

if TYPE_CHECKING:
    from .state import GameState

_SETTLEMENTS = PIECES["settlements"]


def nobody_can_win(st: GameState) -> bool:
    """True when nobody has the target and no player can gain a point."""
    if VICTORY_POINT in st.deck:
        return False
    for left in st.pieces:  # the usual answer first: a settlement on the board and a city left for it
        if left["cities"] and left["settlements"] < _SETTLEMENTS:
            return False
    players = range(st.players)
    for p in players:       # the checks without a board search first, for everyone
        if _gains_without_board(st, p):
            return False
    for p in players:       # usually the first player asked can still gain one
        if can_gain(st, p):
            return False
    target = st.config.vp_target
    return not any(st.vp(p) >= target for p in players)


def can_gain(st: GameState, p: int) -> bool:
    """Whether player ``p`` could still gain a victory point (see the module
    docstring; an over-estimate, never an under-estimate)."""
    if VICTORY_POINT in st.deck:
        return True
    if not st.config.vp_cards_instant and st.dev_new[p][VICTORY_POINT]:
        return True
    left = st.pieces[p]
    if left["cities"] and left["settlements"] < PIECES["settlements"]:
        return True
    if _can_win_army(st, p):
        return True
    wants_corner = left["settlements"] > 0
    wants_route = st.longest != p
    if not (wants_corner or wants_route):
        return False
    budget, moving = st.rules.route_pieces(st, p)
    dist, free_edges = _reach_now(st, p)        # pieces unmoved since: same answer
    if wants_corner:
        owner, blocked = st.corner_owner, st.blocked
        for c, d in dist.items():
            if d <= budget and owner[c] == -1 and blocked[c] == 0:
                return True
    if wants_route:
        more = min(budget, free_edges)
        best = len(st.road_edges[p]) + moving + more if more else st.route_len[p]
        others = max(n for q, n in enumerate(st.route_len) if q != p)
        if best > max(others, MIN_ROUTE - 1):
            return True
    return False


def _gains_without_board(st: GameState, p: int) -> bool:
    if not st.config.vp_cards_instant and st.dev_new[p][VICTORY_POINT]:
        return True
    left = st.pieces[p]
    return bool(left["cities"] and left["settlements"] < PIECES["settlements"]) or _can_win_army(st, p)


def _can_win_army(st: GameState, p: int) -> bool:
    holder = st.army
    if holder == p:
        return False
    knights = st.dev_played[p][KNIGHT] + st.dev_hand[p][KNIGHT] + st.deck.count(KNIGHT)
    if holder == -1:
        return knights >= MIN_ARMY
    return knights > st.dev_played[holder][KNIGHT]


@kept("reach")
def _reach_now(st: GameState, p: int) -> tuple[dict[int, int], int]:
    """``_reach`` with the route pieces ``p`` could still lay (``Rules.route_pieces``)."""
    return _reach(st, p, st.rules.route_pieces(st, p)[0])


def _reach(st: GameState, p: int, budget: int) -> tuple[dict[int, int], int]:
    """Corners player ``p`` could reach with at most ``budget`` new roads,
    each with the fewest new roads needed, and how many free edges lie
    within reach. A 0-1 breadth-first search from the corners ``p`` may
    build from: an own road costs nothing, a free edge one road piece;
    other players' roads are closed and their buildings are dead ends."""
    geo = st.geo
    owner, edge_owner = st.corner_owner, st.edge_owner
    corner_edges, edge_corners = geo.corner_edges, geo.edge_corners
    dist: dict[int, int] = {}
    queue: deque[int] = deque()
    for c in anchors(st, p):
        dist[c] = 0
        queue.append(c)
    free: set[int] = set()
    while queue:
        c = queue.popleft()
        d = dist[c]
        if owner[c] != -1 and owner[c] != p:
            continue   # a route may end at another player's building, not pass it
        for e in corner_edges[c]:
            o = edge_owner[e]
            if o == -1:
                if d >= budget:
                    continue
                free.add(e)
                step = d + 1
            elif o == p:
                step = d
            else:
                continue
            a, b = edge_corners[e]
            x = b if a == c else a
            if step < dist.get(x, budget + 1):
                dist[x] = step
                if step == d:
                    queue.appendleft(x)
                else:
                    queue.append(x)
    return dist, len(free)
