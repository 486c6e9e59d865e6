"""What a player may do in each phase, and what each action does: the base
game's two tables (``rules.Rules.moves`` and ``rules.Rules.handlers``, in the
manner of boardgame.io's phases and moves; docs/engine.md).

``LISTERS[phase](game, p)`` lists player ``p``'s legal actions in that
phase, in a fixed order (the computer players and replays rely on it);
``HANDLERS[kind](game, action, events)`` applies a listed action. ``game``
is the ``Game``: its ``state``, its ``_tables`` of action objects made once
per board shape, and the build menu bound once per game
(``game._list_builds``, ``Rules.list_builds``). A layer copies these tables
and adds or replaces entries (its phases, its action kinds).
"""

from __future__ import annotations

from itertools import compress

from . import actions as A
from . import build, cards, phases, placing, production, robber, setup, trade, turn
from .actions import Action
from .components import (
    COST_CITY,
    COST_DEV_CARD,
    COST_ROAD,
    COST_SETTLEMENT,
    INVENTION,
    KNIGHT,
    MONOPOLY,
    ROAD_BUILDING,
)

# --- action objects made once, shared by every listing ----------------------------------
_ROLL, _END, _BUY, _KNIGHT = Action(A.ROLL), Action(A.END), Action(A.BUY), Action(A.KNIGHT)
_ROADS, _ACCEPT, _DECLINE = Action(A.ROAD_BUILDING), Action(A.ACCEPT), Action(A.DECLINE)
_CANCEL, _PASS = Action(A.CANCEL), Action(A.PASS)
_DISCARD = [Action(A.DISCARD, r) for r in range(5)]
_MONO = [Action(A.MONOPOLY, r) for r in range(5)]
_INV = {(a, b): Action(A.INVENTION, a, b) for a in range(5) for b in range(a, 5)}
_TRADE = {(r, s, k): Action(A.TRADE, r, s, k) for r in range(5) for s in range(5) for k in (2, 3, 4)}
# _TRADE_ROWS[r][k]: (s, trade k of r for one s) for every other resource s, in order
_TRADE_ROWS = [[tuple((s, _TRADE[r, s, k]) for s in range(5) if s != r) if k in (2, 3, 4) else ()
                for k in range(5)] for r in range(5)]
# _TRADE_ALL[r][k]: the actions of _TRADE_ROWS[r][k] alone
_TRADE_ALL = [[tuple(act for _, act in row) for row in rows] for rows in _TRADE_ROWS]
_CONFIRM = [Action(A.CONFIRM, p) for p in range(6)]
# The costs, one name per count (compared inline where the build menu is listed)
_RW, _RB, _RS, _RG, _RC = COST_ROAD
_SW, _SB, _SS, _SG, _SC = COST_SETTLEMENT
_CW, _CB, _CS, _CG, _CC = COST_CITY
_DW, _DB, _DS, _DG, _DC = COST_DEV_CARD

# Decisions after which the current player may have reached the target
# (a turn's start is checked where the turn starts): ``Rules.may_win``.
MAY_WIN = frozenset((A.SETTLE, A.CITY, A.ROAD, A.BUY, A.KNIGHT))


# --- listing: what a player may do in each phase ------------------------------------------
def list_main(g, p: int) -> list[Action]:
    st = g.state
    out = [_END]
    hand = st.hands[p]
    ratio = st.ratio[p]
    # trade.trading_open and a resource held at its ratio, compared inline (a builtin's call costs more)
    if ((st.config.free_phase_order or not st.built)
            and (hand[0] >= ratio[0] or hand[1] >= ratio[1] or hand[2] >= ratio[2] or hand[3] >= ratio[3]
                 or hand[4] >= ratio[4])):
        # trade.maritime_options, inlined: the main phase is listed most
        bank = st.bank
        full = bank[0] and bank[1] and bank[2] and bank[3] and bank[4]
        for h, k, rows, whole in zip(hand, ratio, _TRADE_ROWS, _TRADE_ALL):
            if h >= k:
                if full:        # the bank has every resource: the whole row
                    out += whole[k]
                else:
                    for s, act in rows[k]:
                        if bank[s] > 0:
                            out.append(act)
    held = st.dev_hand[p]
    if held[KNIGHT] or held[ROAD_BUILDING] or held[MONOPOLY] or held[INVENTION]:
        card_plays(g, out, p)
    g._list_builds(g, out, p)
    return out


def list_roll(g, p: int) -> list[Action]:
    out = [_ROLL]
    held = g.state.dev_hand[p]
    if held[KNIGHT] or held[ROAD_BUILDING] or held[MONOPOLY] or held[INVENTION]:
        card_plays(g, out, p)
    return out


def list_discard(g, p: int) -> list[Action]:
    return list(compress(_DISCARD, g.state.hands[p]))     # each resource held


def list_robber(g, p: int) -> list[Action]:
    """Every hex the robber may go to (``Rules.robber_hexes``), alone and with each victim."""
    st = g.state
    rows = robber_rows(g)
    out: list[Action] = []
    for h in st.rules.robber_hexes(st):
        out += rows[h]
    return out


def robber_rows(g) -> list[list[Action]]:
    """For each land hex: the robber moved there robbing nobody, then
    robbing each player there who may be robbed (``robber.hex_players``,
    ``robber.robbable``). Kept in the state's cache for the buildings (the
    table of ``hex_players``) and the players who may be robbed they were made for."""
    st = g.state
    on_hex, can_rob = robber.hex_players(st), robber.robbable(st)
    hit = st._cache.get("robber_rows")
    if hit is None or hit[0] is not on_hex:
        hit = st._cache["robber_rows"] = (on_hex, {})
    key = tuple(can_rob)
    rows = hit[1].get(key)
    if rows is None:
        rows = hit[1][key] = []
        for row, players in zip(g._tables.rob, on_hex):
            acts = [row[0]]
            for v in players:
                if can_rob[v]:
                    acts.append(row[v + 1])
            rows.append(acts)
    return rows


def list_special_build(g, p: int) -> list[Action]:
    out = [_PASS]
    g._list_builds(g, out, p)
    return out


def list_setup_settlement(g, p: int) -> list[Action]:
    settle = g._tables.settle
    return [settle[c] for c in build.founding_spots(g.state)]


def list_setup_road(g, p: int) -> list[Action]:
    road = g._tables.road
    return [road[e] for e in setup.road_spots(g.state)]


def list_road_building(g, p: int) -> list[Action]:
    st = g.state
    road = g._tables.road
    return [road[e] for e in build.road_spots(st, p)] if st.pieces[p]["roads"] else []


def list_offer_response(g, p: int) -> list[Action]:
    return ([_ACCEPT] if trade.can_accept(g.state, p) else []) + [_DECLINE]


def list_offer_confirm(g, p: int) -> list[Action]:
    return [_CONFIRM[q] for q in trade.confirmable(g.state)] + [_CANCEL]


def list_over(g, p: int) -> list[Action]:
    return []


def card_plays(g, out: list, p: int) -> None:
    """Append the development cards ``p`` may play now (``cards.may_play``
    and ``cards.playable``, inlined: the main phase is listed most)."""
    st = g.state
    held = st.dev_hand[p]
    if not (held[KNIGHT] or held[ROAD_BUILDING] or held[MONOPOLY] or held[INVENTION]):
        return
    if not ((st.phase == phases.MAIN or st.phase == phases.ROLL)
            and st.dev_played_turn < st.config.dev_cards_per_turn):
        return
    new = st.dev_new[p]
    if held[KNIGHT] > new[KNIGHT]:
        out.append(_KNIGHT)
    if held[ROAD_BUILDING] > new[ROAD_BUILDING] and cards.road_building_useful(st, p):
        out.append(_ROADS)
    if held[MONOPOLY] > new[MONOPOLY]:
        out += _MONO
    if held[INVENTION] > new[INVENTION]:
        out += [_INV[o] for o in cards.invention_options(st)]


def builds(g, out: list, p: int) -> None:
    """The build menu (``Rules.list_builds``): roads, settlements, cities, a card."""
    st, t = g.state, g._tables
    w, b, s, gr, c = st.hands[p]
    if not (w or b or s or gr or c):
        return
    # build.options and cards.can_buy, with the costs compared inline
    left = st.pieces[p]
    if w >= _RW and b >= _RB and s >= _RS and gr >= _RG and c >= _RC:
        if left["roads"]:
            table = t.road
            out += map(table.__getitem__, build.road_spots(st, p))
        if left["settlements"] and w >= _SW and b >= _SB and s >= _SS and gr >= _SG and c >= _SC:
            table = t.settle
            out += map(table.__getitem__, build.settlement_spots(st, p))
    # (the scarcest resources of each cost compared first)
    if c >= _CC and gr >= _CG and w >= _CW and b >= _CB and s >= _CS and left["cities"]:
        table = t.city
        out += map(table.__getitem__, build.city_spots(st, p))
    if c >= _DC and gr >= _DG and s >= _DS and w >= _DW and b >= _DB and st.deck:
        out.append(_BUY)


LISTERS = {
    phases.MAIN: list_main, phases.ROLL: list_roll, phases.DISCARD: list_discard, phases.ROBBER: list_robber,
    phases.SPECIAL_BUILD: list_special_build, phases.SETUP_SETTLEMENT: list_setup_settlement,
    phases.SETUP_ROAD: list_setup_road, phases.ROAD_BUILDING: list_road_building,
    phases.OFFER_RESPONSE: list_offer_response, phases.OFFER_CONFIRM: list_offer_confirm, phases.OVER: list_over,
}


# --- handling: what each action does ---------------------------------------------------------
def how_placed(st) -> str:
    """How a piece placed now comes: founding, free (Road Building) or bought."""
    ph = st.phase
    if ph == phases.SETUP_ROAD or ph == phases.SETUP_SETTLEMENT:
        return placing.FOUNDING
    if ph == phases.ROAD_BUILDING:
        return placing.FREE
    return placing.BOUGHT


def mark_built(st) -> None:
    """The current player built in the main phase: no more trading (unless ``free_phase_order``)."""
    if st.phase == phases.MAIN:
        st.built = True


def _roll(g, act: Action, ev: list) -> None:
    production.roll(g.state, ev)


def _end(g, act: Action, ev: list) -> None:
    turn.end_turn(g.state, ev)


def _trade(g, act: Action, ev: list) -> None:
    trade.maritime(g.state, act.give, act.get, act.ratio, ev)


def _discard(g, act: Action, ev: list) -> None:
    production.discard(g.state, act.resource, ev)


def _robber(g, act: Action, ev: list) -> None:
    robber.move(g.state, act.place, act.victim, ev)


def _road(g, act: Action, ev: list) -> None:
    st = g.state
    placing.put(st, st.decider, "road", act.place, how_placed(st), ev)


def _settle(g, act: Action, ev: list) -> None:
    st = g.state
    placing.put(st, st.decider, "settlement", act.place, how_placed(st), ev)


def _city(g, act: Action, ev: list) -> None:
    st = g.state
    placing.put(st, st.decider, "city", act.place, placing.BOUGHT, ev)


def _buy(g, act: Action, ev: list) -> None:
    st = g.state
    cards.buy(st, st.decider, ev)
    mark_built(st)


def _knight(g, act: Action, ev: list) -> None:
    cards.play_knight(g.state, ev)


def _road_building(g, act: Action, ev: list) -> None:
    cards.play_road_building(g.state, ev)


def _monopoly(g, act: Action, ev: list) -> None:
    cards.play_monopoly(g.state, act.resource, ev)


def _invention(g, act: Action, ev: list) -> None:
    cards.play_invention(g.state, act.resource, act.second, ev)


def _offer(g, act: Action, ev: list) -> None:
    trade.offer(g.state, act.give, act.get, act.to, ev)


def _answer(g, act: Action, ev: list) -> None:
    trade.answer(g.state, act.kind, act.give, act.get, ev)


def _confirm(g, act: Action, ev: list) -> None:
    trade.confirm(g.state, act.player, ev)


def _cancel(g, act: Action, ev: list) -> None:
    trade.cancel(g.state, ev)


def _pass(g, act: Action, ev: list) -> None:
    turn.special_pass(g.state, ev)


HANDLERS = {
    A.ROLL: _roll, A.END: _end, A.TRADE: _trade, A.DISCARD: _discard, A.ROBBER: _robber, A.ROAD: _road,
    A.SETTLE: _settle, A.CITY: _city, A.BUY: _buy, A.KNIGHT: _knight, A.ROAD_BUILDING: _road_building,
    A.MONOPOLY: _monopoly, A.INVENTION: _invention, A.OFFER: _offer, A.ACCEPT: _answer, A.DECLINE: _answer,
    A.COUNTER: _answer, A.CONFIRM: _confirm, A.CANCEL: _cancel, A.PASS: _pass,
}
