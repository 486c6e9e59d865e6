"""Where the editor's boxes are, and the small text helpers they share
(names of terrains, codes and harbours; a text shortened or wrapped to fit)."""

from __future__ import annotations

import pyxel

from ...engine.components import RESOURCES
from ...engine.scenario import FOG_CODE, NO_HEX, POOL_CODE, SEA_CODE, TERRAIN_CODES
from .. import font
from ..palette import BLUE, DARK_GREY, GREY, YELLOW
from ..text import t
from ..widgets import box
from .files import Source

MAP_AREA = (0, 0, 404, 456)
RX, RW = 404, 236
HEX_BOX = (RX, 0, RW, 60)
TOOL_BOX = (RX, 60, RW, 96)
RULES_BOX = (RX, 156, RW, 228)
FILE_BOX = (RX, 384, RW, 72)
STATUS_Y = 456
AREAS = (("map", MAP_AREA), ("tools", TOOL_BOX), ("rules", RULES_BOX), ("file", FILE_BOX))
FOCUSES = tuple(name for name, _ in AREAS)
# The text key of each map code's name (``ed.t.<name>``): the engine's codes.
CODE_NAMES = {NO_HEX: "none", SEA_CODE: "sea", POOL_CODE: "pool", FOG_CODE: "fog", **TERRAIN_CODES}


def inside(rect, x: int, y: int) -> bool:
    rx, ry, w, h = rect
    return rx <= x < rx + w and ry <= y < ry + h


def area_at(x: int, y: int) -> str | None:
    """The name of the box (or the map) at a point of the screen."""
    return next((name for name, rect in AREAS if inside(rect, x, y)), None)


def titled_box(rect, title: str, on: bool) -> None:
    """One of the boxes on the right: its title bar blue while the keys go to it."""
    x, y, w, h = rect
    box(x, y, w, h)
    pyxel.rect(x + 3, y + 3, w - 6, 14, BLUE if on else DARK_GREY)
    face = "bold" if font.width(title, "bold") <= w - 12 else "small"      # a long file name: smaller
    font.text(x + 7, y + (4 if face == "bold" else 6), font.fit(title, w - 12, face), YELLOW if on else GREY, face)


def blink(frame: int) -> bool:
    return frame // 8 % 2 == 1


def code_name(code: str) -> str:
    """A map code's name: "Forest", "Sea", "Fog"..."""
    return t(f"ed.t.{CODE_NAMES[code[0]]}")


def source_label(src: Source) -> str:
    return t("ed.load.shipped", name=src.name) if src.read_only else src.label()


def kind_name(kind: str) -> str:
    if kind in RESOURCES:
        return t(f"res.{RESOURCES.index(kind)}")
    return t("ed.t.any") if kind == "?" else kind


def terrain_name(terrain: str) -> str:
    return t(f"ed.t.{terrain}")


def preview(key: str, width: int, **values) -> str:
    """The text ``key`` with its value ``v`` shortened at a word to fit
    ``width`` pixels of the normal font, "..." marking the rest (a
    description, a long name: the whole text is one Enter away)."""
    full = t(key, **values)
    if font.width(full) <= width:
        return full
    room = width // font.SIZES["normal"][0] - len(t(key, **dict(values, v=""))) - 3
    words, shown = str(values["v"]).split(), ""
    for word in words:
        if len(shown) + len(word) + (1 if shown else 0) > room:
            break
        shown = f"{shown} {word}" if shown else word
    if not shown:
        shown = str(values["v"])[:max(0, room)]
    return t(key, **dict(values, v=shown + "..."))


def wrap(text: str, width: int, name: str = "small") -> list[str]:
    per = max(1, width // font.SIZES[name][0])
    lines, line = [], ""
    for word in text.split():
        while len(word) > per:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:per])
            word = word[per:]
        if len(line) + len(word) + (1 if line else 0) > per:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines
