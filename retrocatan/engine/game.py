"""``Game``: the public face of the engine.

A game is its config (with the seed) and its list of decisions. ``Game``
says whose decision it is (``decider``), lists the legal actions for it
(``legal_actions``), applies one (``apply``, which returns the events it
caused and refuses an illegal action with ``IllegalAction``, leaving the
state untouched), and gives a full view or a player's view of the state
(``seat_view``: a ``PlayerView``, what a front end or a computer player
reads; ``view``: the same as plain JSON-ready data).

Chance (the starting roll-off, dice, card draws, steals) comes from the
generator inside the state, so replaying the decisions replays the game.
"""

from __future__ import annotations

from operator import ge

from . import actions as A
from . import build, cards, phases, production, refusals, robber, seafarers, setup, trade, turn
from . import events as E
from .actions import Action, check_shape, parse_action
from .awards import update_longest_route
from .board import Board, base_island
from .components import (
    COST_CITY,
    COST_DEV_CARD,
    COST_ROAD,
    COST_SETTLEMENT,
    DEV_CARDS,
    INVENTION,
    KNIGHT,
    MONOPOLY,
    RESOURCES,
    ROAD_BUILDING,
)
from .config import ConfigError, GameConfig
from .errors import IllegalAction
from .rng import Rng
from .scenario import ScenarioError
from .scenario_deal import beginner_board, deal_board, scenario_map
from .state import GameState, offer_to_json
from .validate import load_state
from .view import PlayerView

# --- action objects made once per board shape, shared by every listing ----
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
_CONFIRM = [Action(A.CONFIRM, p) for p in range(6)]
# Decisions after which the current player may have reached the target
# (a turn's start is checked where the turn starts).
_MAY_WIN = frozenset((A.SETTLE, A.CITY, A.ROAD, A.BUY, A.KNIGHT, A.SHIP, A.MOVE_SHIP))
_GOLD = [Action(A.GOLD, r) for r in range(5)]
# The costs, one name per count (compared inline where the build menu is listed)
_RW, _RB, _RS, _RG, _RC = COST_ROAD
_SW, _SB, _SS, _SG, _SC = COST_SETTLEMENT
_CW, _CB, _CS, _CG, _CC = COST_CITY
_DW, _DB, _DS, _DG, _DC = COST_DEV_CARD


class _Tables:
    """The action objects of a map's ids (land hexes first, then the sea)."""

    def __init__(self, geo) -> None:
        self.geo = geo          # kept, so that the id() key stays this map's
        nc, ne, nh = len(geo.corner_xy), len(geo.edge_corners), len(geo.hexes)
        self.settle = [Action(A.SETTLE, c) for c in range(nc)]
        self.city = [Action(A.CITY, c) for c in range(nc)]
        self.road = [Action(A.ROAD, e) for e in range(ne)]
        self.ship = [Action(A.SHIP, e) for e in range(ne)]
        self.rob = [[Action(A.ROBBER, h, v) for v in range(-1, 6)] for h in range(len(geo.land))]
        self.pirate = [[Action(A.PIRATE, h, v) for v in range(-1, 6)] for h in range(nh)]


_TABLES: dict[int, _Tables] = {}


def _tables(geo) -> _Tables:
    t = _TABLES.get(id(geo))
    if t is None or t.geo is not geo:
        if len(_TABLES) > 32:
            _TABLES.clear()
        t = _TABLES[id(geo)] = _Tables(geo)
    return t


def _scenario_board(config: GameConfig, rng: Rng) -> Board:
    """The board of a game: dealt on the config's scenario, or on the base
    game's island for its player count (scenario_deal, one dealer)."""
    s = config.scenario if config.scenario is not None else base_island(config.board_kind)
    try:
        s = scenario_map(s, config.seed)
    except ScenarioError as exc:
        raise ConfigError(f"scenario: {exc}") from None
    if config.players not in s.players:
        raise ConfigError(f"scenario {s.id} is for {' or '.join(map(str, s.players))} players")
    try:
        if config.board == "beginner":
            return beginner_board(s)
        return deal_board(s, rng, config.no_red_neighbours)
    except ScenarioError as exc:
        raise ConfigError(f"scenario {s.id}: {exc}") from None


class Game:
    """One game of Catan. See the module docstring."""

    def __init__(self, config: GameConfig | None = None, **options) -> None:
        if config is None:
            config = GameConfig(**options)
        elif options:
            config = config.replace(**options)
        rng = Rng(config.seed)
        board = _scenario_board(config, rng)
        self.initial_events: list[dict] = []
        first = self._roll_for_first(rng, config.players)
        st = GameState(config, board, rng, first)
        rng.shuffle(st.deck)
        self._init(st)

    def _init(self, st: GameState) -> None:
        self.state = st
        self.history: list[Action] = []
        self._tables = _tables(st.geo)
        self._legal: list[Action] | None = None
        self._views = None

    def _roll_for_first(self, rng: Rng, n: int) -> int:
        """Each player rolls; highest goes first; ties re-roll."""
        contenders = list(range(n))
        while True:
            rolls = [(p, rng.die() + rng.die()) for p in contenders]
            self.initial_events.append(E.first_roll([[p, r] for p, r in rolls]))
            top = max(r for _, r in rolls)
            contenders = [p for p, r in rolls if r == top]
            if len(contenders) == 1:
                self.initial_events.append(E.first_player(contenders[0]))
                return contenders[0]

    # --- basic facts ----------------------------------------------------------
    @property
    def config(self) -> GameConfig:
        return self.state.config

    @property
    def board(self) -> Board:
        return self.state.board

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def decider(self) -> int:
        """The player whose decision it is (-1 when the game is over)."""
        return self.state.decider

    @property
    def current(self) -> int:
        """The player whose turn it is."""
        return self.state.current

    @property
    def winner(self) -> int:
        return self.state.winner

    @property
    def over(self) -> bool:
        return self.state.phase == phases.OVER

    def vp(self, p: int) -> int:
        return self.state.vp(p)

    def refresh(self) -> None:
        """Forget everything derived from the state (the legal-action listing,
        the seats' views): the public way to go on after the state was set by
        hand (positions, tests). ``apply`` keeps the game current by itself."""
        self._legal = None
        self.forget_views()

    # --- legal actions ------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action for the current decision, in a fixed order.

        Free-form domestic offers and counter-offers are open-ended and not
        listed; ``is_legal`` checks them (``trade.check_offer``)."""
        if self._legal is None:
            self._legal = self._list_legal()
        return self._legal

    def _list_legal(self) -> list[Action]:
        st, t = self.state, self._tables
        ph = st.phase
        p = st.decider
        if ph == phases.MAIN:
            out = [_END]
            hand = st.hands[p]
            ratio = st.ratio[p]
            if (st.config.free_phase_order or not st.built) and any(map(ge, hand, ratio)):  # trade.trading_open
                # trade.maritime_options, inlined: the main phase is listed most
                bank = st.bank
                for r in range(5):
                    k = ratio[r]
                    if hand[r] >= k:
                        for s, act in _TRADE_ROWS[r][k]:
                            if bank[s] > 0:
                                out.append(act)
            held = st.dev_hand[p]
            if held[KNIGHT] or held[ROAD_BUILDING] or held[MONOPOLY] or held[INVENTION]:
                self._card_plays(out, p)
            self._builds(out, p)
            return out
        if ph == phases.ROLL:
            out = [_ROLL]
            held = st.dev_hand[p]
            if held[KNIGHT] or held[ROAD_BUILDING] or held[MONOPOLY] or held[INVENTION]:
                self._card_plays(out, p)
            return out
        if ph == phases.DISCARD:
            hand = st.hands[p]
            return [_DISCARD[r] for r in range(5) if hand[r]]
        if ph == phases.ROBBER:
            out = []
            on_hex, can_rob = robber.hex_players(st), robber.robbable(st)
            if st.sea is not None:
                return self._sea_robber(out, on_hex, can_rob)
            rob = t.rob
            for h in robber.hexes(st):
                row = rob[h]
                out.append(row[0])
                for v in on_hex[h]:
                    if can_rob[v]:
                        out.append(row[v + 1])
            return out
        if ph == phases.SPECIAL_BUILD:
            out = [_PASS]
            self._builds(out, p)
            return out
        if ph == phases.SETUP_SETTLEMENT:
            return [t.settle[c] for c in setup.settlement_spots(st)]
        if ph == phases.SETUP_ROAD:
            if st.sea is not None:
                return [(t.road if k == "road" else t.ship)[e] for k, e in seafarers.founding_edges(st)]
            return [t.road[e] for e in setup.road_spots(st)]
        if ph == phases.ROAD_BUILDING:
            out = [t.road[e] for e in build.road_spots(st, p)] if st.pieces[p]["roads"] else []
            if st.sea is not None and st.pieces[p]["ships"]:
                out += [t.ship[e] for e in seafarers.ship_spots(st, p)]
            return out
        if ph == phases.GOLD:
            return [_GOLD[r] for r in seafarers.gold_options(st)]
        if ph == phases.OFFER_RESPONSE:
            return ([_ACCEPT] if trade.can_accept(st, p) else []) + [_DECLINE]
        if ph == phases.OFFER_CONFIRM:
            return [_CONFIRM[q] for q in trade.confirmable(st)] + [_CANCEL]
        return []

    def _sea_robber(self, out: list, on_hex, can_rob) -> list[Action]:
        st, t = self.state, self._tables
        for h in seafarers.robber_hexes(st):
            row = t.rob[h]
            out.append(row[0])
            for v in on_hex[h]:
                if can_rob[v]:
                    out.append(row[v + 1])
        for h in seafarers.pirate_hexes(st):
            row = t.pirate[h]
            out.append(row[0])
            for v in seafarers.pirate_victims(st, h):
                out.append(row[v + 1])
        return out

    def _card_plays(self, out: list, p: int) -> None:
        st = self.state
        held = st.dev_hand[p]
        if not (held[KNIGHT] or held[ROAD_BUILDING] or held[MONOPOLY] or held[INVENTION]):
            return
        if not cards.may_play(st):
            return
        if cards.playable(st, p, KNIGHT):
            out.append(_KNIGHT)
        if cards.playable(st, p, ROAD_BUILDING) and cards.road_building_useful(st, p):
            out.append(_ROADS)
        if cards.playable(st, p, MONOPOLY):
            out += _MONO
        if cards.playable(st, p, INVENTION):
            out += [_INV[o] for o in cards.invention_options(st)]

    def _builds(self, out: list, p: int) -> None:
        st, t = self.state, self._tables
        sea = st.sea
        if sea is not None and st.phase == phases.MAIN:
            out += [Action(A.MOVE_SHIP, e, f) for e, f in seafarers.ship_moves(st, p)]
        w, b, s, g, c = st.hands[p]
        if not (w or b or s or g or c):
            return
        # build.options and cards.can_buy, with the costs compared inline
        left = st.pieces[p]
        if w >= _RW and b >= _RB and s >= _RS and g >= _RG and c >= _RC:
            if left["roads"]:
                table = t.road
                out += [table[e] for e in build.road_spots(st, p)]
            if sea is not None and seafarers.can_build_ship(st, p):
                out += [t.ship[e] for e in seafarers.ship_spots(st, p)]
            if left["settlements"] and w >= _SW and b >= _SB and s >= _SS and g >= _SG and c >= _SC:
                table = t.settle
                out += [table[x] for x in build.settlement_spots(st, p)]
        elif sea is not None and seafarers.can_build_ship(st, p):
            out += [t.ship[e] for e in seafarers.ship_spots(st, p)]
        # (the scarcest resources of each cost compared first)
        if c >= _CC and g >= _CG and w >= _CW and b >= _CB and s >= _CS and left["cities"]:
            table = t.city
            out += [table[x] for x in build.city_spots(st, p)]
        if c >= _DC and g >= _DG and s >= _DS and w >= _DW and b >= _DB and st.deck:
            out.append(_BUY)

    def is_legal(self, action: Action | str) -> bool:
        try:
            self._check(self._coerce(action))
        except (IllegalAction, ValueError):
            return False
        return True

    @staticmethod
    def _coerce(action: Action | str) -> Action:
        """A plain ``Action`` whose fields have the types of its kind
        (``ValueError`` otherwise), checked before anything changes."""
        if isinstance(action, str):
            return parse_action(action)
        if not isinstance(action, Action):
            raise IllegalAction("not_an_action")
        return check_shape(action)

    def _check(self, act: Action) -> None:
        st = self.state
        if st.phase == phases.OVER:
            raise IllegalAction("game_over")
        if act.kind == A.OFFER:
            if st.phase != phases.MAIN:
                raise IllegalAction("not_your_trade_phase")
            trade.check_offer(st, act.a, act.b, act.c)
            return
        if act.kind == A.COUNTER:
            if st.phase != phases.OFFER_RESPONSE:
                raise IllegalAction("no_offer")
            trade.check_counter(st, act.a, act.b)
            return
        if act not in self.legal_actions():
            raise refusals.refuse(st, act)

    def _why(self, act: Action) -> str:
        """A reason an action is refused, for people and logs."""
        return str(refusals.refuse(self.state, act))

    # --- applying ------------------------------------------------------------------
    def apply(self, action: Action | str) -> list[dict]:
        """Apply one decision; return its events. Illegal: ``IllegalAction``."""
        legal = self._legal
        if legal is None or action.__class__ is not Action:
            legal = ()
        for x in legal:     # one of the listing's own objects (by identity: no field's __eq__ runs)?
            if x is action:
                break
        else:               # no: check its shape, then its legality
            try:
                action = self._coerce(action)
            except ValueError as exc:
                raise IllegalAction("bad_action_text", reason=str(exc)) from None
            legal = self._legal
            if legal is None or action not in legal:
                self._check(action)
        events: list[dict] = []
        self._dispatch(action, events)
        if action.kind in _MAY_WIN:
            turn.check_victory(self.state, events)
        self.history.append(action)
        self._legal = self._views = None
        return events

    def _dispatch(self, act: Action, ev: list) -> None:
        st = self.state
        k = act.kind
        p = st.decider
        ph = st.phase
        if k == A.ROLL:
            production.roll(st, ev)
        elif k == A.END:
            turn.end_turn(st, ev)
            if st.sea is not None and st.phase == phases.ROLL:
                seafarers.new_turn(st)
        elif k == A.TRADE:
            trade.maritime(st, act.a, act.b, act.c, ev)
        elif k == A.DISCARD:
            production.discard(st, act.a, ev)
        elif k == A.ROBBER:
            robber.move(st, act.a, act.b, ev)
        elif k == A.ROAD:
            if ph == phases.SETUP_ROAD:
                if setup.place_road(st, act.a, ev):
                    turn.start_turn(st, st.first, ev)
            elif ph == phases.ROAD_BUILDING:
                cards.place_free_road(st, act.a, ev)
            else:
                build.pay(st, p, COST_ROAD)
                build.place_road(st, p, act.a)
                ev.append(E.build(p, "road", act.a))
                update_longest_route(st, [p], ev)
                self._mark_built()
            if st.sea is not None:
                seafarers.after_edge(st, p, act.a, ev)
        elif k == A.SHIP:
            self._ship(p, ph, act.a, ev)
        elif k == A.MOVE_SHIP:
            seafarers.move_ship(st, p, act.a, act.b, ev)
            self._mark_built()
        elif k == A.PIRATE:
            seafarers.move_pirate(st, act.a, act.b, ev)
        elif k == A.GOLD:
            seafarers.choose_gold(st, act.a, ev)
        elif k == A.SETTLE:
            if ph == phases.SETUP_SETTLEMENT:
                setup.place_settlement(st, act.a, ev)
                if st.sea is not None:
                    seafarers.founding_settlement(st, p, act.a, ev)
            else:
                build.pay(st, p, COST_SETTLEMENT)
                self._settle(p, act.a, ev)
                self._mark_built()
        elif k == A.CITY:
            build.pay(st, p, COST_CITY)
            build.place_city(st, p, act.a)
            ev.append(E.build(p, "city", act.a))
            self._mark_built()
        elif k == A.BUY:
            cards.buy(st, p, ev)
            self._mark_built()
        elif k == A.KNIGHT:
            cards.play_knight(st, ev)
        elif k == A.ROAD_BUILDING:
            cards.play_road_building(st, ev)
        elif k == A.MONOPOLY:
            cards.play_monopoly(st, act.a, ev)
        elif k == A.INVENTION:
            cards.play_invention(st, act.a, act.b, ev)
        elif k == A.OFFER:
            trade.offer(st, act.a, act.b, act.c, ev)
        elif k in (A.ACCEPT, A.DECLINE, A.COUNTER):
            trade.answer(st, k, act.a, act.b, ev)
        elif k == A.CONFIRM:
            trade.confirm(st, act.a, ev)
        elif k == A.CANCEL:
            trade.cancel(st, ev)
        elif k == A.PASS:
            turn.special_pass(st, ev)
            if st.sea is not None and st.phase == phases.ROLL:
                seafarers.new_turn(st)
        else:  # pragma: no cover - _check lets only known kinds through
            raise IllegalAction("not_legal_now", action=repr(act), phase=ph, player=p)

    def _ship(self, p: int, ph: str, e: int, ev: list) -> None:
        st = self.state
        if ph == phases.SETUP_ROAD:
            seafarers.place_ship(st, p, e)
            ev.append(E.build(p, "ship", e))
            update_longest_route(st, [p], ev)
            if setup.next_founder(st):
                turn.start_turn(st, st.first, ev)
        elif ph == phases.ROAD_BUILDING:
            cards.place_free_ship(st, e, ev)
        else:
            build.pay(st, p, seafarers.COST_SHIP)
            seafarers.place_ship(st, p, e)
            st.sea.new_ships.append(e)
            ev.append(E.build(p, "ship", e))
            update_longest_route(st, [p], ev)
            self._mark_built()
        seafarers.after_edge(st, p, e, ev)

    def _mark_built(self) -> None:
        st = self.state
        if st.phase == phases.MAIN:
            st.built = True

    def _settle(self, p: int, c: int, ev: list) -> None:
        st = self.state
        build.place_settlement(st, p, c)
        ev.append(E.build(p, "settlement", c))
        if st.sea is not None:
            seafarers.new_settlement(st, p, c, ev)
        cut = build.players_cut_at(st, p, c)
        if cut and st.config.cut_roads == "lost":
            for q in cut:
                lost = build.remove_lost_roads(st, q)
                if lost:
                    ev.append(E.roads_lost(q, lost))
        if st.sea is not None:     # the builder's roads and ships join at the new building
            cut = [p] + cut
        if cut:
            update_longest_route(st, cut, ev)

    # --- views --------------------------------------------------------------------
    def view(self, player: int | None = None) -> dict:
        """What ``player`` may know (``None``: everything but the deck order and
        the generator, as for a spectator with all cards open)."""
        st = self.state
        n = st.players
        players = []
        for q in range(n):
            open_cards = player is None or player == q
            entry = {
                "seat": q,
                "cards": sum(st.hands[q]),
                "dev_cards": sum(st.dev_hand[q]),
                "knights": st.dev_played[q][KNIGHT],
                "played": {DEV_CARDS[i]: st.dev_played[q][i] for i in range(5)},
                "route_length": st.route_len[q],
                "public_vp": st.public_vp(q),
                "pieces": dict(st.pieces[q]),
                "ratios": dict(zip(RESOURCES, st.ratio[q])),
            }
            if open_cards:
                entry["hand"] = dict(zip(RESOURCES, st.hands[q]))
                entry["dev_hand"] = {DEV_CARDS[i]: st.dev_hand[q][i] for i in range(5)}
                entry["dev_new"] = {DEV_CARDS[i]: st.dev_new[q][i] for i in range(5)}
                entry["vp"] = st.vp(q)
            players.append(entry)
        if st.phase == phases.OVER:  # everything is revealed at the end
            for q, entry in enumerate(players):
                entry["vp"] = st.vp(q)
                entry["dev_hand"] = {DEV_CARDS[i]: st.dev_hand[q][i] for i in range(5)}
        geo = st.geo
        out = {
            "viewer": player,
            "config": st.config.to_dict(),
            "board": st.board.to_json(),
            "phase": st.phase,
            "turn": st.turn,
            "current": st.current,
            "decider": st.decider,
            "dice": list(st.dice) if st.dice else None,
            "bank": dict(zip(RESOURCES, st.bank)),
            "deck_size": len(st.deck),
            "robber": st.robber,
            "buildings": [[c, st.corner_owner[c], st.corner_level[c]]
                          for c in range(len(geo.corner_xy)) if st.corner_owner[c] != -1],
            "roads": [[e, o] for e, o in enumerate(st.edge_owner) if o != -1],
            "longest_route": st.longest,
            "largest_army": st.army,
            "players": players,
            "offer": offer_to_json(st.offer),
            "discards": [list(d) for d in st.discards],
            "winner": st.winner,
        }
        sea = st.sea
        if sea is not None:   # a scenario map: roads without the ships, and the Seafarers parts
            out["roads"] = [[e, o] for e, o in enumerate(st.edge_owner) if o != -1 and not sea.ship[e]]
            out["ships"] = [[e, st.edge_owner[e]] for e, s in enumerate(sea.ship) if s]
            out["pirate"] = sea.pirate
            out["terrain"] = list(st.board.terrain)
            out["numbers"] = list(st.board.numbers)
            out["explored"] = [list(x) for x in sea.explored]
            out["island_bonus"] = list(st.bonus)
            out["gold"] = [list(g) for g in sea.gold]
            out["ship_moved"] = sea.moved
        return out

    def seat_view(self, player: int | None = None) -> PlayerView:
        """What seat ``player`` may know, as a ``PlayerView`` (None: all cards
        open). The same object until the next decision (``view.py``)."""
        views = self._views        # dropped by apply (and forget_views)
        if views is None:
            views = self._views = {}
        else:
            view = views.get(player)
            if view is not None:
                return view
        view = views[player] = PlayerView(self, player)
        return view

    def fix_dice(self, throws) -> None:
        """For tests: the next rolls give these dice, e.g. ``[(3, 4), (6, 6)]``,
        instead of the generator's (which is left alone). Never recorded:
        the fixed dice are not part of the state's JSON or hash and not in
        the action list, so a game played with them does not verify as a
        replay or load as a save."""
        pairs = []
        for pair in throws:
            if (not isinstance(pair, (tuple, list)) or len(pair) != 2
                    or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in pair)):
                raise ValueError("fixed dice are pairs of numbers 1 to 6")
            pairs.append((pair[0], pair[1]))
        self.state.fixed_dice = pairs

    def forget_views(self) -> None:
        """Drop cached views (after changing the state other than by ``apply``)."""
        self._views = None

    # --- persistence ------------------------------------------------------------
    def to_json(self) -> dict:
        """The whole state as JSON-ready data (includes hidden information)."""
        return self.state.to_json()

    @classmethod
    def from_json(cls, data: dict) -> Game:
        game = cls.__new__(cls)
        game.initial_events = []
        game._init(load_state(GameState, data))
        return game

    def state_hash(self) -> str:
        return self.state.state_hash()

    def copy(self) -> Game:
        """An independent copy (for look-ahead); history is shared by value."""
        game = Game.__new__(Game)
        game.initial_events = []
        game._init(self.state.copy())
        game.history = list(self.history)
        return game
