"""The computer players ask the layer's part, as the engine asks its rules
(``ai/layers.py``; docs/engine.md): a game's board names its layer, and
what the planner and the Expert weigh differently there comes from the
part registered under that name; generic code never reaches into a layer's
package."""

from __future__ import annotations

import ast
import os
from types import SimpleNamespace

import pytest

from retrocatan.ai import layers
from retrocatan.ai.expert_plan import ExpertPlan
from retrocatan.ai.layers import MapPlan, layer_part, part_for, plan_for
from retrocatan.ai.seafarers.expert import SeaExpertPlan
from retrocatan.ai.seafarers.plan import SeaPlan
from retrocatan.engine import Game, GameConfig
from retrocatan.scenarios import options as scenario_options

AI = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "retrocatan", "ai")


def test_each_board_gets_its_layer_s_parts():
    base = Game(GameConfig(players=4, seed=1)).state.board
    sea = Game(GameConfig(players=4, seed=1, **scenario_options("new-shores", 4))).state.board
    assert type(plan_for(base)) is MapPlan and type(part_for(ExpertPlan, base)) is ExpertPlan
    assert type(plan_for(sea)) is SeaPlan and type(part_for(ExpertPlan, sea)) is SeaExpertPlan
    assert plan_for(sea) is plan_for(sea)          # one object per part and layer: it holds no state


def test_a_layer_without_a_part_plays_the_base_game_s():
    board = SimpleNamespace(layer="no-such-layer")
    assert type(plan_for(board)) is MapPlan and type(part_for(ExpertPlan, board)) is ExpertPlan


def test_a_layer_has_one_part_of_each_kind(monkeypatch):
    monkeypatch.setattr(layers._PARTS, "_classes", dict(layers._PARTS._classes))
    with pytest.raises(ValueError):
        @layer_part("seafarers")
        class Another(MapPlan):
            pass


def test_generic_ai_modules_import_no_layer_package():
    """Only ``ai/seafarers/`` knows the Seafarers layer: no module directly
    in ``retrocatan/ai/`` imports the engine's or the AI's layer package."""
    for name in sorted(os.listdir(AI)):
        if not name.endswith(".py") or name == "__init__.py":
            continue
        with open(os.path.join(AI, name), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert "seafarers" not in (node.module or ""), (name, node.module)


def _project_classes() -> list[type]:
    """Every class defined in ``retrocatan/ai/`` (its modules imported)."""
    import importlib
    import inspect
    import pkgutil

    import retrocatan.ai
    found = []
    for info in pkgutil.walk_packages(retrocatan.ai.__path__, "retrocatan.ai."):
        module = importlib.import_module(info.name)
        found += [c for _, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == info.name]
    return found


def test_no_computer_player_class_stands_on_more_than_three_classes_of_the_project():
    """The players are composed, not stacked: a class of ``retrocatan/ai/``
    has at most 3 classes of the project in its method resolution order
    (itself included; a layer's part and the part it subclasses are 2)."""
    classes = _project_classes()
    assert len(classes) > 20
    tall = {c.__qualname__: [k.__qualname__ for k in c.__mro__ if k.__module__.startswith("retrocatan.")]
            for c in classes}
    assert {name: mro for name, mro in tall.items() if len(mro) > 3} == {}


class _Guarded:
    """A part's context as a layer's part sees it: only the members
    ``allowed`` (the declared ones) may be read; each read is noted."""

    def __init__(self, ctx, allowed: frozenset, read: set) -> None:
        object.__setattr__(self, "_ctx", (ctx, allowed, read))

    def __getattr__(self, name: str):
        ctx, allowed, read = object.__getattribute__(self, "_ctx")
        assert name in allowed, f"a layer's part reads {name!r} of its {type(ctx).__name__}"
        read.add((type(ctx).__name__, name))
        value = getattr(ctx, name)
        if name == "planner":       # the Expert's context hands on the planner's, guarded as well
            return _Guarded(value, _declared(value), read)
        return value


def _declared(ctx) -> frozenset:
    """The members a context declares: a ``Planner``'s slots, an
    ``ExpertContext``'s fields and public methods."""
    import dataclasses
    names = getattr(type(ctx), "__slots__", ())
    if dataclasses.is_dataclass(ctx):
        names = [f.name for f in dataclasses.fields(ctx)] + [n for n in vars(type(ctx)) if callable(
            getattr(type(ctx), n)) and not n.startswith("_")]
    return frozenset(n for n in names if not n.startswith("_"))


def test_a_layer_s_parts_get_only_the_declared_context_never_the_player(monkeypatch):
    """Every method of the Seafarers layer's parts (and its gold phase) is
    handed the planner (a ``Planner``) or the Expert's context (an
    ``ExpertContext``), never a player, and reads only what that context
    declares: whole games of every level on scenario maps play through
    guarded contexts that refuse anything else."""
    from retrocatan.ai import make_player
    from retrocatan.ai.expert import ExpertContext
    from retrocatan.ai.planner import Planner

    read: set = set()
    kinds: set = set()

    def guard(fn, kind):
        def guarded(*args):
            i = 1 if isinstance(args[0], (MapPlan, ExpertPlan)) else 0     # a method (self first) or a function
            ctx = args[i]
            assert type(ctx) is kind, f"{fn.__qualname__} got a {type(ctx).__name__}"
            kinds.add(kind)
            return fn(*args[:i], _Guarded(ctx, _declared(ctx), read), *args[i + 1:])
        return guarded

    for part, kind in ((SeaPlan, Planner), (SeaExpertPlan, ExpertContext)):
        for name in dir(part):
            fn = getattr(part, name)
            if not name.startswith("_") and callable(fn) and fn.__code__.co_varnames[1:2] in (("ctx",), ("planner",)):
                monkeypatch.setattr(part, name, guard(fn, kind))     # a method given the context
    monkeypatch.setattr(SeaPlan, "phases", {ph: guard(fn, Planner) for ph, fn in SeaPlan.phases.items()})
    for scenario, levels in (("new-shores", ["expert", "hard", "normal", "easy"]),
                             ("fog-island", ["hard", "expert", "hard", "normal"])):
        cfg = GameConfig(players=4, seed=7, **scenario_options(scenario, 4))
        game = Game(cfg)
        players = [make_player(lv, cfg.seed, s) for s, lv in enumerate(levels)]
        while not game.over and game.state.turn < 60:
            game.apply(players[game.decider].choose(game))
    assert kinds == {Planner, ExpertContext}
    assert {m for k, m in read if k == "Planner"} >= {"figures", "corners", "goals", "judge", "memory", "tables"}
    assert {m for k, m in read if k == "ExpertContext"} >= {"planner", "look_ahead", "trading", "seat", "hard"}


def test_no_part_of_the_computer_players_reaches_into_another_object_s_private_members():
    """Parts talk through public methods: in ``retrocatan/ai/`` a name
    with a leading underscore is read only on ``self`` (or a dunder)."""
    for folder, _, files in os.walk(AI):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                    owner = node.value
                    assert isinstance(owner, ast.Name) and owner.id in ("self", "cls"), \
                        f"{os.path.relpath(path, AI)}:{node.lineno}: {ast.unparse(node)}"
