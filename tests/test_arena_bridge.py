"""The arena's bridge between Catanatron 3.2.1 and our player (benchmarks/arena_bridge.py).

Without Catanatron: the board mapping, against Catanatron's layout derived
here from its rules (tiles in rings, corners numbered as they first
appear), is a bijection that keeps every adjacency, and actions map back
and forth; a snapshot becomes our game with only the seat's own cards
open.

With Catanatron (a scratch venv; set RETROCATAN_CATANATRON_PYTHON to its
python, and RETROCATAN_CATANATRON_SRC to a checkout of Catanatron's
repository at 87c4aec for the ValueFunctionPlayer game): the derived
layout is Catanatron's, translated states of real games agree with
Catanatron's (production per number for each player, harbours, points,
pieces, robber, cards), both rule sets always share an action, and a few
arena games run with no fallback.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

import arena_bridge as bridge  # noqa: E402

from retrocatan.engine import actions as A  # noqa: E402
from retrocatan.engine.actions import Action  # noqa: E402
from retrocatan.engine.board import geometry  # noqa: E402

CAT_PYTHON = os.environ.get("RETROCATAN_CATANATRON_PYTHON")
CAT_SRC = os.environ.get("RETROCATAN_CATANATRON_SRC")
needs_catanatron = pytest.mark.skipif(
    not CAT_PYTHON, reason="needs Catanatron 3.2.1 in a scratch venv: set RETROCATAN_CATANATRON_PYTHON "
                           "(python3 -m venv V && V/bin/pip install catanatron==3.2.1)")

# --- Catanatron's base layout, from its rules ------------------------------------------------
# Cube directions (x + y + z = 0) as Catanatron names them.
E, SE, SW, W, NW, NE = (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0), (0, 1, -1), (1, 0, -1)
# The two neighbours that meet a tile at each of its corners, corners in Catanatron's order.
CORNER_NEIGHBOURS = {"NORTH": (NW, NE), "NORTHEAST": (NE, E), "SOUTHEAST": (E, SE), "SOUTH": (SE, SW),
                     "SOUTHWEST": (SW, W), "NORTHWEST": (W, NW)}


def add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def ring(k: int) -> list:
    """Ring k of tiles: from k steps east, walking south-west, west, north-west, north-east, east, south-east."""
    if k == 0:
        return [(0, 0, 0)]
    at = tuple(k * x for x in E)
    out = []
    for d in (SW, W, NW, NE, E, SE):
        for _ in range(k):
            out.append(at)
            at = add(at, d)
    return out


def catanatron_layout(rings: int = 3, land_rings: int = 2) -> list:
    """[(cube coord, {corner name: node id})] of the land tiles: tiles taken
    ring by ring (water last), each tile's corners numbered in the order
    NORTH..NORTHWEST, a corner that an earlier tile shares keeping its id."""
    ids: dict = {}
    land = []
    for k in range(rings + 1):
        for t in ring(k):
            nodes = {}
            for name, (a, b) in CORNER_NEIGHBOURS.items():
                key = frozenset((t, add(t, a), add(t, b)))
                nodes[name] = ids.setdefault(key, len(ids))
            if k <= land_rings:
                land.append((list(t), nodes))
    return land


def test_derived_layout_has_the_base_island_counts():
    land = catanatron_layout()
    nodes = {n for _, ns in land for n in ns.values()}
    assert len(land) == 19 and nodes == set(range(54))


def test_board_map_is_a_bijection_that_keeps_adjacency():
    land = catanatron_layout()
    bmap = bridge.BoardMap(land)
    geo = geometry("base")
    assert sorted(bmap.node_corner) == list(range(54))
    assert sorted(bmap.node_corner.values()) == list(range(len(geo.corner_xy)))
    assert sorted(bmap.hex_coord) == list(range(19))
    # Each tile's corners are its hex's corners, in the same turn round the hex.
    names = list(CORNER_NEIGHBOURS)
    cat_adjacent = set()
    for coord, nodes in land:
        h = bmap.coord_hex[tuple(coord)]
        assert [bmap.node_corner[nodes[n]] for n in names] == list(geo.hex_corners[h])
        ring_nodes = [nodes[n] for n in names]
        for i in range(6):
            a, b = ring_nodes[i], ring_nodes[(i + 1) % 6]
            cat_adjacent.add((min(a, b), max(a, b)))
    # Catanatron's 72 edges are our 72 edges, both ways.
    assert len(cat_adjacent) == len(geo.edge_corners) == 72
    ours = {bmap.edge(a, b) for a, b in cat_adjacent}
    assert ours == set(range(72))
    for e in range(72):
        assert bmap.edge_nodes(e) in cat_adjacent
        assert bmap.edge(*bmap.edge_nodes(e)) == e
    # Neighbouring nodes are neighbouring corners, and nothing else is.
    for node, c in bmap.node_corner.items():
        cat_nb = {b if a == node else a for a, b in cat_adjacent if node in (a, b)}
        assert {bmap.node_corner[x] for x in cat_nb} == set(geo.corner_corners[c])
    # Tiles that touch are hexes that touch.
    for coord, _ in land:
        h = bmap.coord_hex[tuple(coord)]
        nbs = {bmap.coord_hex[add(tuple(coord), d)] for d in (E, SE, SW, W, NW, NE)
               if add(tuple(coord), d) in bmap.coord_hex}
        assert nbs == set(geo.hex_neighbours[h])


def test_board_map_refuses_a_map_that_is_not_ours():
    land = catanatron_layout()
    land[3] = ([5, -5, 0], land[3][1])
    with pytest.raises(bridge.BridgeError):
        bridge.BoardMap(land)


def test_cube_coordinates_must_sum_to_zero():
    with pytest.raises(bridge.BridgeError):
        bridge.cube_to_axial((1, 1, 1))


# --- a hand-made snapshot -----------------------------------------------------------------------

def _snapshot() -> dict:
    """Catanatron's base map laid out by hand, seat 0 to play after the roll."""
    land = catanatron_layout()
    resources = ["WOOD"] * 4 + ["BRICK"] * 3 + ["SHEEP"] * 4 + ["WHEAT"] * 4 + ["ORE"] * 3
    numbers = [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    tiles = []
    for i, (coord, nodes) in enumerate(land):
        if i == 0:
            tiles.append({"coord": coord, "resource": None, "number": None, "nodes": nodes})
        else:
            tiles.append({"coord": coord, "resource": resources[i - 1], "number": numbers[i - 1],
                          "nodes": nodes})
    # A 2:1 wood harbour on the two eastern corners of the tile at (2, -2, 0), the first of ring 2.
    east = land[7][1]
    ports = [{"coord": [3, -3, 0], "resource": "WOOD", "nodes": [east["NORTHEAST"], east["SOUTHEAST"]]}]
    # the other eight at the other sea hexes of our slots (their corners do not matter here)
    kinds = ["BRICK", "SHEEP", "WHEAT", "ORE", None, None, None, None]
    for coord, kind in zip(([2, 1, -3], [3, -1, -2], [1, -3, 2], [-1, -2, 3], [-3, 0, 3], [-3, 2, 1],
                            [-2, 3, -1], [0, 3, -3]), kinds):
        ports.append({"coord": coord, "resource": kind, "nodes": []})
    settle = east["NORTHEAST"]
    return {
        "seat": 0, "players": 4, "colors": ["RED", "BLUE", "ORANGE", "WHITE"],
        "tiles": tiles, "ports": ports, "robber": [0, 0, 0],
        "buildings": [[settle, 0, "SETTLEMENT"], [land[0][1]["SOUTH"], 1, "CITY"]],
        "roads": [[min(settle, east["NORTH"]), max(settle, east["NORTH"]), 0]],
        "bank": [17, 18, 19, 16, 19], "deck_size": 23,
        "hand": [1, 0, 0, 2, 0], "dev_hand": [1, 0, 0, 0, 0],
        "card_counts": [3, 1, 2, 0], "dev_counts": [1, 1, 0, 0],
        "played": [[0] * 5 for _ in range(4)], "public_vp": [1, 2, 0, 0], "longest": -1, "army": -1,
        "prompt": "PLAY_TURN", "current": 0, "decider": 0, "rolled": True, "dev_played_turn": False,
        "initial": False, "free_roads": 0, "dice": [3, 4], "turns": 20, "last_settlement": None,
    }


def test_snapshot_becomes_our_game_with_only_the_seats_cards_open():
    snap = _snapshot()
    game = bridge.to_game(snap)
    view = game.seat_view(0)
    assert view.hand == (1, 0, 0, 2, 0)
    assert view.hands[1] is None and view.hands[2] is None
    assert view.card_counts == (3, 1, 2, 0)
    assert view.dev_counts == (1, 1, 0, 0)
    assert view.public_vp == (1, 2, 0, 0)
    assert view.deck_size == 23
    # The hidden hands are made of the cards neither in the bank nor the seat's: 1 brick, 1 wheat, 1 wood.
    hidden = [sum(game.state.hands[p][r] for p in (1, 2, 3)) for r in range(5)]
    assert hidden == [1, 1, 0, 1, 0]
    # The harbour is on Catanatron's two corners: the settlement there trades wood 2:1.
    assert view.ratios[0] == (2, 4, 4, 4, 4)
    bmap = bridge.board_map_of(snap)
    assert game.board.corner_harbour[bmap.node_corner[snap["ports"][0]["nodes"][1]]] == "wood"


def test_the_view_does_not_depend_on_what_others_hold():
    """Whatever the others hold, a snapshot carries only their counts, so
    our player's legal actions and view are the same."""
    a = _snapshot()
    b = _snapshot()
    b["card_counts"] = [3, 0, 3, 0]     # the same number of hidden cards, held by other seats
    va, vb = bridge.to_game(a).seat_view(0), bridge.to_game(b).seat_view(0)
    assert va.legal == vb.legal and va.hand == vb.hand


def test_actions_map_to_catanatron_and_back():
    snap = _snapshot()
    bmap = bridge.board_map_of(snap)
    colors = snap["colors"]
    assert bridge.to_catanatron(Action(A.ROLL), bmap, colors) == ("ROLL", None)
    assert bridge.to_catanatron(Action(A.END), bmap, colors) == ("END_TURN", None)
    kind, nodes = bridge.to_catanatron(Action(A.ROAD, 17), bmap, colors)
    assert kind == "BUILD_ROAD" and nodes[0] < nodes[1] and bmap.edge(*nodes) == 17
    kind, node = bridge.to_catanatron(Action(A.SETTLE, 9), bmap, colors)
    assert kind == "BUILD_SETTLEMENT" and bmap.node_corner[node] == 9
    kind, (coord, victim, stolen) = bridge.to_catanatron(Action(A.ROBBER, 4, 2), bmap, colors)
    assert kind == "MOVE_ROBBER" and bmap.coord_hex[coord] == 4 and victim == "ORANGE" and stolen is None
    assert bridge.to_catanatron(Action(A.ROBBER, 4, -1), bmap, colors)[1][1] is None
    assert bridge.to_catanatron(Action(A.TRADE, 0, 4, 3), bmap, colors) == (
        "MARITIME_TRADE", ("WOOD", "WOOD", "WOOD", None, "ORE"))
    assert bridge.to_catanatron(Action(A.INVENTION, 1, 3), bmap, colors) == (
        "PLAY_YEAR_OF_PLENTY", ("BRICK", "WHEAT"))
    assert bridge.to_catanatron(Action(A.MONOPOLY, 4), bmap, colors) == ("PLAY_MONOPOLY", "ORE")
    assert bridge.to_catanatron(Action(A.DISCARD, 0), bmap, colors) is None


def test_legal_actions_keep_only_what_catanatron_allows():
    game = bridge.to_game(_snapshot())
    everything = list(game.legal_actions())
    assert Action(A.END) in everything and len(everything) > 1
    game.allow = frozenset({Action(A.END)})
    game.refresh()
    game.forget_views()
    assert game.seat_view(0).legal == (Action(A.END),)


def test_help_runs_without_catanatron():
    res = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "arena.py"), "--help"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0 and "--opponent" in res.stdout


def test_bad_options_are_one_line():
    res = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "arena.py"), "--opponent", "jsettlers"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "Traceback" not in res.stderr


def test_a_negative_first_game_is_one_line():
    res = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "arena.py"), "--first-game", "-1"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "--first-game" in res.stderr


def test_the_experts_rollouts_reach_the_bridge_or_are_refused_in_one_line(monkeypatch):
    """arena.py --expert-rollouts N: the bridge sets the Expert's
    ROLLOUT_SAMPLES from a game's task that carries N; a task without it
    leaves the Expert's own; a value out of range is one line, exit 2."""
    from retrocatan.ai import expert
    monkeypatch.setattr(expert, "ROLLOUT_SAMPLES", 0)
    bridge.apply_options({"game": 0, "seed": 1, "seat": 0, "level": "expert", "opponent": "value"})
    assert expert.ROLLOUT_SAMPLES == 0
    bridge.apply_options({"game": 0, "seed": 1, "seat": 0, "level": "expert", "opponent": "value", "rollouts": 3})
    assert expert.ROLLOUT_SAMPLES == 3
    for bad in ("-1", "65"):
        res = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "arena.py"), "--expert-rollouts", bad],
                             capture_output=True, text=True, timeout=60)
        assert res.returncode == 2 and res.stderr.count("\n") == 1 and "--expert-rollouts" in res.stderr


# --- against Catanatron itself -------------------------------------------------------------------

def _bridge(*args: str) -> dict | list:
    res = subprocess.run([CAT_PYTHON, os.path.join(ROOT, "benchmarks", "arena_bridge.py"), *args],
                         capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stderr[-2000:]
    return json.loads(res.stdout.strip().splitlines()[-1])


@needs_catanatron
def test_derived_layout_is_catanatrons():
    theirs = _bridge("--layout")
    assert sorted(map(lambda t: (t[0], sorted(t[1].items())), theirs)) == \
        sorted(map(lambda t: (t[0], sorted(t[1].items())), catanatron_layout()))


@needs_catanatron
def test_translated_states_agree_with_catanatron():
    out = _bridge("--check", "--games", "4", "--seed", "7", "--every", "3")
    assert out["diffs"] == []
    assert out["positions"] > 200
    for prompt in ("BUILD_INITIAL_SETTLEMENT", "BUILD_INITIAL_ROAD", "PLAY_TURN", "MOVE_ROBBER"):
        assert out["prompts"].get(prompt, 0) > 0, prompt
    # every decision of Catanatron's with a choice has an action that both rule sets allow
    assert out["decisions"] > 50 and out["no_common"] == 0


@needs_catanatron
def test_arena_games_run_without_fallbacks():
    cmd = [sys.executable, os.path.join(ROOT, "benchmarks", "arena.py"), "--catanatron-python", CAT_PYTHON,
           "--opponent", "weighted_random", "--games", "4", "--json", "--quiet"]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["games"] == 4 and out["fallbacks"] == 0
    assert [s["games"] for s in out["by_seat"]] == [1, 1, 1, 1]
    assert out["decision_ms"]["decisions"] > 0


@pytest.mark.skipif(not (CAT_PYTHON and CAT_SRC), reason="needs RETROCATAN_CATANATRON_PYTHON and "
                    "RETROCATAN_CATANATRON_SRC (a checkout of Catanatron's repository at 87c4aec)")
def test_arena_game_against_value_function_players():
    cmd = [sys.executable, os.path.join(ROOT, "benchmarks", "arena.py"), "--catanatron-python", CAT_PYTHON,
           "--catanatron-src", CAT_SRC, "--opponent", "value", "--games", "1", "--json", "--quiet"]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stderr[-2000:]
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["games"] == 1 and out["fallbacks"] == 0


@needs_catanatron
def test_a_run_goes_on_where_a_stopped_one_ended():
    """--first-game N plays games N, N+1, ... of the same --seed as one long run
    would (same seed and our seat per game), so a stopped run can be finished."""
    def played(*more: str) -> list:
        cmd = [sys.executable, os.path.join(ROOT, "benchmarks", "arena.py"), "--catanatron-python", CAT_PYTHON,
               "--opponent", "weighted_random", "--level", "easy", "--seed", "11", "--json", "--quiet", *more]
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        assert res.returncode == 0, res.stderr[-2000:]
        return json.loads(res.stdout.strip().splitlines()[-1])["played"]
    whole = played("--games", "6")
    rest = played("--games", "3", "--first-game", "3")
    assert [g for g, _, _ in whole] == list(range(6))
    assert [(g, seat) for g, seat, _ in rest] == [(3, 3), (4, 0), (5, 1)]
    assert rest == whole[3:]


@needs_catanatron
def test_a_stopped_run_reports_the_games_it_played():
    """`kill` (SIGTERM) ends a run with the figures of the games played so far
    (and which they were, to go on with --first-game), exit 1."""
    cmd = [sys.executable, os.path.join(ROOT, "benchmarks", "arena.py"), "--catanatron-python", CAT_PYTHON,
           "--opponent", "weighted_random", "--level", "easy", "--games", "400", "--json", "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(8)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err[-2000:]
    got = json.loads(out.strip().splitlines()[-1])
    assert got["interrupted"] is True and 0 < got["games"] < 400
    assert [g for g, _, _ in got["played"]] == list(range(got["games"]))
    assert "interrupted:" in out and "Traceback" not in err
