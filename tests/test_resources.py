"""The resources/ folder: found by one locator, packaged as
retrocatan.resources, the sprite sheet's palette is the EGA one, and the
sprites drawn from the sheet look as they should."""

import os
import tomllib

import pytest

from retrocatan.resources_path import FOLDERS, resource_path
from retrocatan.ui import art
from retrocatan.ui.palette import BLACK, EGA, PLAYER_COLOURS, RED, WHITE, read_file

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_resource_path_finds_the_files_and_names_where_it_looked():
    for name in ("fixed-8x13.bdf", "fixed-8x13B.bdf", "fixed-6x10.bdf", "retrocatan.pyxres", "retrocatan.pyxpal"):
        assert os.path.isfile(resource_path(name))
    assert os.path.dirname(resource_path("retrocatan.pyxres")) == os.path.join(ROOT, "resources")
    with pytest.raises(FileNotFoundError) as err:
        resource_path("no-such-file.png")
    assert all(folder in str(err.value) for folder in FOLDERS)


def test_pyproject_maps_resources_and_lists_every_package():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        tool = tomllib.load(f)["tool"]["setuptools"]
    assert tool["package-dir"] == {"retrocatan.resources": "resources"}
    folders = {os.path.relpath(d, ROOT).replace(os.sep, ".")
               for d, _, files in os.walk(os.path.join(ROOT, "retrocatan")) if "__init__.py" in files}
    assert set(tool["packages"]) == folders | {"retrocatan.resources"}
    data = tool["package-data"]["retrocatan.resources"]
    shipped = {f for f in os.listdir(os.path.join(ROOT, "resources"))
               if any(f.endswith(p.lstrip("*")) for p in data)}
    assert {"retrocatan.pyxres", "retrocatan.pyxpal", "fixed-8x13.bdf", "FONTS-LICENSE.txt"} <= shipped


def test_palette_file_holds_the_ega_colours_in_pyxel_format():
    path = resource_path("retrocatan.pyxpal")
    with open(path, encoding="ascii") as f:
        lines = f.read().split()
    assert read_file(path) == list(EGA)
    assert all(len(line) == 6 for line in lines)


def _colours(pyxel, x0, y0, x1, y1):
    return [pyxel.pget(x, y) for y in range(y0, y1) for x in range(x0, x1)]


def test_sprites_lie_inside_the_sheet_without_overlap_and_are_drawn(pyxel_headless):
    pyxel = pyxel_headless
    cells = list(art.SPRITES.values())
    for i, (u, v, w, h, _, _) in enumerate(cells):
        assert 0 <= u and u + w <= 256 and 0 <= v and v + h <= 256
        for u2, v2, w2, h2, _, _ in cells[i + 1:]:
            assert u + w <= u2 or u2 + w2 <= u or v + h <= v2 or v2 + h2 <= v
    sheet = art.sheet()
    for name, (u, v, w, h, _, _) in art.SPRITES.items():
        opaque = [1 for y in range(v, v + h) for x in range(u, u + w) if sheet.pget(x, y) != art.CLEAR]
        assert len(opaque) > w * h // 4, name
    # The colours on screen are still the palette file's after loading the sheet.
    assert list(pyxel.colors) == list(EGA)


def test_pieces_take_each_players_colours_and_leave_the_palette_alone(pyxel_headless):
    pyxel = pyxel_headless
    for p, (body, _shade, second) in enumerate(PLAYER_COLOURS):
        for draw in (art.settlement, art.city):
            pyxel.cls(art.CLEAR)
            draw(40, 40, p)
            seen = set(_colours(pyxel, 20, 15, 60, 55)) - {art.CLEAR}
            assert seen == {BLACK, body} | ({second} if second is not None else set()), (p, draw.__name__)
    pyxel.cls(0)
    pyxel.rect(0, 0, 2, 2, art.BODY)
    assert pyxel.pget(0, 0) == art.BODY     # no colour mapping left behind


def test_dice_faces_show_their_value(pyxel_headless):
    pyxel = pyxel_headless
    for value in range(1, 7):
        pyxel.cls(0)
        art.die(10, 10, value)
        face = _colours(pyxel, 10, 10, 27, 27)
        pip = RED if value == 1 else BLACK
        inside = _colours(pyxel, 11, 11, 26, 26)
        assert inside.count(pip) == 4 * value                 # 2x2 pips
        assert face.count(WHITE) == 15 * 15 - 4 * value


def test_harbour_ratio_sits_in_its_box_the_same_way_wherever_it_is(pyxel_headless):
    """The ratio used to be placed with int() and its box with Pyxel's
    rounding, so it sat a pixel off in half the harbours."""
    pyxel = pyxel_headless
    drawn = set()
    for fx in (0.0, 0.3, 0.5, 0.8):
        for fy in (0.0, 0.4, 0.6):
            pyxel.cls(0)
            cx, cy = 100 + fx, 100 + fy
            art.harbour(cx, cy, "3:1", [])
            x0, y0 = round(cx - 11 + 1e-9), round(cy - 6 + 1e-9)
            drawn.add(tuple(_colours(pyxel, x0, y0, x0 + 23, y0 + 12)))
    assert len(drawn) == 1
