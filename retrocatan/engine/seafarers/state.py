"""The Seafarers part of a game's state: ships, pirate, gold still to
choose, the fog's pool and what it turned into, island bonuses
(docs/rules.md §14; the rules that change it are ``seafarers``).
``GameState.layer`` holds one on a scenario board (``SeaFaces.new_state``),
its JSON is the state's ``"sea"``."""

from __future__ import annotations

from ..scenario import expand_pool as _expand
from ..state import LAYER_ALIASES, GameState

SHIPS = 15      # ship pieces per player


class SeaState:
    """The Seafarers part of a game's state (see the module docstring)."""

    def __init__(self, board, players: int, island_bonus: str = "") -> None:
        s = board.scenario
        self.board = board
        # The island bonus: the config's form (option island_bonus) or the scenario's, and its points
        # (docs/rules.md §14.12): the DOS manual's form one point a settlement, the
        # rule book's first settlement on an island the scenario's points (1 if it has none).
        self.bonus_form = form = island_bonus or s.island_bonus
        self.bonus_points = 0 if form == "none" else 1 if form == "every_settlement" else (s.island_bonus_points or 1)
        self.ship = [False] * len(board.geo.edge_corners)   # per edge: the piece there is a ship
        self.ship_edges: list[list[int]] = [[] for _ in range(players)]
        self.pirate = board.pirate_start
        self.new_ships: list[int] = []     # ships built this turn (may not move)
        self.moved = False                 # a ship was moved this turn
        self.gold: list[list[int]] = []    # [player, choices still to make], in order
        self.gold_resume: list | None = None   # [phase, decider] after the choices
        self.fog_pool: list[str] = _expand(s.fog_pool)
        self.fog_tokens: list[int] = list(s.fog_tokens)
        self.explored: list[list] = []     # [hex, terrain, number, player] in the order turned
        self.home: list[list[int]] = [[] for _ in range(players)]     # land hexes at founding settlements
        self.claimed: list[list[int]] = [[] for _ in range(players)]  # first_settlement: a hex per region
        self.bonus_corners: list[list[list[int]]] = [[] for _ in range(players)]   # [corner, points]
        self.bonus = [0] * players         # island bonus points per player (derived: the corners' points)

    def copy(self) -> SeaState:
        new = SeaState.__new__(SeaState)
        d = new.__dict__
        for k, v in self.__dict__.items():
            if k == "board":
                v = v.copy() if v.scenario.fog_pool else v
            elif isinstance(v, list):
                if v and isinstance(v[0], list):     # rows (per player, per hex turned): each copied
                    v = [list(x) if isinstance(x, list) else x for x in v]
                else:
                    v = v[:]                          # numbers, flags (a flag per edge)
            d[k] = v
        return new

    def to_json(self) -> dict:
        return {"ships": [e for e, s in enumerate(self.ship) if s], "pirate": self.pirate,
                "new_ships": list(self.new_ships), "moved": self.moved,
                "gold": [list(g) for g in self.gold], "gold_resume": self.gold_resume,
                "fog_pool": list(self.fog_pool), "fog_tokens": list(self.fog_tokens),
                "explored": [list(x) for x in self.explored], "home": [list(h) for h in self.home],
                "claimed": [list(h) for h in self.claimed],
                "bonus_corners": [[list(x) for x in b] for b in self.bonus_corners]}


# The names the rule modules used before the layer had its own slot (``GameState.layer``):
# ``st.sea`` (the slot under its old name; None on the base game's board) and ``st.bonus``.
# Kept until every module reads ``st.layer``.
LAYER_ALIASES.append("sea")


def _bonus(st) -> list[int]:
    return st.layer.bonus if st.layer is not None else [0] * st.players


GameState.bonus = property(_bonus)
