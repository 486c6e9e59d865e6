"""What the Seafarers layer adds to the faces of the state: its own part of
the state (``SeaState``, the JSON's ``"sea"``), ships, the pirate, fog and
island bonuses in a seat's view (``SeaView``) and in a ``Position``
(``SeaPosition``), the island bonus in the public points, the refusals'
reasons and the menu's "ship" and "move", the fog a look-ahead deals anew
(``faces.Faces`` names the extension points)."""

from __future__ import annotations

from ..faces import Faces
from . import actions as A
from . import refusals
from .load import load_pieces, load_sea
from .position import SeaPosition
from .state import SHIPS, SeaState
from .view import SeaView


class SeaFaces(Faces):
    """The Seafarers faces (see the module docstring)."""

    state_key = "sea"
    # A game without the layer refuses its actions with these codes.
    absent_refusals = {A.SHIP: "no_ships_here", A.MOVE_SHIP: "no_ships_here", A.PIRATE: "no_pirate",
                       A.GOLD: "no_pirate"}
    menu_keys = refusals.MENU_KEYS

    def view_class(self) -> type:
        return SeaView

    def position_class(self) -> type:
        return SeaPosition

    # --- the state ------------------------------------------------------------------
    def new_state(self, st) -> object | None:
        sea = SeaState(st.board, st.players, st.config.island_bonus)
        for d in st.pieces:
            d["ships"] = SHIPS
        return sea

    def copy_state(self, st, new) -> object:
        sea = st.layer.copy()
        new.board = sea.board     # the copy's own board where the fog changes it
        return sea

    def load_json(self, st, part) -> None:
        load_sea(st, part)

    def load_pieces(self, st, p: int) -> None:
        load_pieces(st, p)

    def edge_pieces(self, st, p: int):
        return st.layer.ship_edges[p]

    # --- points ---------------------------------------------------------------------
    def public_points(self, st, p: int) -> int:
        return st.layer.bonus[p]

    # --- refusals and the menu --------------------------------------------------------
    def refusal(self, st, p: int, act):
        if act.kind in refusals.KINDS:
            return refusals.refusal(st, p, act)
        return super().refusal(st, p, act)

    def menu(self, st, p: int, kinds, out: dict) -> None:
        refusals.menu(st, p, kinds, out)

    # --- a look-ahead ---------------------------------------------------------------
    def deal_hidden(self, st, rng, deal) -> None:
        # The terrains under the fog are hidden (dealt at the start); its number tokens are not:
        # they come in the scenario's order, which every seat reads in the config (docs/seafarers.md).
        sea = st.layer
        sea.fog_pool = deal(rng, sorted(sea.fog_pool), [])[-1]
