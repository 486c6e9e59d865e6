"""The Seafarers rules from exact positions on scenario maps (docs/rules.md §14):
ships join only at an own building, the open-end ship moves, the pirate
blocks and steals, gold with a short bank, fog, both island bonus forms,
and a trade route of roads and ships broken by another player."""

import json

import pytest

from retrocatan import scenarios
from retrocatan.engine import Game, GameConfig, IllegalAction
from retrocatan.engine.actions import Action, parse_action
from retrocatan.engine.components import COST_SETTLEMENT
from retrocatan.engine.config import ConfigError
from retrocatan.engine.seafarers import COST_SHIP, phases
from tests.sea_positions import coast_corners, corners_of, path, sea_position

SHIP_HAND = tuple(a + b for a, b in zip(COST_SHIP, COST_SHIP))


def _kinds(game):
    return {a.kind for a in game.legal_actions()}


def _sea_edges_from(game, c, k, avoid=()):
    """A line of ``k`` ship edges from corner ``c``, each with sea on both sides after the first."""
    st = game.state
    geo, board = st.geo, st.board
    line, at, seen = [], c, {c, *avoid}
    while len(line) < k:
        nxt = [e for e in geo.corner_edges[at] if board.edge_ship[e] and e not in line
               and (line == [] or not board.edge_road[e])
               and (sum(geo.edge_corners[e]) - at) not in seen]
        if not nxt:
            return None
        e = nxt[0]
        line.append(e)
        at = sum(geo.edge_corners[e]) - at
        seen.add(at)
    return line


def _open_sea_start(game):
    """A founding coast corner from which 3 ships sail into open sea."""
    for c in coast_corners(game):
        line = _sea_edges_from(game, c, 3)
        if line:
            return c, line
    raise AssertionError("no coast corner with open sea")


# --- notation -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["ship 34", "move 12 40", "pirate 61", "pirate 61 p2", "gold W", "gold C"])
def test_new_actions_round_trip(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["ship", "ship x", "move 3", "pirate", "pirate 3 p9", "gold", "gold Q", "gold WB"])
def test_bad_new_actions_are_refused(text):
    with pytest.raises(ValueError):
        parse_action(text)


# --- config -----------------------------------------------------------------------------------------
def test_scenario_config_checks():
    with pytest.raises(ConfigError, match="scenario's content"):
        GameConfig(scenario="new-shores")                  # an id is not a scenario: the layer above resolves it
    with pytest.raises(ConfigError, match="named only by its id"):
        GameConfig.from_dict({"players": 4, "scenario": "new-shores"})
    with pytest.raises(ConfigError, match="no scenario"):
        GameConfig.from_dict({"players": 4, "scenario": "no-such-map"}, scenarios.resolve)
    with pytest.raises(ConfigError, match="scenario:"):
        GameConfig.from_dict({"players": 4, "scenario": {"format": "retrocatan-scenario"}})
    with pytest.raises(ConfigError, match="for 3 or 4 players"):
        GameConfig(players=5, scenario=scenarios.load("new-shores"))
    with pytest.raises(ConfigError):
        GameConfig(island_bonus="every_settlement")        # needs a scenario
    assert "scenario" not in GameConfig().to_dict() and "island_bonus" not in GameConfig().to_dict()
    fog = scenarios.load("fog-island")
    d = GameConfig(scenario=fog).to_dict()
    assert d["scenario"] == json.loads(scenarios.text("fog-island"))    # the whole map travels in the config
    assert GameConfig.from_dict(d).scenario == fog
    assert GameConfig.from_dict({"players": 4, "scenario": "fog-island"}, scenarios.resolve).scenario is fog


def test_base_scenario_plays_the_base_game():
    from retrocatan.ai.random_player import RandomPlayer
    a = Game(GameConfig(players=4, seed=11))
    b = Game(GameConfig(players=4, seed=11, scenario=scenarios.load("base-3-4")))
    assert a.board.to_json() == b.board.to_json() and b.state.sea is None
    pa, pb = RandomPlayer(3, 0), RandomPlayer(3, 0)
    for _ in range(300):
        assert a.legal_actions() == b.legal_actions()
        act = pa.choose(a)
        assert pb.choose(b) == act
        assert a.apply(act) == b.apply(act)
    ja, jb = a.to_json(), b.to_json()
    ja.pop("config"), jb.pop("config")
    assert ja == jb


# --- ships ------------------------------------------------------------------------------------------
def test_ship_joins_a_road_only_at_an_own_building():
    game = sea_position()
    st = game.state
    geo, board = st.geo, st.board
    found = None
    for c in coast_corners(game):
        for e in geo.corner_edges[c]:
            d = sum(geo.edge_corners[e]) - c
            if board.edge_road[e] and any(board.edge_ship[f] for f in geo.corner_edges[d] if f != e):
                found = (c, e, d)
                break
        if found:
            break
    c, e, d = found
    g = sea_position(buildings=[(0, c, 1, True)], roads=[(0, e)], hands={0: SHIP_HAND})
    ships = {a.a for a in g.legal_actions() if a.kind == "ship"}
    at_d = {f for f in geo.corner_edges[d] if board.edge_ship[f] and f != e and c not in geo.edge_corners[f]}
    assert at_d and not ships & at_d, "a ship continued a road at an empty corner"
    assert ships and all(c in geo.edge_corners[f] for f in ships)
    # ... and no road continues a ship at its empty end.
    for f in geo.corner_edges[c]:
        x = sum(geo.edge_corners[f]) - c
        if board.edge_ship[f] and any(board.edge_road[h] for h in geo.corner_edges[x] if h != f
                                      and c not in geo.edge_corners[h]):
            break
    g3 = sea_position(buildings=[(0, c, 1, True)], ships=[(0, f)], hands={0: (1, 1, 0, 0, 0)})
    roads = {a.a for a in g3.legal_actions() if a.kind == "road"}
    assert roads and not any(x in geo.edge_corners[h] for h in roads)
    with pytest.raises(IllegalAction) as exc:
        g3.apply(f"R{next(h for h in geo.corner_edges[x] if board.edge_road[h] and h != f)}")
    assert exc.value.code == "cannot_build_there"


def test_settlement_at_the_end_of_a_ship_and_ship_piece_limit():
    game = sea_position()
    st = game.state
    board, geo = st.board, st.geo
    c = coast_corners(game)[0]
    # Ships from c to a land corner two or more edges away.
    line = path(game, c, lambda x: board.corner_land[x] and x not in geo.corner_corners[c]
                and all(y not in geo.corner_corners[c] for y in [x]), lane="ship")
    x = corners_of(game, line, c)[-1]
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, e) for e in line], hands={0: COST_SETTLEMENT})
    assert Action("settle", x) in g.legal_actions()
    assert g.state.pieces[0]["ships"] == 15 - len(line)
    g.apply(f"S{x}")
    assert g.state.corner_owner[x] == 0


def test_only_the_open_end_ship_moves_not_a_new_or_closed_one():
    game = sea_position()
    c, line = _open_sea_start(game)
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, line[0]), (0, line[1])], hands={0: SHIP_HAND})
    moves = [a for a in g.legal_actions() if a.kind == "move_ship"]
    assert moves and {a.a for a in moves} == {line[1]}
    assert all(a.b != line[1] for a in moves)
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("move_ship", line[0], moves[0].b))
    assert exc.value.code == "ship_not_movable"
    # A ship built this turn does not move, and the one it continues is no longer at the end.
    g.apply(f"ship {line[2]}")
    assert not [a for a in g.legal_actions() if a.kind == "move_ship"]
    # Move once a turn.
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, line[0]), (0, line[1])])
    act = [a for a in g.legal_actions() if a.kind == "move_ship"][0]
    ev = g.apply(act)
    assert ev[0] == {"type": "ship_moved", "player": 0, "from": act.a, "to": act.b}
    assert g.state.edge_owner[act.b] == 0 and g.state.edge_owner[act.a] == -1
    assert "move_ship" not in _kinds(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("move_ship", act.b, act.a))
    assert exc.value.code == "ship_moved_already"


def test_a_closed_route_does_not_move():
    game = sea_position()
    st = game.state
    board, geo = st.board, st.geo
    for c in coast_corners(game):
        line = path(game, c, lambda x: board.corner_land[x] and x != c and x not in geo.corner_corners[c]
                    and x in board.founding, lane="ship")
        if len(line) >= 2:
            break
    x = corners_of(game, line, c)[-1]
    g = sea_position(buildings=[(0, c, 1, True), (0, x, 1, True)], ships=[(0, e) for e in line])
    assert "move_ship" not in _kinds(g)
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, e) for e in line])
    assert {a.a for a in g.legal_actions() if a.kind == "move_ship"} == {line[-1]}


# --- the pirate ---------------------------------------------------------------------------------------
def test_pirate_blocks_ships_and_robs_a_ship_owner():
    game = sea_position()
    st = game.state
    c, line = _open_sea_start(game)
    board = st.board
    sea_hex = next(h for h in st.geo.edge_hexes[line[1]] if h >= board.nland)
    here = set(board.sea_hex_edges(sea_hex))
    # Player 2 has a ship on an edge of that hex and cards; player 1 moves the pirate there.
    g = sea_position(buildings=[(1, c, 1, True)], ships=[(1, line[0]), (1, line[1])], hands={1: (0, 0, 0, 2, 0)},
                     phase="robber", current=0)
    acts = [a for a in g.legal_actions() if a.kind == "pirate" and a.a == sea_hex]
    assert Action("pirate", sea_hex, 1) in acts
    assert all(a.a != g.state.sea.pirate for a in g.legal_actions() if a.kind == "pirate")
    assert any(a.kind == "robber" for a in g.legal_actions())
    ev = g.apply(Action("pirate", sea_hex, 1))
    assert ev[0]["type"] == "pirate" and ev[1] == {"type": "steal", "player": 0, "victim": 1, "resource": 3}
    assert g.state.hands[1][3] == 1 and g.state.hands[0][3] == 1 and g.phase == phases.MAIN
    # The robber never enters the sea, the pirate never the land.
    g = sea_position(phase="robber")
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("robber", sea_hex, -1))
    assert exc.value.code == "robber_on_land"
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("pirate", 0, -1))
    assert exc.value.code == "robber_on_land"
    # Blocked: no ship built on, moved onto or away from the pirate's edges.
    g = sea_position(buildings=[(1, c, 1, True)], ships=[(1, line[0]), (1, line[1])], hands={1: SHIP_HAND},
                     pirate=sea_hex, current=1)
    legal = g.legal_actions()
    assert not [a for a in legal if a.kind == "ship" and a.a in here]
    assert not [a for a in legal if a.kind == "move_ship" and (a.a in here or a.b in here)]
    blocked = next(e for e in here if e in g.state.geo.corner_edges[corners_of(g, line[:2], c)[-1]]
                   and g.state.edge_owner[e] == -1)
    with pytest.raises(IllegalAction) as exc:
        g.apply(f"ship {blocked}")
    assert exc.value.code == "pirate_blocks"


# --- gold -----------------------------------------------------------------------------------------------
def _gold_setup(bank):
    game = sea_position()
    s = game.state.board.scenario
    gold = next(h for h, t in enumerate(game.state.board.terrain) if t == "gold" and game.state.board.numbers[h] == 4)
    corners = game.state.geo.hex_corners[gold]
    assert s.id == "new-shores"
    g = sea_position(buildings=[(1, corners[0], 1, False), (2, corners[3], 2, False)], phase="roll", current=0,
                     bank=bank)
    g.fix_dice([(1, 3)])
    return g


def test_gold_choices_in_turn_order_with_the_bank():
    g = _gold_setup([3, 3, 3, 3, 3])
    ev = g.apply("roll")
    assert {"type": "gold_due", "players": [[1, 1], [2, 2]]} in ev
    assert g.phase == phases.GOLD and g.decider == 1
    assert [str(a) for a in g.legal_actions()] == ["gold W", "gold B", "gold S", "gold G", "gold C"]
    g.apply("gold C")
    assert g.decider == 2
    g.apply("gold W")
    g.apply("gold W")
    assert g.phase == phases.MAIN and g.decider == 0
    assert g.state.hands[1][4] == 1 and g.state.bank[0] == 1


def test_gold_with_a_short_bank():
    g = _gold_setup([1, 0, 0, 0, 1])
    g.apply("roll")
    assert [str(a) for a in g.legal_actions()] == ["gold W", "gold C"]
    with pytest.raises(IllegalAction) as exc:
        g.apply("gold B")
    assert exc.value.code == "bank_out_of"
    g.apply("gold W")
    assert [str(a) for a in g.legal_actions()] == ["gold C"]
    ev = g.apply("gold C")
    assert ev[-1] == {"type": "gold_lost", "players": [[2, 1]]}
    assert g.phase == phases.MAIN and sum(g.state.bank) == 0


def test_robber_blocks_gold():
    game = sea_position()
    gold = next(h for h, t in enumerate(game.state.board.terrain) if t == "gold" and game.state.board.numbers[h] == 4)
    corners = game.state.geo.hex_corners[gold]
    g = sea_position(buildings=[(1, corners[0], 1, False)], phase="roll", robber=gold)
    g.fix_dice([(1, 3)])
    g.apply("roll")
    assert g.phase == phases.MAIN


# --- fog -----------------------------------------------------------------------------------------------
def _fog_setup(seed):
    game = sea_position("fog-island", seed=seed)
    st = game.state
    fog = {h for h, t in enumerate(st.board.terrain) if t == "fog"}
    for c in coast_corners(game):
        line = path(game, c, lambda x: any(h in fog for h in st.geo.corner_hexes[x]), lane="ship")
        if line:
            break
    g = sea_position("fog-island", seed=seed, buildings=[(0, c, 1, True)], ships=[(0, e) for e in line[:-1]],
                     hands={0: COST_SHIP}, bank=[5, 5, 5, 5, 5])
    return g, line[-1]


@pytest.mark.parametrize("seed", range(6))
def test_fog_is_turned_and_rewards_the_explorer(seed):
    g, last = _fog_setup(seed)
    st = g.state
    pool = list(st.sea.fog_pool)
    tokens = list(st.sea.fog_tokens)
    ev = g.apply(f"ship {last}")
    turned = [e for e in ev if e["type"] == "explore"]
    assert turned, "a ship touching the fog turned nothing"
    hand = [0, 0, 0, 0, 0]
    for x in turned:
        pool.remove(x["terrain"])
        assert st.board.terrain[x["hex"]] == x["terrain"] != "fog"
        if x["terrain"] in ("sea", "desert"):
            assert x["number"] == 0 and x["reward"] == -1
        else:
            assert x["number"] == tokens.pop(0)
            if x["terrain"] != "gold":
                assert x["reward"] == ["forest", "hills", "pasture", "fields", "mountains"].index(x["terrain"])
                hand[x["reward"]] += 1
    assert sorted(st.sea.fog_pool) == sorted(pool) and st.sea.fog_tokens == tokens
    golds = sum(x["terrain"] == "gold" for x in turned)
    assert (g.phase == phases.GOLD) == (golds > 0)
    while g.phase == phases.GOLD:
        g.apply("gold S")
        hand[2] += 1
    assert st.hands[0] == hand
    # The state reloads with the turned hexes, and the same seed turns the same.
    again = Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash() and again.board.terrain == st.board.terrain
    g2, _ = _fog_setup(seed)
    assert [e for e in g2.apply(f"ship {last}") if e["type"] == "explore"] == turned


# --- island bonus ------------------------------------------------------------------------------------------
def _island_setup(island_bonus=""):
    game = sea_position()
    st = game.state
    board, geo = st.board, st.geo
    home = board.regions[next(h for h in geo.corner_hexes[board.founding[0]] if board.regions[h] >= 0)]

    def foreign(x):
        rs = {board.regions[h] for h in geo.corner_hexes[x] if board.regions[h] >= 0}
        return bool(rs) and home not in rs

    best = None
    for c in coast_corners(game):
        line = path(game, c, lambda x: foreign(x) and x not in geo.corner_corners[c], lane="ship")
        if line and (best is None or len(line) < len(best[1])):
            best = (c, line)
    c, line = best
    x = corners_of(game, line, c)[-1]
    region = {board.regions[h] for h in geo.corner_hexes[x] if board.regions[h] >= 0}
    # A second corner of that island, two edges along its coast from x.
    more = path(game, x, lambda y: y not in geo.corner_corners[x] and y not in geo.corner_corners[c] and {
        board.regions[h] for h in geo.corner_hexes[y] if board.regions[h] >= 0} == region, lane="ship")
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, e) for e in line + more],
                     hands={0: tuple(2 * k for k in COST_SETTLEMENT)}, island_bonus=island_bonus)
    return g, x, corners_of(game, more, x)[-1]


def _but_route(g):
    """Player 1's points without the Longest Trade Route (the settlement on the
    island joins the ships there, which may make the longest route)."""
    return g.vp(0) - 2 * (g.state.longest == 0)


def test_island_bonus_first_settlement():
    g, x, y = _island_setup()
    before = g.vp(0)
    ev = g.apply(f"S{x}")
    assert {"type": "island_bonus", "player": 0, "corner": x, "points": 2} in ev
    assert _but_route(g) == before + 3 and g.state.public_vp(0) == g.vp(0)
    assert g.seat_view(1).island_bonus == (2, 0, 0)
    ev = g.apply(f"S{y}")
    assert not [e for e in ev if e["type"] == "island_bonus"]
    assert _but_route(g) == before + 4
    again = Game.from_json(g.to_json())
    assert again.vp(0) == g.vp(0) and again.state_hash() == g.state_hash()


def test_island_bonus_every_settlement():
    g, x, y = _island_setup("every_settlement")
    before = g.vp(0)
    g.apply(f"S{x}")
    ev = g.apply(f"S{y}")
    # The DOS manual's form: one point a settlement, though the scenario's chip is worth 2.
    assert [e["points"] for e in ev if e["type"] == "island_bonus"] == [1]
    assert _but_route(g) == before + 4
    # Kept when the settlement becomes a city.
    g2 = Game.from_json(g.to_json())
    assert _but_route(g2) == before + 4


def test_no_island_bonus_on_the_home_island():
    g, x, y = _island_setup("none")
    g.apply(f"S{x}")
    assert g.state.bonus == [0, 0, 0]


# --- the trade route of roads and ships -------------------------------------------------------------------
def test_longest_route_mixes_roads_and_ships_at_an_own_building():
    game = sea_position()
    st = game.state
    geo, board = st.geo, st.board
    c, ships = _open_sea_start(game)
    roads = path(game, c, lambda x: len(path(game, c, lambda y: y == x, lane="road")) == 4, lane="road",
                 avoid={sum(geo.edge_corners[e]) - c for e in ships[:1]})
    assert len(roads) == 4
    rc = corners_of(game, roads, c)
    g = sea_position(buildings=[(0, c, 1, True)], roads=[(0, e) for e in roads], ships=[(0, e) for e in ships])
    assert g.state.route_len[0] == 7
    # Without the settlement the road and the ships do not join at the empty corner.
    far = next(x for x in board.founding if x not in rc and all(y not in rc for y in geo.corner_corners[x]))
    g = sea_position(buildings=[(0, far, 1, True)], roads=[(0, e) for e in roads], ships=[(0, e) for e in ships])
    assert g.state.route_len[0] == 4
    # Another player's settlement on the road breaks the route there.
    g = sea_position(buildings=[(0, c, 1, True), (1, rc[3], 1, True)], roads=[(0, e) for e in roads],
                     ships=[(0, e) for e in ships])
    assert g.state.route_len[0] == 6
    g = sea_position(buildings=[(0, c, 1, True), (1, rc[2], 1, True)], roads=[(0, e) for e in roads],
                     ships=[(0, e) for e in ships])
    assert g.state.route_len[0] == 5


def test_road_building_gives_ships():
    game = sea_position()
    c, line = _open_sea_start(game)
    g = sea_position(buildings=[(0, c, 1, True)], phase="main")
    d = g.to_json()
    d["dev_hand"][0][2] = 1
    d["deck"].remove("road_building")
    g = Game.from_json(d)
    g.apply("roads")
    assert "ship" in _kinds(g) and g.phase == phases.ROAD_BUILDING
    g.apply(f"ship {line[0]}")
    g.apply(f"ship {line[1]}")
    assert g.phase == phases.MAIN and g.state.pieces[0]["ships"] == 13
    assert "move_ship" not in _kinds(g)     # built this turn


def test_refusals_name_the_seafarers_rule():
    base = Game(GameConfig(players=3, seed=1))
    with pytest.raises(IllegalAction) as exc:
        base.apply("ship 3")
    assert exc.value.code in ("no_ships_here", "not_legal_now")
    g = sea_position(hands={0: (0, 0, 0, 0, 0)})
    with pytest.raises(IllegalAction) as exc:
        g.apply("ship 0")
    assert exc.value.code in ("not_enough_resources", "no_ships_here")
    assert g.seat_view(0).menu["ship"][0] == "not_enough_resources"


def test_special_build_phase_builds_ships_but_moves_none():
    game = sea_position("new-world-5-6", players=5, seed=2)
    c, line = _open_sea_start(game)
    g = sea_position("new-world-5-6", players=5, seed=2, buildings=[(1, c, 1, True)],
                     ships=[(1, line[0]), (1, line[1])], hands={1: SHIP_HAND})
    d = g.to_json()
    d.update(phase="special_build", decider=1, special_queue=[1, 2, 3, 4])
    g = Game.from_json(d)
    kinds = _kinds(g)
    assert "ship" in kinds and "move_ship" not in kinds and "pass" in kinds
    g.apply(f"ship {line[2]}")
    assert g.state.pieces[1]["ships"] == 12


def test_views_show_the_sea():
    game = sea_position("fog-island")
    c, line = _open_sea_start(game)
    g = sea_position("fog-island", buildings=[(0, c, 1, True)], roads=[], ships=[(0, line[0])])
    v = g.seat_view(1)
    assert v.ships == ((line[0], 0),) and v.roads == ()
    assert v.pirate == g.state.sea.pirate >= len(g.state.geo.land)
    assert v.fog_hexes and v.gold_hexes and len(v.terrain) == len(g.state.geo.land)
    assert v.scenario == "fog-island" and v.has_ships and v.island_bonus == (0, 0, 0)
    assert v.regions and max(v.regions) >= 0 and v.ship_spots(0) and v.new_ships == ()
    assert v.menu["ship"] is not None and "move" in v.menu
    own = g.seat_view(0)
    assert own.ship_moves(0) == [(a.a, a.b) for a in g.legal_actions() if a.kind == "move_ship"]
    assert v.terrain.count("fog") == len(v.fog_hexes) and line[0] not in [e for e, _ in v.roads]
    base = Game(GameConfig(players=3, seed=1)).seat_view(0)
    assert base.ships == () and base.pirate == -1 and base.regions == () and not base.has_ships
    assert "ship" not in base.menu


def test_second_founding_settlement_on_gold_gives_a_choice():
    from retrocatan.scenarios import options as scenario_options
    g = Game(GameConfig(players=3, seed=4, **scenario_options("four-islands", 3)))
    st = g.state
    gold = [c for c in st.board.founding if any(st.board.terrain[h] == "gold" for h in st.geo.corner_hexes[c])]
    seen = []
    while g.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD, phases.GOLD):
        legal = g.legal_actions()
        pick = legal[0]
        if g.phase == phases.SETUP_SETTLEMENT and st.setup_step >= 3 and not seen:
            pick = next((a for a in legal if a.a in gold), legal[0])
        p = g.decider
        ev = g.apply(pick)
        if any(e["type"] == "gold_due" for e in ev):
            seen.append(p)
            k = ev[-1]["players"][0][1]
            assert g.phase == phases.GOLD and g.decider == p and ev[-1]["players"] == [[p, k]]
            before = sum(st.hands[p])
            for _ in range(k):
                g.apply("gold G")
            assert sum(st.hands[p]) == before + k and g.phase == phases.SETUP_ROAD and g.decider == p
    assert seen and g.phase == phases.ROLL


def test_vp_target_limit_counts_the_island_bonus():
    from retrocatan.engine.config import max_victory_points
    shores = scenarios.load("new-shores")
    # Every building but the two founding ones: 2 points each on New Shores, 1 a settlement by the DOS manual.
    assert max_victory_points(4, shores) == 22 + 7 * 2
    assert max_victory_points(4, shores, "none") == 22
    assert max_victory_points(4, shores, "every_settlement") == 22 + 7
    assert max_victory_points(3, scenarios.load("fog-island"), "every_settlement") == 22 + 7
    GameConfig(players=4, scenario=shores, vp_target=36)
    for bad in ({"vp_target": 37}, {"vp_target": 23, "island_bonus": "none"}):
        with pytest.raises(ConfigError):
            GameConfig(players=4, scenario=shores, **bad)


def test_a_player_without_ships_is_told_there_is_no_ship_to_move():
    c, line = _open_sea_start(sea_position())
    g = sea_position(buildings=[(0, c, 1, True)])
    assert g.seat_view(0).menu["move"] == ("no_ship_to_move", {"player": 0})
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("move_ship", line[0], line[1]))
    assert exc.value.code == "no_ship_to_move"
    # With a ship built this turn the reason is the route rule.
    g = sea_position(buildings=[(0, c, 1, True)], ships=[(0, line[0])], new_ships=[line[0]])
    assert g.seat_view(0).menu["move"] == ("ship_not_movable", {})
