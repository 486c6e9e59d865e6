"""Rebuilding a state from JSON, checking every field (files may be damaged
or hostile): types, sizes, ranges, and that cards and pieces add up."""

from __future__ import annotations

import json

from . import phases
from .awards import route_length
from .board import Board
from .build import gain_harbour
from .components import BOARD_KINDS, DEV_CARDS, PIECES
from .config import GameConfig
from .faces import STATE_KEYS
from .new_world import scenario_map
from .rng import Rng
from .scenario_deal import map_layer

_MASK64 = (1 << 64) - 1
_INT_TYPE = frozenset((int,))


class StateError(ValueError):
    """A state in JSON form that is not a valid game state."""


def _need(ok: bool, msg: str) -> None:
    if not ok:
        raise StateError(msg)


def _int(data: dict, key: str, lo: int, hi: int) -> int:
    v = data.get(key)
    _need(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi,
          f"state field {key!r} must be a whole number from {lo} to {hi}")
    return v


def _ints(v, length: int, lo: int, hi: int, what: str) -> list[int]:
    _need(isinstance(v, list) and len(v) == length, f"state field {what!r} must be a list of {length}")
    if not set(map(type, v)) <= _INT_TYPE:      # the rare case (an int's subclass, or not a number) one by one
        for x in v:
            _need(isinstance(x, int) and not isinstance(x, bool), f"state field {what!r} has a value out of range")
    values = set(v)                             # few distinct values in a long list: their range is quick
    _need(not values or (lo <= min(values) and max(values) <= hi), f"state field {what!r} has a value out of range")
    return list(v)


def _matrix(v, rows: int, cols: int, lo: int, hi: int, what: str) -> list[list[int]]:
    _need(isinstance(v, list) and len(v) == rows, f"state field {what!r} must have {rows} rows")
    _need(all(type(row) is list and len(row) == cols for row in v), f"state field {what!r} must have rows of {cols}")
    _ints([x for row in v for x in row], rows * cols, lo, hi, what)
    return [list(row) for row in v]


# The config and board of the states loaded last, by their JSON text: a game's every state
# has the same ones (a client loads one a step), and making a scenario's board is much of a
# load. The config is immutable and shared; each load gets its own copy of the board (the
# kept one is never changed, so threads may share the table).
_LOADED: dict[str, tuple[GameConfig, Board]] = {}
_LOADED_MAX = 16


def _config_and_board(data: dict) -> tuple[GameConfig, Board]:
    try:
        key = json.dumps([data.get("config"), data.get("board")], sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        key = None          # not JSON data: made, never kept
    hit = _LOADED.get(key) if key is not None else None
    if hit is not None:
        return hit[0], hit[1].copy()
    try:
        config = GameConfig.from_dict(data.get("config"))
        board_data = data.get("board")
        if isinstance(board_data, dict) and "scenario" in board_data:
            _need(config.scenario is not None, "the board is not the config's scenario")
            board = Board.from_json(board_data, config.scenario, config.seed)
        else:       # a base island's form: only for a scenario played by the base rules
            board = Board.from_json(board_data)
            _need(config.scenario is None or map_layer(scenario_map(config.scenario, config.seed)) == board.layer,
                  "a scenario of a rules layer needs its own board")
    except StateError:
        raise
    except (TypeError, KeyError, ValueError) as exc:
        raise StateError(f"bad config or board: {exc}") from None
    if key is not None:
        if len(_LOADED) >= _LOADED_MAX:
            _LOADED.clear()             # (one step, safe while another thread loads a state too)
        _LOADED[key] = (config, board.copy())
    return config, board


def load_state(cls, data: dict):
    _need(isinstance(data, dict), "a state must be a JSON object")
    _need(data.get("format") == 1, "unknown state format")
    config, board = _config_and_board(data)
    _need(board.kind == config.board_kind, "the board does not fit the number of players")
    n = config.players
    spec = BOARD_KINDS[board.kind]
    bank_total = spec["bank"]
    geo = board.geo
    nc, ne, nh = len(geo.corner_xy), len(geo.edge_corners), len(geo.land)

    rng_state = _ints(data.get("rng"), 2, 0, _MASK64, "rng")
    first = _int(data, "first", 0, n - 1)
    st = cls(config, board, Rng.from_state(*rng_state), first)
    phase = data.get("phase")
    _need(phase in phases.ALL, "unknown phase")
    st.phase = phase
    st.turn = _int(data, "turn", 0, 10**6)
    st.current = _int(data, "current", 0, n - 1)
    st.decider = _int(data, "decider", -1, n - 1)
    st.setup_step = _int(data, "setup_step", 0, 2 * n)
    st.last_settlement = _int(data, "last_settlement", -1, nc - 1)
    dice = data.get("dice")
    st.dice = None if dice is None else tuple(_ints(dice, 2, 1, 6, "dice"))
    st.hands = _matrix(data.get("hands"), n, 5, 0, bank_total, "hands")
    st.bank = _ints(data.get("bank"), 5, 0, bank_total, "bank")
    for r in range(5):
        _need(st.bank[r] + sum(h[r] for h in st.hands) == bank_total, "resource cards do not add up")
    deck = data.get("deck")
    _need(isinstance(deck, list) and len(deck) <= sum(spec["deck"]) and all(c in DEV_CARDS for c in deck),
          "bad development deck")
    st.deck = [DEV_CARDS.index(c) for c in deck]
    st.dev_hand = _matrix(data.get("dev_hand"), n, 5, 0, 30, "dev_hand")
    st.dev_new = _matrix(data.get("dev_new"), n, 5, 0, 30, "dev_new")
    st.dev_played = _matrix(data.get("dev_played"), n, 5, 0, 30, "dev_played")
    for i in range(5):
        total = (st.deck.count(i) + sum(h[i] for h in st.dev_hand) + sum(h[i] for h in st.dev_played))
        _need(total == spec["deck"][i], "development cards do not add up")
        _need(all(st.dev_new[p][i] <= st.dev_hand[p][i] for p in range(n)), "bad new development cards")
    st.dev_played_turn = _int(data, "dev_played_turn", 0, 30)
    st.corner_owner = _ints(data.get("corner_owner"), nc, -1, n - 1, "corner_owner")
    st.corner_level = _ints(data.get("corner_level"), nc, 0, 2, "corner_level")
    st.edge_owner = _ints(data.get("edge_owner"), ne, -1, n - 1, "edge_owner")
    st.robber = _int(data, "robber", 0, nh - 1)
    st.longest = _int(data, "longest", -1, n - 1)
    st.army = _int(data, "army", -1, n - 1)
    _need(isinstance(data.get("built"), bool), "state field 'built' must be true or false")
    st.built = data["built"]
    st.offers_made = _int(data, "offers_made", 0, 100)
    st.offer = _load_offer(data.get("offer"), n)
    discards = data.get("discards")
    _need(isinstance(discards, list) and len(discards) <= n, "bad discards")
    st.discards = [_ints(d, 2, 0, 200, "discards") for d in discards]
    _need(all(d[0] < n for d in st.discards), "bad discards")
    _need(data.get("resume") in (phases.ROLL, phases.MAIN), "bad resume phase")
    st.resume = data["resume"]
    st.free_roads = _int(data, "free_roads", 0, 2)
    sq = data.get("special_queue")
    _need(isinstance(sq, list) and len(sq) < n, "bad special build queue")
    st.special_queue = _ints(sq, len(sq), 0, n - 1, "special_queue")
    st.winner = _int(data, "winner", -1, n - 1)
    dd = data.get("dice_deck")
    _need(isinstance(dd, list) and len(dd) <= 36, "bad dice deck")
    st.dice_deck = _ints(dd, len(dd), 0, 35, "dice_deck")
    st.stats_dice = _ints(data.get("stats_dice"), 13, 0, 10**7, "stats_dice")
    st.stats_gained = _matrix(data.get("stats_gained"), n, 5, 0, 10**7, "stats_gained")

    # The layer's part (faces.Faces.load_json); no other layer's part.
    rules = st.rules
    key = rules.state_key
    for other in STATE_KEYS:
        if other != key:
            _need(other not in data, f"a {other} state on the base game's board" if not key
                  else f"a {other} state on a {rules.name} game's board")
    if key:
        rules.load_json(st, data.get(key))

    # Derived tables, recomputed rather than trusted.
    owner, level = st.corner_owner, st.corner_level
    owned = [c for c, o in enumerate(owner) if o != -1]
    _need(nc - level.count(0) == len(owned) and all(level[c] for c in owned), "a building without an owner")
    blocked, near = st.blocked, geo.corner_corners
    for c in owned:
        blocked[c] += 1
        for d in near[c]:
            blocked[d] += 1
    _need(all(blocked[c] == 1 for c in owned), "buildings break the distance rule")
    built = [[0, 0, 0] for _ in range(n)]          # per seat, per level (1 settlement, 2 city)
    for c in owned:
        built[owner[c]][level[c]] += 1
        st.building_corners[owner[c]].append(c)
    edge_owner = st.edge_owner
    for e in [e for e, o in enumerate(edge_owner) if o != -1]:
        st.road_edges[edge_owner[e]].append(e)
    for p in range(n):
        settlements, cities = built[p][1], built[p][2]
        other = set(rules.edge_pieces(st, p))      # edges with a layer's piece, not a road
        if other:
            st.road_edges[p] = [e for e in st.road_edges[p] if e not in other]
        roads = len(st.road_edges[p])
        _need(settlements <= PIECES["settlements"] and cities <= PIECES["cities"] and roads <= PIECES["roads"],
              "too many pieces on the board")
        st.pieces[p] = {"settlements": PIECES["settlements"] - settlements,
                        "cities": PIECES["cities"] - cities, "roads": PIECES["roads"] - roads}
        rules.load_pieces(st, p)
        st.route_len[p] = route_length(st, p)
    for c in owned:
        gain_harbour(st, owner[c], c)
    st.version = 0
    st._cache = {}
    return st


def _load_offer(v, n: int):
    if v is None:
        return None
    _need(isinstance(v, dict), "bad trade offer")
    try:
        frm, to = v["from"], v["to"]
        _need(isinstance(frm, int) and 0 <= frm < n and isinstance(to, int) and -1 <= to < n, "bad trade offer")
        give = tuple(_ints(v["give"], 5, 0, 99, "offer"))
        get = tuple(_ints(v["get"], 5, 0, 99, "offer"))
        pending = _ints(v["pending"], len(v["pending"]), 0, n - 1, "offer") if isinstance(v["pending"], list) else None
        _need(pending is not None and len(pending) < n, "bad trade offer")
        answers = []
        _need(isinstance(v["answers"], list) and len(v["answers"]) < n, "bad trade offer")
        for a in v["answers"]:
            _need(isinstance(a, list) and len(a) == 4 and a[1] in ("accept", "decline", "counter"), "bad answer")
            q = a[0]
            _need(isinstance(q, int) and 0 <= q < n, "bad answer")
            g1 = tuple(_ints(a[2], len(a[2]), 0, 99, "answer")) if isinstance(a[2], list) else None
            g2 = tuple(_ints(a[3], len(a[3]), 0, 99, "answer")) if isinstance(a[3], list) else None
            _need(g1 is not None and g2 is not None and len(g1) in (0, 5) and len(g2) in (0, 5), "bad answer")
            answers.append((q, a[1], g1, g2))
    except (KeyError, TypeError):
        raise StateError("bad trade offer") from None
    return {"from": frm, "give": give, "get": get, "to": to, "pending": pending, "answers": answers}
