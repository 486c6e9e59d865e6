"""The geometry of any map (engine.geometry) against today's island shapes."""

import hashlib

import pytest

from retrocatan.engine.board import geometry, harbour_slots
from retrocatan.engine.geometry import FOG, LAND, SEA, SIDE_CORNERS, SIDE_NAMES, MapGeometry, distance_rule_pick

TABLES = ("land", "land_index", "centre", "hex_neighbours", "sea", "corner_xy", "hex_corners", "edge_corners",
          "edge_index", "corner_corners", "corner_edges", "corner_hexes", "hex_edges", "layers")


# SHA-256 of the base islands' tables as board.Geometry built them on its own (before it became a
# MapGeometry, then the geometry of the shipped files scenarios/base-3-4.json and base-5-6.json):
# corner, edge and hex ids are in every save and replay, so they must never change.
PINNED = {"base": "81a99c6979db3aaf779f7540393d1e6abd521f2498b25c97ca6bdeefb7e410ec",
          "extension": "8047eabd7b191e7181825253ba78ec0026431a4601a9917dc94af3c747c51cca"}


@pytest.mark.parametrize("kind", ["base", "extension"])
def test_base_shapes_give_todays_tables(kind):
    old = geometry(kind)
    assert isinstance(old, MapGeometry) and not old.ships
    tables = [repr(getattr(old, name)) for name in TABLES] + [repr(harbour_slots(kind))]
    tables.append(repr([old.spiral(s) for s in old.layers[0]]))
    assert hashlib.sha256("\n".join(tables).encode()).hexdigest() == PINNED[kind]
    # The hex order given does not matter.
    new = MapGeometry(list(reversed(old.land)), list(reversed(old.sea)))
    for name in TABLES:
        assert getattr(new, name) == getattr(old, name), name
    for start in old.layers[0]:
        assert new.spiral(start) == old.spiral(start)


@pytest.mark.parametrize("kind", ["base", "extension"])
def test_harbour_sides_name_the_corners_of_todays_slots(kind):
    old = geometry(kind)
    new = MapGeometry(old.land, old.sea)
    for (q, r), corners in harbour_slots(kind):
        sea_id = new.hex_index[(q, r)]
        found = [new.side_corners(sea_id, s) for s in range(6) if new.side_corners(sea_id, s) == corners]
        assert found == [corners]


def test_ships_add_the_edges_between_two_sea_hexes():
    old = geometry("base")
    plain = MapGeometry(old.land, old.sea)
    ships = MapGeometry(old.land, old.sea, ships=True)
    n = len(ships.land)
    assert len(ships.edge_corners) > len(plain.edge_corners)
    # Every edge has land on a side or sea on both; off-map sides are -1.
    for a, b in ships.edge_hexes:
        assert a < n or (a >= n and b >= n)
    sea_sea = [e for e, (a, b) in enumerate(ships.edge_hexes) if a >= n and b >= n]
    assert len(sea_sea) == len(ships.edge_corners) - len(plain.edge_corners) == 18
    # A sea hex of the ring has its edges on the board where it meets land or sea.
    for i, edges in enumerate(ships.sea_hex_edges):
        for side in range(6):
            e = edges[SIDE_CORNERS[side][0]]  # edge k runs from corner k to corner k+1
            nb = ships.hex_sides[n + i][side]
            assert (e >= 0) == (nb >= 0)
            if e >= 0:
                assert set(ships.edge_hexes[e]) == {n + i, nb}


def test_islands_and_coast_of_a_small_map():
    # Two land hexes side by side, a third apart, one fog hex; sea around.
    land = [(0, 0), (1, 0), (3, 0), (5, 0)]
    ring = {(q + dq, r + dr) for q, r in land for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))}
    geo = MapGeometry(land, ring - set(land), ships=True)
    kinds = [LAND, LAND, LAND, FOG]
    assert geo.islands(kinds) == [0, 0, 1, -1]
    coast = geo.coast_edges(kinds)
    # The pair has 11 edges, one between them; the lone hex 6; the fog hex none.
    assert len(coast) == 10 + 6
    shared = set(geo.hex_edges[0]) & set(geo.hex_edges[1])
    assert len(shared) == 1 and not shared & set(coast)
    assert set(geo.hex_edges[geo.land_index[(3, 0)]]) <= set(coast)
    assert not set(geo.hex_edges[geo.land_index[(5, 0)]]) & set(coast)
    # Fog turned to land joins nothing ((4, 0) is sea) and adds its own coast.
    kinds[3] = LAND
    assert geo.islands(kinds) == [0, 0, 1, 2]
    assert len(geo.coast_edges(kinds)) == 16 + 6
    kinds[3] = SEA
    assert geo.islands(kinds) == [0, 0, 1, -1]
    assert len(geo.coast_edges(kinds)) == 16


def test_side_names_and_corners_agree():
    geo = MapGeometry([(0, 0)], [(1, 0), (0, 1)], ships=True)
    e = geo.side_corners(0, SIDE_NAMES.index("e"))
    w = geo.side_corners(1, SIDE_NAMES.index("w"))
    assert e == w and -1 not in e
    se = geo.side_corners(0, SIDE_NAMES.index("se"))
    nw = geo.side_corners(2, SIDE_NAMES.index("nw"))
    assert se == nw


def test_distance_rule_pick():
    geo = geometry("base")
    picked = distance_rule_pick(geo.corner_corners, range(len(geo.corner_xy)), 100)
    assert all(b not in picked for a in picked for b in geo.corner_corners[a])
    assert len(picked) >= 16
    assert distance_rule_pick(geo.corner_corners, range(len(geo.corner_xy)), 3) == picked[:3]
