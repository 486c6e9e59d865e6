"""The rules as layers (issue 21, docs/engine.md): the base rule modules know
nothing of the Seafarers layer; every hook the layer overrides exists on
the base rules with the same signature; one module puts a piece (the only
emitter of ``build``, the only trigger of route updates); and rules whose
code moved with the layering, checked on exact positions."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from retrocatan.engine import Game, actions, awards, events, phases
from retrocatan.engine.components import COST_CITY, COST_ROAD, COST_SETTLEMENT
from retrocatan.engine.faces import Faces
from retrocatan.engine.layers import rules_for
from retrocatan.engine.pieces import PLACE
from retrocatan.engine.position import Position
from retrocatan.engine.rules import Rules
from retrocatan.engine.seafarers import COST_SHIP
from retrocatan.engine.seafarers.faces import SeaFaces
from retrocatan.engine.seafarers.rules import SeafarersRules
from tests.positions import path
from tests.sea_positions import cards, coast_corners, corners_of, position, sea_position
from tests.sea_positions import path as sea_path

ENGINE = Path(__file__).resolve().parent.parent / "retrocatan" / "engine"

# The map modules (docs/engine.md): the board, its geometry, scenario files and options.
MAP_MODULES = {"geometry.py", "board.py", "new_world.py", "config.py", "targets.py", "options.py",
               "rule_options.py", "components.py"}
# The package's door: it imports each layer once so that the layer registers
# itself (docs/engine.md); it holds no rule.
DOOR = "__init__.py"

WORDS = re.compile(r"\b(ships?|pirates?|gold|fog|sea|seafarers|island bonus(es)?|explor\w*)\b", re.IGNORECASE)


def base_rule_modules() -> list[Path]:
    return sorted(p for p in ENGINE.glob("*.py")
                  if p.name not in MAP_MODULES and p.name != DOOR and not p.name.startswith("scenario"))


def _imports_the_layer(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any("seafarers" in a.name.split(".") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom):
            if node.module and "seafarers" in node.module.split("."):
                return True
            if any(a.name == "seafarers" for a in node.names):
                return True
    return False


def measure() -> dict[str, tuple[int, bool]]:
    """For each base rule module: (lines naming the layer's words, imports the layer)."""
    out = {}
    for p in base_rule_modules():
        text = p.read_text(encoding="utf-8")
        out[p.name] = (sum(1 for line in text.splitlines() if WORDS.search(line)),
                       _imports_the_layer(ast.parse(text)))
    return out


def test_the_measurement_sees_the_words_and_imports_it_looks_for():
    assert WORDS.search("st.sea.pirate") and WORDS.search("# Island bonuses") and WORDS.search("explored")
    assert not WORDS.search("_sea_tables seaside gilded research")
    for src in ("from . import seafarers", "from .seafarers.state import X", "import retrocatan.engine.seafarers",
                "from ..engine.seafarers import actions as A"):
        assert _imports_the_layer(ast.parse(src)), src
    assert not _imports_the_layer(ast.parse("from . import build, rules"))
    names = {p.name for p in base_rule_modules()}
    assert {"game.py", "build.py", "rules.py", "placing.py", "moves.py", "turn.py"} <= names
    assert not names & (MAP_MODULES | {DOOR, "scenario.py", "scenario_read.py"})


def test_no_base_rule_module_names_or_imports_the_layer():
    found = measure()
    assert len(found) >= 25
    for name, (words, imports) in found.items():
        assert words == 0, f"{name}: {words} lines name ships, the pirate, gold, fog, the sea or explorers"
        assert not imports, f"{name} imports the Seafarers layer"


def _params(fn) -> list[tuple]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(fn).parameters.values()]


@pytest.mark.parametrize("layer,base", [(SeafarersRules, Rules), (SeaFaces, Faces)])
def test_every_hook_a_layer_overrides_exists_on_the_base_with_the_same_signature(layer, base):
    made_layer, made_base = rules_for("seafarers"), rules_for("base")
    hooks = [n for n, v in vars(layer).items() if not n.startswith("__")]
    assert layer is SeaFaces or {"moves", "handlers", "place_piece", "after_place", "turn_start"} <= set(hooks)
    for name in hooks:
        assert hasattr(base, name), f"{layer.__name__}.{name} is no extension point of {base.__name__}"
        mine, theirs = getattr(made_layer, name), getattr(made_base, name)
        if callable(theirs):
            assert callable(mine) and _params(mine) == _params(theirs), f"{name}: signatures differ"
        else:
            assert type(mine) is type(theirs), f"{name}: a {type(theirs).__name__} on the base"


def _calls(attr: str) -> list[tuple[str, str]]:
    """(module, enclosing function) of every call of ``<something>.attr(...)`` or
    ``attr(...)`` in the engine and its layers."""
    out = []
    for p in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Call):
                    f = node.func
                    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
                    if name == attr:
                        out.append((str(p.relative_to(ENGINE)), getattr(fn, "name", "<lambda>")))
    return sorted(set(out))


def _build_dicts() -> list[str]:
    """Modules that write an event dict of type "build" themselves."""
    out = []
    for p in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values):
                    if (isinstance(k, ast.Constant) and k.value == "type" and isinstance(v, ast.Constant)
                            and v.value == "build"):
                        out.append(str(p.relative_to(ENGINE)))
    return out


def test_one_function_emits_build_and_one_triggers_route_updates():
    # ``E.build``/``events.build``: only placing.put; the dict itself only in events.build.
    builds = [c for c in _calls("build") if c[1] != "<lambda>"]
    assert builds == [("placing.py", "put")], builds
    assert _build_dicts() == ["events.py"]
    # The Longest Trade Route is recomputed from one place.
    assert _calls("update_longest_route") == [("placing.py", "update_routes")]
    assert [c for c in _calls("update_routes")] == [("placing.py", "_settled"), ("placing.py", "move"),
                                                      ("placing.py", "put")]


# --- the layer's declarations ------------------------------------------------------------------------
def test_the_layers_kinds_keep_their_text_and_events_their_names():
    from retrocatan.engine.seafarers import actions as SA
    from retrocatan.engine.seafarers import events as SE
    from retrocatan.engine.seafarers import phases as SP
    for text in ("ship 34", "move 34 40", "pirate 61", "pirate 61 p2", "gold W"):
        assert str(actions.parse_action(text)) == text
    assert actions.parse_action("move 3 9") == actions.Action(SA.MOVE_SHIP, 3, 9)
    assert (SA.SHIP, SA.MOVE_SHIP, SA.PIRATE, SA.GOLD) == ("ship", "move_ship", "pirate", "gold")
    assert SP.GOLD == "gold" and SP.GOLD in phases.ALL and SP.MAIN == phases.MAIN
    assert {"ship_moved", "pirate", "gold_due", "gold_choice", "gold_lost", "explore",
            "island_bonus"} <= set(events.KINDS)
    assert SE.build is events.build and PLACE["ship"] == "edge" and PLACE["pirate"] == "hex"
    with pytest.raises(ValueError, match="taken"):
        actions.declare("ship", "boat", (1,), str, None, "n")
    with pytest.raises(ValueError, match="taken"):
        events.declare("gold_due", "players", "twice")
    with pytest.raises(actions.ActionSyntaxError, match="wrong number"):
        actions.parse_action("move 3")


def test_the_pieces_tables_of_the_layers():
    base, sea = rules_for("base"), rules_for("seafarers")
    assert set(base.pieces) == {"road", "settlement", "city"} and "ship" not in base.pieces
    assert sea.pieces["ship"].cost == COST_SHIP and sea.pieces["ship"].place == "edge"
    assert sea.pieces["ship"].stock == 15 and [base.pieces[k].stock for k in ("road", "settlement", "city")] == [
        15, 5, 4]
    assert [sea.pieces[k].cost for k in ("road", "settlement", "city")] == [COST_ROAD, COST_SETTLEMENT, COST_CITY]
    assert Game(seed=3).state.rules is base
    # each piece's supply is the key of the players' supplies in the state, with its stock at the start
    for rules, game in ((base, Game(seed=3)), (sea, Game(sea_position().config))):
        assert {piece.supply: piece.stock for piece in rules.pieces.values()} == game.state.pieces[0]


# --- rules whose code moved, on exact positions ---------------------------------------------------------
def _ev(events_, kind):
    return [e for e in events_ if e["type"] == kind]


def _edge(g, a, b):
    return g.state.geo.edge_index[(min(a, b), max(a, b))]


def test_a_bought_road_city_and_settlement_each_emit_one_build_with_their_place():
    # docs/rules.md 9.1-9.4: paid cards go to the bank; a road at the player's own building,
    # a settlement on a free corner touched by an own road, a city replacing an own settlement.
    pos = Position(players=4)
    corners = path(pos.dealt(), 0, 3)
    g = (pos.settlement(0, corners[0]).road_path(0, corners[:3])
         .hand(0, wood=2, brick=2, sheep=1, wheat=3, coal=3).turn(0).build())
    bank = list(g.state.bank)
    last = _edge(g, corners[2], corners[3])
    ev = g.apply(f"R{last}")
    assert _ev(ev, "build") == [{"type": "build", "player": 0, "piece": "road", "at": last, "place": "edge"}]
    assert g.state.route_len[0] == 3 and g.state.bank[0] == bank[0] + 1 and g.state.built
    ev = g.apply(f"S{corners[3]}")
    assert [(e["piece"], e["place"]) for e in _ev(ev, "build")] == [("settlement", "corner")]
    ev = g.apply(f"C{corners[0]}")
    assert [(e["piece"], e["place"]) for e in _ev(ev, "build")] == [("city", "corner")]
    assert g.state.hands[0] == [0, 0, 0, 0, 0] and g.vp(0) == 3


def test_a_settlement_that_cuts_a_road_moves_the_longest_route_at_once():
    # docs/rules.md 9.5 and 11.3: with cut_roads=lost the cut roads go back to their owner, and
    # "when the holder's route is broken, a clear longest route of 5+ takes the card; with ... no
    # route of 5+, the card is set aside".
    pos = Position(players=4, cut_roads="lost")
    geo = pos.dealt().state.geo
    corners = path(pos.dealt(), 0, 6)
    y = next(d for d in geo.corner_corners[corners[2]] if d not in corners)
    x = next(d for d in geo.corner_corners[y] if d != corners[2] and d not in corners
             and not set(geo.corner_corners[d]) & set(corners))
    g = (pos.settlement(1, corners[6]).road_path(1, corners).settlement(0, x).road_path(0, [x, y, corners[2]])
         .hand(0, **cards(COST_SETTLEMENT)).awards(longest=1).turn(0).build())
    assert g.state.longest == 1 and g.state.route_len[1] == 6
    ev = g.apply(f"S{corners[2]}")
    assert _ev(ev, "roads_lost") == [{"type": "roads_lost", "player": 1,
                                      "edges": sorted(_edge(g, a, b) for a, b in zip(corners[:2], corners[1:3]))}]
    assert g.state.route_len[1] == 4 and g.state.longest == -1 and g.state.pieces[1]["roads"] == 15 - 4
    assert _ev(ev, "longest_route") == [{"type": "longest_route", "player": -1, "from": 1, "length": 0}]


def test_road_building_lays_a_free_road_and_a_free_ship_that_may_not_move_this_turn():
    # docs/rules.md 14.7: "Road Building lays two free pieces: roads, ships, or one of each";
    # 14.5: not a ship built in this turn moves.
    game = sea_position()
    st = game.state
    c = coast_corners(game)[0]
    road = next(e for e in st.geo.corner_edges[c] if st.board.edge_road[e])
    g = position().settlement(0, c, began=True).dev_cards(0, road_building=1).turn(0).build()
    g.apply("roads")
    assert g.phase == phases.ROAD_BUILDING
    ev = g.apply(f"R{road}")
    ship = next(a.a for a in g.legal_actions() if a.kind == "ship")
    ev += g.apply(f"ship {ship}")
    assert [(e["piece"], e["at"], e["place"], e.get("free")) for e in _ev(ev, "build")] == [
        ("road", road, "edge", True), ("ship", ship, "edge", True)]
    assert g.phase == phases.MAIN and g.state.free_roads == 0 and g.state.hands[0] == [0] * 5
    assert g.state.sea.new_ships == [ship] and not [a for a in g.legal_actions() if a.kind == "move_ship"]


def test_a_founding_ship_goes_on_to_the_next_founder():
    # docs/rules.md 14.11: "With each founding settlement the player lays a road, or a ship if the
    # settlement stands on a coast."
    g = Game(sea_position().config)
    st = g.state
    first = g.decider
    g.apply(f"S{coast_corners(g)[0]}")
    ship = next(a for a in g.legal_actions() if a.kind == "ship")
    ev = g.apply(ship)
    assert [(e["piece"], e["place"], e.get("free")) for e in _ev(ev, "build")] == [("ship", "edge", None)]
    assert g.phase == phases.SETUP_SETTLEMENT and g.decider != first
    assert st.sea.new_ships == [] and st.sea.ship_edges[first] == [ship.a] and st.route_len[first] == 1


def test_a_moved_ship_updates_the_route_at_once():
    # docs/rules.md 14.5-14.6: the ship at the open end moves; the route counts roads and ships.
    game = sea_position()
    c = coast_corners(game)[0]
    line = sea_path(game, c, lambda x, c=c: len(sea_path(game, c, lambda y: y == x, lane="ship")) == 3,
                    lane="ship")
    g = position().settlement(0, c, began=True).ship_path(0, corners_of(game, line, c)).turn(0).build()
    assert g.state.route_len[0] == 3
    for move in [a for a in g.legal_actions() if a.kind == "move_ship"]:
        h = g.copy()
        ev = h.apply(move)
        assert _ev(ev, "ship_moved") == [{"type": "ship_moved", "player": 0, "from": move.a, "to": move.b}]
        assert h.state.route_len[0] == awards.route_length(h.state, 0) and h.state.built
        assert not [a for a in h.legal_actions() if a.kind == "move_ship"]
    # the last ship moved to a branch at the first ship's far corner: two ships in a line at most
    corners = corners_of(game, line, c)
    branch = [m for m in g.legal_actions() if m.kind == "move_ship" and m.b not in line
              and corners[1] in g.state.geo.edge_corners[m.b] and corners[2] not in g.state.geo.edge_corners[m.b]]
    assert branch
    ev = g.apply(branch[0])
    assert g.state.route_len[0] == 2


def test_the_guides_worked_example_plugs_in_where_the_guide_says():
    # docs/engine.md, "Adding a rule": harbour towns, a settlement built on a 2:1 harbour takes one
    # card of that harbour's resource, written in one place (after_place) of a layer of its own.
    from retrocatan.engine.components import RESOURCES
    from retrocatan.engine.placing import BOUGHT

    class HarbourTowns(Rules):
        name = "harbour_towns_test"

        def after_place(self, st, p, piece, at, how, events):
            super().after_place(st, p, piece, at, how, events)
            kind = st.board.corner_harbour[at] if piece == "settlement" and how == BOUGHT else None
            if kind in RESOURCES and st.bank[RESOURCES.index(kind)]:
                r = RESOURCES.index(kind)
                st.bank[r] -= 1
                st.hands[p][r] += 1

    assert _params(HarbourTowns().after_place) == _params(Rules().after_place)
    pos = Position(players=4)
    st0 = pos.dealt().state
    geo, harbour = st0.geo, st0.board.corner_harbour
    h = next(c for c in range(len(geo.corner_xy)) if harbour[c] in RESOURCES
             and any(harbour[d] is None for d in geo.corner_corners[c]))
    y = next(d for d in geo.corner_corners[h] if harbour[d] is None)
    x = next(d for d in geo.corner_corners[y] if d != h and d not in geo.corner_corners[h])
    r = RESOURCES.index(harbour[h])
    for rules, gift in ((None, 0), (HarbourTowns(), 1)):
        g = (Position(players=4).settlement(0, x).road_path(0, [x, y, h]).hand(0, **cards(COST_SETTLEMENT))
             .turn(0).build())
        if rules is not None:       # the game plays the layer (as GameState.rules names it)
            g.state.rules = rules
            g._init(g.state)
        ev = g.apply(f"S{h}")
        assert [(e["piece"], e["at"]) for e in _ev(ev, "build")] == [("settlement", h)]
        assert g.state.hands[0][r] == gift and g.state.ratio[0][r] == 2
