"""Why an action is refused, and what a seat may do now.

``refuse`` names the rule that stops one action (an ``IllegalAction``
with a code of ``errors.REFUSALS``); ``menu`` answers, for each of the
main actions a front end offers, None (possible now) or (code, params).
Neither changes the state; both are off the hot path (a refused action,
a frame of the window).
"""

from __future__ import annotations

from . import actions as A
from . import phases, robber, trade
from .components import (
    DEV_CARDS,
    INVENTION,
    KNIGHT,
    MONOPOLY,
    ROAD_BUILDING,
)
from .errors import IllegalAction
from .pieces import ACTION_PIECE
from .state import GameState

_PIECE = ACTION_PIECE      # the piece of each building action, and its kind of place (engine.pieces)
_CARD = {A.KNIGHT: KNIGHT, A.ROAD_BUILDING: ROAD_BUILDING, A.MONOPOLY: MONOPOLY, A.INVENTION: INVENTION}
CARD_KINDS = frozenset(_CARD)
# The main actions of a turn, as a front end's menu names them (a layer adds
# its own after these: ``faces.Faces.menu_keys``).
MENU = ("roll", "road", "settlement", "city", "buy", "bank", "offer", "play", "end", "pass")


def missing(hand, cost) -> list[int]:
    """Cards short of ``cost`` per resource."""
    return [max(0, c - h) for h, c in zip(hand, cost)]


def build_refusal(st: GameState, p: int, what: str):
    """(code, params) if ``p`` lacks the piece or the cards for ``what`` (a
    piece of the game's rules, or "card"; its cost: ``Rules.costs``)."""
    if what == "card":
        if not st.deck:
            return "deck_empty", {}
    elif st.pieces[p].get(what + "s" if what != "city" else "cities", 0) <= 0:
        return "no_pieces_left", {"player": p, "piece": what}
    short = missing(st.hands[p], st.rules.costs[what])
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


def _building(st: GameState, p: int, act):
    """A road, settlement, city or card bought in the main or special build phase."""
    k = act.kind
    if k not in (A.ROAD, A.SETTLE, A.CITY, A.BUY):
        return None
    why = build_refusal(st, p, _PIECE.get(k, "card"))
    if why:
        return IllegalAction(why[0], **why[1])
    if k != A.BUY:
        return IllegalAction("cannot_build_there", player=p, piece=_PIECE[k])
    return None


def _trade_before_roll(st: GameState, p: int, act):
    return IllegalAction("trade_before_roll") if act.kind == A.TRADE else None


def _bank_trade(st: GameState, p: int, act):
    """A maritime trade in the main phase."""
    if act.kind != A.TRADE:
        return None
    if not trade.trading_open(st):
        return IllegalAction("trading_closed")
    give, get, ratio = act.give, act.get, act.ratio
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
    return None


def _robber(st: GameState, p: int, act):
    if act.kind != A.ROBBER:
        return None
    if act.place not in robber.hexes(st):
        return IllegalAction("robber_must_move")
    return IllegalAction("cannot_rob", player=act.victim)


def _discard(st: GameState, p: int, act):
    if act.kind == A.DISCARD and isinstance(act.resource, int) and 0 <= act.resource < 5:
        return IllegalAction("nothing_to_discard", resource=act.resource)
    return None


def _accept(st: GameState, p: int, act):
    if act.kind == A.ACCEPT:
        return IllegalAction("cannot_accept", missing=missing(st.hands[p], st.offer["get"]))
    return None


def _confirm(st: GameState, p: int, act):
    return IllegalAction("cannot_close") if act.kind == A.CONFIRM else None


# phase -> the reasons asked in it, in order: f(st, p, act) -> IllegalAction or None (a
# layer's phases are the layer's: ``faces.Faces.refusal``)
BY_PHASE = {
    phases.ROLL: (_trade_before_roll,),
    phases.MAIN: (_building, _bank_trade),
    phases.SPECIAL_BUILD: (_building,),
    phases.ROBBER: (_robber,),
    phases.DISCARD: (_discard,),
    phases.OFFER_RESPONSE: (_accept,),
    phases.OFFER_CONFIRM: (_confirm,),
}


def refuse(st: GameState, act) -> IllegalAction:
    """The refusal of ``act``, an action that is not legal now: the game's
    end, the layer's reasons (``faces.Faces.refusal``), a card's, then the
    reasons of the phase (``BY_PHASE``), else "not legal now"."""
    p, ph = st.decider, st.phase
    if ph == phases.OVER:
        return IllegalAction("game_over")
    why = st.rules.refusal(st, p, act)      # the layer's reasons first (faces.Faces.refusal)
    if why is not None:
        return why
    card = _CARD.get(act.kind)
    if card is not None:
        reason = _card_refusal(st, p, card)
        if reason:
            return IllegalAction(reason[0], **reason[1])
    for reason in BY_PHASE.get(ph, ()):
        why = reason(st, p, act)
        if why is not None:
            return why
    try:
        text = str(act)
    except (ValueError, TypeError, IndexError):
        text = repr(tuple(act))
    return IllegalAction("not_legal_now", action=text, phase=ph, player=p)


def menu(st: GameState, p: int, kinds) -> dict:
    """For each action of ``MENU``: None if seat ``p`` may take it now,
    else (code, params). ``kinds``: the kinds of the legal actions (for
    the decider; ignored for another seat)."""
    out: dict = {}
    ph = st.phase
    if p != st.decider:
        code = ("game_over", {}) if ph == phases.OVER else ("not_your_decision", {"player": st.decider})
        return dict.fromkeys(MENU + st.rules.menu_keys, code)
    wrong = ("wrong_phase", {"phase": ph})
    building = ph in (phases.MAIN, phases.SPECIAL_BUILD)
    out["roll"] = None if ph == phases.ROLL else wrong
    for name, kind in (("road", A.ROAD), ("settlement", A.SETTLE), ("city", A.CITY)):
        if kind in kinds:          # founding and free roads place pieces too
            out[name] = None
        elif not building:
            out[name] = wrong
        else:
            out[name] = build_refusal(st, p, name) or ("no_place_for", {"player": p, "piece": name})
    if not building:
        out["buy"] = wrong
    else:
        out["buy"] = None if A.BUY in kinds else build_refusal(st, p, "card")
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
    st.rules.menu(st, p, kinds, out)        # the layer's entries (faces.Faces.menu)
    return out

