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

On a scenario map (``scenario=`` a ``Scenario``, as ``GameConfig`` takes
it; the board is dealt at random unless ``board="beginner"``) a position
also has ships (``ship``, ``ship_path``; ``new=True``: built this turn),
the pirate (``pirate``), fog hexes turned over (``reveal``: in the order
given, each takes the next fog token as in a game; the others stay face
down), where each player began (``settlement(..., began=True)``: the
founding settlements, whose regions are the player's home for the island
bonus; a player with none marked began at all their buildings) and island
bonuses already paid (``island_bonus``). Paths of corners use the map's own
geometry. ``build`` checks besides: pieces on edges that take them (roads:
land on one side, ships: sea), buildings on land, ships joined through
ships to a building of their owner (docs/rules.md §14.3), the robber on
land and the pirate on the sea.
"""

from __future__ import annotations

from . import awards, build, phases, seafarers
from .components import DEV_CARDS, PIECES, RESOURCES
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

    def __init__(self, players: int = 4, seed: int = 1, board: str | None = None, **options) -> None:
        if board is None:
            board = "random" if options.get("scenario") is not None else "beginner"
        self.config = GameConfig(players=players, seed=seed, board=board, **options)
        self._n = players
        self._game: Game | None = None                       # the dealt game the position starts from
        self._buildings: dict[int, tuple[int, int]] = {}     # corner -> (player, level)
        self._roads: dict[int, int] = {}                     # edge -> player
        self._ships: dict[int, int] = {}                     # edge -> player
        self._new_ships: list[int] = []
        self._began: dict[int, list[int]] = {}               # player -> founding corners
        self._pirate: int | None = None
        self._reveals: list[tuple[int, str, int]] = []       # (hex, terrain, explorer)
        self._bonus: list[tuple[int, int]] = []              # (player, corner)
        self._ship_moved = False
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
        """A settlement; ``began``: one of ``p``'s founding settlements (scenario maps)."""
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

    def ship(self, p: int, edge: int, new: bool = False) -> Position:
        """A ship (scenario maps); ``new``: built this turn by the current player (it may not move)."""
        if edge in self._ships or edge in self._roads:
            _fail(f"two pieces on edge {edge}")
        self._ships[edge] = self._seat(p)
        if new:
            self._new_ships.append(edge)
        return self

    def ship_path(self, p: int, corners: list[int], new: bool = False) -> Position:
        """Ships along a path of neighbouring corners."""
        for e in self._path(corners):
            self.ship(p, e, new)
        return self

    def pirate(self, hex: int) -> Position:   # noqa: A002 - the game's word
        """The pirate's sea hex (scenario maps with a pirate)."""
        self._pirate = hex
        return self

    def reveal(self, hex: int, terrain: str, by: int = 0) -> Position:   # noqa: A002
        """Fog hex ``hex`` turned over as ``terrain`` (from the scenario's fog pool) by player ``by``;
        fog hexes not named stay face down."""
        self._reveals.append((hex, terrain, self._seat(by)))
        return self

    def island_bonus(self, p: int, corner: int) -> Position:
        """An island bonus paid to ``p`` for the building on ``corner`` (the scenario's points)."""
        self._bonus.append((self._seat(p), corner))
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
             built: bool = False, ship_moved: bool = False) -> Position:
        """Whose turn (``p``), its number, and the decision: roll, main,
        robber or discard. ``dice``: the roll of this turn (main: (3, 4) if
        not given; robber and discard: a 7). ``built``: the current player
        has built this turn (no more trading in strict phase order).
        ``ship_moved``: a ship was moved this turn (scenario maps)."""
        if phase not in _PHASES:
            _fail(f"a position starts in phase {' | '.join(_PHASES)}, not {phase!r}")
        self._current, self._phase, self._turn, self._dice, self._built = self._seat(p), phase, number, dice, built
        self._ship_moved = ship_moved
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
        sea = st.sea
        if sea is None and (self._ships or self._pirate is not None or self._reveals or self._bonus or self._began):
            _fail("ships, the pirate, fog, island bonuses and home islands need a scenario map with ships")
        if sea is not None:
            self._fog(st)
        # Buildings, then roads, out of each player's supply.
        for c, (p, level) in sorted(self._buildings.items()):
            if not isinstance(c, int) or not 0 <= c < nc:
                _fail(f"no corner {c!r} on this board (0-{nc - 1})")
            if sea is not None and not st.board.corner_land[c]:
                _fail(f"corner {c} touches no land: no building stands there")
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
            if sea is not None and not st.board.edge_road[e]:
                _fail(f"edge {e} has no land on either side: no road lies there")
            build.place_road(st, p, e)
        if sea is not None:
            self._sea_pieces(st)
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
            if sea is not None and st.board.terrain[self._robber] in ("sea", "fog"):
                _fail(f"the robber stands on land, not on hex {self._robber} ({st.board.terrain[self._robber]})")
            st.robber = self._robber
        for p in range(n):
            st.route_len[p] = awards.route_length(st, p)
        st.longest = self._holder(st.route_len, awards.MIN_ROUTE, self._longest, "Longest Trade Route", "a route")
        st.army = self._holder([row[0] for row in st.dev_played], awards.MIN_ARMY, self._army, "Largest Army",
                               "knights")
        self._set_turn(st)
        # Everything once more through the checked loader: nothing unchecked gets in.
        built = Game.from_json(st.to_json())
        p = built.current
        if built.phase in (phases.ROLL, phases.MAIN) and built.vp(p) >= self.config.vp_target:
            _fail(f"player {p} has {built.vp(p)} points on their own turn: the game would be over")
        return built

    # --- scenario maps -------------------------------------------------------------------
    def _fog(self, st: GameState) -> None:
        """Turn the named fog hexes over, in order, as a game would."""
        sea, board = st.sea, st.board
        for h, terrain, by in self._reveals:
            if not isinstance(h, int) or not 0 <= h < len(board.terrain) or board.terrain[h] != "fog":
                _fail(f"hex {h!r} is not a fog hex to turn over")
            if terrain not in sea.fog_pool:
                _fail(f"no {terrain!r} left in the fog pool ({', '.join(sorted(set(sea.fog_pool))) or 'empty'})")
            sea.fog_pool.remove(terrain)
            number = sea.fog_tokens.pop(0) if terrain not in ("sea", "desert") and sea.fog_tokens else 0
            board.reveal(h, terrain, number)
            sea.explored.append([h, terrain, number, by])

    def _sea_pieces(self, st: GameState) -> None:
        """Ships, the pirate, home regions and island bonuses."""
        sea, board, geo = st.sea, st.board, st.geo
        ne = len(geo.edge_corners)
        for e, p in sorted(self._ships.items()):
            if not isinstance(e, int) or not 0 <= e < ne:
                _fail(f"no edge {e!r} on this board (0-{ne - 1})")
            if e in self._roads:
                _fail(f"a road and a ship on edge {e}")
            if not board.edge_ship[e]:
                _fail(f"edge {e} has no sea on either side: no ship lies there")
            if st.pieces[p]["ships"] == 0:
                _fail(f"player {p} has more than {st.pieces[p]['ships'] + len(sea.ship_edges[p])} ships")
            seafarers.place_ship(st, p, e)
        if any(self._ships.get(e) != self._current for e in self._new_ships):
            _fail("only the current player's ships can be new this turn")
        sea.new_ships = list(dict.fromkeys(self._new_ships))
        sea.moved = self._ship_moved
        if self._pirate is not None:
            if board.pirate_start == -1:
                _fail("this scenario has no pirate")
            if not isinstance(self._pirate, int) or not 0 <= self._pirate < len(geo.hexes) \
                    or not board.is_sea_hex(self._pirate):
                _fail(f"the pirate sails on the sea, not on hex {self._pirate!r}")
            sea.pirate = self._pirate
        for p in range(self._n):
            self._check_ships_joined(st, p)
            began = self._began.get(p, st.building_corners[p])
            for c in began:
                if st.corner_owner[c] != p:
                    _fail(f"player {p} began at corner {c}, where they have no building")
                sea.home[p].extend(h for h in geo.corner_hexes[c] if board.regions[h] >= 0)
        regions = board.regions
        for p, c in self._bonus:
            if not isinstance(c, int) or not 0 <= c < len(st.corner_owner) or st.corner_owner[c] != p:
                _fail(f"an island bonus for corner {c!r}, where player {p} has no building")
            land = [h for h in geo.corner_hexes[c] if regions[h] >= 0]
            home = {regions[h] for h in sea.home[p]}
            if sea.bonus_form == "none" or not land or {regions[h] for h in land} & home:
                _fail(f"no island bonus for player {p} at corner {c} (home island, or no bonus in this game)")
            sea.bonus_corners[p].append([c, sea.bonus_points])
            if sea.bonus_form == "first_settlement":
                sea.claimed[p].append(min(land))
            st.bonus[p] += sea.bonus_points

    def _check_ships_joined(self, st: GameState, p: int) -> None:
        """Every ship of ``p`` is joined through ``p``'s ships, at corners without another
        player's building, to a building of ``p``."""
        geo, owner, edge_owner, ship = st.geo, st.corner_owner, st.edge_owner, st.sea.ship
        seen = set(st.building_corners[p])
        stack = list(seen)
        reached = set()
        while stack:
            c = stack.pop()
            for e in geo.corner_edges[c]:
                if edge_owner[e] == p and ship[e] and e not in reached:
                    reached.add(e)
                    a, b = geo.edge_corners[e]
                    d = b if a == c else a
                    if d not in seen and owner[d] == -1:
                        seen.add(d)
                        stack.append(d)
        for e in st.sea.ship_edges[p]:
            if e not in reached:
                _fail(f"player {p}'s ship on edge {e} is joined to none of their buildings")

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
