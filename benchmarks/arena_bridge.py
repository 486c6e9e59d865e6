"""The bridge between Catanatron 3.2.1's game and our computer player.

Our player (``retrocatan.ai.make_player``) plays a seat of a game that
Catanatron's engine runs. At each of that seat's decisions the bridge

1. takes a **snapshot** of what that seat may know (``snapshot``, the only
   function here that reads Catanatron's objects): the board (terrain,
   numbers, harbours), every piece, the robber, the bank, the size of the
   development deck, every player's number of resource and development
   cards, the development cards each has played, the awards, the visible
   points, and the seat's own hand and development cards. Other players'
   hands and development cards, and the deck's order, are not in it;
2. lays that out as one of our engine's games (``to_game``): a state
   loaded through the engine's checked loader (``Game.from_json``), whose
   ``seat_view`` is what our player reads. The cards the seat cannot see
   are filled in consistently (other hands by their counts from what is
   not in the bank or the seat's hand; other development cards and the
   deck from what is neither played nor the seat's), and our player never
   sees them: it reads only its seat's ``PlayerView``;
3. offers our player only the actions that are legal in both rule sets
   (``ArenaGame``: our engine's list, kept where Catanatron's list holds
   the same move), and turns its choice into Catanatron's action
   (``to_catanatron``).

Board mapping (``BoardMap``). Catanatron's tiles have cube coordinates
``(x, y, z)`` with ``x + y + z = 0``, east ``(1, -1, 0)``, south-east
``(0, -1, 1)``, north-east ``(1, 0, -1)``; a tile's corners are named
NORTH, NORTHEAST, SOUTHEAST, SOUTH, SOUTHWEST, NORTHWEST (node ids, shared
between neighbours) and edges are pairs of node ids. Ours are axial
``(q, r)``, pointy tops, with corner k of a hex at ``CORNER_OFFSETS[k]``
(north, north-east, south-east, south, south-west, north-west). So tile
``(x, y, z)`` is our hex ``(q, r) = (x, z)``, the node a tile calls NORTH
is that hex's corner 0 and so on round the hex, and an edge is the edge
between the two corners its nodes map to. The mapping is computed from the
tiles of each game, not from a table.

Where Catanatron 3.2.1's rules differ from ours, our player plays by
Catanatron's (our game is set up with the options that match, the rest is
handled here):

- 10 points to win; no domestic trade (our option ``offers_per_turn`` 0),
  only the bank and harbours; trade and build in any order after the roll
  (our ``free_phase_order``); one development card a turn.
- Catanatron lets a player play a development card the turn it was bought;
  our rules do not. The seat's cards are all marked playable.
- Before the roll Catanatron allows only the roll or a Knight (we also
  allow the progress cards); Road Building needs the price of a road in
  hand and a free edge (our rule: a free edge). These are filtered by the
  intersection of the two lists.
- Discarding on a 7 (more than 7 cards: half, rounded down) is chosen at
  random by Catanatron's engine, for every player: our player never
  decides it.
- The robber must move (to any other land hex, the desert too); a robber
  move onto a hex with other players' buildings must rob one of those who
  holds a card (ours may also rob nobody): filtered by the intersection.
- Year of Plenty (our Invention) may take a single card when the bank
  cannot give two (ours needs two); ore is our coal; wool our sheep.
- Harbours: the nine harbours stand in the sea hexes of our nine harbour
  slots, but at two of them Catanatron's harbour faces the other land hex
  the sea hex touches; the bridge puts each harbour on Catanatron's two
  corners (the board's ``corner_harbour`` and the players' ratios are set
  from Catanatron's ports after loading).
- Numbers are dealt at random (6 and 8 may touch), not by the letter
  spiral; our board takes them as given (letters are filled in, unused).
- Longest Road and Largest Army: the holders are Catanatron's (its engine
  awards them; ties and cut roads are decided by its rules).
- A game that reaches Catanatron's limit of 1000 turns has no winner.

Run as a script with Catanatron's Python it serves games (``--serve``, one
JSON object a line on stdin and stdout; see ``benchmarks/arena.py``) or
checks translated states against Catanatron's (``--check``, for
tests/test_arena_bridge.py). Catanatron is never imported by our game; its
``ValueFunctionPlayer`` and ``AlphaBetaPlayer`` are imported from a
checkout of its repository (``--catanatron-src``), module by module, so
that the packages' own ``__init__`` (which want gym, rich, tensorflow) are
not run.
"""

from __future__ import annotations

import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from retrocatan.engine import Game, GameConfig, phases  # noqa: E402
from retrocatan.engine import actions as A  # noqa: E402
from retrocatan.engine.actions import Action  # noqa: E402
from retrocatan.engine.board import geometry, harbour_slots  # noqa: E402
from retrocatan.engine.build import gain_harbour  # noqa: E402
from retrocatan.engine.components import BOARD_KINDS, DEV_CARDS, RESOURCES, token_letters  # noqa: E402
from retrocatan.engine.geometry import CORNER_OFFSETS, hex_centre  # noqa: E402
from retrocatan.engine.rng import Rng  # noqa: E402

# Catanatron's names, in our orders.
CAT_RESOURCES = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")          # = our wood, brick, sheep, wheat, coal
CAT_DEV = ("KNIGHT", "VICTORY_POINT", "ROAD_BUILDING", "MONOPOLY", "YEAR_OF_PLENTY")   # = our DEV_CARDS
CAT_TERRAIN = {"WOOD": "forest", "BRICK": "hills", "SHEEP": "pasture", "WHEAT": "fields", "ORE": "mountains",
               None: "desert"}
# A tile's corner names in the order of our CORNER_OFFSETS.
NODE_REFS = ("NORTH", "NORTHEAST", "SOUTHEAST", "SOUTH", "SOUTHWEST", "NORTHWEST")
VP_TARGET = 10
BANK = BOARD_KINDS["base"]["bank"]
DECK = BOARD_KINDS["base"]["deck"]

# Our game's rule options that match Catanatron 3.2.1's rules (see the module docstring).
ARENA_CONFIG = GameConfig(players=4, seed=1, board="random", vp_target=VP_TARGET, free_phase_order=True,
                          dev_cards_per_turn=1, vp_cards_instant=True, robber_to_desert=True, offers_per_turn=0)


class BridgeError(ValueError):
    """A Catanatron position the bridge cannot lay out as ours."""


# --- the board ------------------------------------------------------------------------------

def cube_to_axial(coord) -> tuple[int, int]:
    """Catanatron's cube coordinate (x, y, z) as our axial (q, r)."""
    x, y, z = coord
    if x + y + z != 0:
        raise BridgeError(f"not a cube coordinate: {coord!r}")
    return x, z


class BoardMap:
    """Catanatron's node ids, edges and tile coordinates as our corner, edge
    and hex ids, from the land tiles (coordinate and node ids by name) of
    one Catanatron map. ``tiles``: [((x, y, z), {"NORTH": node, ...}), ...]."""

    def __init__(self, tiles) -> None:
        geo = self.geo = geometry("base")
        corner_at = {xy: i for i, xy in enumerate(geo.corner_xy)}
        self.node_corner: dict[int, int] = {}
        self.hex_coord: dict[int, tuple] = {}
        self.coord_hex: dict[tuple, int] = {}
        for coord, nodes in tiles:
            coord = tuple(coord)
            qr = cube_to_axial(coord)
            if qr not in geo.land_index:
                raise BridgeError(f"tile {coord} is not on our base island")
            h = geo.land_index[qr]
            self.hex_coord[h], self.coord_hex[coord] = coord, h
            cx, cy = hex_centre(*qr)
            for k, ref in enumerate(NODE_REFS):
                ox, oy = CORNER_OFFSETS[k]
                c = corner_at[(cx + ox, cy + oy)]
                node = int(nodes[ref])
                if self.node_corner.setdefault(node, c) != c:
                    raise BridgeError(f"node {node} would be two corners")
        if len(self.hex_coord) != len(geo.land) or len(set(self.node_corner.values())) != len(geo.corner_xy):
            raise BridgeError("Catanatron's map does not cover our base island")
        self.corner_node = {c: n for n, c in self.node_corner.items()}

    def edge(self, a: int, b: int) -> int:
        """Our edge id of Catanatron's edge between nodes a and b."""
        ca, cb = self.node_corner[a], self.node_corner[b]
        e = self.geo.edge_index.get((min(ca, cb), max(ca, cb)))
        if e is None:
            raise BridgeError(f"nodes {a} and {b} are not neighbours")
        return e

    def edge_nodes(self, e: int) -> tuple[int, int]:
        """Catanatron's edge (low node, high node) of our edge ``e``."""
        a, b = (self.corner_node[c] for c in self.geo.edge_corners[e])
        return (a, b) if a < b else (b, a)


# --- Catanatron's state -> a snapshot of one seat's knowledge --------------------------------

def snapshot(game, color) -> dict:
    """What the seat of ``color`` may know of a Catanatron game, as plain data."""
    from catanatron.models.enums import ActionType  # only in Catanatron's Python
    from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS, LandTile, Port

    st = game.state
    cmap = st.board.map
    colors = list(st.colors)
    seat = colors.index(color)
    n = len(colors)
    ps = st.player_state
    tiles, ports = [], []
    for coord, tile in cmap.tiles.items():
        if isinstance(tile, LandTile):
            tiles.append({"coord": list(coord), "resource": tile.resource, "number": tile.number,
                          "nodes": {ref.value: node for ref, node in tile.nodes.items()}})
        elif isinstance(tile, Port):
            a, b = PORT_DIRECTION_TO_NODEREFS[tile.direction]
            ports.append({"coord": list(coord), "resource": tile.resource,
                          "nodes": [tile.nodes[a], tile.nodes[b]]})
    buildings = [[node, colors.index(c), kind] for node, (c, kind) in sorted(st.board.buildings.items())]
    roads = sorted({(min(e), max(e), colors.index(c)) for e, c in st.board.roads.items()})
    played = [[ps[f"P{i}_PLAYED_{card}"] for card in CAT_DEV] for i in range(n)]
    dice = None
    for act in reversed(st.actions):
        if act.action_type == ActionType.ROLL:
            dice = list(act.value)
            break
        if act.action_type == ActionType.END_TURN:
            break
    prompt = st.current_prompt.value
    current = st.current_turn_index
    last = None
    if prompt == "BUILD_INITIAL_ROAD":
        last = st.buildings_by_color[colors[st.current_player_index]]["SETTLEMENT"][-1]
    return {
        "seat": seat, "players": n, "colors": [c.value for c in colors],
        "tiles": tiles, "ports": ports, "robber": list(st.board.robber_coordinate),
        "buildings": buildings, "roads": [list(r) for r in roads],
        "bank": list(st.resource_freqdeck), "deck_size": len(st.development_listdeck),
        "hand": [ps[f"P{seat}_{r}_IN_HAND"] for r in CAT_RESOURCES],
        "dev_hand": [ps[f"P{seat}_{card}_IN_HAND"] for card in CAT_DEV],
        "card_counts": [sum(ps[f"P{i}_{r}_IN_HAND"] for r in CAT_RESOURCES) for i in range(n)],
        "dev_counts": [sum(ps[f"P{i}_{card}_IN_HAND"] for card in CAT_DEV) for i in range(n)],
        "played": played,
        "public_vp": [ps[f"P{i}_VICTORY_POINTS"] for i in range(n)],
        "longest": next((i for i in range(n) if ps[f"P{i}_HAS_ROAD"]), -1),
        "army": next((i for i in range(n) if ps[f"P{i}_HAS_ARMY"]), -1),
        "prompt": prompt, "current": current, "decider": st.current_player_index,
        "rolled": bool(ps[f"P{current}_HAS_ROLLED"]),
        "dev_played_turn": bool(ps[f"P{current}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"]),
        "initial": bool(st.is_initial_build_phase),
        "free_roads": st.free_roads_available if st.is_road_building else 0,
        "dice": dice, "turns": st.num_turns, "last_settlement": last,
    }


# --- a snapshot -> our game ----------------------------------------------------------------------

class ArenaGame(Game):
    """Our game of a snapshot; ``legal_actions`` keeps only the actions
    Catanatron also allows now (``allow``: our actions, or None for all)."""

    allow: frozenset | None = None

    def legal_actions(self) -> list[Action]:
        legal = super().legal_actions()
        if self.allow is None:
            return legal
        return [a for a in legal if a in self.allow]


def board_map_of(snap: dict) -> BoardMap:
    return BoardMap([(t["coord"], t["nodes"]) for t in snap["tiles"]])


def _fill(counts: list[int], pool: list[int], order: range) -> list[list[int]]:
    """Cards of the kinds in ``pool`` (count per kind) dealt to players with
    ``counts`` cards each, kind by kind in ``order``: any deal consistent
    with what the seat knows."""
    pool = list(pool)
    out = []
    for k in counts:
        row = [0] * len(pool)
        for i in order:
            take = min(k, pool[i])
            row[i] += take
            pool[i] -= take
            k -= take
        if k:
            raise BridgeError("hidden cards do not add up")
        out.append(row)
    return out


def to_game(snap: dict, bmap: BoardMap | None = None) -> ArenaGame:
    """Our game of a snapshot, from the snapshot's seat's knowledge only."""
    bmap = bmap or board_map_of(snap)
    geo = bmap.geo
    n, me = snap["players"], snap["seat"]
    if n != 4:
        raise BridgeError("the arena plays 4-player games")
    nh, nc, ne = len(geo.land), len(geo.corner_xy), len(geo.edge_corners)
    terrain, numbers = [""] * nh, [0] * nh
    for t in snap["tiles"]:
        h = bmap.coord_hex[tuple(t["coord"])]
        terrain[h] = CAT_TERRAIN[t["resource"]]
        numbers[h] = t["number"] or 0
    letters_all = iter(token_letters(sum(1 for x in numbers if x)))
    letters = [next(letters_all) if x else None for x in numbers]
    # Harbours: by the sea hex they stand in (our slots); their corners are Catanatron's (set below).
    slots = harbour_slots("base")
    slot_of = {qr: i for i, (qr, _) in enumerate(slots)}
    harbours = ["3:1"] * len(slots)
    port_corners = []
    for p in snap["ports"]:
        qr = cube_to_axial(p["coord"])
        if qr not in slot_of:
            raise BridgeError(f"a harbour at {p['coord']} is not in one of our harbour slots")
        kind = "3:1" if p["resource"] is None else RESOURCES[CAT_RESOURCES.index(p["resource"])]
        harbours[slot_of[qr]] = kind
        port_corners.append((kind, [bmap.node_corner[x] for x in p["nodes"]]))
    desert = terrain.index("desert")
    robber = bmap.coord_hex[tuple(snap["robber"])]

    corner_owner, corner_level, edge_owner = [-1] * nc, [0] * nc, [-1] * ne
    for node, owner, kind in snap["buildings"]:
        c = bmap.node_corner[node]
        corner_owner[c], corner_level[c] = owner, 2 if kind == "CITY" else 1
    for a, b, owner in snap["roads"]:
        edge_owner[bmap.edge(a, b)] = owner

    # Hands: the seat's own; the others' by count, from the cards neither in the bank nor the seat's.
    hand, bank, counts = list(snap["hand"]), list(snap["bank"]), snap["card_counts"]
    unseen = [BANK - bank[r] - hand[r] for r in range(5)]
    others = [p for p in range(n) if p != me]
    dealt = _fill([counts[p] for p in others], unseen, range(5))
    hands = [[0] * 5 for _ in range(n)]
    hands[me] = hand
    for p, row in zip(others, dealt):
        hands[p] = row
    # Development cards: the same, from the cards neither played nor the seat's.
    played, dev_counts = snap["played"], snap["dev_counts"]
    unknown = [DECK[i] - sum(row[i] for row in played) - snap["dev_hand"][i] for i in range(5)]
    if min(unknown) < 0:
        raise BridgeError("development cards do not add up")
    # knights first, victory points last: a guess nobody reads (the seat's view hides them)
    dev_dealt = _fill([dev_counts[p] for p in others], unknown, (0, 2, 3, 4, 1))
    dev_hand = [[0] * 5 for _ in range(n)]
    dev_hand[me] = list(snap["dev_hand"])
    for p, row in zip(others, dev_dealt):
        dev_hand[p] = row
    left = [unknown[i] - sum(row[i] for row in dev_dealt) for i in range(5)]
    deck = [DEV_CARDS[i] for i in range(5) for _ in range(left[i])]
    if len(deck) != snap["deck_size"]:
        raise BridgeError(f"the development deck holds {snap['deck_size']} cards, not {len(deck)}")

    phase, setup_step, last, dice, resume, free_roads = _phase(snap, bmap)
    data = {
        "format": 1, "config": ARENA_CONFIG.to_dict(),
        "board": {"kind": "base", "terrain": terrain, "numbers": numbers, "letters": letters,
                  "harbours": harbours, "robber_start": desert},
        "rng": Rng(1).get_state(), "first": 0, "phase": phase, "turn": snap["turns"] + 1,
        "current": snap["current"], "decider": snap["decider"], "setup_step": setup_step,
        "last_settlement": last, "dice": dice, "hands": hands, "bank": bank, "deck": deck,
        "dev_hand": dev_hand, "dev_new": [[0] * 5 for _ in range(n)], "dev_played": [list(r) for r in played],
        "dev_played_turn": 1 if snap["dev_played_turn"] else 0,
        "corner_owner": corner_owner, "corner_level": corner_level, "edge_owner": edge_owner,
        "robber": robber, "longest": snap["longest"], "army": snap["army"], "built": False,
        "offers_made": 0, "offer": None, "discards": [], "resume": resume, "free_roads": free_roads,
        "special_queue": [], "winner": -1, "dice_deck": [], "stats_dice": [0] * 13,
        "stats_gained": [[0] * 5 for _ in range(n)],
    }
    try:
        game = ArenaGame.from_json(data)
    except ValueError as exc:
        raise BridgeError(f"our engine refuses the position: {exc}") from None
    # Catanatron's harbour corners (two of its harbours face another edge than our slot's).
    st = game.state
    st.board.corner_harbour = [None] * nc
    for kind, corners in port_corners:
        for c in corners:
            st.board.corner_harbour[c] = kind
    st.ratio = [[4] * 5 for _ in range(n)]
    for c, o in enumerate(st.corner_owner):
        if o != -1:
            gain_harbour(st, o, c)
    game.refresh()
    game.forget_views()
    return game


def _phase(snap: dict, bmap: BoardMap):
    """(phase, setup_step, last_settlement, dice, resume, free_roads) of ours for Catanatron's prompt."""
    prompt = snap["prompt"]
    dice = list(snap["dice"]) if snap["dice"] else None
    if prompt in ("BUILD_INITIAL_SETTLEMENT", "BUILD_INITIAL_ROAD"):
        placed = sum(1 for b in snap["buildings"])
        if prompt == "BUILD_INITIAL_SETTLEMENT":
            return phases.SETUP_SETTLEMENT, placed, -1, None, phases.MAIN, 0
        return phases.SETUP_ROAD, placed - 1, bmap.node_corner[snap["last_settlement"]], None, phases.MAIN, 0
    resume = phases.MAIN if snap["rolled"] else phases.ROLL
    if prompt == "MOVE_ROBBER":
        return phases.ROBBER, 8, -1, dice if snap["rolled"] else None, resume, 0
    if prompt == "DISCARD":
        return phases.DISCARD, 8, -1, dice, phases.MAIN, 0
    if snap["free_roads"]:
        return phases.ROAD_BUILDING, 8, -1, dice, resume, snap["free_roads"]
    if not snap["rolled"]:
        return phases.ROLL, 8, -1, None, phases.MAIN, 0
    return phases.MAIN, 8, -1, dice, phases.MAIN, 0


# --- our action <-> Catanatron's --------------------------------------------------------------

def to_catanatron(act: Action, bmap: BoardMap, colors: list[str]):
    """Our action as Catanatron's (action type name, value), with colours
    by name; None for an action Catanatron has no counterpart of."""
    k = act.kind
    if k == A.ROLL:
        return "ROLL", None
    if k == A.END:
        return "END_TURN", None
    if k == A.SETTLE:
        return "BUILD_SETTLEMENT", bmap.corner_node[act.a]
    if k == A.CITY:
        return "BUILD_CITY", bmap.corner_node[act.a]
    if k == A.ROAD:
        return "BUILD_ROAD", bmap.edge_nodes(act.a)
    if k == A.BUY:
        return "BUY_DEVELOPMENT_CARD", None
    if k == A.KNIGHT:
        return "PLAY_KNIGHT_CARD", None
    if k == A.ROAD_BUILDING:
        return "PLAY_ROAD_BUILDING", None
    if k == A.MONOPOLY:
        return "PLAY_MONOPOLY", CAT_RESOURCES[act.a]
    if k == A.INVENTION:
        return "PLAY_YEAR_OF_PLENTY", (CAT_RESOURCES[act.a], CAT_RESOURCES[act.b])
    if k == A.ROBBER:
        return "MOVE_ROBBER", (bmap.hex_coord[act.a], None if act.b == -1 else colors[act.b], None)
    if k == A.TRADE:
        give, get, ratio = act.a, act.b, act.c
        return "MARITIME_TRADE", tuple([CAT_RESOURCES[give]] * ratio + [None] * (4 - ratio) + [CAT_RESOURCES[get]])
    return None


# --- Catanatron's side (run with Catanatron's Python) -------------------------------------------

def load_catanatron_players(src: str | None):
    """{name: class} of Catanatron's players; ValueFunctionPlayer and
    AlphaBetaPlayer from the checkout ``src`` (module by module, without
    the packages' ``__init__``)."""
    import types

    from catanatron.players.weighted_random import WeightedRandomPlayer
    out = {"weighted_random": WeightedRandomPlayer}
    if src:
        packages = {
            "catanatron_gym": ("catanatron_gym", "catanatron_gym"),
            "catanatron_experimental": ("catanatron_experimental", "catanatron_experimental"),
            "catanatron_experimental.machine_learning": ("catanatron_experimental", "catanatron_experimental",
                                                         "machine_learning"),
            "catanatron_experimental.machine_learning.players": ("catanatron_experimental",
                                                                 "catanatron_experimental", "machine_learning",
                                                                 "players"),
        }
        for name, parts in packages.items():
            if name not in sys.modules:
                mod = types.ModuleType(name)
                mod.__path__ = [os.path.join(src, *parts)]
                sys.modules[name] = mod
        from catanatron_experimental.machine_learning.players.minimax import AlphaBetaPlayer, ValueFunctionPlayer
        out["value"] = ValueFunctionPlayer
        out["alphabeta"] = AlphaBetaPlayer
    return out


def make_opponent(kind: str, cls, color):
    if kind == "alphabeta":
        return cls(color, depth=2, prunning=False)      # Catanatron's defaults (its CLI's "AB:2")
    return cls(color)


def catanatron_action(spec, color, colors_by_name):
    from catanatron.models.enums import Action as CatAction
    from catanatron.models.enums import ActionType
    kind, value = spec
    if kind == "MOVE_ROBBER":
        coord, victim, _ = value
        value = (tuple(coord), None if victim is None else colors_by_name[victim], None)
    return CatAction(color, ActionType[kind], value)


def arena_player_class():
    """Catanatron's Player that asks our computer player."""
    from catanatron.models.player import Player

    from retrocatan.ai import make_player

    class ArenaPlayer(Player):
        def __init__(self, color, level: str, seed: int) -> None:
            super().__init__(color)
            self.level, self.seed = level, seed
            self.ours = None
            self.bmap = None
            self.times: list[float] = []
            self.bridge_ms: list[float] = []
            self.fallbacks = 0
            self.errors: list[str] = []

        def decide(self, game, playable_actions):
            if len(playable_actions) == 1:
                return playable_actions[0]
            t0 = time.perf_counter()
            snap = snapshot(game, self.color)
            try:
                if self.bmap is None:
                    self.bmap = board_map_of(snap)
                    self.ours = make_player(self.level, self.seed, snap["seat"])
                colors = snap["colors"]
                by_name = {c.value: c for c in game.state.colors}
                playable = set(playable_actions)
                ours = to_game(snap, self.bmap)
                allow, back = set(), {}
                for act in Game.legal_actions(ours):
                    spec = to_catanatron(act, self.bmap, colors)
                    if spec is None:
                        continue
                    cat = catanatron_action(spec, self.color, by_name)
                    if cat in playable:
                        allow.add(act)
                        back[act] = cat
                ours.allow = frozenset(allow)
                view = ours.seat_view(snap["seat"])
            except BridgeError as exc:
                self._fallback(str(exc))
                return _default(playable_actions)
            t1 = time.perf_counter()
            if not allow:
                self._fallback(f"no common action at {snap['prompt']}")
                return _default(playable_actions)
            choice = self.ours.choose(view)
            t2 = time.perf_counter()
            self.times.append((t2 - t1) * 1000.0)
            self.bridge_ms.append((t1 - t0) * 1000.0)
            if choice not in back:
                self._fallback(f"our choice {choice} is not Catanatron's")
                return _default(playable_actions)
            return back[choice]

        def _fallback(self, why: str) -> None:
            self.fallbacks += 1
            if len(self.errors) < 5:
                self.errors.append(why)

    return ArenaPlayer


def _default(playable_actions):
    """Catanatron's action when ours cannot decide: end the turn or roll if possible, else the first."""
    for act in playable_actions:
        if act.action_type.value in ("END_TURN", "ROLL"):
            return act
    return playable_actions[0]


def seating(seed: int) -> list[int]:
    """Catanatron's ``Game(players, seed=seed)`` seats its four players in an
    order its seed decides (a shuffle before anything else is drawn): for
    each seat, the position in ``players`` of the player who sits there."""
    from catanatron import Color
    from catanatron.game import Game as CatGame
    from catanatron.models.player import SimplePlayer
    probe = [SimplePlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)]
    g = CatGame(probe, seed=seed)
    return [[p.color for p in probe].index(c) for c in g.state.colors]


def apply_options(task: dict) -> None:
    """The run's options for our player that a game's task carries:
    ``"rollouts"`` (arena.py --expert-rollouts N) sets the Expert's
    ``ROLLOUT_SAMPLES`` in this process."""
    if "rollouts" in task:
        from retrocatan.ai import expert
        expert.ROLLOUT_SAMPLES = int(task["rollouts"])


def play_game(task: dict, classes: dict) -> dict:
    """One game: our ``level`` at seat ``seat`` against three ``opponent``s,
    Catanatron's ``seed``. Returns the outcome and our decision times."""
    from catanatron import Color
    from catanatron.game import Game as CatGame

    seed, seat, level, opponent = task["seed"], task["seat"], task["level"], task["opponent"]
    apply_options(task)
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    lands = seating(seed)           # lands[s]: the position in the players list of who sits at seat s
    ArenaPlayer = arena_player_class()
    players = [None] * 4
    ours = None
    for s in range(4):
        pos = lands[s]
        color = colors[pos]
        if s == seat:
            ours = players[pos] = ArenaPlayer(color, level, seed)
        else:
            players[pos] = make_opponent(opponent, classes[opponent], color)
    t0 = time.perf_counter()
    game = CatGame(players, seed=seed)
    if game.state.colors[seat] != ours.color:
        raise RuntimeError("the seat shuffle did not put our player where it should be")
    winner = game.play()
    seconds = time.perf_counter() - t0
    win_seat = -1 if winner is None else list(game.state.colors).index(winner)
    return {"game": task.get("game"), "seed": seed, "seat": seat, "winner": win_seat, "won": win_seat == seat,
            "turns": game.state.num_turns, "seconds": round(seconds, 3),
            "times": [round(t, 3) for t in ours.times], "bridge_ms": [round(t, 3) for t in ours.bridge_ms],
            "fallbacks": ours.fallbacks, "errors": ours.errors}


def serve(src: str | None) -> int:
    """Play the games asked for on stdin, one JSON object a line; answer each on stdout."""
    classes = load_catanatron_players(src)
    print(json.dumps({"ready": True, "players": sorted(classes)}), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        task = json.loads(line)
        if task.get("stop"):
            break
        try:
            out = play_game(task, classes)
        except Exception as exc:       # one line back: the parent reports it and stops
            out = {"game": task.get("game"), "error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(out), flush=True)
    return 0


# --- checking translated states against Catanatron's (tests/test_arena_bridge.py) ----------------

def _cat_production(game, number: int) -> list[list[int]]:
    """Cards each seat would get for ``number`` by Catanatron's own payout (full bank)."""
    from catanatron.state import yield_resources
    payout, _ = yield_resources(game.state.board, [BANK] * 5, number)
    colors = list(game.state.colors)
    out = [[0] * 5 for _ in colors]
    for color, deck in payout.items():
        out[colors.index(color)] = list(deck)
    return out


def _our_production(ours: Game, number: int) -> list[list[int]]:
    st = ours.state
    out = [[0] * 5 for _ in range(st.players)]
    for h, r, corners in st.board.producers[number]:
        if h == st.robber:
            continue
        for c in corners:
            if st.corner_owner[c] != -1:
                out[st.corner_owner[c]][r] += st.corner_level[c]
    return out


def compare(game, color) -> list[str]:
    """Differences between Catanatron's game and our translation of it for
    ``color``'s seat: production per number, harbours, points, pieces, the
    robber, the hands the seat may see ([] when they agree)."""
    snap = snapshot(game, color)
    bmap = board_map_of(snap)
    ours = to_game(snap, bmap)
    view = ours.seat_view(snap["seat"])
    cst = game.state
    colors = list(cst.colors)
    ps = cst.player_state
    diffs = []
    for number in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        a, b = _cat_production(game, number), _our_production(ours, number)
        if a != b:
            diffs.append(f"production on {number}: Catanatron {a}, ours {b}")
    for i, c in enumerate(colors):
        rates = {r: 4 for r in CAT_RESOURCES}
        ports = set(cst.board.get_player_port_resources(c))
        if None in ports:
            rates = {r: 3 for r in CAT_RESOURCES}
        for r in ports:
            if r is not None:
                rates[r] = 2
        want = [rates[r] for r in CAT_RESOURCES]
        if list(view.ratios[i]) != want:
            diffs.append(f"seat {i} harbours: Catanatron {want}, ours {list(view.ratios[i])}")
        if view.public_vp[i] != ps[f"P{i}_VICTORY_POINTS"]:
            diffs.append(f"seat {i} points: Catanatron {ps[f'P{i}_VICTORY_POINTS']}, ours {view.public_vp[i]}")
        left = view.pieces_left[i]
        cat_left = {"settlements": ps[f"P{i}_SETTLEMENTS_AVAILABLE"], "cities": ps[f"P{i}_CITIES_AVAILABLE"],
                    "roads": ps[f"P{i}_ROADS_AVAILABLE"]}
        if left != cat_left:
            diffs.append(f"seat {i} pieces left: Catanatron {cat_left}, ours {left}")
        if view.card_counts[i] != snap["card_counts"][i]:
            diffs.append(f"seat {i} cards: Catanatron {snap['card_counts'][i]}, ours {view.card_counts[i]}")
        if view.knights[i] != ps[f"P{i}_PLAYED_KNIGHT"]:
            diffs.append(f"seat {i} knights played differ")
    if bmap.hex_coord[view.robber] != tuple(cst.board.robber_coordinate):
        diffs.append(f"robber: Catanatron {cst.board.robber_coordinate}, ours {bmap.hex_coord[view.robber]}")
    me = snap["seat"]
    if list(view.hand) != [ps[f"P{me}_{r}_IN_HAND"] for r in CAT_RESOURCES]:
        diffs.append("own hand differs")
    if list(view.bank) != list(cst.resource_freqdeck):
        diffs.append("bank differs")
    if view.longest_route != snap["longest"] or view.largest_army != snap["army"]:
        diffs.append("award holders differ")
    for i in range(len(colors)):
        if i != me and view.hands[i] is not None:
            diffs.append(f"the view shows seat {i}'s hand")
    return diffs


def check(games: int, seed: int, every: int) -> dict:
    """Play ``games`` Catanatron games of WeightedRandomPlayers and compare
    the translation at every ``every``-th decision for the deciding seat;
    also count the decisions where both rule sets share no action."""
    from catanatron import Color
    from catanatron.game import Game as CatGame
    from catanatron.players.weighted_random import WeightedRandomPlayer

    out = {"positions": 0, "diffs": [], "no_common": 0, "decisions": 0, "prompts": {}}
    for g in range(games):
        players = [WeightedRandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)]
        game = CatGame(players, seed=seed + g)
        k = 0
        while game.winning_color() is None and game.state.num_turns < 1000:
            color = game.state.current_color()
            if k % every == 0:
                out["positions"] += 1
                prompt = game.state.current_prompt.value
                out["prompts"][prompt] = out["prompts"].get(prompt, 0) + 1
                for d in compare(game, color):
                    if len(out["diffs"]) < 20:
                        out["diffs"].append(f"game {seed + g} decision {k}: {d}")
                if len(game.state.playable_actions) > 1:
                    out["decisions"] += 1
                    if not common_actions(game, color):
                        out["no_common"] += 1
            game.play_tick()
            k += 1
    return out


def common_actions(game, color) -> list:
    """Catanatron's playable actions that our engine also lists for the seat."""
    snap = snapshot(game, color)
    bmap = board_map_of(snap)
    ours = to_game(snap, bmap)
    by_name = {c.value: c for c in game.state.colors}
    playable = set(game.state.playable_actions)
    out = []
    for act in Game.legal_actions(ours):
        spec = to_catanatron(act, bmap, snap["colors"])
        if spec is not None and catanatron_action(spec, color, by_name) in playable:
            out.append(act)
    return out


def layout_of_catanatron() -> list:
    """Catanatron's base map's land tiles as [(cube coord, {ref name: node})]."""
    from catanatron.models.map import BASE_MAP_TEMPLATE, CatanMap
    cmap = CatanMap.from_template(BASE_MAP_TEMPLATE)
    return [(list(coord), {ref.value: node for ref, node in t.nodes.items()})
            for coord, t in cmap.land_tiles.items()]


def main(argv: list[str]) -> int:
    import argparse
    ap = argparse.ArgumentParser(description="Catanatron side of benchmarks/arena.py (run with Catanatron's Python)")
    ap.add_argument("--serve", action="store_true", help="play the games asked for on stdin")
    ap.add_argument("--check", action="store_true", help="compare translated states with Catanatron's")
    ap.add_argument("--layout", action="store_true", help="print Catanatron's base layout as JSON")
    ap.add_argument("--catanatron-src", help="checkout of Catanatron's repository at 3.2.1")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=7)
    args = ap.parse_args(argv)
    if args.serve:
        return serve(args.catanatron_src)
    if args.check:
        print(json.dumps(check(args.games, args.seed, args.every)))
        return 0
    if args.layout:
        print(json.dumps(layout_of_catanatron()))
        return 0
    ap.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
