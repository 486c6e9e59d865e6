"""Scenario files: reading, checking, writing, dealing, and hostile input."""

import json
from collections import Counter

import pytest

from retrocatan import scenarios
from retrocatan.engine.geometry import LAND
from retrocatan.engine.new_world import FAIR_PIPS, founding_value, new_world
from retrocatan.engine.rng import Rng
from retrocatan.engine.scenario import FORMAT_VERSION, MAX_FILE_BYTES, ScenarioError, founding_corners
from retrocatan.engine.scenario_deal import beginner_layout, lay_out, map_layer
from retrocatan.engine.scenario_read import parse_scenario
from retrocatan.engine.scenario_write import dump_scenario

SHIPPED = scenarios.available()
FIXED = [s for s in SHIPPED if not s.startswith("new-world")]


def _text(sid: str) -> str:
    return scenarios.text(sid)


def _data(sid: str) -> dict:
    return json.loads(_text(sid))


def test_the_shipped_scenarios():
    assert SHIPPED == ["base-3-4", "base-5-6", "fog-island", "four-islands", "new-shores", "new-world-3-4",
                       "new-world-5-6", "through-the-desert"]
    targets = {sid: scenarios.load(sid).vp_target for sid in SHIPPED}
    assert targets == {"base-3-4": 10, "base-5-6": 10, "fog-island": 12, "four-islands": 13, "new-shores": 14,
                       "new-world-3-4": 12, "new-world-5-6": 12, "through-the-desert": 14}


@pytest.mark.parametrize("sid", SHIPPED)
def test_shipped_files_are_canonical(sid):
    text = _text(sid)
    s = parse_scenario(text)
    assert s.id == sid
    assert dump_scenario(s) == text
    assert parse_scenario(text.encode("utf-8")) == s
    assert json.loads(text)["version"] == FORMAT_VERSION


@pytest.mark.parametrize("sid,kind", [("base-3-4", "base"), ("base-5-6", "extension")])
def test_the_base_game_is_dealt_on_its_shipped_scenario(sid, kind):
    # One dealer: a base game (no scenario in the config) and a game on the shipped base island deal the
    # same board from the same seed, and leave the generator at the same place for the rest of the game.
    from retrocatan.engine import Game, GameConfig
    players = 4 if kind == "base" else 6
    for seed in range(20):
        for red in (False, True):
            plain = Game(GameConfig(players=players, seed=seed, no_red_neighbours=red))
            on_file = Game(scenarios.config_for(sid, players, seed=seed, no_red_neighbours=red))
            assert plain.board.to_json() == on_file.board.to_json()
            assert plain.state.rng.get_state() == on_file.state.rng.get_state()
            assert plain.board.geo is on_file.board.geo      # one geometry per island, shared
            assert plain.state.rules is on_file.state.rules
    s = scenarios.load(sid)
    assert beginner_layout(s).founding == list(range(len(s.shape.geometry.corner_xy)))


@pytest.mark.parametrize("sid", FIXED)
def test_every_deal_of_a_fixed_map_keeps_the_rules(sid):
    s = scenarios.load(sid)
    geo = s.shape.geometry
    pool = Counter(t for t, n in s.terrain_pool for _ in range(n))
    for seed in range(60):
        lay = lay_out(s, Rng(seed), no_red_neighbours=seed % 2 == 1)
        for h, (t, n) in enumerate(zip(lay.terrain, lay.numbers)):
            assert (n == 0) == (t in ("desert", "fog")), (h, t, n)
        assert Counter(n for n in lay.numbers if n) == Counter(s.tokens) + Counter(
            int(c[1:]) for row in s.map for c in row if len(c) > 1)
        dealt = Counter(lay.terrain[geo.hex_index[s.shape.axial[p]]] for p, c in _cells(s) if c == "?")
        assert dealt == pool
        assert lay.terrain[lay.robber] == "desert"
        if seed % 2:
            assert not any(lay.numbers[h] in (6, 8) and lay.numbers[nb] in (6, 8)
                           for h in range(len(geo.land)) for nb in geo.hex_neighbours[h])
        corners = [c for _, pair, _ in lay.harbours for c in pair]
        assert len(corners) == len(set(corners)) == 2 * len(s.harbours)
        assert all(any(lay.terrain[h] != "fog" for h in geo.corner_hexes[c]) for c in corners)
        if lay.pirate is not None:
            assert lay.pirate >= len(geo.land)


def _cells(s):
    for y, row in enumerate(s.map):
        for x, c in enumerate(row):
            yield (y + 1, x + 1), c


def test_founding_regions_of_the_seafarers_maps():
    shores = scenarios.load("new-shores")
    geo = shores.shape.geometry
    lay = lay_out(shores, Rng(3))
    main = lay.islands[shores.hex_id(4, 4)]
    assert sorted(Counter(lay.islands).values()) == [2, 2, 4, 4, 19]
    assert all(any(lay.islands[h] == main for h in geo.corner_hexes[c]) for c in lay.founding)
    desert = scenarios.load("through-the-desert")
    lay = lay_out(desert, Rng(3))
    south = lay.regions[desert.hex_id(5, 3)]
    far = lay.regions[desert.hex_id(2, 3)]
    assert lay.islands[desert.hex_id(5, 3)] == lay.islands[desert.hex_id(2, 3)]  # one island...
    assert south != far                                                        # ...two regions
    hexes_of = desert.shape.geometry.corner_hexes
    assert all(south in [lay.regions[h] for h in hexes_of[c]] for c in lay.founding)
    assert not any(far in [lay.regions[h] for h in hexes_of[c]] for c in lay.founding)
    fog = scenarios.load("fog-island")
    lay = lay_out(fog, Rng(1))
    assert lay.terrain.count("fog") == 20 == len(lay.fog_pool)
    assert len(lay.fog_tokens) == 12


@pytest.mark.parametrize("sid", ["new-world-3-4", "new-world-5-6"])
def test_new_world_maps_are_valid_fair_and_different(sid):
    template = scenarios.load(sid)
    maps = set()
    for seed in range(120):
        s = new_world(template, seed)
        assert s.generator is None
        text = dump_scenario(s)
        assert parse_scenario(text) == s  # the generated map passes the file checks
        maps.add(s.map)
        geo = s.shape.geometry
        kinds = [LAND] * len(geo.land)
        islands = geo.islands(kinds)
        assert max(islands) >= 2
        land = sum(len(c) > 0 and c not in ("~", ".") for row in s.map for c in row)
        assert land == sum(n for _, n in template.terrain_pool)
        # Every player of the largest count can found twice on a corner of FAIR_PIPS dots or more.
        good = [c for c in founding_corners(s) if founding_value(s, c) >= FAIR_PIPS]
        assert len(good) >= 2 * max(s.players)
        # One sea: every sea hex reaches every other.
        sea = [h for h in geo.hexes if h not in geo.land_index]
        seen, stack = {sea[0]}, [sea[0]]
        while stack:
            q, r = stack.pop()
            for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
                nb = (q + dq, r + dr)
                if nb in geo.hex_index and nb not in geo.land_index and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        assert len(seen) == len(sea)
        if seed < 3:
            assert new_world(template, seed) == s  # the seed alone gives the map
    assert len(maps) == 120


# --- refusals -----------------------------------------------------------------
def _edited(sid: str, **changes) -> str:
    d = _data(sid)
    for k, v in changes.items():
        if v is _DELETE:
            del d[k]
        else:
            d[k] = v
    return json.dumps(d)


_DELETE = object()
BASE_MAP = _data("base-3-4")["map"]


def _map_with(row: int, col: int, code: str, rows=None) -> list[str]:
    rows = [r.split() for r in (rows or BASE_MAP)]
    rows[row - 1][col - 1] = code
    return [" ".join(r) for r in rows]


REFUSED = [
    (dict(map=_map_with(3, 5, "Q")), "map row 3, column 5: unknown hex code 'Q'"),
    (dict(map=_map_with(3, 5, "~5")), "map row 3, column 5: unknown hex code '~5'"),
    (dict(map=_map_with(3, 5, "D4")), "a desert takes no number"),
    (dict(map=_map_with(3, 5, "W7")), "7 is not a number token"),
    (dict(map=_map_with(3, 5, "W05")), "05 is not a number token"),
    (dict(map=BASE_MAP[:2] + [BASE_MAP[2] + " ~"] + BASE_MAP[3:]), "map row 3: 8 hexes, but row 1 has 7"),
    (dict(map=[]), "map: has no rows"),
    (dict(map=["~ ~"] * 22), "map: more than 21 entries"),
    (dict(harbours=[{"hex": [3, 3], "side": "se", "kind": "?"}]), "harbours[1] (row 3, column 3): a harbour stands"),
    (dict(harbours=[{"hex": [1, 1], "side": "se", "kind": "?"}]), "a harbour stands on a sea hex"),
    (dict(harbours=[{"hex": [3, 2], "side": "w", "kind": "?"}]), "side w faces no land hex, so the harbour is not"),
    (dict(harbours=[{"hex": [3, 2], "side": "se", "kind": "?"}, {"hex": [3, 2], "side": "e", "kind": "3:1"}]),
     "a second harbour on one sea hex"),
    (dict(harbours=[{"hex": [3, 2], "side": "se", "kind": "?"}, {"hex": [4, 1], "side": "e", "kind": "3:1"}]),
     "shares a corner with harbours[1]"),
    (dict(harbours=[{"hex": [3, 2], "side": "up", "kind": "?"}]), "harbours[1].side: must be one of e, ne"),
    (dict(harbour_pool={"3:1": 1}), "harbour_pool: 1 harbours for 9 harbours of kind '?'"),
    (dict(harbour_pool={"gold": 1}), "harbour_pool: unknown kind 'gold'"),
    (dict(numbers={"placement": "spiral", "tokens": [5] * 19}), "more numbers (19) than hexes that take one (18)"),
    (dict(numbers={"placement": "spiral", "tokens": [5] * 17}), "17 numbers for 18 hexes"),
    (dict(numbers={"placement": "spiral", "tokens": [5] * 17 + [7]}), "numbers.tokens[18]: number tokens are"),
    (dict(numbers={"placement": "zigzag", "tokens": []}), "numbers.placement: must be one of spiral, shuffle"),
    (dict(terrain_pool={"forest": 18}), "terrain_pool: 18 hexes for 19 '?' hexes"),
    (dict(terrain_pool={"forest": 19, "lava": 1}), "terrain_pool: unknown kind 'lava'"),
    (dict(terrain_pool={"forest": 0}), "terrain_pool.forest: must be between 1 and 200"),
    (dict(robber=[1, 1]), "robber: row 1, column 1 is not a land hex"),
    (dict(robber=[30, 1]), "robber row: must be between 1 and 21"),
    (dict(robber="sea"), "robber: must be [row, column]"),
    (dict(pirate=[1, 3]), "pirate: a pirate needs \"ships\": true"),
    (dict(ships=True, pirate=[3, 3]), "pirate: row 3, column 3 is not a sea hex"),
    (dict(players=[3, 4, 5, 6]), "components: 5-6 players need the extension components"),
    (dict(players=[2, 3]), "players: must be between 3 and 6, not 2"),
    (dict(players=[4, 3]), "players: list each count once"),
    (dict(players=[]), "players: name at least one player count"),
    (dict(vp_target=25), "vp_target: 25 points cannot be reached"),
    (dict(vp_target=37), "vp_target: must be between 3 and 36"),
    (dict(vp_target=True), "vp_target: must be a whole number"),
    (dict(vp_target=10.5), "only whole numbers are allowed"),
    (dict(island_bonus={"form": "every_settlement", "points": 0}), "island_bonus: points must be 0 for form none"),
    (dict(island_bonus={"form": "first_settlement", "points": 3}), "island_bonus.points: must be between 0 and 2"),
    (dict(name={"en": "x" * 61, "de": "y"}), "name.en: longer than 60 characters"),
    (dict(name={"en": "A name"}), "name: missing key 'de'"),
    (dict(name={"en": " ", "de": "y"}), "name.en: must not be empty"),
    (dict(description={"en": "a\nb", "de": "y"}), "description.en: contains a control character"),
    (dict(id="Base Game"), "id: use lower-case letters"),
    (dict(format="something-else"), "format: not a scenario file"),
    (dict(version=2), "version: 2 is newer than this program reads (1)"),
    (dict(colour="red"), "scenario: unknown key 'colour'"),
    (dict(robber=_DELETE), "missing key 'robber'"),
    (dict(founding=[[1, 1]]), "founding[1] (row 1, column 1): not a land hex"),
    (dict(founding=[[3, 3], [3, 4]]), "founding[2] (row 3, column 4): names a region already named"),
    (dict(founding=[]), "founding: \"all\" or a list of hexes"),
    (dict(founding="main"), "founding: \"all\" or a list of hexes, one on each founding region"),
    (dict(options={"players": 5}), "options: 'players' is not an option a scenario can set"),
    (dict(options={"no_such_rule": True}), "options: 'no_such_rule' is not an option"),
    (dict(options={"turn_limit": -5}), "options: turn_limit must be between"),
    (dict(options={"robber_to_desert": 1}), "options: option robber_to_desert must be true or false"),
    (dict(beginner={"seed": 1, "map": []}), "beginner: give either a seed or a map"),
    (dict(generator="old-world"), "generator: must be one of new-world"),
    (dict(regions=["a"]), "regions: must have the size of the map"),
]


@pytest.mark.parametrize("changes,message", REFUSED, ids=[m[:40] for _, m in REFUSED])
def test_broken_scenarios_are_refused_with_one_line(changes, message):
    with pytest.raises(ScenarioError) as e:
        parse_scenario(_edited("base-3-4", **changes))
    text = str(e.value)
    assert message in text
    assert "\n" not in text and len(text) < 300


def test_founding_needs_room_for_the_largest_player_count():
    # A tiny island: one land hex has 6 corners, room for 2 settlements.
    rows = ["~ ~ ~", "~ W5 ~", "~ ~ ~"]
    base = dict(map=rows, terrain_pool={}, numbers={"placement": "shuffle", "tokens": []}, harbour_pool={},
                harbours=[], robber=[2, 2], beginner=_DELETE)
    with pytest.raises(ScenarioError, match="founding: room for only 3 founding settlements .* 4 players need 8"):
        parse_scenario(_edited("base-3-4", **base))
    with pytest.raises(ScenarioError, match="founding: room for only 3 founding settlements .* 6 players need 12"):
        parse_scenario(_edited("base-3-4", **{**base, "players": [5, 6], "components": "extension"}))
    rows = ["~ ~ ~ ~ ~ ~", "~ W5 B6 S8 G4 ~", "~ C3 W9 B10 S11 ~", "~ ~ ~ ~ ~ ~"]
    s = parse_scenario(_edited("base-3-4", **{**base, "map": rows}))
    geo = s.shape.geometry
    assert founding_corners(s) == list(range(len(geo.corner_xy))) and len(geo.corner_xy) == 8 * 6 - 9 * 2 - 2 * 1


def test_spiral_needs_one_island():
    rows = _map_with(4, 4, "~")
    d = _data("base-3-4")
    d.update(map=rows, terrain_pool={"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3})
    d["robber"] = [3, 4]
    del d["beginner"]
    # Still one island, with a lake: the spiral deals every number.
    s = parse_scenario(json.dumps(d))
    for seed in range(20):
        lay = lay_out(s, Rng(seed))
        assert sorted(lay.numbers) == sorted(d["numbers"]["tokens"])
        assert lay.robber == s.hex_id(3, 4)


def test_spiral_refuses_two_islands():
    rows = [".   .   ~   ~   ~   ~   .", "  .   ~   ?   ~   ?   ~   .", ".   ~   ~   ~   ~   ~   ~",
            "  ~   ~   ~   ~   ~   ~   ~", ".   ~   ~   ~   ~   ~   ~", "  .   ~   ~   ~   ~   ~   .",
            ".   .   ~   ~   ~   ~   ."]
    text = _edited("base-3-4", map=rows, terrain_pool={"forest": 2}, harbours=[], harbour_pool={},
                   numbers={"placement": "spiral", "tokens": [5, 6]}, beginner=_DELETE, players=[3])
    with pytest.raises(ScenarioError, match="the letter spiral needs one island"):
        parse_scenario(text)


HOSTILE = [
    b"\xff\xfe{}",
    b'{"format": "retrocatan-scenario", "format": "retrocatan-scenario"}',
    b"[" * 100000 + b"]" * 100000,
    b'{"a": ' * 50 + b"1" + b"}" * 50,
    b'{"format": "retrocatan-scenario", "version": 1' + b"0" * 5000 + b"}",
    b'{"format": "retrocatan-scenario", "version": NaN}',
    b'{"format": "retrocatan-scenario", "version": 1e999}',
    b"",
    b"null",
    b'"just a string"',
    b"{" * 3,
    b" " * (MAX_FILE_BYTES + 1),
    b'{"format": "retrocatan-scenario", "' + b"k\\n" * 20000 + b'": 1}',
]


@pytest.mark.parametrize("raw", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_files_are_refused_with_one_line(raw):
    with pytest.raises(ScenarioError) as e:
        parse_scenario(raw)
    assert "\n" not in str(e.value) and len(str(e.value)) < 300
    with pytest.raises(ScenarioError):
        parse_scenario(raw.decode("latin-1"))


WRONG_VALUES = [None, True, 0, -1, 999999999, "x", "", [], {}, [[1, 2]], [None], {"en": 1, "de": 2},
                ["~ ~", 5], [3, "4"], {"form": None, "points": None}, {"hex": "a"}]


@pytest.mark.parametrize("sid", ["base-3-4", "through-the-desert", "new-world-3-4", "fog-island"])
def test_wrong_types_at_every_field_never_raise_anything_else(sid):
    d = _data(sid)
    paths = []
    for k, v in d.items():
        paths.append((k,))
        if isinstance(v, dict):
            paths += [(k, k2) for k2 in v]
        if isinstance(v, list) and v and isinstance(v[0], dict):
            paths += [(k, 0, k2) for k2 in v[0]]
    refused = 0
    for path in paths:
        for bad in WRONG_VALUES:
            d2 = json.loads(json.dumps(d))
            target = d2
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = bad
            try:
                parse_scenario(json.dumps(d2))
            except ScenarioError as e:
                refused += 1
                assert "\n" not in str(e)
    assert refused > len(paths) * len(WRONG_VALUES) * 3 // 4


def test_bit_flips_never_raise_anything_else():
    raw = bytearray(_text("new-shores").encode("utf-8"))
    rng = Rng(7)
    refused = 0
    for _ in range(400):
        data = bytearray(raw)
        for _ in range(1 + rng.below(3)):
            i = rng.below(len(data))
            data[i] ^= 1 << rng.below(8)
        try:
            parse_scenario(bytes(data))
        except ScenarioError as e:
            refused += 1
            assert "\n" not in str(e)
    assert refused > 300


def test_the_documented_example_is_a_valid_scenario():
    import pathlib
    import re
    doc = (pathlib.Path(__file__).parent.parent / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", doc, re.S).group(1)
    s = parse_scenario(example)
    assert s.id == "two-bays" and s.ships and s.pirate == (3, 6)
    lay = lay_out(s, Rng(1))
    assert lay.harbour_kinds[2] == "sheep" and sorted(lay.harbour_kinds[:2]) == ["3:1", "wood"]
    assert max(lay.islands) == 2
    # Every code of the table in the document is one the reader knows.
    from retrocatan.engine.scenario import TERRAIN_CODES
    codes = re.findall(r"^\| `(.)` \|", doc, re.M)
    assert set(codes) == set(TERRAIN_CODES) | {".", "~", "?", "="}


def test_base_islands_play_the_base_rules_every_other_map_the_seafarers_layer():
    # The layer a map declares (scenario_deal.map_layer) is the one the two board classes chose before:
    # the base rules on a base island without ships, gold or fog, with its harbours; Seafarers elsewhere.
    assert {sid: map_layer(scenarios.load(sid)) for sid in SHIPPED} == {
        sid: "base" if sid.startswith("base-") else "seafarers" for sid in SHIPPED}
    # The base island with its harbours moved is not a base island any more.
    d = _data("base-3-4")
    d["harbours"][0]["side"] = "e"
    assert map_layer(parse_scenario(json.dumps(d))) == "seafarers"
    # A gold hex on it needs the Seafarers layer (the base rules know no gold).
    d = _data("base-3-4")
    d["terrain_pool"] = dict(d["terrain_pool"], forest=3, gold=1)
    assert map_layer(parse_scenario(json.dumps(d))) == "seafarers"
    # Its options (here: no_red_neighbours) do not change the map.
    d = dict(_data("base-3-4"), options={"no_red_neighbours": True})
    assert map_layer(parse_scenario(json.dumps(d))) == "base"


def test_the_app_build_carries_the_scenario_files(tmp_path):
    import os

    from retrocatan.build import assemble
    app = assemble(str(tmp_path))
    shipped = sorted(f[:-5] for f in os.listdir(os.path.join(app, "retrocatan", "scenarios")) if f.endswith(".json"))
    assert shipped == SHIPPED


def test_beginner_map_refusals():
    d = _data("base-3-4")
    good = d["beginner"]["map"]
    for row, col, code, message in [
            (3, 3, "?", "a beginner layout gives every terrain"),
            (3, 3, "G", "a beginner layout gives every number"),
            (3, 3, "G11", "the numbers it gives must be the number tokens"),
            (1, 3, "W5", "must be the same kind of hex as on the map")]:
        d["beginner"]["map"] = _map_with(row, col, code, good)
        with pytest.raises(ScenarioError, match=message):
            parse_scenario(json.dumps(d))
    d["beginner"]["map"] = good
    d["beginner"]["harbours"] = d["beginner"]["harbours"][:-1]
    with pytest.raises(ScenarioError, match="beginner.harbours: 8 kinds for 9 harbours"):
        parse_scenario(json.dumps(d))
