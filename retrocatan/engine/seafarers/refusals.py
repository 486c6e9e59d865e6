"""Why a Seafarers action (or the robber on a scenario map) is refused, the
refusal codes and texts of the layer, and its entries of the menu ("ship":
build a ship, "move": move a ship) (``SeaFaces.refusal`` and ``menu``;
the base rules' reasons are ``engine.refusals``)."""

from __future__ import annotations

from ..errors import IllegalAction, declare
from ..pieces import ACTION_PIECE as _PIECE
from ..pieces import is_place, place_of
from ..refusals import build_refusal
from . import actions as A
from . import phases
from .pirate import pirate_edges, robber_hexes
from .ships import movable_ships

# The layer's refusal codes and their English sentences (``errors.REFUSALS``).
REFUSALS = {
    "no_ships_here": "there are no ships in this game",
    "pirate_blocks": "the pirate blocks that edge: no ship is built on, moved onto or away from it",
    "ship_not_movable": "that ship cannot move: only the open end of an open route, not one built this turn",
    "ship_moved_already": "you have already moved a ship this turn",
    "no_ship_to_move": "{player} has no ship to move yet",
    "ship_move_target": "a ship moves only to an edge where a new ship could be built",
    "robber_on_land": "the robber stays on land and the pirate at sea",
    "pirate_must_move": "the pirate must move to another sea hex",
    "no_pirate": "there is no pirate on this map",
}
declare(REFUSALS)

# The actions whose refusals this module explains (the robber: on a scenario map it stays on land).
KINDS = frozenset((A.SHIP, A.MOVE_SHIP, A.PIRATE, A.GOLD, A.ROBBER))
MENU_KEYS = ("ship", "move")


def _ship_bought(st, p: int, act):
    if act.kind != A.SHIP:
        return None
    why = build_refusal(st, p, "ship")
    if why:
        return IllegalAction(why[0], **why[1])
    return _ship_free(st, p, act)


def _ship_free(st, p: int, act):
    """A founding ship or one of Road Building."""
    if act.kind != A.SHIP:
        return None
    if isinstance(act.place, int) and act.place in pirate_edges(st):
        return IllegalAction("pirate_blocks")
    return IllegalAction("cannot_build_there", player=p, piece="ship")


def _move_ship(st, p: int, act):
    if act.kind != A.MOVE_SHIP:
        return None
    if st.layer.moved:
        return IllegalAction("ship_moved_already")
    blocked = pirate_edges(st)
    if act.place in blocked or act.target in blocked:
        return IllegalAction("pirate_blocks")
    if not _owns_a_ship(st, p):
        return IllegalAction("no_ship_to_move", player=p)
    if act.place not in movable_ships(st, p):
        return IllegalAction("ship_not_movable")
    if is_place(st.geo, place_of("ship"), act.target):
        return IllegalAction("ship_move_target")
    return None


def _robber_or_pirate(st, p: int, act):
    k, sea = act.kind, st.layer
    if k not in (A.ROBBER, A.PIRATE):
        return None
    h = act.place
    if sea.pirate < 0 and k == A.PIRATE:
        return IllegalAction("no_pirate")
    if is_place(st.geo, place_of(_PIECE[k]), h):
        if st.board.is_sea_hex(h) != (k == A.PIRATE) or (h < sea.board.nland and st.board.terrain[h] == "fog"):
            return IllegalAction("robber_on_land")
        if k == A.PIRATE and h == sea.pirate:
            return IllegalAction("pirate_must_move")
        if k == A.ROBBER and h not in robber_hexes(st):
            return IllegalAction("robber_must_move")
        return IllegalAction("cannot_rob", player=act.victim)
    return None


def _gold(st, p: int, act):
    if act.kind == A.GOLD and isinstance(act.resource, int) and 0 <= act.resource < 5:
        return IllegalAction("bank_out_of", resource=act.resource)
    return None


# phase -> the layer's reasons asked in it, in order (as ``engine.refusals.BY_PHASE``)
BY_PHASE = {
    phases.MAIN: (_ship_bought, _move_ship),
    phases.SPECIAL_BUILD: (_ship_bought,),
    phases.SETUP_ROAD: (_ship_free,),
    phases.ROAD_BUILDING: (_ship_free,),
    phases.ROBBER: (_robber_or_pirate,),
    phases.GOLD: (_gold,),
}


def refusal(st, p: int, act) -> IllegalAction | None:
    """Why a Seafarers action (or the robber on a scenario map) is refused:
    the reasons of the phase (``BY_PHASE``); a ship moves in the main phase only."""
    ph = st.phase
    for reason in BY_PHASE.get(ph, ()):
        why = reason(st, p, act)
        if why is not None:
            return why
    if act.kind == A.MOVE_SHIP and ph != phases.MAIN:
        return IllegalAction("wrong_phase", phase=ph)
    return None


def _owns_a_ship(st, p: int) -> bool:
    owner = st.edge_owner
    return any(s and owner[e] == p for e, s in enumerate(st.layer.ship))


def menu(st, p: int, kinds, out: dict) -> None:
    """The menu's "ship" and "move" for the decider ``p`` (``refusals.menu``)."""
    ph = st.phase
    wrong = ("wrong_phase", {"phase": ph})
    building = ph in (phases.MAIN, phases.SPECIAL_BUILD)
    if A.SHIP in kinds:
        out["ship"] = None
    elif not building:
        out["ship"] = wrong
    else:
        out["ship"] = build_refusal(st, p, "ship") or ("no_place_for", {"player": p, "piece": "ship"})
    if A.MOVE_SHIP in kinds:
        out["move"] = None
    elif ph != phases.MAIN:
        out["move"] = wrong
    else:
        out["move"] = (("ship_moved_already", {}) if st.layer.moved
                       else ("ship_not_movable", {}) if _owns_a_ship(st, p)
                       else ("no_ship_to_move", {"player": p}))
