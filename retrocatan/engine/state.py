"""The mutable game state and its JSON form.

Everything a game is at one moment, as plain lists of integers indexed by
player, corner, edge or hex, plus the random generator's two integers. The
rule modules read and change it; ``Game`` is the public face.
"""

from __future__ import annotations

import hashlib
import json

from . import phases
from .board import Board
from .components import BOARD_KINDS, DEV_CARDS, PIECES, VICTORY_POINT
from .config import GameConfig
from .layers import rules_for
from .rng import Rng

STATE_FORMAT = 1
# Other names of ``GameState.layer`` that rule modules still read (a layer adds its old name here;
# plain attributes, as fast as ``layer``); to be emptied when every module reads ``layer``.
LAYER_ALIASES: list[str] = []
_SETTLEMENTS, _CITIES = PIECES["settlements"], PIECES["cities"]


class GameState:
    """All of a game's mutable data. See the module docstring."""

    def __init__(self, config: GameConfig, board: Board, rng: Rng, first: int) -> None:
        n = config.players
        geo = board.geo
        nc, ne = len(geo.corner_xy), len(geo.edge_corners)
        spec = BOARD_KINDS[board.kind]
        self.config = config
        self.players = n               # config.players, read on every roll and listing
        self.board = board
        self.geo = geo
        self.rng = rng
        self.first = first
        self.phase = phases.SETUP_SETTLEMENT
        self.turn = 0
        self.current = first
        self.decider = first
        self.setup_step = 0            # index into the founding placements (0 .. 2n-1)
        self.last_settlement = -1      # the corner the founding road must touch
        self.dice: tuple[int, int] | None = None
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [spec["bank"]] * 5
        self.deck: list[int] = []      # development cards, top is the end of the list
        for card, count in enumerate(spec["deck"]):
            self.deck += [card] * count
        self.dev_hand = [[0] * 5 for _ in range(n)]   # all held cards, new ones included
        self.dev_new = [[0] * 5 for _ in range(n)]    # bought this turn (not playable yet)
        self.dev_played = [[0] * 5 for _ in range(n)]
        self.dev_played_turn = 0
        self.corner_owner = [-1] * nc
        self.corner_level = [0] * nc   # 1 settlement, 2 city
        self.edge_owner = [-1] * ne
        self.road_edges: list[list[int]] = [[] for _ in range(n)]   # derived: each player's roads
        self.building_corners: list[list[int]] = [[] for _ in range(n)]   # derived: their buildings
        self.blocked = [0] * nc        # buildings on or next to a corner (distance rule)
        self.pieces = [dict(PIECES) for _ in range(n)]   # pieces left in each player's supply
        self.ratio = [[4] * 5 for _ in range(n)]         # best maritime ratio per resource
        self.robber = board.robber_start
        self.route_len = [0] * n
        self.longest = -1              # holder of the Longest Trade Route, -1 none/set aside
        self.army = -1                 # holder of the Largest Army
        self.built = False             # current player has built this turn (trade closed)
        self.offers_made = 0
        self.offer: dict | None = None
        self.discards: list[list[int]] = []     # [player, cards still to give up]
        self.resume = phases.MAIN               # phase after the robber / free roads
        self.free_roads = 0
        self.special_queue: list[int] = []
        self.winner = -1
        self.dice_deck: list[int] = []          # option dice_deck: remaining sums
        self.stats_dice = [0] * 13
        self.stats_gained = [[0] * 5 for _ in range(n)]
        self.version = 0               # bumped whenever a piece is placed or removed
        # Test hook (Game.fix_dice): dice to throw next. Not part of the state's
        # JSON or hash, so a game played with it does not replay (no cheating).
        self.fixed_dice: list[tuple[int, int]] = []
        self._cache: dict = {}
        # The rules played (rules.py: the base game or a layer, as the board says) and the layer's own
        # part of the state (faces.Faces.new_state; None for the base game).
        self.rules = rules = rules_for(board.layer)
        self.layer = None
        self.layer = layer = rules.new_state(self)
        for name in LAYER_ALIASES:
            self.__dict__[name] = layer

    # --- derived figures ------------------------------------------------
    def settlements(self, p: int) -> int:
        return PIECES["settlements"] - self.pieces[p]["settlements"]

    def cities(self, p: int) -> int:
        return PIECES["cities"] - self.pieces[p]["cities"]

    def roads(self, p: int) -> int:
        return PIECES["roads"] - self.pieces[p]["roads"]

    def public_vp(self, p: int) -> int:
        """Points everybody can see: buildings, the two awards and what the layer adds."""
        left = self.pieces[p]
        vp = (_SETTLEMENTS - left["settlements"] + 2 * (_CITIES - left["cities"])
              + (2 if self.longest == p else 0) + (2 if self.army == p else 0))
        if self.layer is not None:          # what the layer adds (faces.Faces.public_points)
            vp += self.rules.public_points(self, p)
        return vp

    def vp_cards(self, p: int) -> int:
        held = self.dev_hand[p][VICTORY_POINT]
        if not self.config.vp_cards_instant:
            held -= self.dev_new[p][VICTORY_POINT]
        return held

    def vp(self, p: int) -> int:
        return self.public_vp(p) + self.vp_cards(p)

    def copy(self) -> GameState:
        """An independent copy (lists copied, caches dropped), for look-ahead."""
        new = GameState.__new__(GameState)
        d = new.__dict__
        for name, value in self.__dict__.items():
            if isinstance(value, list):
                if name == "pieces":
                    value = [dict(x) for x in value]
                elif value and isinstance(value[0], list):      # rows (per player): each copied
                    value = [list(x) if isinstance(x, list) else x for x in value]
                else:
                    value = value[:]                            # numbers, tuples
            elif name == "_cache":
                value = {}
            elif name == "rng":
                value = type(value).from_state(value.state, value.inc)
            elif name == "offer" and value is not None:
                value = dict(value, pending=list(value["pending"]), answers=list(value["answers"]))
            elif name == "layer":
                continue                  # below, when the rest is copied
            d[name] = value
        if self.layer is None:
            new.layer = None
        else:
            new.layer = layer = self.rules.copy_state(self, new)
            for name in LAYER_ALIASES:
                new.__dict__[name] = layer
        return new

    # --- serialisation ----------------------------------------------------
    def to_json(self) -> dict:
        data = self._json()
        if self.layer is not None:
            data[self.rules.state_key] = self.rules.state_json(self)
        return data

    def _json(self) -> dict:
        return {
            "format": STATE_FORMAT,
            "config": self.config.to_dict(),
            "board": self.board.to_json(),
            "rng": self.rng.get_state(),
            "first": self.first,
            "phase": self.phase,
            "turn": self.turn,
            "current": self.current,
            "decider": self.decider,
            "setup_step": self.setup_step,
            "last_settlement": self.last_settlement,
            "dice": list(self.dice) if self.dice else None,
            "hands": [list(h) for h in self.hands],
            "bank": list(self.bank),
            "deck": [DEV_CARDS[c] for c in self.deck],
            "dev_hand": [list(h) for h in self.dev_hand],
            "dev_new": [list(h) for h in self.dev_new],
            "dev_played": [list(h) for h in self.dev_played],
            "dev_played_turn": self.dev_played_turn,
            "corner_owner": list(self.corner_owner),
            "corner_level": list(self.corner_level),
            "edge_owner": list(self.edge_owner),
            "robber": self.robber,
            "longest": self.longest,
            "army": self.army,
            "built": self.built,
            "offers_made": self.offers_made,
            "offer": offer_to_json(self.offer),
            "discards": [list(d) for d in self.discards],
            "resume": self.resume,
            "free_roads": self.free_roads,
            "special_queue": list(self.special_queue),
            "winner": self.winner,
            "dice_deck": list(self.dice_deck),
            "stats_dice": list(self.stats_dice),
            "stats_gained": [list(g) for g in self.stats_gained],
        }

    def state_hash(self) -> str:
        return state_hash(self.to_json())


def canonical_json(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def state_hash(data: dict) -> str:
    """SHA-256 of the canonical JSON form of a state."""
    return hashlib.sha256(canonical_json(data).encode("ascii")).hexdigest()


def offer_to_json(offer: dict | None):
    if offer is None:
        return None
    return {
        "from": offer["from"],
        "give": list(offer["give"]),
        "get": list(offer["get"]),
        "to": offer["to"],
        "pending": list(offer["pending"]),
        "answers": [[p, kind, list(give), list(get)] for p, kind, give, get in offer["answers"]],
    }

