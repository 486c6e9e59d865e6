"""One place puts a piece on the board (docs/engine.md).

Every way a piece comes onto the board goes through ``put``: a founding
settlement or road, a piece bought in the main or special build phase, a
free piece of Road Building, and every piece a layer adds (its
``Rules.pieces``). ``put`` pays, places (``Rules.place_piece``), emits the
one ``build`` event (with the kind of its place from the pieces table),
updates the routes and awards, moves the game on (the founding's next
step, the free placements left, "built this turn") and then lets the
layer react (``Rules.after_place``). A piece that moves (``move``) updates
the routes here too: this module is the only caller of
``awards.update_longest_route``.

Legality is checked before (``Game.apply`` takes only listed actions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import awards, build, cards, phases, setup, turn
from . import events as E

if TYPE_CHECKING:
    from .state import GameState

FOUNDING, BOUGHT, FREE = "founding", "bought", "free"


def put(st: GameState, p: int, piece: str, at: int, how: str, events: list) -> None:
    """Player ``p`` puts ``piece`` on place ``at``; ``how``: ``FOUNDING``
    (the founding phase), ``BOUGHT`` (paid from the hand) or ``FREE`` (Road
    Building). Appends the events it causes."""
    rules = st.rules
    if how == BOUGHT:
        build.pay(st, p, rules.pieces[piece].cost)
    rules.place_piece(st, p, piece, at, how)
    events.append(E.build(p, piece, at, how == FREE))
    if piece == "settlement":
        if how == FOUNDING:
            setup.founded(st, p, at, events)
        else:
            rules.settlement_points(st, p, at, events)
            _settled(st, p, at, events)
    elif piece != "city":                       # a piece on an edge joins its owner's routes
        update_routes(st, [p], events)
        if how == FOUNDING:
            if setup.next_founder(st):
                turn.start_turn(st, st.first, events)
        elif how == FREE:
            cards.placed_free(st, p)
    if how == BOUGHT and st.phase == phases.MAIN:
        st.built = True
    rules.after_place(st, p, piece, at, how, events)


def _settled(st: GameState, p: int, c: int, events: list) -> None:
    """A built settlement may cut opponents' roads at ``c`` (option
    ``cut_roads``) and so change their routes (and, as a layer says,
    its owner's: ``Rules.rerouted``)."""
    cut = build.players_cut_at(st, p, c)
    if cut and st.config.cut_roads == "lost":
        for q in cut:
            lost = build.remove_lost_roads(st, q)
            if lost:
                events.append(E.roads_lost(q, lost))
    changed = st.rules.rerouted(st, p, c, cut)
    if changed:
        update_routes(st, changed, events)


def move(st: GameState, p: int, piece: str, frm: int, to: int, events: list) -> None:
    """Player ``p`` moves ``piece`` from ``frm`` to ``to`` (a layer's rule:
    ``Rules.move_piece``), then the routes follow."""
    st.rules.move_piece(st, p, piece, frm, to, events)
    update_routes(st, [p], events)


def update_routes(st: GameState, players: list[int], events: list) -> None:
    """The routes of ``players`` may have changed: the Longest Trade Route follows."""
    awards.update_longest_route(st, players, events)
