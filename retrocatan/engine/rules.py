"""The rules as layers (docs/engine.md).

``Rules`` is the base game: one object per game (``GameState.rules``),
holding no state of its own, whose methods are the extension points a
layer overrides: the piece kinds and where each may go, what a roll pays,
where the robber may go, what joins a route, points for a settlement,
what a player may do in each phase, what happens when a turn starts and
after a piece is placed. An expansion is a subclass in its own package
that registers itself under a name (``layers.register``); a game's map names
the layer it plays (``board.Board.layer``, ``scenario_deal.map_layer``;
``GameState`` takes ``layers.rules_for(board.layer)``). The base rule modules never import a
layer.

Every method's body is the base game's behaviour; a layer overrides it and
calls ``super()`` where the base part still applies. The engine looks a
hook up where it is needed (``st.rules.<hook>(...)``), or binds it once
per layer where the path is hot (``Game._init``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from . import awards, build, pieces, production, robber
from . import moves as play
from .components import COST_DEV_CARD
from .faces import Faces
from .layers import register

if TYPE_CHECKING:
    from .state import GameState


@register
class Rules(Faces):
    """The base game's rules (see the module docstring)."""

    name = "base"

    # --- the pieces -----------------------------------------------------------------
    #: piece name -> ``pieces.Piece`` (its kind of place, cost, supply and action kind)
    pieces: dict[str, pieces.Piece] = pieces.BASE
    #: what a player pays, as a resource bundle: each piece's cost (``pieces``) and a development card's ("card");
    #: a layer's class gets its own from its pieces
    costs: MappingProxyType = MappingProxyType({name: piece.cost for name, piece in pieces.items()}
                                               | {"card": COST_DEV_CARD})

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.costs = MappingProxyType({name: piece.cost for name, piece in cls.pieces.items()}
                                     | {"card": COST_DEV_CARD})

    def place_piece(self, st: GameState, p: int, piece: str, at: int, how: str) -> None:
        """Put player ``p``'s ``piece`` on place ``at`` (no checks, no payment,
        no events: ``placing.put`` calls it). ``how`` is ``placing.FOUNDING``,
        ``BOUGHT`` or ``FREE``."""
        if piece == "road":
            build.place_road(st, p, at)
        elif piece == "settlement":
            build.place_settlement(st, p, at)
        else:
            build.place_city(st, p, at)

    def move_piece(self, st: GameState, p: int, piece: str, frm: int, to: int, events: list) -> None:
        """Move player ``p``'s ``piece`` from ``frm`` to ``to`` (``placing.move``
        calls it, then updates the routes). The base game moves no piece."""
        raise ValueError(f"no {piece} moves in this game")

    # --- where each piece may go ------------------------------------------------------
    def road_spots(self, st: GameState, p: int, spots: list[int]) -> list[int]:
        """Of the free edges at ``p``'s network (``spots``, sorted), those a
        road may take (``build.road_spots`` asks on a fresh listing)."""
        return spots

    def settlement_corners(self, st: GameState, p: int, anchors: list[int]) -> list[int]:
        """Of the corners of ``p``'s network (``build.anchors``), those where
        ``p`` may build a settlement: free by the distance rule and touched
        by an own road (``build.settlement_spots`` asks)."""
        edge_owner, blocked, corner_edges = st.edge_owner, st.blocked, st.geo.corner_edges
        out = []
        for c in anchors:
            if blocked[c] == 0:
                for e in corner_edges[c]:
                    if edge_owner[e] == p:
                        out.append(c)
                        break
        return out

    def founding_spots(self, st: GameState) -> list[int]:
        """Corners where a founding settlement may go: the distance rule only."""
        return [c for c, b in enumerate(st.blocked) if b == 0]

    def free_pieces(self, st: GameState, p: int) -> int:
        """How many pieces Road Building's free placements could take from ``p``'s supply."""
        return st.pieces[p]["roads"]

    def can_place_free(self, st: GameState, p: int) -> bool:
        """Whether ``p`` has a piece and a place for a free placement of Road Building."""
        return st.pieces[p]["roads"] > 0 and bool(build.road_spots(st, p))

    # --- what a roll pays -------------------------------------------------------------
    #: ``produce(st, number, events)``: the roll of ``number`` (not 7) pays
    #: out (the phase is already ``MAIN``). A plain function (no ``self``):
    #: it runs on every roll.
    produce = staticmethod(production.produce)

    # --- the robber -------------------------------------------------------------------
    #: ``robber_hexes(st) -> list[int]``: hexes the robber may move to now.
    robber_hexes = staticmethod(robber.hexes)

    # --- routes -----------------------------------------------------------------------
    #: ``route_length(st, p) -> int``: length of ``p``'s longest trade route
    #: (what joins a route; the base game: roads only).
    route_length = staticmethod(awards.road_route_length)

    def rerouted(self, st: GameState, p: int, c: int, cut: list[int]) -> list[int]:
        """Players whose route may change when ``p``'s new settlement stands on
        ``c``, given the opponents whose roads meet there (``cut``)."""
        return cut

    def route_pieces(self, st: GameState, p: int) -> tuple[int, int]:
        """For the stalemate test (``stalemate.can_gain``): how many route
        pieces ``p`` could still lay, and how many of those already lie on the
        board (pieces that may move and count again): over-estimates."""
        return st.pieces[p]["roads"], 0

    # --- points -----------------------------------------------------------------------
    def settlement_points(self, st: GameState, p: int, c: int, events: list) -> None:
        """Points a settlement built on ``c`` earns beyond its own (the base game: none)."""

    # --- what a player may do in each phase ---------------------------------------------
    def moves(self) -> dict:
        """Phase -> lister ``f(game, p) -> list[Action]`` of the legal actions
        of player ``p`` in that phase (asked once per layer: ``Game._init``)."""
        return dict(play.LISTERS)

    def handlers(self) -> dict:
        """Action kind -> handler ``f(game, action, events)`` applying it (asked once per layer)."""
        return dict(play.HANDLERS)

    #: action kinds after which the current player may have reached the target
    may_win: frozenset[str] = play.MAY_WIN

    #: ``list_builds(game, out, p)``: append the build menu of ``p`` (main and
    #: special build phases) to ``out`` (bound once per layer: ``Game._list_builds``).
    list_builds = staticmethod(play.builds)

    # --- turn start and after a piece is placed ---------------------------------------------
    def turn_start(self, st: GameState) -> None:
        """A turn has started (the phase is ``ROLL``)."""

    def after_place(self, st: GameState, p: int, piece: str, at: int, how: str, events: list) -> None:
        """After ``placing.put`` placed a piece, its routes and awards updated."""
