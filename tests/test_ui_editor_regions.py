"""The editor opens a file whose regions are empty or short (as ``retrocatan edit FILE`` does),
walks its cursor over every row with the regions shown, and marks a region there."""

import json

import pytest
from ui_robot import Robot

from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import App
from retrocatan.ui.editor.scene import EditorScene
from retrocatan.ui.editor.tool_bar import TOOLS
from retrocatan.ui.maps.files import load_path


@pytest.mark.parametrize("regions", [[], ["."], "short rows"])
def test_regions_empty_or_short_do_not_break_the_editor(pyxel_headless, tmp_path, regions):
    with open("retrocatan/scenarios/through-the-desert.json", encoding="utf-8") as f:
        d = json.load(f)
    d["id"] = "short-regions"
    d["regions"] = [row[:9] for row in d["regions"][:-1]] if regions == "short rows" else regions
    path = tmp_path / "short-regions.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    scenario = load_path(str(path), draft=True)
    app = App(can_quit=False, storage=MemoryStorage())
    bot = Robot(app, "keyboard")
    app.switch(EditorScene(app, scenario))
    scene = app.scene
    bot.frame()
    scene.tool = next(i for i, tool in enumerate(TOOLS) if tool[0] == "region")    # the regions shown
    rows, cols = len(scenario.map), len(scenario.map[0])
    for _row in range(rows):
        for _ in range(cols):
            bot.press("right")
        bot.press("down")
    assert scene.cursor[0] == rows
    from retrocatan.ui.editor import document as doc
    land = max((y + 1, x + 1) for y, row in enumerate(scenario.map) for x, c in enumerate(row) if c[0] in "WBSGCD?")
    marked = doc.mark_region(scenario, land, "z")
    assert doc.region_label(marked, land) == "z"
