"""The pieces: which kind of board place each occupies (the one table),
what each costs and which supply it comes from.

Roads stand on edges, settlements and cities on corners, the robber on a
hex (ids of ``geometry.MapGeometry``); a layer declares its own pieces
(``declare``) and lists them in its ``Rules.pieces``. The engine's
``build`` event names the kind of its place (``events.build``), and the
window, the advisor and the refusals read this table instead of deciding
it themselves; a place of the wrong kind is a ``WrongPlaceKind``.
"""

from __future__ import annotations

from typing import NamedTuple

from . import actions as A
from .components import COST_CITY, COST_ROAD, COST_SETTLEMENT, PIECES

CORNER, EDGE, HEX = "corner", "edge", "hex"

# piece -> the kind of place it occupies (every piece of every layer)
PLACE: dict[str, str] = {"road": EDGE, "settlement": CORNER, "city": CORNER, "robber": HEX}

# action kind -> the piece it places or moves; its place is the action's field
# ``ACTION_FIELD`` (default "a"; a piece that moves names where it goes).
ACTION_PIECE: dict[str, str] = {A.ROAD: "road", A.SETTLE: "settlement", A.CITY: "city", A.ROBBER: "robber"}
ACTION_FIELD: dict[str, str] = {}


class Piece(NamedTuple):
    """A piece a player builds: its name, kind of place, cost, the key of its
    supply in ``GameState.pieces``, the action kind that builds it and how
    many each player has."""

    name: str
    place: str
    cost: tuple[int, ...]
    supply: str
    action: str
    stock: int


# The base game's pieces (``rules.Rules.pieces``).
BASE: dict[str, Piece] = {
    "road": Piece("road", EDGE, COST_ROAD, "roads", A.ROAD, PIECES["roads"]),
    "settlement": Piece("settlement", CORNER, COST_SETTLEMENT, "settlements", A.SETTLE, PIECES["settlements"]),
    "city": Piece("city", CORNER, COST_CITY, "cities", A.CITY, PIECES["cities"]),
}


def declare(piece: str, place: str, actions: dict[str, str] | None = None) -> str:
    """Make a layer's ``piece`` known: the kind of ``place`` it occupies, and
    the action kinds that place or move it (kind -> the action's field naming
    the place). Returns ``piece``."""
    if PLACE.get(piece, place) != place:
        raise ValueError(f"piece {piece!r} is taken")
    PLACE[piece] = place
    for kind, field in (actions or {}).items():
        ACTION_PIECE[kind] = piece
        if field != "a":
            ACTION_FIELD[kind] = field
    return piece


class WrongPlaceKind(ValueError):
    """A board place of another kind than the piece or the box wants (an
    edge id handed where a corner is wanted, or an id past the board)."""


def place_of(piece: str) -> str:
    """The kind of place ``piece`` occupies (corner, edge or hex)."""
    try:
        return PLACE[piece]
    except (KeyError, TypeError):
        raise WrongPlaceKind(f"{piece!r} is not a piece on the board") from None


def action_place(action) -> tuple[str, int] | None:
    """(kind of place, id) an action places or moves a piece to; None for
    an action that puts nothing on the board."""
    piece = ACTION_PIECE.get(action.kind)
    if piece is None:
        return None
    return PLACE[piece], getattr(action, ACTION_FIELD.get(action.kind, "a"))


def count(geo, kind: str) -> int:
    """How many places of ``kind`` the geometry has."""
    if kind == CORNER:
        return len(geo.corner_xy)
    if kind == EDGE:
        return len(geo.edge_corners)
    if kind == HEX:
        return len(geo.hexes)
    raise WrongPlaceKind(f"{kind!r} is not a kind of place (corner, edge or hex)")


def check(geo, kind: str, place, want: str | None = None) -> None:
    """Raise ``WrongPlaceKind`` unless ``place`` is a place of ``kind`` on
    ``geo`` (and ``kind`` is ``want``, when given)."""
    if want is not None and kind != want:
        raise WrongPlaceKind(f"a {kind} handed where a {want} is wanted")
    if not is_place(geo, kind, place):
        raise WrongPlaceKind(f"{place!r} is not a {kind} of this board (0-{count(geo, kind) - 1})")


def is_place(geo, kind: str, place) -> bool:
    """Whether ``place`` is a place of ``kind`` on ``geo``."""
    return isinstance(place, int) and not isinstance(place, bool) and 0 <= place < count(geo, kind)
