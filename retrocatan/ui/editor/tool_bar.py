"""The tool bar: the hex codes, harbours, markers and numbers to put on the
map, as a grid of pictures; the chosen one blinks and is named below."""

from __future__ import annotations

import pyxel

from ...engine.scenario import HARBOUR_KINDS, NUMBERS
from .. import art, font
from .. import input as inp
from ..maps.hexes import draw_harbour, draw_hex, draw_number, draw_pirate
from ..palette import BLACK, BLUE, RED, WHITE, YELLOW
from ..text import t
from .document import PAINT_CODES
from .layout import RW, TOOL_BOX, blink, code_name, inside, kind_name, titled_box

TOOLS = ([("code", c) for c in PAINT_CODES] + [("harbour", k) for k in HARBOUR_KINDS + ("?",)]
         + [("region", None), ("robber", None), ("pirate", None), ("founding", None)]
         + [("number", n) for n in NUMBERS] + [("number", None)])
TOOL_COLUMNS = 11
TOOL_CELL = 20


def grid_move(ui, index: int, count: int, columns: int) -> int:
    """The arrows move through a grid of ``count`` cells, wrapping."""
    if ui.pressed(inp.LEFT):
        index = (index - 1) % count
    if ui.pressed(inp.RIGHT):
        index = (index + 1) % count
    if ui.pressed(inp.UP):
        index = (index - columns) % count
    if ui.pressed(inp.DOWN):
        index = (index + columns) % count
    return index


class ToolBar:
    def __init__(self) -> None:
        self.index = TOOLS.index(("code", "W"))
        self.region_label = "a"

    @property
    def tool(self) -> tuple[str, object]:
        return TOOLS[self.index]

    def take(self, tool) -> None:
        self.index = TOOLS.index(tool)

    def step(self, d: int) -> None:
        self.index = (self.index + d) % len(TOOLS)

    def next_region_label(self) -> None:
        self.region_label = chr((ord(self.region_label) - ord("a") + 1) % 26 + ord("a"))

    def rect(self, i: int) -> tuple[int, int, int, int]:
        x, y, _, _ = TOOL_BOX
        return x + 8 + (i % TOOL_COLUMNS) * TOOL_CELL, y + 20 + (i // TOOL_COLUMNS) * TOOL_CELL, TOOL_CELL, TOOL_CELL

    def name(self, i: int) -> str:
        kind, value = TOOLS[i]
        if kind == "code":
            return code_name(value)
        if kind == "harbour":
            return t("ed.t.harbour", kind=kind_name(value))
        if kind == "region":
            return t("ed.t.region", label=self.region_label)
        if kind == "number":
            return t("ed.t.number", n=value) if value else t("ed.t.no_number")
        return t(f"ed.t.{kind}")

    # --- input ------------------------------------------------------------------------------
    def update(self, ui) -> bool:
        """With the focus: the arrows choose; True when Enter or Esc hands the focus back to the map."""
        self.index = grid_move(ui, self.index, len(TOOLS), TOOL_COLUMNS)
        return ui.pressed(inp.OK) or ui.pressed(inp.BACK)

    def click(self, ui) -> None:
        for i in range(len(TOOLS)):
            if inside(self.rect(i), ui.mouse_x, ui.mouse_y):
                self.index = i

    # --- drawing ----------------------------------------------------------------------------
    def _icon(self, i: int, x: int, y: int) -> None:
        kind, value = TOOLS[i]
        cx, cy = x + TOOL_CELL / 2, y + TOOL_CELL / 2
        if kind == "code":
            pyxel.rect(x + 1, y + 1, TOOL_CELL - 2, TOOL_CELL - 2, BLACK)
            draw_hex(cx, cy, 8.5, value)
        elif kind == "harbour":
            pyxel.rect(x + 1, y + 1, TOOL_CELL - 2, TOOL_CELL - 2, BLUE)
            draw_harbour(cx, cy, 10, value, [])
        elif kind == "number":
            if value:
                draw_number(cx, cy - 1, 10, value)
            else:
                font.text(x + 4, y + 5, "--", BLACK, "small")
        elif kind == "robber":
            art.robber(cx, cy - 1)
        elif kind == "pirate":
            pyxel.rect(x + 1, y + 1, TOOL_CELL - 2, TOOL_CELL - 2, BLUE)
            draw_pirate(cx, cy + 1)
        elif kind == "region":
            font.text(x + 3, y + 5, "R" + self.region_label, BLUE, "small")
        elif kind == "founding":
            art.outline_hex(cx, cy, 8, RED)
            font.text(x + 7, y + 5, "F", RED, "small")

    def draw(self, focused: bool, frame: int) -> None:
        titled_box(TOOL_BOX, t("ed.tools"), focused)
        for i in range(len(TOOLS)):
            x, y, w, h = self.rect(i)
            self._icon(i, x, y)
            if i == self.index:
                pyxel.rectb(x, y, w, h, WHITE if blink(frame) else YELLOW)
                pyxel.rectb(x - 1, y - 1, w + 2, h + 2, BLACK)
        name = self.name(self.index)
        if self.tool[0] == "harbour":
            name += " - " + t("ed.t.facing")
        font.text(TOOL_BOX[0] + 8, TOOL_BOX[1] + 82, font.fit(name, RW - 16, "small"), BLACK, "small")
