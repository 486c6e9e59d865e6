"""What a seat may know of a Seafarers game: the base view
(``engine.view.PlayerView``) with ships, the pirate, gold, fog, regions and
island bonuses (``SeaFaces.view_class``). In a game without the layer every
view shows these figures empty (``absent``): no ships, no pirate (-1), no
island bonus, no fog."""

from __future__ import annotations

from types import MappingProxyType

from ..view import PlayerView, cached_property
from . import islands, phases
from .pirate import pirate_hexes, pirate_victims, robber_hexes
from .ships import ship_moves, ship_spots


def _no_list(*_args) -> list:
    return []


def _no_regions(_p: int) -> frozenset:
    return frozenset()


def _no_bonus(_p: int, _c: int) -> int:
    return 0


def _ships_prompt(view, params: dict) -> tuple[str, dict]:
    base = PlayerView.prompts.get(view.phase)
    ph, params = (view.phase, params) if base is None else base(view, params)
    if view.has_ships:
        params["ships"] = True
    return ph, params


def _pirate_prompt(view, params: dict) -> tuple[str, dict]:
    if view.pirate != -1:
        params["pirate"] = True
    return view.phase, params


class SeaView(PlayerView):
    """Seat ``viewer``'s knowledge of a Seafarers game (see the module docstring)."""

    absent = {
        "has_ships": lambda v: False,
        "ships": lambda v: (),
        "pirate": lambda v: -1,
        "fog_hexes": lambda v: (),
        "gold_hexes": lambda v: (),
        "regions": lambda v: (),
        "island_bonus": lambda v: (0,) * v.players,
        "island_bonus_points": lambda v: 0,
        "home_regions": lambda v: _no_regions,
        "bonus_regions": lambda v: _no_regions,
        "island_bonus_at": lambda v: _no_bonus,
        "island_bonus_corners": lambda v: tuple(() for _ in range(v.players)),
        "explored": lambda v: (),
        "gold_due": lambda v: (),
        "ship_moved": lambda v: False,
        "new_ships": lambda v: (),
        "ship_spots": lambda v: _no_list,
        "ship_moves": lambda v: _no_list,
        "pirate_hexes": lambda v: (),
        "pirate_victims": lambda v: _no_list,
    }

    @cached_property
    def has_ships(self) -> bool:
        return self._st.board.ships

    @cached_property
    def roads(self) -> tuple:
        """(edge, owner) of every road (ships are in ``ships``)."""
        st = self._st
        ship = st.layer.ship
        return tuple((e, o) for e, o in enumerate(st.edge_owner) if o != -1 and not ship[e])

    @cached_property
    def ships(self) -> tuple:
        """(edge, owner) of every ship."""
        st = self._st
        return tuple((e, st.edge_owner[e]) for e, s in enumerate(st.layer.ship) if s)

    @cached_property
    def pirate(self) -> int:
        """The pirate's sea hex (-1: no pirate)."""
        return self._st.layer.pirate

    @cached_property
    def terrain(self) -> tuple:
        """Per land hex id, what it shows now: a terrain, "gold", "fog" (face
        down) or "sea" (a fog hex turned out sea). Sea hexes have ids from
        ``len(geo.land)`` on."""
        return tuple(self.board.terrain)

    @cached_property
    def fog_hexes(self) -> tuple:
        return tuple(h for h, t in enumerate(self.board.terrain) if t == "fog")

    @cached_property
    def gold_hexes(self) -> tuple:
        return tuple(h for h, t in enumerate(self.board.terrain) if t == "gold")

    @cached_property
    def regions(self) -> tuple:
        """Region per land hex id (-1: fog or sea)."""
        return tuple(self._st.board.regions)

    @cached_property
    def island_bonus(self) -> tuple:
        """Island bonus points per seat (public, counted in ``public_vp``)."""
        return tuple(self._st.layer.bonus)

    @cached_property
    def island_bonus_points(self) -> int:
        """Points of one island bonus in this game (0: none)."""
        return self._st.layer.bonus_points

    def home_regions(self, p: int) -> frozenset:
        """The regions where seat ``p`` founded (no bonus there)."""
        st = self._st
        regions = st.board.regions
        return frozenset(regions[h] for h in st.layer.home[p] if regions[h] >= 0)

    def bonus_regions(self, c: int) -> frozenset:
        """The regions a settlement on corner ``c`` stands in for the island
        bonus: those of its land hexes but the deserts."""
        return frozenset(islands.bonus_regions(self._st, c))

    def island_bonus_at(self, p: int, c: int) -> int:
        """The island bonus points a settlement of seat ``p`` on corner ``c``
        would earn now (docs/rules.md §14.12: the engine's own reckoning)."""
        return islands.settlement_bonus(self._st, p, c)

    @cached_property
    def island_bonus_corners(self) -> tuple:
        """Per seat: the corners whose settlements earned a bonus."""
        return tuple(tuple(c for c, _ in row) for row in self._st.layer.bonus_corners)

    @cached_property
    def explored(self) -> tuple:
        """(hex, terrain, number, explorer) of every fog hex turned, in order."""
        return tuple(tuple(x) for x in self._st.layer.explored)

    @cached_property
    def gold_due(self) -> tuple:
        """(player, choices still to make) while gold is being chosen."""
        return tuple((p, k) for p, k in self._st.layer.gold)

    @cached_property
    def ship_moved(self) -> bool:
        """The current player has moved a ship this turn."""
        return self._st.layer.moved

    @cached_property
    def new_ships(self) -> tuple:
        """Ships built this turn (they may not move)."""
        return tuple(self._st.layer.new_ships)

    def ship_spots(self, p: int | None = None) -> list[int]:
        """Edges where seat ``p`` may build a ship, cards aside."""
        return list(ship_spots(self._st, self._seat(p)))

    def ship_moves(self, p: int | None = None) -> list[tuple[int, int]]:
        """(from edge, to edge) of the ship moves seat ``p`` may make now."""
        return list(ship_moves(self._st, self._seat(p)))

    @cached_property
    def pirate_hexes(self) -> tuple:
        """Sea hexes the pirate may go to (when the robber or pirate is being moved)."""
        if self.phase != phases.ROBBER:
            return ()
        return tuple(pirate_hexes(self._st))

    def pirate_victims(self, h: int) -> list[int]:
        return pirate_victims(self._st, h)

    @cached_property
    def robber_hexes(self) -> tuple:
        """Hexes the robber may go to (when it is being moved): land, not fog."""
        if self.phase != phases.ROBBER:
            return ()
        return tuple(robber_hexes(self._st))

    #: the base view's prompts, with "ships" (a road or a ship may be placed) and
    #: "pirate" (the robber or the pirate moves)
    prompts = MappingProxyType({
        **PlayerView.prompts,
        phases.SETUP_ROAD: _ships_prompt,
        phases.ROAD_BUILDING: _ships_prompt,
        phases.ROBBER: _pirate_prompt,
    })
