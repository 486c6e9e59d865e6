"""Seafarers rules that slipped (issue 21), each from an exact position on a
scenario map, with the rule it follows (docs/rules.md §14)."""

import pytest

from retrocatan.engine import Game
from retrocatan.engine.components import COST_ROAD, COST_SETTLEMENT
from retrocatan.engine.seafarers import COST_SHIP
from tests.sea_positions import cards, coast_corners, corners_of, edge_between, path, position, sea_position


def _cut_ring(game):
    """A founding coast corner c with land roads c-x-a-b, a short line of ships
    from c to b that passes neither x nor a, and one more road edge at b:
    (c, x, a, b, roads, ships)."""
    st = game.state
    geo, board = st.geo, st.board
    best = None
    for c in coast_corners(game):
        for x in geo.corner_corners[c]:
            for a in geo.corner_corners[x]:
                for b in geo.corner_corners[a]:
                    if a == c or b in (x, c) or not board.corner_land[a]:
                        continue
                    roads = [edge_between(game, c, x), edge_between(game, x, a), edge_between(game, a, b)]
                    if not all(board.edge_road[e] for e in roads):
                        continue
                    ships = path(game, c, lambda y, b=b: y == b, lane="ship", avoid={x, a})
                    beyond = [e for e in geo.corner_edges[b] if board.edge_road[e] and e not in roads + ships]
                    if (ships and beyond and not set(ships) & set(roads)
                            and (best is None or len(ships) < len(best[5]))):
                        best = (c, x, a, b, roads, ships)
    assert best and len(best[5]) <= 6
    return best


def _rival_way_to(game, a, taken):
    """A road edge a-y and a corner z beyond y where a rival may stand (z two from a)."""
    st = game.state
    geo, board = st.geo, st.board
    for y in geo.corner_corners[a]:
        e = edge_between(game, a, y)
        if e in taken or not board.edge_road[e]:
            continue
        for z in geo.corner_corners[y]:
            f = edge_between(game, y, z)
            if z != a and board.edge_road[f] and board.corner_land[z] and f not in taken:
                return z, [f, e]
    raise AssertionError("no way for a rival")


@pytest.mark.parametrize("mode", ["abandoned", "lost"])
def test_a_ship_at_the_far_corner_does_not_keep_a_cut_road(mode):
    # "Roads and ships join only at the player's own settlement or city"; with cut_roads
    # abandoned or lost a road cut off by an opponent's settlement (docs/rules.md 9.5) is not
    # joined again by the player's ship that reaches its far corner.
    game = sea_position()
    c, x, a, b, roads, ships = _cut_ring(game)
    z, rival = _rival_way_to(game, a, set(roads) | set(ships))
    pos = position(cut_roads=mode).settlement(0, c, began=True).settlement(2, z, began=True)
    for e in roads:
        pos.road(0, e)
    for e in rival:
        pos.road(2, e)
    for e in ships:
        pos.ship(0, e)
    g = pos.hand(2, **cards(COST_SETTLEMENT)).hand(0, **cards(COST_ROAD)).turn(2).build()
    cut_off = roads[2]            # a-b: beyond the rival's new settlement
    g.apply(f"S{a}")
    st = g.state
    if mode == "lost":
        assert st.edge_owner[cut_off] == -1, "the cut-off road stayed because a ship reaches its far end"
        assert st.edge_owner[roads[1]] == 0 and st.pieces[0]["roads"] == 15 - 2
    else:
        assert st.edge_owner[cut_off] == 0
        g.apply("end")
        g.fix_dice([(6, 6)])
        g.apply("roll")
        spots = {act.a for act in g.legal_actions() if act.kind == "road"}
        near_b = {e for e in st.geo.corner_edges[b] if e != cut_off and e not in ships and st.board.edge_road[e]}
        assert near_b and not spots & near_b, "a road was built on from an abandoned road through a ship"


def test_a_road_does_not_continue_a_ship_at_an_empty_corner_when_cut_roads_are_abandoned():
    # "A ship never continues a road at an empty corner, nor a road a ship."
    game = sea_position()
    c, x, a, b, roads, ships = _cut_ring(game)
    pos = position(cut_roads="abandoned").settlement(0, c, began=True).hand(0, **cards(COST_ROAD))
    for e in ships:
        pos.ship(0, e)
    g = pos.turn(0).build()
    geo = g.state.geo
    spots = {act.a for act in g.legal_actions() if act.kind == "road"}
    assert spots, "the settlement itself takes a road"
    assert all(c in geo.edge_corners[e] for e in spots), "a road continued a ship at an empty corner"


def _open_sea_line(game, k):
    """A founding coast corner and a line of ``k`` ship edges from it into open sea."""
    st = game.state
    geo, board = st.geo, st.board
    for c in coast_corners(game):
        line, at, seen = [], c, {c}
        while len(line) < k:
            nxt = [e for e in geo.corner_edges[at] if board.edge_ship[e] and e not in line
                   and (line == [] or not board.edge_road[e]) and (sum(geo.edge_corners[e]) - at) not in seen]
            if not nxt:
                break
            line.append(nxt[0])
            at = sum(geo.edge_corners[nxt[0]]) - at
            seen.add(at)
        if len(line) == k:
            return c, line
    raise AssertionError("no coast corner with open sea")


def test_a_ship_built_last_turn_moves_this_turn():
    # "Moving a ship: ... not a ship built this turn": one built on the player's last turn may move.
    game = sea_position()
    c, line = _open_sea_line(game, 3)
    g = position().settlement(0, c, began=True).ship(0, line[0]).hand(0, **cards(COST_SHIP)).turn(0).build()
    assert {act.a for act in g.legal_actions() if act.kind == "move_ship"} == {line[0]}
    g.apply(f"ship {line[1]}")
    assert not [act for act in g.legal_actions() if act.kind == "move_ship"]   # the new ship waits a turn
    g.apply("end")
    for _ in range(2):              # the others roll (no 7, nothing built) and end
        g.fix_dice([(1, 1)])
        g.apply("roll")
        g.apply("end")
    g.fix_dice([(1, 1)])
    g.apply("roll")
    assert g.current == 0
    moves = [act for act in g.legal_actions() if act.kind == "move_ship"]
    assert {act.a for act in moves} == {line[1]}, "the ship built last turn cannot move"
    loaded = Game.from_json(g.to_json())
    assert loaded.legal_actions() == g.legal_actions()


def _walks(game, x, k, lane, avoid=()):
    """Every simple line of ``k`` edges of a lane from corner ``x``: (corners, edges)."""
    st = game.state
    geo, board = st.geo, st.board
    ok = board.edge_ship if lane == "ship" else board.edge_road
    lines = [([x], [])]
    for _ in range(k):
        lines = [(cs + [y], es + [edge_between(game, cs[-1], y)]) for cs, es in lines
                 for y in geo.corner_corners[cs[-1]]
                 if y not in cs and y not in avoid and ok[edge_between(game, cs[-1], y)]]
    return lines


def _meeting_corner(game):
    """A free land corner x where 3 roads from settlement A and 2 ships from
    settlement B meet: (x, A, B, roads, ships)."""
    st = game.state
    land = st.board.corner_land
    near = st.geo.corner_corners
    for x in coast_corners(game, founding=False):
        for scs, ses in _walks(game, x, 2, "ship"):
            b = scs[-1]
            if not land[b]:
                continue
            for rcs, res in _walks(game, x, 3, "road", avoid=set(scs)):
                a = rcs[-1]
                if a not in near[b] and land[a]:
                    return x, a, b, res, ses
    raise AssertionError("no corner where roads and ships meet")


def test_a_settlement_joining_roads_and_ships_lengthens_the_route_at_once():
    # "Longest trade route counts roads and ships together: a continuous line that may switch
    # between road and ship only at the player's own settlement or city."
    game = sea_position()
    x, a, b, roads, ships = _meeting_corner(game)
    pos = position().settlement(0, a, began=True).settlement(0, b, began=True).hand(0, **cards(COST_SETTLEMENT))
    for e in roads:
        pos.road(0, e)
    for e in ships:
        pos.ship(0, e)
    g = pos.turn(0).build()
    assert g.state.route_len[0] == 3 and g.state.longest == -1
    events = g.apply(f"S{x}")
    assert g.state.route_len[0] == 5, "the route did not grow when the settlement joined roads and ships"
    assert g.state.longest == 0
    assert {"type": "longest_route", "player": 0, "from": -1, "length": 5} in events
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()


# --- the island bonus (docs/rules.md §14.12) ------------------------------------------
def _regions_at(st, c):
    return {st.board.regions[h] for h in st.geo.corner_hexes[c] if st.board.regions[h] >= 0}


def _sail_to(game, goal):
    """(founding coast corner, ships) of the shortest ship line from a founding corner to a goal corner."""
    best = None
    for c in coast_corners(game):
        line = path(game, c, lambda x: goal(x) and x not in game.state.geo.corner_corners[c], lane="ship")
        if line and (best is None or len(line) < len(best[1])):
            best = (c, line)
    assert best and len(best[1]) <= 15
    return best


def _settle_after_sailing(scenario_id, goal, **options):
    game = sea_position(scenario_id)
    c, line = _sail_to(game, goal)
    x = corners_of(game, line, c)[-1]
    pos = position(scenario_id, **options).settlement(0, c, began=True).hand(0, **cards(COST_SETTLEMENT))
    for e in line:
        pos.ship(0, e)
    g = pos.build()
    return g, x, [e for e in g.apply(f"S{x}") if e["type"] == "island_bonus"]


def test_a_settlement_on_the_deserts_edge_earns_no_island_bonus():
    # Through the Desert: the bonus is for settling beyond the desert; a corner of desert and sea
    # stands on the desert.
    game = sea_position("through-the-desert")
    st = game.state

    def desert_only(x):
        land = [h for h in st.geo.corner_hexes[x] if st.board.regions[h] >= 0]
        return bool(land) and all(st.board.terrain[h] == "desert" for h in land)
    g, x, bonus = _settle_after_sailing("through-the-desert", desert_only)
    assert g.state.corner_owner[x] == 0 and not bonus and g.state.bonus[0] == 0


def test_every_settlement_gives_one_point_whatever_the_scenarios_chip():
    # The DOS manual: "Settlements built in a region where you did not begin with a settlement
    # gain an extra victory point." New Shores' chip is worth 2 in the rule book's form.
    game = sea_position()
    st = game.state
    home = _regions_at(st, st.board.founding[0])
    g, x, bonus = _settle_after_sailing("new-shores", lambda x: st.board.corner_land[x]
                                        and _regions_at(st, x) and not _regions_at(st, x) & home,
                                        island_bonus="every_settlement")
    assert [e["points"] for e in bonus] == [1] and g.state.bonus[0] == 1


def _split_north(s):
    """Through the Desert with its northern island (region b) cut in two regions: b and g."""
    from dataclasses import replace
    rows = [list(r) for r in s.regions]
    rows[1] = ["g" if ch == "b" else ch for ch in rows[1]]
    return replace(s, id="split-north", regions=tuple("".join(r) for r in rows))


def test_a_corner_of_two_new_regions_claims_both_and_neither_pays_again():
    from retrocatan import scenarios
    from retrocatan.engine.position import Position
    split = _split_north(scenarios.load("through-the-desert"))
    opts = {"scenario": split, "vp_target": split.vp_target, **dict(split.options)}
    game = Position(players=3, **opts).dealt()
    st = game.state
    letters = sorted({ch for row in split.regions for ch in row if ch.isalpha()})
    b, gg = letters.index("b"), letters.index("g")
    c, line = _sail_to(game, lambda x: _regions_at(st, x) == {b, gg})
    x = corners_of(game, line, c)[-1]
    beyond = path(game, x, lambda y: _regions_at(st, y) == {b} and y not in st.geo.corner_corners[x], lane="ship")
    y = corners_of(game, beyond, x)[-1]
    pos = Position(players=3, **opts).settlement(0, c, began=True).hand(0, **cards([2 * k for k in COST_SETTLEMENT]))
    for e in line + beyond:
        pos.ship(0, e)
    g = pos.build()
    first = [e for e in g.apply(f"S{x}") if e["type"] == "island_bonus"]
    assert [e["points"] for e in first] == [2, 2], "a settlement on two new regions is the first on both"
    again = [e for e in g.apply(f"S{y}") if e["type"] == "island_bonus"]
    assert not again, "region b's first-settlement bonus was paid twice"
    assert g.state.bonus[0] == 4
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()


def test_more_than_five_island_bonuses_load():
    # Every settlement off the home island earns one (docs/rules.md §14.12), and a city keeps it: a
    # player may hold up to seven, and a state with six must load again.
    game = sea_position()
    st = game.state
    c = st.board.founding[0]
    home = _regions_at(st, c)
    taken = {c, *st.geo.corner_corners[c]}
    foreign = []
    for x in range(len(st.geo.corner_xy)):
        if (st.board.corner_land[x] and _regions_at(st, x) and not _regions_at(st, x) & home
                and x not in taken and len(foreign) < 6):
            foreign.append(x)
            taken |= {x, *st.geo.corner_corners[x]}
    assert len(foreign) == 6
    pos = position(island_bonus="every_settlement", vp_target=20).city(0, c, began=True)
    for i, x in enumerate(foreign):
        (pos.city if i < 3 else pos.settlement)(0, x)
        pos.island_bonus(0, x)
    g = pos.build()
    assert g.state.bonus[0] == 6 and g.vp(0) == 2 + 3 * 2 + 3 + 6
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


# --- the deal does not depend on the order of JSON keys ------------------------------------------------
def _reversed_pools(text: str) -> dict:
    import json
    d = json.loads(text)
    for holder, key in ((d, "terrain_pool"), (d, "harbour_pool"), (d.get("fog", {}), "pool")):
        if key in holder:
            holder[key] = dict(reversed(list(holder[key].items())))
    return d


@pytest.mark.parametrize("sid", ["fog-island", "new-world-3-4", "through-the-desert"])
def test_a_record_with_sorted_keys_deals_the_same_map(sid):
    import json

    from retrocatan import scenarios
    from retrocatan.ai.random_player import RandomPlayer
    from retrocatan.engine import GameConfig
    from retrocatan.engine.replay import record, verify
    from retrocatan.engine.scenario_read import scenario_from_json
    from retrocatan.engine.scenario_write import dump_scenario
    s = scenarios.load(sid)
    flipped = scenario_from_json(_reversed_pools(dump_scenario(s)))
    cfg = GameConfig(players=3, seed=7, **scenarios.options(sid, 3))
    assert Game(cfg).state_hash() == Game(cfg.replace(scenario=flipped)).state_hash()
    game = Game(cfg)
    players = [RandomPlayer(7, q) for q in range(3)]
    for _ in range(300):
        game.apply(players[game.decider].choose(game))
    text = json.dumps(record(game, hash_every=10), sort_keys=True)
    verdict = verify(json.loads(text))
    assert verdict.ok, verdict.message
