"""Why an action is refused, and what a seat may do now.

``refuse`` names the rule that stops one action (an ``IllegalAction``
with a code of ``errors.REFUSALS``); ``menu`` answers, for each of the
main actions a front end offers, None (possible now) or (code, params).
Neither changes the state; both are off the hot path (a refused action,
a frame of the window).
"""

from __future__ import annotations

from . import robber, seafarers, trade
from .components import (
    COST_CITY,
    COST_DEV_CARD,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_CARDS,
    INVENTION,
    KNIGHT,
    MONOPOLY,
    ROAD_BUILDING,
)
from .errors import IllegalAction
from .pieces import ACTION_PIECE, is_place, place_of
from .seafarers import actions as A
from .seafarers import phases
from .state import GameState

COSTS = {"road": COST_ROAD, "settlement": COST_SETTLEMENT, "city": COST_CITY, "card": COST_DEV_CARD,
         "ship": seafarers.COST_SHIP}
_PIECE = ACTION_PIECE      # the piece of each building action, and its kind of place (engine.pieces)
_CARD = {A.KNIGHT: KNIGHT, A.ROAD_BUILDING: ROAD_BUILDING, A.MONOPOLY: MONOPOLY, A.INVENTION: INVENTION}
CARD_KINDS = frozenset(_CARD)
# The main actions of a turn, as a front end's menu names them (on a scenario
# map also "ship" and "move": build a ship, move a ship).
MENU = ("roll", "road", "settlement", "city", "buy", "bank", "offer", "play", "end", "pass")
SEA_MENU = ("ship", "move")


def missing(hand, cost) -> list[int]:
    """Cards short of ``cost`` per resource."""
    return [max(0, c - h) for h, c in zip(hand, cost)]


def _build_refusal(st: GameState, p: int, what: str):
    """(code, params) if ``p`` lacks the piece or the cards for ``what``."""
    if what == "card":
        if not st.deck:
            return "deck_empty", {}
    elif st.pieces[p].get(what + "s" if what != "city" else "cities", 0) <= 0:
        return "no_pieces_left", {"player": p, "piece": what}
    short = missing(st.hands[p], COSTS[what])
    if any(short):
        return "not_enough_resources", {"player": p, "what": what, "missing": short}
    return None


def _card_refusal(st: GameState, p: int, card: int | None):
    if st.phase not in (phases.ROLL, phases.MAIN) or p != st.current:
        return "cards_on_own_turn", {}
    if st.dev_played_turn >= st.config.dev_cards_per_turn:
        return "card_limit", {"limit": st.config.dev_cards_per_turn}
    held, new = st.dev_hand[p], st.dev_new[p]
    options = [card] if card is not None else list(_CARD.values())
    if not any(held[c] for c in options):
        return "no_such_card", {"card": DEV_CARDS[card] if card is not None else "development"}
    if not any(held[c] - new[c] for c in options):
        return "card_too_new", {}
    if card == ROAD_BUILDING:
        return "nowhere_to_build_road", {}
    return None


def refuse(st: GameState, act) -> IllegalAction:
    """The refusal of ``act``, an action that is not legal now."""
    p, k, ph = st.decider, act.kind, st.phase
    if ph == phases.OVER:
        return IllegalAction("game_over")
    if k in _SEA_KINDS or (st.sea is not None and k == A.ROBBER):
        why = _sea_refusal(st, p, act)
        if why is not None:
            return why
    if ph in (phases.MAIN, phases.SPECIAL_BUILD) and k in (A.ROAD, A.SETTLE, A.CITY, A.BUY):
        why = _build_refusal(st, p, _PIECE.get(k, "card"))
        if why:
            return IllegalAction(why[0], **why[1])
        if k != A.BUY:
            return IllegalAction("cannot_build_there", player=p, piece=_PIECE[k])
    if k == A.TRADE:
        if ph == phases.ROLL:
            return IllegalAction("trade_before_roll")
        if ph == phases.MAIN:
            if not trade.trading_open(st):
                return IllegalAction("trading_closed")
            give, get, ratio = act.a, act.b, act.c
            if give == get:
                return IllegalAction("same_resource_both_sides")
            if isinstance(give, int) and 0 <= give < 5 and isinstance(get, int) and 0 <= get < 5:
                if ratio != st.ratio[p][give]:
                    return IllegalAction("bad_ratio", player=p, resource=give, ratio=st.ratio[p][give], asked=ratio)
                if st.hands[p][give] < ratio:
                    short = [0] * 5
                    short[give] = ratio - st.hands[p][give]
                    return IllegalAction("not_enough_resources", player=p, what="trade", missing=short)
                if st.bank[get] <= 0:
                    return IllegalAction("bank_out_of", resource=get)
    if k in _CARD:
        why = _card_refusal(st, p, _CARD[k])
        if why:
            return IllegalAction(why[0], **why[1])
    if ph == phases.ROBBER and k == A.ROBBER:
        if act.a not in robber.hexes(st):
            return IllegalAction("robber_must_move")
        return IllegalAction("cannot_rob", player=act.b)
    if ph == phases.DISCARD and k == A.DISCARD and isinstance(act.a, int) and 0 <= act.a < 5:
        return IllegalAction("nothing_to_discard", resource=act.a)
    if ph == phases.OFFER_RESPONSE and k == A.ACCEPT:
        return IllegalAction("cannot_accept", missing=missing(st.hands[p], st.offer["get"]))
    if ph == phases.OFFER_CONFIRM and k == A.CONFIRM:
        return IllegalAction("cannot_close")
    try:
        text = str(act)
    except (ValueError, TypeError, IndexError):
        text = repr(tuple(act))
    return IllegalAction("not_legal_now", action=text, phase=ph, player=p)


_SEA_KINDS = frozenset((A.SHIP, A.MOVE_SHIP, A.PIRATE, A.GOLD))


def _sea_refusal(st: GameState, p: int, act) -> IllegalAction | None:
    """Why a Seafarers action (or the robber on a scenario map) is refused."""
    k, ph, sea = act.kind, st.phase, st.sea
    if sea is None:
        return IllegalAction("no_ships_here") if k in (A.SHIP, A.MOVE_SHIP) else IllegalAction("no_pirate")
    if k == A.SHIP and ph in (phases.MAIN, phases.SPECIAL_BUILD):
        why = _build_refusal(st, p, "ship")
        if why:
            return IllegalAction(why[0], **why[1])
        if isinstance(act.a, int) and act.a in seafarers.pirate_edges(st):
            return IllegalAction("pirate_blocks")
        return IllegalAction("cannot_build_there", player=p, piece="ship")
    if k == A.SHIP and ph in (phases.SETUP_ROAD, phases.ROAD_BUILDING):
        if isinstance(act.a, int) and act.a in seafarers.pirate_edges(st):
            return IllegalAction("pirate_blocks")
        return IllegalAction("cannot_build_there", player=p, piece="ship")
    if k == A.MOVE_SHIP:
        if ph != phases.MAIN:
            return IllegalAction("wrong_phase", phase=ph)
        if sea.moved:
            return IllegalAction("ship_moved_already")
        blocked = seafarers.pirate_edges(st)
        if act.a in blocked or act.b in blocked:
            return IllegalAction("pirate_blocks")
        if not _owns_a_ship(st, p):
            return IllegalAction("no_ship_to_move", player=p)
        if act.a not in seafarers.movable_ships(st, p):
            return IllegalAction("ship_not_movable")
        if is_place(st.geo, place_of("ship"), act.b):
            return IllegalAction("ship_move_target")
    if ph == phases.ROBBER and k in (A.ROBBER, A.PIRATE):
        h = act.a
        if sea.pirate < 0 and k == A.PIRATE:
            return IllegalAction("no_pirate")
        if is_place(st.geo, place_of(_PIECE[k]), h):
            if st.board.is_sea_hex(h) != (k == A.PIRATE) or (h < sea.board.nland and st.board.terrain[h] == "fog"):
                return IllegalAction("robber_on_land")
            if k == A.PIRATE and h == sea.pirate:
                return IllegalAction("pirate_must_move")
            if k == A.ROBBER and h not in seafarers.robber_hexes(st):
                return IllegalAction("robber_must_move")
            return IllegalAction("cannot_rob", player=act.b)
    if k == A.GOLD and ph == phases.GOLD and isinstance(act.a, int) and 0 <= act.a < 5:
        return IllegalAction("bank_out_of", resource=act.a)
    return None


def _owns_a_ship(st: GameState, p: int) -> bool:
    owner = st.edge_owner
    return any(s and owner[e] == p for e, s in enumerate(st.sea.ship))


def menu(st: GameState, p: int, kinds) -> dict:
    """For each action of ``MENU``: None if seat ``p`` may take it now,
    else (code, params). ``kinds``: the kinds of the legal actions (for
    the decider; ignored for another seat)."""
    out: dict = {}
    ph = st.phase
    if p != st.decider:
        code = ("game_over", {}) if ph == phases.OVER else ("not_your_decision", {"player": st.decider})
        return dict.fromkeys(MENU + SEA_MENU if st.sea is not None else MENU, code)
    wrong = ("wrong_phase", {"phase": ph})
    building = ph in (phases.MAIN, phases.SPECIAL_BUILD)
    out["roll"] = None if ph == phases.ROLL else wrong
    for name, kind in (("road", A.ROAD), ("settlement", A.SETTLE), ("city", A.CITY)):
        if kind in kinds:          # founding and free roads place pieces too
            out[name] = None
        elif not building:
            out[name] = wrong
        else:
            out[name] = _build_refusal(st, p, name) or ("no_place_for", {"player": p, "piece": name})
    if not building:
        out["buy"] = wrong
    else:
        out["buy"] = None if A.BUY in kinds else _build_refusal(st, p, "card")
    if ph != phases.MAIN:
        out["bank"] = out["offer"] = ("trade_before_roll", {}) if ph == phases.ROLL else wrong
    else:
        if not trade.trading_open(st):
            out["bank"] = out["offer"] = ("trading_closed", {})
        else:
            out["bank"] = None if A.TRADE in kinds else ("nothing_to_trade", {"player": p})
            if st.offers_made >= st.config.offers_per_turn:
                out["offer"] = ("offer_limit", {"limit": st.config.offers_per_turn})
            elif not any(st.hands[p]):
                out["offer"] = ("nothing_to_trade", {"player": p})
            else:
                out["offer"] = None
    if kinds & CARD_KINDS:
        out["play"] = None
    else:
        out["play"] = _card_refusal(st, p, None) or ("no_card_useful", {})
    out["end"] = None if ph == phases.MAIN else wrong
    out["pass"] = None if ph == phases.SPECIAL_BUILD else wrong
    if st.sea is not None:      # a scenario map: build a ship, move a ship
        if A.SHIP in kinds:
            out["ship"] = None
        elif not building:
            out["ship"] = wrong
        else:
            out["ship"] = _build_refusal(st, p, "ship") or ("no_place_for", {"player": p, "piece": "ship"})
        if A.MOVE_SHIP in kinds:
            out["move"] = None
        elif ph != phases.MAIN:
            out["move"] = wrong
        else:
            out["move"] = (("ship_moved_already", {}) if st.sea.moved
                           else ("ship_not_movable", {}) if _owns_a_ship(st, p)
                           else ("no_ship_to_move", {"player": p}))
    return out

