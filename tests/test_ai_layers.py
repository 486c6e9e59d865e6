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
