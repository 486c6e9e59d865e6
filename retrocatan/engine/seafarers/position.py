"""Positions on Seafarers maps: ``engine.position.Position`` with ships,
the pirate, fog and island bonuses (``SeaFaces.position_class``;
``Position(scenario=...)`` on a map with this layer is a ``SeaPosition``).

On a scenario map (``scenario=`` a ``Scenario``, as ``GameConfig`` takes
it; the board is dealt at random unless ``board="beginner"``) a position
also has ships (``ship``, ``ship_path``; ``new=True``: built this turn),
the pirate (``pirate``), fog hexes turned over (``reveal``: in the order
given, each takes the next fog token as in a game; the others stay face
down), where each player began (``settlement(..., began=True)``: the
founding settlements, whose regions are the player's home for the island
bonus; a player with none marked began at all their buildings), island
bonuses already paid (``island_bonus``) and a ship moved this turn
(``turn(..., ship_moved=True)``). ``build`` checks besides: pieces on
edges that take them (roads: land on one side, ships: sea), buildings on
land, ships joined through ships to a building of their owner
(docs/rules.md §14.3), the robber on land and the pirate on the sea.
"""

from __future__ import annotations

from ..position import Position, _fail
from ..state import GameState
from . import phases
from .ships import place_ship


class SeaPosition(Position):
    """A position on a Seafarers map (see the module docstring)."""

    needs = "ships, the pirate, fog, island bonuses and home islands need a scenario map with ships"

    def __init__(self, players: int = 4, seed: int = 1, board: str | None = None, **options) -> None:
        super().__init__(players, seed, board, **options)
        self._ships: dict[int, int] = {}                     # edge -> player
        self._new_ships: list[int] = []
        self._pirate: int | None = None
        self._reveals: list[tuple[int, str, int]] = []       # (hex, terrain, explorer)
        self._bonus: list[tuple[int, int]] = []              # (player, corner)
        self._ship_moved = False

    # --- the layer's pieces -----------------------------------------------------------
    def ship(self, p: int, edge: int, new: bool = False) -> Position:
        """A ship; ``new``: built this turn by the current player (it may not move)."""
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
        """The pirate's sea hex (on a map with a pirate)."""
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

    def turn(self, p: int, phase: str = phases.MAIN, number: int = 1, dice: tuple[int, int] | None = None,
             built: bool = False, ship_moved: bool = False) -> Position:
        """As ``Position.turn``; ``ship_moved``: a ship was moved this turn."""
        super().turn(p, phase, number, dice, built)
        self._ship_moved = ship_moved
        return self

    # --- the checks and pieces of the layer (``Position``'s hooks) ------------------------
    def _before_pieces(self, st: GameState) -> None:
        """Turn the named fog hexes over, in order, as a game would."""
        sea, board = st.layer, st.board
        for h, terrain, by in self._reveals:
            if not isinstance(h, int) or not 0 <= h < len(board.terrain) or board.terrain[h] != "fog":
                _fail(f"hex {h!r} is not a fog hex to turn over")
            if terrain not in sea.fog_pool:
                _fail(f"no {terrain!r} left in the fog pool ({', '.join(sorted(set(sea.fog_pool))) or 'empty'})")
            sea.fog_pool.remove(terrain)
            number = sea.fog_tokens.pop(0) if terrain not in ("sea", "desert") and sea.fog_tokens else 0
            board.reveal(h, terrain, number)
            sea.explored.append([h, terrain, number, by])

    def _check_corner(self, st: GameState, c: int) -> None:
        if not st.board.corner_land[c]:
            _fail(f"corner {c} touches no land: no building stands there")

    def _check_road(self, st: GameState, e: int) -> None:
        if not st.board.edge_road[e]:
            _fail(f"edge {e} has no land on either side: no road lies there")

    def _check_robber(self, st: GameState, h: int) -> None:
        if st.board.terrain[h] in ("sea", "fog"):
            _fail(f"the robber stands on land, not on hex {h} ({st.board.terrain[h]})")

    def _layer_pieces(self, st: GameState) -> None:
        """Ships, the pirate, home regions and island bonuses."""
        sea, board, geo = st.layer, st.board, st.geo
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
            place_ship(st, p, e)
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
            sea.bonus[p] += sea.bonus_points

    def _check_ships_joined(self, st: GameState, p: int) -> None:
        """Every ship of ``p`` is joined through ``p``'s ships, at corners without another
        player's building, to a building of ``p``."""
        geo, owner, edge_owner, ship = st.geo, st.corner_owner, st.edge_owner, st.layer.ship
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
        for e in st.layer.ship_edges[p]:
            if e not in reached:
                _fail(f"player {p}'s ship on edge {e} is joined to none of their buildings")
