"""``retrocatan board --json`` lists corners and edges with their hexes and
neighbours (Board.describe)."""

import pytest

from retrocatan.engine.rng import Rng
from retrocatan.engine.scenario_deal import generate_board
from retrocatan.engine.scenario_deal import island_beginner_board as beginner_board


@pytest.mark.parametrize("kind,corners,edges", [("base", 54, 72), ("extension", 80, 109)])
def test_corners_and_edges_with_hexes_and_neighbours(kind, corners, edges):
    board = generate_board(kind, Rng(4))
    d = board.describe()
    cs, es = d["corners"], d["edges"]
    assert len(cs) == corners and len(es) == edges
    assert [c["id"] for c in cs] == list(range(corners)) and [e["id"] for e in es] == list(range(edges))
    for c in cs:
        assert 1 <= len(c["hexes"]) <= 3 and 2 <= len(c["corners"]) <= 3 and len(c["edges"]) == len(c["corners"])
        for d_ in c["corners"]:
            assert c["id"] in cs[d_]["corners"]          # neighbours both ways
        for e in c["edges"]:
            assert c["id"] in es[e]["corners"]
    for e in es:
        a, b = e["corners"]
        assert b in cs[a]["corners"]
        assert e["hexes"] == sorted(set(cs[a]["hexes"]) & set(cs[b]["hexes"])) and 1 <= len(e["hexes"]) <= 2
        assert all(e["id"] in es[x]["edges"] for x in e["edges"])
    # Harbours: each harbour's two corners carry its kind, and its edge faces it.
    for h in d["harbours"]:
        a, b = h["corners"]
        assert cs[a]["harbour"] == cs[b]["harbour"] == h["kind"]
        edge = next(e for e in es if e["corners"] == [a, b])
        assert edge["harbour"] == h["kind"] and len(edge["hexes"]) == 1
    assert sum(1 for c in cs if c["harbour"]) == 2 * len(d["harbours"])


def test_corner_hexes_match_the_hexes_corners():
    board = beginner_board("base")
    d = board.describe()
    for h, corners in enumerate(board.geo.hex_corners):
        for c in corners:
            assert h in d["corners"][c]["hexes"]
