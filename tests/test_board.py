from collections import Counter

import pytest

from retrocatan.engine.board import base_island, geometry, harbour_slots
from retrocatan.engine.rng import Rng
from retrocatan.engine.scenario import expand_pool
from retrocatan.engine.scenario_deal import generate_board
from retrocatan.engine.scenario_deal import island_beginner_board as beginner_board


@pytest.mark.parametrize("kind,hexes,corners,edges,sea", [
    ("base", 19, 54, 72, 18), ("extension", 30, 80, 109, 22)])
def test_geometry_counts(kind, hexes, corners, edges, sea):
    g = geometry(kind)
    assert (len(g.land), len(g.corner_xy), len(g.edge_corners), len(g.sea)) == (hexes, corners, edges, sea)
    rows = Counter(r for _, r in g.land)
    assert [rows[r] for r in sorted(rows)] == ([3, 4, 5, 4, 3] if kind == "base" else [3, 4, 5, 6, 5, 4, 3])
    assert all(len(set(cs)) == 6 for cs in g.hex_corners)
    assert all(2 <= len(cc) <= 3 for cc in g.corner_corners)


@pytest.mark.parametrize("kind", ["base", "extension"])
def test_every_spiral_is_a_contiguous_walk_over_all_hexes(kind):
    g = geometry(kind)
    for start in g.layers[0]:
        order = g.spiral(start)
        assert sorted(order) == list(range(len(g.land)))
        assert order[0] == start
        for a, b in zip(order, order[1:]):
            assert b in g.hex_neighbours[a]


@pytest.mark.parametrize("kind", ["base", "extension"])
def test_generated_boards_have_the_components(kind):
    island = base_island(kind)       # the pools of scenarios/base-3-4.json or base-5-6.json
    spec = {"terrains": dict(island.terrain_pool), "tokens": island.tokens,
            "harbours": expand_pool(island.harbour_pool)}
    g = geometry(kind)
    for seed in range(200):
        b = generate_board(kind, Rng(seed))
        assert Counter(b.terrain) == Counter(spec["terrains"])
        assert sorted(n for n in b.numbers if n) == sorted(spec["tokens"])
        assert Counter(b.harbours) == Counter(spec["harbours"])
        assert b.terrain[b.robber_start] == "desert"
        # Tokens follow the letter order along the spiral from a coastal hex.
        start = next(h for h in range(len(b.letters)) if b.letters[h] == "A")
        assert start in g.layers[0]
        laid = [b.numbers[h] for h in g.spiral(start) if b.numbers[h]]
        assert tuple(laid) == spec["tokens"]
        harbour_corners = [c for slot in harbour_slots(kind) for c in slot[1]]
        assert len(harbour_corners) == len(set(harbour_corners)) == 2 * len(spec["harbours"])


def test_extension_letters_run_to_zb():
    b = generate_board("extension", Rng(1))
    letters = sorted((x for x in b.letters if x), key=lambda s: (len(s), s))
    assert letters[-2:] == ["Za", "Zb"] and len(letters) == 28


@pytest.mark.parametrize("kind", ["base", "extension"])
def test_no_red_neighbours_option(kind):
    g = geometry(kind)
    reds_touch = 0
    for seed in range(60):
        plain = generate_board(kind, Rng(seed))
        reds_touch += any(plain.numbers[h] in (6, 8) and plain.numbers[nb] in (6, 8)
                          for h in range(len(g.land)) for nb in g.hex_neighbours[h])
        b = generate_board(kind, Rng(seed), no_red_neighbours=True)
        for h in range(len(g.land)):
            if b.numbers[h] in (6, 8):
                assert all(b.numbers[nb] not in (6, 8) for nb in g.hex_neighbours[h])
    assert reds_touch > 0  # without the option, red numbers do touch sometimes


def test_beginner_layout_is_fixed():
    a, b = beginner_board("base"), beginner_board("base")
    assert a.terrain == b.terrain and a.numbers == b.numbers
    assert a.terrain[9] == "desert" and a.robber_start == 9
    assert a.numbers[:3] == [10, 2, 9]
    assert beginner_board("extension").numbers == beginner_board("extension").numbers


def test_board_json_round_trip_and_validation():
    from retrocatan.engine.board import Board
    b = generate_board("base", Rng(9))
    assert Board.from_json(b.to_json()).to_json() == b.to_json()
    bad = b.to_json()
    bad["terrain"][0], bad["terrain"][1] = "desert", "desert"
    with pytest.raises(ValueError):
        Board.from_json(bad)


def test_describe_shape():
    d = generate_board("base", Rng(2)).describe()
    assert len([h for h in d["hexes"] if h["terrain"] != "sea"]) == 19
    assert len([h for h in d["hexes"] if h["terrain"] == "sea"]) == 18
    assert len(d["harbours"]) == 9 and all(len(h["corners"]) == 2 for h in d["harbours"])
    assert set(d["robber"]) == {"q", "r"}
