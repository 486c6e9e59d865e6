"""The Seafarers layer: ``SeafarersRules`` overrides the base rules'
extension points (``rules.Rules``; docs/engine.md). Each override names
the module of its theme: ships, the pirate, gold, fog, islands."""

from __future__ import annotations

from .. import placing
from ..layers import register
from ..rules import Rules
from . import fog, gold, islands, pirate, ships
from .actions import GOLD, MOVE_SHIP, PIRATE, SHIP
from .faces import SeaFaces
from .phases import GOLD as GOLD_PHASE
from .phases import ROAD_BUILDING, ROBBER, SETUP_ROAD


@register
class SeafarersRules(SeaFaces, Rules):
    """The base rules with ships, the pirate, gold, fog and island bonuses."""

    name = "seafarers"

    pieces = {**Rules.pieces, "ship": ships.SHIP_PIECE}
    may_win = Rules.may_win | {SHIP, MOVE_SHIP}

    # --- the pieces and where they may go ---------------------------------------------------
    def place_piece(self, st, p: int, piece: str, at: int, how: str) -> None:
        if piece == "ship":
            ships.place_ship(st, p, at)
            if how != placing.FOUNDING:
                st.sea.new_ships.append(at)     # built this turn: may not move
        else:
            super().place_piece(st, p, piece, at, how)

    def move_piece(self, st, p: int, piece: str, frm: int, to: int, events: list) -> None:
        if piece != "ship":
            super().move_piece(st, p, piece, frm, to, events)
        ships.move_ship(st, p, frm, to, events)

    road_spots = staticmethod(ships.road_spots)
    settlement_corners = staticmethod(ships.settlement_corners)

    def founding_spots(self, st) -> list[int]:
        blocked = st.blocked
        return [c for c in st.board.founding if blocked[c] == 0]     # the founding regions only

    def free_pieces(self, st, p: int) -> int:
        return super().free_pieces(st, p) + st.pieces[p]["ships"]

    def can_place_free(self, st, p: int) -> bool:
        return (super().can_place_free(st, p)
                or (st.pieces[p]["ships"] > 0 and bool(ships.ship_spots(st, p))))

    # --- what a roll pays, the robber, routes, points -----------------------------------------
    @staticmethod
    def produce(st, number: int, events: list) -> None:
        Rules.produce(st, number, events)       # fog's numbers pay once revealed (board.reveal)
        gold.produce_gold(st, number, events)

    robber_hexes = staticmethod(pirate.robber_hexes)

    route_length = staticmethod(ships.route_length)

    def rerouted(self, st, p: int, c: int, cut: list[int]) -> list[int]:
        return [p] + cut        # the builder's roads and ships join at the new building

    def route_pieces(self, st, p: int) -> tuple[int, int]:
        on_board = len(st.sea.ship_edges[p])        # any of them might move
        roads, _ = super().route_pieces(st, p)
        return roads + st.pieces[p]["ships"] + on_board, on_board

    settlement_points = staticmethod(islands.new_settlement)

    # --- what a player may do in each phase --------------------------------------------------
    def moves(self) -> dict:
        table = super().moves()
        table[ROBBER] = pirate.list_robber
        table[SETUP_ROAD] = ships.list_setup_road
        table[ROAD_BUILDING] = ships.list_road_building
        table[GOLD_PHASE] = gold.list_gold
        return table

    def handlers(self) -> dict:
        table = super().handlers()
        table[SHIP] = ships.handle_ship
        table[MOVE_SHIP] = ships.handle_move_ship
        table[PIRATE] = pirate.handle_pirate
        table[GOLD] = gold.handle_gold
        return table

    list_builds = staticmethod(ships.list_builds)

    # --- turn start, after a piece is placed, the view ---------------------------------------------
    turn_start = staticmethod(ships.new_turn)

    def after_place(self, st, p: int, piece: str, at: int, how: str, events: list) -> None:
        if piece == "settlement":
            if how == placing.FOUNDING:
                islands.founding_settlement(st, p, at, events)
        elif piece != "city":
            fog.after_edge(st, p, at, events)
