"""Positions for tests and scenarios: a game set up piece by piece.

``Position`` describes a moment of a game after the founding phase, as a
referee would lay it out, and ``build()`` turns it into a ``Game``::

    game = (Position(players=4, seed=1, board="beginner")
            .settlement(0, 8).city(0, 20).road_path(0, [8, 12, 17])
            .hand(0, wood=2, brick=1)
            .dev_cards(0, knight=1).played(1, knight=3)
            .turn(0, phase="main")
            .build())

Every card and piece comes out of the box: hands from the bank, development
cards (held or played) from the deck, pieces from the player's supply, so
everything adds up by construction. ``build`` refuses (``PositionError``,
one line) what a game could not reach: buildings breaking the distance
rule, a road joined to nothing of its owner's, more cards or pieces than
the box holds, an award on the wrong player (it computes the Longest Trade
Route and the Largest Army itself; ``awards()`` only names the holder where
the rules cannot tell, e.g. two routes of equal length), a current player
who has already won. The result is checked again by the state's own JSON
loader (``validate.py``), so nothing is loaded silently.

Phases: ``roll`` (turn start), ``main`` (after the roll; default),
``robber`` (a 7 was rolled, nobody over 7 cards), ``discard`` (a 7, with
the players over 7 cards to give up half). Dice for what comes next:
``Game.fix_dice`` (tests only).

``Position(...)`` deals the game's map at once and gives the position
class of the rules played on it: a rules layer adds its own pieces and
checks in a subclass (``faces.Faces.position_class``). A layer's verb used
on a map without the layer is refused by ``build``. ``began=True`` marks a
player's founding buildings (where they began), for a layer that counts it.
Paths of corners use the map's own geometry.
"""

from __future__ import annotations

from . import awards, build, phases
from .components import DEV_CARDS, KNIGHT, PIECES, RESOURCES
from .config import GameConfig
from .game import Game
from .production import DISCARD_LIMIT
from .state import GameState

_PHASES = (phases.ROLL, phases.MAIN, phases.ROBBER, phases.DISCARD)


class PositionError(ValueError):
    """A position a game could not reach."""


def _fail(msg: str) -> None:
    raise PositionError(msg)


class Position:
    """A game position under construction (see the module docstring)."""

    # What a layer's subclass says when its verbs are used on a map without the layer.
    needs = ""

    def __new__(cls, players: int = 4, seed: int = 1, board: str | None = None, **options):
        if cls is not Position:
            return super().__new__(cls)
        game = Game(_config(players, seed, board, options))          # dealt now: its rules name the class
        self = super().__new__(game.state.rules.position_class() or Position)
        self._game = game
        return self

    def __init__(self, players: int = 4, seed: int = 1, board: str | None = None, **options) -> None:
        self.config = _config(players, seed, board, options)
        self._n = players
        self._game: Game | None = self.__dict__.get("_game")  # the dealt game the position starts from
        self._buildings: dict[int, tuple[int, int]] = {}     # corner -> (player, level)
        self._roads: dict[int, int] = {}                     # edge -> player
        self._began: dict[int, list[int]] = {}               # player -> founding corners
        self._elsewhere: list[str] = []                      # verbs of a layer this map does not play
        self._hands = [[0] * 5 for _ in range(players)]
        self._dev = [[0] * 5 for _ in range(players)]
        self._dev_new = [[0] * 5 for _ in range(players)]
        self._played = [[0] * 5 for _ in range(players)]
        self._deck_top: list[int] = []
        self._robber: int | None = None
        self._current = 0
        self._phase = phases.MAIN
        self._turn = 1
        self._dice: tuple[int, int] | None = None
        self._built = False
        self._longest: int | None = None
        self._army: int | None = None

    def __getattr__(self, name: str):
        # Only for names not found otherwise: a verb of a layer's position on a map without the layer.
        if not name.startswith("_"):
            for layer in _subclasses(Position):
                if name in vars(layer) and not isinstance(self, layer):
                    def elsewhere(*_args, **_kwargs) -> Position:
                        self._elsewhere.append(layer.needs)
                        return self
                    return elsewhere
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # --- pieces -------------------------------------------------------------------
    def _seat(self, p: int) -> int:
        if not isinstance(p, int) or not 0 <= p < self._n:
            _fail(f"no player {p!r} in a {self._n}-player game (seats 0-{self._n - 1})")
        return p

    def dealt(self) -> Game:
        """The game as dealt, before the position's pieces (to look places up on its map)."""
        if self._game is None:
            self._game = Game(self.config)
        return self._game

    def _mark_began(self, p: int, corner: int, began: bool) -> None:
        if began:
            self._began.setdefault(p, []).append(corner)

    def settlement(self, p: int, corner: int, began: bool = False) -> Position:
        """A settlement; ``began``: one of ``p``'s founding settlements (for a layer that counts it)."""
        self._buildings[corner] = (self._seat(p), 1)
        self._mark_began(p, corner, began)
        return self

    def city(self, p: int, corner: int, began: bool = False) -> Position:
        self._buildings[corner] = (self._seat(p), 2)
        self._mark_began(p, corner, began)
        return self

    def road(self, p: int, edge: int) -> Position:
        if edge in self._roads:
            _fail(f"two roads on edge {edge}")
        self._roads[edge] = self._seat(p)
        return self

    def _path(self, corners: list[int]) -> list[int]:
        index = self.dealt().state.geo.edge_index
        out = []
        for a, b in zip(corners, corners[1:]):
            e = index.get((min(a, b), max(a, b))) if isinstance(a, int) and isinstance(b, int) else None
            if e is None:
                _fail(f"corners {a} and {b} are not neighbours")
            out.append(e)
        return out

    def road_path(self, p: int, corners: list[int]) -> Position:
        """Roads along a path of neighbouring corners (of this position's map)."""
        for e in self._path(corners):
            self.road(p, e)
        return self

    # --- cards --------------------------------------------------------------------
    @staticmethod
    def _bundle(cards: dict, names, what: str) -> list[int]:
        out = [0] * len(names)
        for name, k in cards.items():
            if name not in names:
                _fail(f"unknown {what} {name!r} (one of {', '.join(names)})")
            if not isinstance(k, int) or isinstance(k, bool) or k < 0:
                _fail(f"{name}: a count of cards is a whole number >= 0")
            out[names.index(name)] = k
        return out

    def hand(self, p: int, **cards: int) -> Position:
        """Player ``p``'s resource cards (taken from the bank), e.g. wood=2."""
        self._hands[self._seat(p)] = self._bundle(cards, RESOURCES, "resource")
        return self

    def dev_cards(self, p: int, new: bool = False, **cards: int) -> Position:
        """Development cards ``p`` holds (from the deck); ``new``: bought this
        turn by the current player (not playable yet)."""
        bundle = self._bundle(cards, DEV_CARDS, "development card")
        target = self._dev_new if new else self._dev
        target[self._seat(p)] = bundle
        return self

    def played(self, p: int, **cards: int) -> Position:
        """Development cards ``p`` has played (Knights count for the army)."""
        self._played[self._seat(p)] = self._bundle(cards, DEV_CARDS, "development card")
        return self

    def deck_top(self, *cards: str) -> Position:
        """The next cards a purchase draws, first one first."""
        self._deck_top = []
        for name in cards:
            if name not in DEV_CARDS:
                _fail(f"unknown development card {name!r}")
            self._deck_top.append(DEV_CARDS.index(name))
        return self

    # --- the table ------------------------------------------------------------------
    def robber(self, hex: int) -> Position:   # noqa: A002 - the game's word
        self._robber = hex
        return self

    def turn(self, p: int, phase: str = phases.MAIN, number: int = 1, dice: tuple[int, int] | None = None,
             built: bool = False) -> Position:
        """Whose turn (``p``), its number, and the decision: roll, main,
        robber or discard. ``dice``: the roll of this turn (main: (3, 4) if
        not given; robber and discard: a 7). ``built``: the current player
        has built this turn (no more trading in strict phase order)."""
        if phase not in _PHASES:
            _fail(f"a position starts in phase {' | '.join(_PHASES)}, not {phase!r}")
        self._current, self._phase, self._turn, self._dice, self._built = self._seat(p), phase, number, dice, built
        return self

    def awards(self, longest: int | None = None, army: int | None = None) -> Position:
        """Name the holder of an award where the rules cannot tell (-1: set
        aside). Checked: the holder must qualify."""
        self._longest, self._army = longest, army
        return self

    # --- building the game ------------------------------------------------------------
    def build(self) -> Game:
        game, self._game = self.dealt(), None
        st = game.state
        geo, n = st.geo, self._n
        nc, ne, nh = len(geo.corner_xy), len(geo.edge_corners), len(geo.land)
        st.first = self._current
        st.setup_step = 2 * n
        self._before_pieces(st)
        # Buildings, then roads, out of each player's supply.
        for c, (p, level) in sorted(self._buildings.items()):
            if not isinstance(c, int) or not 0 <= c < nc:
                _fail(f"no corner {c!r} on this board (0-{nc - 1})")
            self._check_corner(st, c)
            if st.blocked[c]:
                _fail(f"a building on corner {c} breaks the distance rule")
            if st.pieces[p]["settlements"] == 0:
                _fail(f"player {p} has more than {PIECES['settlements']} settlements and cities to place")
            build.place_settlement(st, p, c)
            if level == 2:
                if st.pieces[p]["cities"] == 0:
                    _fail(f"player {p} has more than {PIECES['cities']} cities")
                build.place_city(st, p, c)
        for e, p in sorted(self._roads.items()):
            if not isinstance(e, int) or not 0 <= e < ne:
                _fail(f"no edge {e!r} on this board (0-{ne - 1})")
            if st.pieces[p]["roads"] == 0:
                _fail(f"player {p} has more than {PIECES['roads']} roads")
            self._check_road(st, e)
            build.place_road(st, p, e)
        self._layer_pieces(st)
        for p in range(n):
            self._check_joined(st, p)
        # Cards out of the bank and the deck.
        for p, hand in enumerate(self._hands):
            for r, k in enumerate(hand):
                if k > st.bank[r]:
                    _fail(f"not enough {RESOURCES[r]} in the bank for these hands")
                st.bank[r] -= k
                st.hands[p][r] = k
        for p in range(n):
            for i in range(5):
                held = self._dev[p][i] + self._dev_new[p][i]
                for _ in range(held + self._played[p][i]):
                    if i not in st.deck:
                        _fail(f"not enough {DEV_CARDS[i]} cards in the deck for this position")
                    st.deck.remove(i)
                st.dev_hand[p][i] = held
                st.dev_new[p][i] = self._dev_new[p][i]
                st.dev_played[p][i] = self._played[p][i]
            if any(self._dev_new[p]) and p != self._current:
                _fail("only the current player can hold cards bought this turn")
        for i in reversed(self._deck_top):
            if i not in st.deck:
                _fail(f"no {DEV_CARDS[i]} card left in the deck to put on top")
            st.deck.remove(i)
            st.deck.append(i)
        # The robber and the awards.
        if self._robber is not None:
            if not isinstance(self._robber, int) or not 0 <= self._robber < nh:
                _fail(f"no hex {self._robber!r} on this board (0-{nh - 1})")
            self._check_robber(st, self._robber)
            st.robber = self._robber
        for p in range(n):
            st.route_len[p] = awards.route_length(st, p)
        st.longest = self._holder(st.route_len, awards.MIN_ROUTE, self._longest, "Longest Trade Route", "a route")
        st.army = self._holder([row[KNIGHT] for row in st.dev_played], awards.MIN_ARMY, self._army, "Largest Army",
                               "knights")
        self._set_turn(st)
        # Everything once more through the checked loader: nothing unchecked gets in.
        built = Game.from_json(st.to_json())
        p = built.current
        if built.phase in (phases.ROLL, phases.MAIN) and built.vp(p) >= self.config.vp_target:
            _fail(f"player {p} has {built.vp(p)} points on their own turn: the game would be over")
        return built

    # --- what a layer's subclass adds (the base game: nothing) ---------------------
    def _before_pieces(self, st: GameState) -> None:
        """Before any piece is placed (a layer's verbs on a map without it are refused here)."""
        if self._elsewhere or self._began:
            _fail(self._elsewhere[0] if self._elsewhere else next(
                (layer.needs for layer in _subclasses(Position) if layer.needs), "no layer counts where players began"))

    def _check_corner(self, st: GameState, c: int) -> None:
        """A building may stand on corner ``c`` (in the board's range, free)."""

    def _check_road(self, st: GameState, e: int) -> None:
        """A road may lie on edge ``e`` (in the board's range)."""

    def _layer_pieces(self, st: GameState) -> None:
        """The layer's pieces, after the buildings and roads."""

    def _check_robber(self, st: GameState, h: int) -> None:
        """The robber may stand on hex ``h`` (in the board's range)."""

    def _check_joined(self, st: GameState, p: int) -> None:
        """Every road of ``p`` is joined, through ``p``'s roads, to a building of
        ``p`` or ends at another player's building (a cut-off road)."""
        reach = build.connected_corners(st, p)
        owner = st.corner_owner
        for e in st.road_edges[p]:
            a, b = st.geo.edge_corners[e]
            if a in reach or b in reach:
                continue
            if self._touches_other(st, p, e, owner):
                continue
            _fail(f"player {p}'s road on edge {e} is joined to none of their buildings")

    @staticmethod
    def _touches_other(st: GameState, p: int, e: int, owner) -> bool:
        # The road's network reaches an opponent's building (it was cut there).
        geo, roads = st.geo, set(st.road_edges[p])
        seen, stack = {e}, [e]
        while stack:
            x = stack.pop()
            for c in geo.edge_corners[x]:
                if owner[c] != -1 and owner[c] != p:
                    return True
                for y in geo.corner_edges[c]:
                    if y not in seen and st.edge_owner[y] == p and y in roads:
                        seen.add(y)
                        stack.append(y)
        return False

    def _holder(self, counts: list[int], minimum: int, named: int | None, card: str, what: str) -> int:
        top = max(counts)
        leaders = [p for p, k in enumerate(counts) if k == top]
        if named is None:
            if top < minimum:
                return -1
            if len(leaders) > 1:
                _fail(f"{card}: players {leaders} tie with {top}; name the holder with awards()")
            return leaders[0]
        if named == -1:
            if top >= minimum and len(leaders) == 1:
                _fail(f"{card}: player {leaders[0]} has the only longest ({top}), the card cannot be set aside")
            return -1
        self._seat(named)
        if counts[named] < minimum or counts[named] < top:
            _fail(f"{card}: player {named} has {what} of {counts[named]}, not the most of at least {minimum}")
        return named

    def _set_turn(self, st: GameState) -> None:
        p, ph = self._current, self._phase
        st.current = st.decider = p
        st.turn = self._turn
        st.phase = ph
        st.built = self._built
        st.dev_played_turn = 0
        dice = self._dice
        if ph == phases.ROLL:
            if dice is not None:
                _fail("a turn that starts with the roll has no dice yet")
            st.dice = None
            return
        if dice is None:
            dice = (3, 4) if ph == phases.MAIN else (1, 6)
        if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            _fail("dice are two numbers 1 to 6")
        if ph in (phases.ROBBER, phases.DISCARD) and sum(dice) != 7:
            _fail("the robber moves after a 7")
        st.dice = (dice[0], dice[1])
        st.resume = phases.MAIN
        if ph == phases.MAIN:
            return
        order = [(p + i) % self._n for i in range(self._n)]
        queue = [[q, sum(st.hands[q]) // 2] for q in order if sum(st.hands[q]) > DISCARD_LIMIT]
        if ph == phases.ROBBER and queue:
            _fail("players over 7 cards give up half before the robber moves (phase discard)")
        if ph == phases.DISCARD:
            if not queue:
                _fail("nobody has more than 7 cards to give up half of")
            st.discards = queue
            st.decider = queue[0][0]


def _config(players: int, seed: int, board: str | None, options: dict) -> GameConfig:
    if board is None:
        board = "random" if options.get("scenario") is not None else "beginner"
    return GameConfig(players=players, seed=seed, board=board, **options)


def _subclasses(cls: type) -> list[type]:
    """Every subclass of ``cls`` defined (a layer's positions)."""
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out
