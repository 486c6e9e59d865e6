"""The board view in parts (issue 44): the generic board modules ask the
rules layer for its parts and never test the layer or probe the board;
each module stays within the 450-line limit."""

import ast
import pathlib

import pytest

from retrocatan import scenarios
from retrocatan.engine import Game, GameConfig
from retrocatan.ui.board.labels import Labels
from retrocatan.ui.board.pieces import Pieces
from retrocatan.ui.board.terrain import Terrain
from retrocatan.ui.board_view import BoardView
from retrocatan.ui.layout import BOARD_AREA

UI = pathlib.Path(__file__).resolve().parent.parent / "retrocatan" / "ui"
GENERIC = sorted((UI / "board").glob("*.py")) + [UI / "board_view.py", UI / "art.py", UI / "layout.py",
                                                 UI / "palette.py"]
BOARD_FILES = GENERIC + sorted((UI / "seafarers").glob("board*.py"))


def _layer_tests(path: pathlib.Path) -> list[str]:
    """Lines of ``path`` that probe an object (getattr, hasattr) or compare a layer's name."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
            out.append(f"{path.name}:{node.lineno} {node.func.id}")
        if isinstance(node, ast.Compare):
            names = [n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)]
            consts = [n.value for n in ast.walk(node) if isinstance(n, ast.Constant)]
            if "layer" in names or {"base", "seafarers"} & set(consts):
                out.append(f"{path.name}:{node.lineno} compares the layer")
        if isinstance(node, ast.Attribute) and node.attr == "sea_map":
            out.append(f"{path.name}:{node.lineno} sea_map")
    return out


def test_the_check_sees_a_layer_test(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("if board.layer != 'base' or getattr(b, 'ships', 0) or self.sea_map:\n    pass\n")
    assert len(_layer_tests(probe)) == 3


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: p.name)
def test_the_generic_board_code_never_tests_the_layer(path):
    assert _layer_tests(path) == []


@pytest.mark.parametrize("path", BOARD_FILES, ids=lambda p: p.name)
def test_every_board_module_is_at_most_450_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 450


@pytest.mark.parametrize("sid", ["base-3-4", "fog-island"])
def test_a_board_view_draws_with_its_layers_parts(sid):
    n = scenarios.load(sid).players[0]
    board = Game(GameConfig(players=n, seed=1, **scenarios.options(sid, n))).board
    view = BoardView(board, *BOARD_AREA)
    parts = (view.pieces, view.labels, view.terrain)
    bases = (Pieces, Labels, Terrain)
    if board.layer == "base":
        assert [type(p) for p in parts] == list(bases)
    else:
        assert all(isinstance(p, b) and type(p) is not b for p, b in zip(parts, bases))
        assert "pennant" in view.pieces.CORNER_PIECES and view.places()["ship"]


@pytest.mark.parametrize("scenario,players", [("base-3-4", 4), ("four-islands", 4), ("new-world-5-6", 6)])
def test_a_thumbnail_shows_no_tokens_or_harbours_and_the_game_s_map_every_one(pyxel_headless, scenario, players):
    """A map drawn as small as My games' picture would be covered by its tokens
    and harbour signs: a thumbnail shows the land and the pieces only. The
    game screen's map, in both its layouts, has every token and harbour."""
    board = Game(scenarios.config_for(scenario, players, seed=3)).state.board
    small = BoardView(board, 376, 64, 204, 192, scroll=False, thumbnail=True)
    lay = small.layouts[small.mode]
    assert small.terrain.static_items(lay, None)["tokens"] == []
    assert small.terrain.static_items(lay, None)["harbours"] == []
    big = BoardView(board, *BOARD_AREA)
    numbered = {h for h, n in enumerate(board.numbers) if n and board.terrain[h] not in big.labels.NUMBERLESS}
    for mode, lay in big.layouts.items():
        items = big.terrain.static_items(lay, None)
        assert {h for h, *_ in items["tokens"]} == numbered, mode
        assert len(items["harbours"]) == len(board.harbour_places), mode
