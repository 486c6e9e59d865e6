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

from operator import attrgetter

from . import actions as A
from . import events as E
from . import phases, refusals, trade, turn
from .actions import Action, check_shape, parse_action
from .board import Board, base_island
from .config import ConfigError, GameConfig
from .errors import IllegalAction
from .new_world import scenario_map
from .rng import Rng
from .scenario import ScenarioError
from .scenario_deal import beginner_board, deal_board
from .state import GameState
from .validate import load_state
from .view import PlayerView


class _Tables:
    """The action objects of a map's ids (land hexes first, then the others)."""

    def __init__(self, geo) -> None:
        self.geo = geo          # kept, so that the id() key stays this map's
        nc, ne = len(geo.corner_xy), len(geo.edge_corners)
        self.settle = [Action(A.SETTLE, c) for c in range(nc)]
        self.city = [Action(A.CITY, c) for c in range(nc)]
        self.road = [Action(A.ROAD, e) for e in range(ne)]
        self.rob = [[Action(A.ROBBER, h, v) for v in range(-1, 6)] for h in range(len(geo.land))]


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


_OVER = phases.OVER

# layer name -> (its Rules, moves(), handlers(), may_win, list_builds): shared by its games (never changed)
_BOUND: dict[str, tuple] = {}


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
        self._sync()
        self._view_class = st.rules.view_class() or PlayerView    # the layer's view (faces.Faces.view_class)
        # the rules' tables and the hooks on the hot path (rules.Rules), asked once per layer
        rules = st.rules
        bound = _BOUND.get(rules.name)
        if bound is None or bound[0] is not rules:
            bound = _BOUND[rules.name] = (rules, rules.moves(), rules.handlers(), rules.may_win, rules.list_builds)
        _, self._listers, self._handlers, self._may_win, self._list_builds = bound

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

    # (read by C getters)
    phase = property(attrgetter("state.phase"), doc="The phase (``phases``).")
    current = property(attrgetter("state.current"), doc="The player whose turn it is.")
    # ``decider`` (the player whose decision it is, -1 when the game is over) and
    # ``over`` (whether the game is over): plain attributes, which the callers'
    # loops ask at every decision (a property's call costs ten times as much);
    # kept by ``apply`` and ``refresh`` (``_sync``).

    def _sync(self) -> None:
        st = self.state
        self.decider = st.decider
        self.over = st.phase == _OVER

    @property
    def winner(self) -> int:
        return self.state.winner

    def vp(self, p: int) -> int:
        return self.state.vp(p)

    def refresh(self) -> None:
        """Forget everything derived from the state (the legal-action listing,
        the seats' views, ``decider`` and ``over``): the public way to go on
        after the state was set by hand (positions, tests). ``apply`` keeps
        the game current by itself."""
        self._legal = None
        self.forget_views()
        self._sync()

    # --- legal actions ------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action for the current decision, in a fixed order.

        Free-form domestic offers and counter-offers are open-ended and not
        listed; ``is_legal`` checks them (``trade.check_offer``)."""
        legal = self._legal
        if legal is None:
            st = self.state
            legal = self._legal = self._listers[st.phase](self, st.decider)   # the rules' moves per phase
        return legal

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
            trade.check_offer(st, act.give, act.get, act.to)
            return
        if act.kind == A.COUNTER:
            if st.phase != phases.OFFER_RESPONSE:
                raise IllegalAction("no_offer")
            trade.check_counter(st, act.give, act.get)
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
        kind = action.kind
        self._handlers[kind](self, action, events)   # the rules' table of handlers per kind
        if kind in self._may_win:
            turn.check_victory(self.state, events)
        self.history.append(action)
        self._legal = self._views = None
        st = self.state                 # _sync, inlined: once per decision
        self.decider = st.decider
        self.over = st.phase == _OVER
        return events

    # --- views --------------------------------------------------------------------
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
        view = views[player] = self._view_class(self, player)
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
