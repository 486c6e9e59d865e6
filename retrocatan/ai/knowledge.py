"""What one seat may know, and figures a computer player reasons with.

A computer player sees what a person at the table sees: the board, every
piece, the robber, the bank's piles, the size of the development deck,
every player's number of cards and development cards, knights played,
visible points, and its own hand and cards. ``Seat`` reads exactly that
from the engine's ``PlayerView`` of its seat (which holds nothing of other
players' hands or the deck order), plus figures derived from it: expected
production per corner and per player.
"""

from __future__ import annotations

from ..engine import Game
from ..engine.board import Board
from ..engine.caches import kept_per_object
from ..engine.components import pips


def view_of(seen):
    """The ``PlayerView`` a computer player decides from: ``seen`` itself, or,
    given a game, that game's view for its deciding seat."""
    return seen.seat_view(seen.decider) if isinstance(seen, Game) else seen


@kept_per_object
def corner_yield(board: Board) -> list[list[int]]:
    """Pips per resource for a settlement on each corner (kept per board, renewed when fog is turned)."""
    geo = board.geo
    table = []
    for c in range(len(geo.corner_xy)):
        row = [0] * 5
        for h in geo.corner_hexes[c]:
            r = board.resource[h]
            if r is not None:
                row[r] += pips(board.numbers[h])
        table.append(row)
    return table


class Seat:
    """One player's knowledge of a game (see the module docstring)."""

    def memo(self, table: str, key, make):
        """``make()``, kept in this seat's table ``table`` under ``key`` for
        the rest of the decision (a seat is made anew for every decision);
        with ``shared`` (a planner's ``Tables``), kept there for every later
        seat in the same position (``position``): the tables hold only what
        the public position gives, never the hand."""
        m = self.__dict__.get(table)
        if m is None:
            m = self.__dict__[table] = self.shared.table(self, table) if self.shared is not None else {}
        hit = m.get(key)
        if hit is None:
            hit = m[key] = make()
        return hit

    def board_position(self) -> tuple:
        """``position`` without what is this player's own: the board and every piece on it."""
        hit = self.__dict__.get("_board_position")
        if hit is None:
            hit = self._board_position = self.position()[1:11]
        return hit

    def position(self) -> tuple:
        """The public position as this player's tables of corners, roads and
        voyages see it (``memo``): the board as it lies (terrain, numbers,
        harbours), robber and pirate, every building, road and ship, this
        player's pieces left and its island bonus so far. Not the hands, nor
        the phase (a table of the founding has its own keys): two seats with
        the same position have the same tables."""
        hit = self.__dict__.get("_position")
        if hit is None:
            v, board, me = self.view, self.board, self.me
            hit = self._position = (
                me, board.geo, tuple(board.terrain), tuple(board.numbers), tuple(board.corner_harbour),
                v.robber, v.pirate, v.corner_owner, v.corner_level, v.edge_owner, v.ships,
                tuple(sorted(v.pieces_left[me].items())), v.home_regions(me), v.island_bonus_corners[me])
        return hit

    def __init__(self, view) -> None:
        self.view = view
        self.me = view.viewer
        self.n = view.players
        self.board = view.board
        self.geo = view.geo
        self.hand = list(view.hand)             # own cards: known
        self.target = view.vp_target
        self.yields = corner_yield(view.board)
        self.bank_total = view.bank_size
        self._production: dict = {}
        self.shared: Tables | None = None       # where ``memo`` keeps its tables past this decision

    # --- public facts --------------------------------------------------------
    def cards(self, p: int) -> int:
        return self.view.card_counts[p]

    def visible_vp(self, p: int) -> int:
        return self.view.public_vp[p]

    def my_vp(self) -> int:
        return self.view.vp[self.me]

    def dev_cards(self, p: int) -> int:
        return self.view.dev_counts[p]

    def leader(self) -> tuple[int, int]:
        """(player, visible points) of the strongest other player; hidden
        development cards count as half a point each, a guess at VP cards."""
        best, best_v = -1, -1.0
        for p in range(self.n):
            if p == self.me:
                continue
            v = self.visible_vp(p) + 0.5 * self.dev_cards(p) * 5 / 25
            if v > best_v:
                best, best_v = p, v
        return best, self.visible_vp(best)

    def threat(self, p: int) -> float:
        """How close player ``p`` looks to winning, 0..1."""
        return min(1.0, (self.visible_vp(p) + 0.2 * self.dev_cards(p)) / self.target)

    def production(self, p: int, skip_robber: bool = True) -> list[int]:
        """Expected pips per resource of player ``p``'s buildings."""
        key = (p, skip_robber)
        hit = self._production.get(key)
        if hit is None:
            hit = self._production[key] = self._count_production(p, skip_robber)
        return hit

    def _count_production(self, p: int, skip_robber: bool) -> list[int]:
        v = self.view
        out = [0] * 5
        robber_corners = set(self.geo.hex_corners[v.robber]) if skip_robber else set()
        level = v.corner_level
        for c, o in enumerate(v.corner_owner):
            if o == p:
                lv = level[c]
                row = self.yields[c]
                if c in robber_corners:
                    row = list(row)
                    h = v.robber
                    r = self.board.resource[h]
                    if r is not None:
                        row[r] -= pips(self.board.numbers[h])
                for r in range(5):
                    out[r] += lv * row[r]
        return out

    def others_hold(self, r: int) -> int:
        """Cards of resource ``r`` in other players' hands (bank is public)."""
        return self.bank_total - self.view.bank[r] - self.hand[r]


class Tables:
    """A planner's tables of positions seen (``Seat.memo``), kept past the
    decision: a position comes back often (every decision of a turn until
    something is built, and in every game a look-ahead plays from the same
    start). At most ``limit`` positions; then it starts afresh. Several
    planners may share one (the tables hold public facts), but only those
    that judge as ``judge`` (a planner's level figures, ``level.Level``),
    for whom the tables were worked out."""

    def __init__(self, judge, limit: int = 128) -> None:
        self.judge = judge
        self.limit = limit
        self._rows: dict = {}

    def table(self, seat: Seat, name: str) -> dict:
        """The table ``name`` of ``seat``'s position."""
        row = self.memo(seat.position(), dict)
        hit = row.get(name)
        if hit is None:
            hit = row[name] = {}
        return hit

    def memo(self, key, make):
        """``make()``, kept under ``key`` (which must name everything it depends on)."""
        hit = self._rows.get(key)
        if hit is None:
            if len(self._rows) >= self.limit:
                self._rows.clear()
            hit = self._rows[key] = make()
        return hit
