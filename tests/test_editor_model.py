"""The scenario editor's model: edits, undo/redo, the game's check, statistics, files."""

import os
import re

import pytest

from retrocatan import scenarios
from retrocatan.engine.scenario import ScenarioError
from retrocatan.engine.scenario_read import parse_scenario
from retrocatan.engine.scenario_write import dump_scenario
from retrocatan.storage import DirStorage, MemoryStorage
from retrocatan.ui.editor import document as d
from retrocatan.ui.editor import pools
from retrocatan.ui.editor.checks import pips, problem, problems, statistics
from retrocatan.ui.editor.document import Document, EditError
from retrocatan.ui.editor.files import Source, copy_id, draft_warning, load, load_list, save
from retrocatan.ui.maps.files import ScenarioFileError, check_file, storage_name


def two_islands():
    """A small two-island map built with the editor's edits only."""
    doc = Document(d.new_scenario(7, 9))
    for p in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 2), (4, 3), (3, 4)]:
        doc.apply(d.paint, p, "?")
    for p, code in [((3, 7), "W"), ((4, 7), "G"), ((5, 7), "$")]:
        doc.apply(d.paint, p, code)
    doc.apply(d.set_number, (5, 7), 6)
    doc.apply(d.paint, (6, 2), "D")
    doc.apply(d.paint, (5, 2), "S")
    doc.apply(d.place_harbour, (1, 2), "?", "se")
    doc.apply(d.place_harbour, (3, 6), "3:1")
    doc.apply(pools.fit_pools)
    return doc


def test_new_scenario_is_sea_and_says_why_it_does_not_load():
    s = d.new_scenario(5, 6)
    assert len(s.map) == 5 and all(len(r) == 6 and set(r) == {"~"} for r in s.map)
    assert problem(s) == "map: has no land"


def test_two_islands_built_by_edits_loads_in_the_game():
    doc = two_islands()
    s = doc.scenario
    assert problem(s) is None, problem(s)
    back = parse_scenario(dump_scenario(s))
    assert back == s
    assert s.map[4][6] == "$6"
    assert {h.hex for h in s.harbours} == {(1, 2), (3, 6)}
    assert dict(s.terrain_pool) and sum(dict(s.terrain_pool).values()) == 7


def test_undo_and_redo_every_edit():
    doc = two_islands()
    history = []
    doc2 = Document(d.new_scenario(7, 9))
    assert not doc2.can_undo()
    final = doc.scenario
    steps = len(doc.undo_stack)
    while doc.undo():
        history.append(doc.scenario)
    assert doc.scenario == d.new_scenario(7, 9)
    assert len(history) == steps
    for _ in range(steps):
        assert doc.redo()
    assert doc.scenario == final and not doc.redo()
    doc.undo()
    doc.apply(d.paint, (1, 1), "W")      # a new edit forgets what could be redone
    assert not doc.can_redo()


def test_refused_edits_change_nothing():
    doc = two_islands()
    before, depth = doc.scenario, len(doc.undo_stack)
    with pytest.raises(EditError):
        doc.apply(d.set_number, (1, 1), 5)          # sea
    with pytest.raises(EditError):
        doc.apply(d.set_number, (6, 2), 5)          # desert
    with pytest.raises(EditError):
        doc.apply(d.set_number, (5, 2), 7)          # no 7 token
    with pytest.raises(EditError):
        doc.apply(d.place_harbour, (3, 3), "wood")  # land
    with pytest.raises(EditError):
        doc.apply(d.place_harbour, (7, 9), "wood")  # sea far from land
    with pytest.raises(EditError):
        doc.apply(d.paint, (0, 1), "W")
    with pytest.raises(EditError):
        doc.apply(d.set_pirate, (3, 3))
    assert doc.scenario == before and len(doc.undo_stack) == depth
    assert not doc.apply(d.paint, (3, 3), "?")       # no change, no undo step


def test_painting_keeps_numbers_on_land_and_drops_them_elsewhere():
    s = d.paint(d.new_scenario(), (2, 2), "W")
    s = d.set_number(s, (2, 2), 9)
    assert d.paint(s, (2, 2), "C").map[1][1] == "C9"
    assert d.paint(s, (2, 2), "D").map[1][1] == "D"
    assert d.paint(s, (2, 2), "~").map[1][1] == "~"
    assert d.set_number(s, (2, 2), None).map[1][1] == "W"


def test_painting_sea_over_land_removes_harbours_robber_founding_that_lose_their_place():
    doc = two_islands()
    doc.apply(d.set_robber, (3, 3))
    doc.apply(d.toggle_founding, (3, 7))
    doc.apply(d.set_pirate, (7, 5))
    for p in [(3, 7), (4, 7), (5, 7)]:       # the east island sinks
        doc.apply(d.fill, p, "~")
    s = doc.scenario
    assert all(code == "~" for code in (s.map[2][6], s.map[3][6], s.map[4][6]))
    assert (3, 6) not in {h.hex for h in s.harbours}      # faced the sunk island
    assert s.founding == "all" and s.robber == (3, 3) and s.pirate == (7, 5)
    doc.apply(d.paint, (7, 5), "W")
    assert doc.scenario.pirate is None


def test_fill_paints_the_connected_area_only():
    s = d.paint(d.paint(d.new_scenario(5, 5), (1, 1), "W"), (5, 5), "W")
    s = d.fill(s, (3, 3), "B")
    assert s.map[0][0] == "W" and s.map[4][4] == "W"
    assert sum(c == "B" for r in s.map for c in r) == 23
    assert d.region_cells(s, (1, 1)) == [(1, 1)]


def test_neighbours_match_the_games_geometry():
    s = d.paint(d.new_scenario(7, 7), (4, 4), "W")
    shape = s.shape
    from retrocatan.engine.scenario import axial_neighbour
    for y in range(2, 7):
        for x in range(2, 7):
            for side in ("e", "ne", "nw", "w", "sw", "se"):
                ax = axial_neighbour(shape.axial[(y, x)], side)
                assert shape.place[ax] == d.neighbour((y, x), side)


def test_harbour_facing_turns_through_land_sides_only():
    s = d.paint(d.paint(d.new_scenario(5, 5), (3, 3), "W"), (3, 2), "B")
    p = (2, 2)      # row 2 is shifted: its se is (3, 3) and its sw (3, 2)
    assert set(d.land_sides(s, p)) == {"se", "sw"}
    s = d.place_harbour(s, p, "wood", "nw")     # nw is sea: the first land side is taken
    assert d.harbour_at(s, p).side in {"se", "sw"}
    first = d.harbour_at(s, p).side
    s = d.turn_harbour(s, p)
    assert d.harbour_at(s, p).side != first
    s = d.turn_harbour(s, p)
    assert d.harbour_at(s, p).side == first
    assert d.remove_harbour(s, p).harbours == ()


def test_resize_every_edge_keeps_the_shape():
    doc = two_islands()
    s0 = doc.scenario
    for edge in d.EDGES:
        grown = d.resize(s0, edge, True)
        assert problem(grown) is None, (edge, problem(grown))
        # the same land shape: the same land neighbours, the same land corners
        assert len(grown.shape.geometry.land) == len(s0.shape.geometry.land)
        assert sorted(grown.shape.geometry.hex_neighbours) == sorted(s0.shape.geometry.hex_neighbours)
        assert d.resize(grown, edge, False) == s0
    top = d.resize(s0, "top", True)
    assert len(top.map) == len(s0.map) + 2 and top.map[3][1] == s0.map[1][1]
    left = d.resize(s0, "left", True)
    assert left.harbours[0].hex == (s0.harbours[0].hex[0], s0.harbours[0].hex[1] + 1)


def test_resize_limits():
    s = d.new_scenario(1, 1)
    with pytest.raises(EditError):
        d.resize(s, "bottom", False)
    s = d.new_scenario(21, 21)
    with pytest.raises(EditError):
        d.resize(s, "right", True)
    with pytest.raises(EditError):
        d.resize(s, "top", True)


def test_shrinking_drops_what_was_cut_off():
    doc = two_islands()
    s = d.resize(d.resize(doc.scenario, "top", False), "left", False)
    assert all(h.hex[0] >= 1 and h.hex[1] >= 1 for h in s.harbours)
    assert (1, 2) not in {h.hex for h in doc.scenario.harbours} or len(s.harbours) < len(doc.scenario.harbours)


def test_regions_start_from_the_islands_and_follow_the_map():
    doc = two_islands()
    doc.apply(d.mark_region, (2, 2), "c")
    regions = doc.scenario.regions
    assert regions[1][1] == "c" and regions[2][6] != "." and regions[0][0] == "."
    doc.apply(d.paint, (1, 1), "W")         # new land gets a label, as the format requires
    assert doc.scenario.regions[0][0] != "."
    doc.apply(d.paint, (1, 1), "~")
    assert doc.scenario.regions[0][0] == "."
    assert problem(doc.scenario) is None, problem(doc.scenario)
    with pytest.raises(EditError):
        doc.apply(d.mark_region, (7, 9), "a")


def test_the_check_names_the_hex_as_the_game_does():
    s = d.set_number(d.paint(d.new_scenario(), (2, 2), "W"), (2, 2), 5)
    s = d.paint(s, (4, 4), "?")
    from dataclasses import replace
    s = replace(s, placement="spiral")
    msg = problem(s)
    assert msg and "row 2, column 2" in msg
    with pytest.raises(Exception) as e:
        parse_scenario(dump_scenario(s))
    assert str(e.value) == msg


def test_options_are_kept_only_when_not_the_default():
    s = d.set_option(d.new_scenario(), "friendly_robber", True)
    assert dict(s.options) == {"friendly_robber": True} and d.option_value(s, "friendly_robber") is True
    assert d.set_option(s, "friendly_robber", False).options == ()
    with pytest.raises(EditError):
        d.set_option(s, "seed", 3)


def test_players_bring_their_components():
    s = d.set_players(d.new_scenario(), (5, 6))
    assert s.components == "extension"
    assert d.set_players(s, (3,)).components == "base"
    with pytest.raises(EditError):
        d.set_players(s, (4, 5))


def test_pool_and_token_counts():
    s = pools.set_pool_count(d.new_scenario(), "terrain_pool", "gold", 2)
    assert dict(s.terrain_pool) == {"gold": 2}
    s = pools.set_pool_count(s, "terrain_pool", "gold", 0)
    assert s.terrain_pool == ()
    s = pools.set_token_count(d.new_scenario(), "tokens", 8, 2)
    s = pools.set_token_count(s, "tokens", 5, 1)
    assert s.tokens == (8, 8, 5)
    assert pools.set_token_count(s, "tokens", 8, 1).tokens == (8, 5)


def test_statistics_count_pips_per_resource():
    assert [pips(n) for n in (2, 3, 6, 8, 12)] == [1, 2, 5, 5, 1]
    s = d.paint(d.new_scenario(), (2, 2), "W")
    s = d.set_number(s, (2, 2), 6)
    s = d.set_number(d.paint(s, (2, 3), "C"), (2, 3), 11)
    st = statistics(s)
    assert st["pips"]["wood"] == 5 and st["pips"]["coal"] == 2 and st["per_number"][6] == 1
    base = statistics(scenarios.load("base-3-4"))
    assert base["total_pips"] == pytest.approx(58)      # the 18 tokens of the base game
    assert sum(base["per_number"].values()) == 18


@pytest.mark.parametrize("sid", scenarios.available())
def test_every_shipped_scenario_round_trips_through_the_editor(sid):
    storage = MemoryStorage()
    s = load(storage, Source("shipped", sid))
    doc = Document(s)
    assert dump_scenario(doc.scenario) == scenarios.text(sid)       # identical file
    doc.apply(d.paint, (1, 1), "W" if doc.scenario.map[0][0] != "W" else "~")
    doc.undo()
    assert dump_scenario(doc.scenario) == scenarios.text(sid)
    saved, where = save(storage, doc.scenario, Source("shipped", sid))
    assert where.kind == "user" and saved.id == f"{sid}-copy"       # read-only: a copy
    text = storage.files[storage_name(saved.id)]
    assert text == scenarios.text(sid).replace(f'"id": "{sid}"', f'"id": "{sid}-copy"', 1)
    assert load(storage, where) == saved
    # the copy saved again is the same file
    save(storage, saved, where)
    assert storage.files[storage_name(saved.id)] == text


def test_save_refuses_damaged_files_and_other_scenarios_of_the_same_id():
    storage = MemoryStorage()
    s = two_islands().scenario
    storage.files[storage_name(s.id)] = '{"format": "retrocatan-scenario", "versi'
    with pytest.raises(ScenarioFileError, match="damaged"):
        save(storage, s, Source("new"))
    assert storage.files[storage_name(s.id)].endswith("versi")     # untouched
    del storage.files[storage_name(s.id)]
    save(storage, s, Source("new"))
    with pytest.raises(ScenarioFileError, match="another scenario"):
        save(storage, s, Source("new"))
    save(storage, s, Source("new"), replace_other=True)
    save(storage, s, Source("user", s.id))


def test_a_draft_with_problems_saves_and_opens_again_but_the_game_refuses_it(tmp_path):
    storage = DirStorage(str(tmp_path))
    draft = d.paint(d.new_scenario(), (2, 2), "W")          # one forest: no tokens, no room to found
    found = problems(draft)
    assert len(found) >= 2 and draft_warning(draft) == found[0].text
    saved, where = save(storage, draft, Source("new"))
    text = storage.read(storage_name(saved.id), 10**6)
    assert text == dump_scenario(draft) and saved == draft
    assert load(storage, where) == draft                     # the editor opens it again...
    with pytest.raises(ScenarioError) as e:
        parse_scenario(text)                                 # ...the game does not
    assert str(e.value) == found[0].text
    path = tmp_path / "draft.json"
    path.write_text(text, encoding="utf-8")
    got, lines = check_file(str(path))
    assert got is None and lines == [f"{path}: {found[0].text}"] + [p.text for p in found[1:]]
    # a draft saved to a file named on the command line, written in place; a damaged file is never overwritten
    save(storage, draft, Source("path", str(path)))
    assert path.read_text(encoding="utf-8") == text
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "retrocatan-scenario", "map": [', encoding="utf-8")
    with pytest.raises(ScenarioFileError, match="damaged"):
        save(storage, draft, Source("path", str(broken)))
    assert broken.read_text(encoding="utf-8").endswith('"map": [')
    # saving it again, fixed, replaces the draft in place
    doc = Document(draft)
    doc.apply(d.paint, (3, 3), "?")
    save(storage, doc.scenario, where)
    assert storage.read(storage_name(saved.id), 10**6) == dump_scenario(doc.scenario)


def test_load_list_has_no_limit_and_copy_ids_are_fresh():
    storage = MemoryStorage()
    for i in range(120):
        storage.files[storage_name(f"s{i}")] = "x"
    storage.files["autosave"] = "{}"
    lst = load_list(storage)
    assert len([x for x in lst if x.kind == "user"]) == 120
    assert len([x for x in lst if x.kind == "shipped"]) == len(scenarios.available())
    storage.files[storage_name("base-3-4-copy")] = "x"
    assert copy_id(storage, "base-3-4") == "base-3-4-copy-2"


HOSTILE = {
    "truncated": '{"format": "retrocatan-scenario", "version": 1, "id": "x", "na',
    "wrong types": scenarios.text("four-islands").replace('"vp_target": 13', '"vp_target": "13"'),
    "huge map": scenarios.text("base-3-4").replace('"map": [', '"map": [' + '"~ ~", ' * 30, 1),
    "number on sea": scenarios.text("base-3-4").replace('".   .   ~   ~', '".   .   ~5  ~', 1),
    "unknown code": scenarios.text("base-3-4").replace('".   .   ~   ~', '".   .   Q   ~', 1),
    "not json": "\x00\x01binary",
    "deep": "[" * 5000 + "]" * 5000,
    "too large": " " * (300 * 1024),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_files_are_refused_with_one_line(kind, tmp_path):
    storage = DirStorage(str(tmp_path))
    storage.write(storage_name("bad"), HOSTILE[kind])
    with pytest.raises(ScenarioFileError) as e:
        load(storage, Source("user", "bad"))
    msg = str(e.value)
    assert "\n" not in msg and 0 < len(msg) <= 300
    path = os.path.join(str(tmp_path), "bad.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(HOSTILE[kind])
    with pytest.raises(ScenarioFileError):
        load(storage, Source("path", path))


def test_random_edits_never_break_the_check_or_the_writer():
    import random
    rng = random.Random(1996)
    doc = Document(d.new_scenario(5, 6))
    edits = 0
    loads = 0
    for _ in range(900):        # some 550 edits (the assertion below asks for 500)
        rows, cols = len(doc.scenario.map), len(doc.scenario.map[0])
        p = (rng.randint(0, rows + 1), rng.randint(0, cols + 1))
        choice = rng.randrange(12)
        try:
            if choice < 4:
                doc.apply(d.paint, p, rng.choice(d.PAINT_CODES))
            elif choice == 4:
                doc.apply(d.set_number, p, rng.choice((None, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12)))
            elif choice == 5:
                doc.apply(d.place_harbour, p, rng.choice(("3:1", "wood", "?")))
            elif choice == 6:
                doc.apply(d.resize, rng.choice(d.EDGES), rng.random() < 0.6)
            elif choice == 7:
                doc.apply(pools.fit_pools)
            elif choice == 8:
                doc.apply(d.mark_region, p, rng.choice("abc"))
            elif choice == 9:
                doc.apply(d.toggle_founding, p)
            elif choice == 10:
                doc.apply(d.fill, p, rng.choice(d.PAINT_CODES))
            else:
                doc.undo() if rng.random() < 0.7 else doc.redo()
            edits += 1
        except EditError as e:
            assert "\n" not in str(e)
        msg = problem(doc.scenario)
        found = problems(doc.scenario)
        assert msg == (found[0].text if found else None)
        assert all("\n" not in p.text and len(p.text) <= 240 for p in found)
        assert len({p.text for p in found}) == len(found)          # each problem once
        if msg is None:
            loads += 1
            assert parse_scenario(dump_scenario(doc.scenario)) == doc.scenario
        else:
            with pytest.raises(ScenarioError, match=re.escape(msg)):
                parse_scenario(dump_scenario(doc.scenario))        # the game names the first one
        statistics(doc.scenario)
    assert edits > 500 and loads > 20
