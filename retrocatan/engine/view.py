"""What one seat may know of a game, as one read-only object.

``Game.seat_view(p)`` gives ``PlayerView`` for seat ``p``; ``seat_view(None)``
the all-open view of a spectator or the replay viewer (every hand, never
the deck order or the generator). A window, a replay viewer and a computer
player read this, not ``GameState`` or the rule modules. At the end of the
game every hand and card is revealed.

Built lazily: making one takes only the legal actions (a computer player
reads little else); every other figure is read from the state on first use
and then kept. A view describes the decision it was made for: read it
before the next decision is applied (``Game.seat_view`` hands out the same
object until then, so calling it every frame costs nothing). Lists it
returns are fresh copies or tuples; changing them changes nothing.

A rules layer's view is a subclass (``faces.Faces.view_class``) with the
layer's figures; it declares their values in a game without the layer
(``absent``), which every view then shows (e.g. no pieces of the layer's).

Conventions: seats from 0 (-1: nobody); bundles are 5 counts in the order
of ``components.RESOURCES``; corners, edges and hexes are ``board`` ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from . import awards, build, phases, production, refusals, trade
from . import robber as _robber
from .components import BOARD_KINDS, DEV_CARDS, KNIGHT, PIECES
from .state import GameState

FOUNDING = (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)
_OVER = phases.OVER


class cached_property:  # noqa: N801 - used as functools.cached_property is
    """A figure computed on first use and then kept in the instance's
    ``__dict__`` (which a later lookup finds first). ``functools``' own
    takes a lock on every first use on Python 3.11, and a computer player
    makes a new view for every decision."""

    def __init__(self, func) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = self.func(obj)
        setattr(obj, self.name, value)     # not through obj.__dict__, which would make the instance a dict
        return value


class _Moment:
    """A figure of the decision a view was made for (its phase, turn, ...):
    on the first read of one, ``_take_moment`` keeps them all in the
    instance (which a later lookup finds first)."""

    def __init__(self, doc: str = "") -> None:
        self.__doc__ = doc

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        obj._take_moment()
        return getattr(obj, self.name)


@dataclass(frozen=True)
class OfferView:
    """A domestic offer in progress. ``give``/``get`` from the offerer's side;
    ``answers``: (player, "accept"|"decline"|"counter", give, get), a
    counter's terms also from the offerer's side."""

    offerer: int
    give: tuple
    get: tuple
    to: int                 # -1: everyone
    pending: tuple          # who still has to answer, in order
    answers: tuple


# --- what the decider is asked, per phase (``PlayerView.prompts``) ---------------------------
def _main_prompt(view, params: dict) -> tuple[str, dict]:
    st = view._st
    if st.config.free_phase_order:
        return "main.free", params
    return ("main.build" if st.built else "main.trade_build"), params


def _discard_prompt(view, params: dict) -> tuple[str, dict]:
    params["cards"] = view.discards[0][1] if view.discards else 0
    return view.phase, params


def _offer_prompt(view, params: dict) -> tuple[str, dict]:
    if view._st.offer is not None:
        params["offerer"] = view._st.offer["from"]
    return view.phase, params


def _road_building_prompt(view, params: dict) -> tuple[str, dict]:
    params["roads"] = view._st.free_roads
    return view.phase, params


def _over_prompt(view, params: dict) -> tuple[str, dict]:
    return view.phase, {"player": view.winner}


class PlayerView:
    """Seat ``viewer``'s knowledge (None: all open). See the module docstring."""

    # A layer's view (a subclass) declares its figures as a game without the layer shows them:
    # name -> function of the view giving the value (for a method: the method). Every view then
    # has them (set here on this class when the subclass is defined; the subclass's own win).
    absent: dict = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for name, make in cls.absent.items():
            if name not in PlayerView.__dict__:
                figure = cached_property(make)
                figure.name = name
                setattr(PlayerView, name, figure)

    def __init__(self, game, viewer: int | None) -> None:
        st: GameState = game.state
        self._game = game
        self._st = st
        self.viewer = viewer
        # The legal actions if this view's seat decides now (the all-open view:
        # the decider's), else (): taken now.
        if st.phase == _OVER or (viewer is not None and viewer != st.decider):
            self.legal: tuple = ()
        else:
            self.legal = tuple(game.legal_actions())    # the public listing: a Game subclass may narrow it

    # The decision's figures: all eight read together at the first read of one.
    phase = _Moment()
    turn = _Moment()
    current = _Moment("Whose turn.")
    decider = _Moment("Whose decision (-1: game over).")
    winner = _Moment()
    dice = _Moment("(d1, d2) rolled this turn, or None.")
    robber = _Moment()
    step = _Moment("Decisions made so far.")

    def _take_moment(self) -> None:
        st = self._st
        self.phase = st.phase
        self.turn = st.turn
        self.current = st.current
        self.decider = st.decider
        self.winner = st.winner
        self.dice = st.dice
        self.robber = st.robber
        self.step = len(self._game.history)

    # What never changes in a game, and what follows from the figures above
    # (made on first use: a computer player's view of one decision reads few).
    @cached_property
    def players(self) -> int:
        return self._st.players

    @cached_property
    def config(self):
        return self._st.config

    @cached_property
    def board(self):
        """Terrain, numbers, harbours (public, not to be changed)."""
        return self._st.board

    @cached_property
    def geo(self):
        return self._st.geo

    @cached_property
    def first(self) -> int:
        return self._st.first

    @cached_property
    def vp_target(self) -> int:
        return self._st.config.vp_target

    @cached_property
    def over(self) -> bool:
        return self.phase == phases.OVER

    @cached_property
    def founding(self) -> bool:
        return self.phase in FOUNDING

    @cached_property
    def all_open(self) -> bool:
        return self.viewer is None or self.phase == phases.OVER

    @cached_property
    def options(self) -> dict:
        """Every rule option's value (made on first use: a computer player's
        decision does without it)."""
        return self._st.config.to_dict()

    # --- may this view see seat p's cards? ------------------------------------------
    def sees(self, p: int) -> bool:
        return self.all_open or p == self.viewer

    # --- cards ----------------------------------------------------------------------
    @cached_property
    def hands(self) -> tuple:
        """Resource bundle per seat; None where this view may not look."""
        return tuple(tuple(h) if self.sees(p) else None for p, h in enumerate(self._st.hands))

    @property
    def hand(self) -> tuple | None:
        """The viewer's own cards (None for the all-open view)."""
        return self.hands[self.viewer] if self.viewer is not None else None

    @cached_property
    def card_counts(self) -> tuple:
        """Resource cards each seat holds (public)."""
        return tuple(sum(h) for h in self._st.hands)

    @cached_property
    def dev_counts(self) -> tuple:
        """Development cards each seat holds, unplayed (public)."""
        return tuple(sum(h) for h in self._st.dev_hand)

    @cached_property
    def dev_hands(self) -> tuple:
        """Per seat: {card name: held} (new ones included); None if hidden."""
        st = self._st
        return tuple({DEV_CARDS[i]: st.dev_hand[p][i] for i in range(5)} if self.sees(p) else None
                     for p in range(self.players))

    @cached_property
    def dev_new(self) -> tuple:
        """Per seat: {card name: bought this turn} (not playable yet); None if hidden."""
        st = self._st
        return tuple({DEV_CARDS[i]: st.dev_new[p][i] for i in range(5)} if self.sees(p) else None
                     for p in range(self.players))

    def dev_cards_of(self, p: int) -> list[tuple[str, int, int]]:
        """(card name, held, of them bought this turn) for seat ``p`` ([] if hidden)."""
        if not self.sees(p):
            return []
        held, new = self.dev_hands[p], self.dev_new[p]
        return [(name, held[name], new[name]) for name in DEV_CARDS if held[name]]

    @cached_property
    def dev_played(self) -> tuple:
        """Per seat: {card name: played} (public)."""
        st = self._st
        return tuple({DEV_CARDS[i]: st.dev_played[p][i] for i in range(5)} for p in range(self.players))

    @cached_property
    def knights(self) -> tuple:
        return tuple(row[KNIGHT] for row in self._st.dev_played)

    # --- points -----------------------------------------------------------------------
    @cached_property
    def public_vp(self) -> tuple:
        """Points everybody sees: buildings and awards."""
        st = self._st
        return tuple(st.public_vp(p) for p in range(self.players))

    @cached_property
    def vp(self) -> tuple:
        """Points with victory point cards, where this view may see them;
        the public points for the others."""
        st = self._st
        return tuple(st.vp(p) if self.sees(p) else st.public_vp(p) for p in range(self.players))

    @cached_property
    def vp_cards(self) -> tuple:
        """Victory point cards that count, per seat; None if hidden."""
        st = self._st
        return tuple(st.vp_cards(p) if self.sees(p) else None for p in range(self.players))

    # --- the table ----------------------------------------------------------------------
    @cached_property
    def bank(self) -> tuple:
        return tuple(self._st.bank)

    @cached_property
    def bank_size(self) -> int:
        """Cards of each resource in the game (bank plus hands)."""
        return BOARD_KINDS[self.board.kind]["bank"]

    @cached_property
    def deck_size(self) -> int:
        return len(self._st.deck)

    @cached_property
    def pieces_left(self) -> tuple:
        """Per seat: {"settlements": n, "cities": n, "roads": n} still in the supply."""
        return tuple(dict(d) for d in self._st.pieces)

    @cached_property
    def corner_owner(self) -> tuple:
        return tuple(self._st.corner_owner)

    @cached_property
    def corner_level(self) -> tuple:
        """1 settlement, 2 city, 0 none."""
        return tuple(self._st.corner_level)

    @cached_property
    def edge_owner(self) -> tuple:
        return tuple(self._st.edge_owner)

    @cached_property
    def buildings(self) -> tuple:
        """(corner, owner, level) of every building."""
        st = self._st
        return tuple((c, o, st.corner_level[c]) for c, o in enumerate(st.corner_owner) if o != -1)

    @cached_property
    def roads(self) -> tuple:
        """(edge, owner) of every road (a layer's pieces on edges are not roads)."""
        return tuple((e, o) for e, o in enumerate(self._st.edge_owner) if o != -1)

    # --- the map -------------------------------------------------------------------------
    @cached_property
    def scenario(self) -> str:
        """The scenario's id ("" for the base game)."""
        return self.config.scenario_id

    @cached_property
    def terrain(self) -> tuple:
        """Per land hex id, what it shows now (a layer may show a hex face
        down or turn it over). Hexes beyond ``len(geo.land)`` are not land."""
        return tuple(self.board.terrain)

    @cached_property
    def numbers(self) -> tuple:
        return tuple(self.board.numbers)

    @cached_property
    def blocked_hexes(self) -> tuple:
        """Hexes that produce nothing now (the robber's)."""
        return (self.robber,)

    def producing_hexes(self, number: int) -> list[tuple[int, int]]:
        """(hex, resource) of the hexes that pay out when ``number`` is rolled."""
        blocked = self.blocked_hexes
        return [(h, r) for h, r, _ in self.board.producers.get(number, ()) if h not in blocked]

    def corner_open(self, c: int) -> bool:
        return self._st.blocked[c] == 0

    # --- places to build (for any seat: the board is public) -----------------------
    def road_spots(self, p: int | None = None) -> list[int]:
        """Edges where seat ``p`` (default: the viewer) may place a road, cards aside."""
        return list(build.road_spots(self._st, self._seat(p)))

    def settlement_spots(self, p: int | None = None) -> list[int]:
        """Corners where seat ``p`` may place a settlement, cards aside (not founding)."""
        return list(build.settlement_spots(self._st, self._seat(p)))

    def city_spots(self, p: int | None = None) -> list[int]:
        return list(build.city_spots(self._st, self._seat(p)))

    def _seat(self, p: int | None) -> int:
        if p is None:
            p = self.viewer if self.viewer is not None else self.decider
        return p

    # --- harbours ------------------------------------------------------------------------
    @cached_property
    def ratios(self) -> tuple:
        """Per seat: the maritime ratio per resource (4, 3 or 2; public)."""
        return tuple(tuple(r) for r in self._st.ratio)

    # --- awards --------------------------------------------------------------------------
    @cached_property
    def longest_route(self) -> int:
        """Holder of the Longest Trade Route (-1: nobody / set aside)."""
        return self._st.longest

    @cached_property
    def largest_army(self) -> int:
        return self._st.army

    @cached_property
    def route_lengths(self) -> tuple:
        return tuple(self._st.route_len)

    min_route = awards.MIN_ROUTE
    min_army = awards.MIN_ARMY
    discard_limit = production.DISCARD_LIMIT     # on a 7, more cards than this: give up half
    dice_deck_reshuffle_at = production.DICE_DECK_RESHUFFLE_AT   # option dice_deck: shuffled anew at this many left
    friendly_robber_points = _robber.FRIENDLY_MIN_VP   # option friendly_robber: not next to fewer points

    # --- costs and pieces ----------------------------------------------------------------
    @property
    def costs(self) -> MappingProxyType:
        """What each piece of this game's rules and a development card ("card") cost (``Rules.costs``)."""
        return self._st.rules.costs

    piece_supply = MappingProxyType(dict(PIECES))     # pieces per player at the start

    # --- trade ----------------------------------------------------------------------------
    @cached_property
    def offer(self) -> OfferView | None:
        off = self._st.offer
        if off is None:
            return None
        return OfferView(off["from"], tuple(off["give"]), tuple(off["get"]), off["to"], tuple(off["pending"]),
                         tuple((q, k, tuple(g1), tuple(g2)) for q, k, g1, g2 in off["answers"]))

    @cached_property
    def offers_made(self) -> int:
        return self._st.offers_made

    @cached_property
    def offers_left(self) -> int:
        return max(0, self.config.offers_per_turn - self._st.offers_made)

    @cached_property
    def trading_open(self) -> bool:
        """The current player may trade now (after the roll; in strict phase
        order, not after building)."""
        return trade.trading_open(self._st)

    @cached_property
    def may_offer(self) -> bool:
        return trade.may_offer(self._st)

    # --- the robber and discards ---------------------------------------------------------
    @cached_property
    def discards(self) -> tuple:
        """(player, cards still to give up), in order, while a 7 is being paid."""
        return tuple((p, k) for p, k in self._st.discards)

    def discard_due(self, p: int) -> int:
        return next((k for q, k in self.discards if q == p), 0)

    @cached_property
    def robber_hexes(self) -> tuple:
        """Hexes the robber may go to (when it is being moved)."""
        if self.phase != phases.ROBBER:
            return ()
        return tuple(_robber.hexes(self._st))

    def victims(self, h: int) -> list[int]:
        """Seats the current player may rob on hex ``h``."""
        return _robber.victims(self._st, h)

    @cached_property
    def free_roads(self) -> int:
        """Free roads still to place (Road Building)."""
        return self._st.free_roads

    @cached_property
    def special_queue(self) -> tuple:
        return tuple(self._st.special_queue)

    # --- statistics (public: dice and production) ---------------------------------------
    @cached_property
    def stats_dice(self) -> tuple:
        return tuple(self._st.stats_dice)

    @cached_property
    def stats_gained(self) -> tuple:
        return tuple(tuple(g) for g in self._st.stats_gained)

    # --- what may be done now ------------------------------------------------------------
    @cached_property
    def legal_kinds(self) -> frozenset:
        return frozenset(a.kind for a in self.legal)

    @cached_property
    def menu(self) -> dict:
        """For each main action (``refusals.MENU``: roll, road, settlement,
        city, buy, bank, offer, play, end, pass): None if this seat may take
        it now, else (refusal code, params)."""
        seat = self.decider if self.viewer is None else self.viewer
        return refusals.menu(self._st, seat, self.legal_kinds)

    def is_legal(self, action) -> bool:
        """Whether this seat may take ``action`` now (offers and counter-offers
        included, which ``legal`` does not list)."""
        if self.viewer is not None and self.viewer != self.decider:
            return False
        return self._game.is_legal(action)

    #: phase -> f(view, params) -> (code, params): what the decider is asked in it
    #: (``prompt``; a phase without an entry is asked as itself, with the decider)
    prompts = MappingProxyType({
        phases.MAIN: _main_prompt,
        phases.DISCARD: _discard_prompt,
        phases.OFFER_RESPONSE: _offer_prompt,
        phases.OFFER_CONFIRM: _offer_prompt,
        phases.ROAD_BUILDING: _road_building_prompt,
        phases.OVER: _over_prompt,
    })

    @cached_property
    def prompt(self) -> tuple[str, dict]:
        """What the decider is asked now, as (code, params); codes are
        the phases, with ``main`` split by the phase order:
        ``main.trade_build`` (strict order, trading open), ``main.build``
        (strict order, after building), ``main.free`` (free phase order)."""
        ph = self.phase
        params: dict = {"player": self.decider}
        ask = self.prompts.get(ph)
        return (ph, params) if ask is None else ask(self, params)
