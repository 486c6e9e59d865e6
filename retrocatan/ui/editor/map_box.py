"""The map: every hex with its number, the harbours, founding marks,
region letters (with the region tools), the robber and the pirate, drawn
once per change into an image; over it the hexes the check names and the
cursor. The arrows (or the mouse) move the cursor; Enter or a click puts
the tool there, F fills, digits set a number."""

from __future__ import annotations

import pyxel

from .. import art, font
from .. import input as inp
from ..maps.hexes import MapGrid, draw_cursor, draw_harbour, draw_hex, draw_number, draw_pirate, mark_founding
from ..palette import BLACK, RED, WHITE, YELLOW
from ..text import t
from . import document as doc_edits
from .document import code_at, region_label
from .layout import MAP_AREA, blink

MARKED_HEXES = 60           # at most this many problem hexes are outlined on the map
STEPS = {inp.UP: (-1, 0), inp.DOWN: (1, 0), inp.LEFT: (0, -1), inp.RIGHT: (0, 1)}


class MapBox:
    """The widget; ``editor`` is the scene (its document, cursor, tools and message)."""

    def __init__(self, editor) -> None:
        self.editor = editor
        self.view = MapGrid(MAP_AREA)
        self.pending_one = False                # "1" typed: 10, 11 or 12 follows

    # --- input ------------------------------------------------------------------------------
    def move(self, direction: str) -> None:
        ed = self.editor
        y, x = ed.cursor
        rows, cols = len(ed.scenario.map), len(ed.scenario.map[0])
        dy, dx = STEPS[direction]
        ed.cursor = (min(max(1, y + dy), rows), min(max(1, x + dx), cols))

    def _number_key(self, ui) -> bool:
        ed = self.editor
        for dch in "0123456789":
            if not ui.char(dch):
                continue
            d = int(dch)
            if self.pending_one:
                self.pending_one = False
                if d in (0, 1, 2):
                    ed.edit(doc_edits.set_number, ed.cursor, 10 + d)
                    return True
            if d == 1:
                self.pending_one = True
                ed.message = t("ed.m.pending")
            elif d == 0:
                ed.edit(doc_edits.set_number, ed.cursor, None)
            elif d == 7:
                ed.message = t("ed.m.no7")
            else:
                ed.edit(doc_edits.set_number, ed.cursor, d)
            return True
        return False

    def update(self, ui) -> bool:
        """The map's own keys, with the focus on the map; True when a digit was taken
        (the letters of the other actions wait for the next frame)."""
        ed, tools = self.editor, self.editor.tools
        for d in inp.DIRECTIONS:
            if ui.pressed(d):
                self.move(d)
                self.pending_one = False
        if ui.pressed(inp.OK):
            ed.apply_tool()
        if ui.pressed(inp.SKIP):
            ed.fill()
        if self._number_key(ui):
            return True
        if ui.char("q") or ui.pressed(inp.PAD_L):
            tools.step(-1)
        if ui.char("e") or ui.pressed(inp.PAD_R):
            tools.step(1)
        if ui.char("t"):
            if tools.tool[0] == "region":
                tools.next_region_label()
            else:
                ed.edit(doc_edits.turn_harbour, ed.cursor)
        if ui.char("x"):
            ed.edit(doc_edits.remove_harbour, ed.cursor)
        return False

    def mouse(self, ui) -> bool:
        """The mouse over the map moves the cursor, a click puts the tool there,
        a right click takes the hex's code as the tool; True if a click was used."""
        ed = self.editor
        if ui.device == "mouse" and ui.pressed(inp.BACK):
            p = self.view.hit(ui.mouse_x, ui.mouse_y)
            if p is not None:
                ed.cursor = p
                ed.tools.take(("code", code_at(ed.scenario, p)[0]))
                return True
        if ui.mouse_moved or ui.click:
            p = self.view.hit(ui.mouse_x, ui.mouse_y)
            if p is not None:
                ed.cursor = p
                if ui.click:
                    ed.focus = "map"
                    ed.apply_tool()
                    return True
        return False

    # --- drawing ----------------------------------------------------------------------------
    def _render(self) -> None:
        """The map without the cursor, drawn once per change into an image."""
        ed = self.editor
        s = ed.scenario
        rows, cols = len(s.map), len(s.map[0])
        overlay = ed.tools.tool[0] in ("region", "founding")
        key = (ed.doc.version, id(s), rows, cols, overlay)
        v = self.view
        if v.image is not None and v.key == key:
            return
        v.fit(rows, cols)
        x0, y0, w, h = MAP_AREA
        pyxel.rect(x0, y0, w, h, BLACK)
        for y in range(1, rows + 1):
            for x in range(1, cols + 1):
                cx, cy = v.centre((y, x))
                draw_hex(cx, cy, v.s, s.map[y - 1][x - 1], seed=y * 31 + x)
        for hb in s.harbours:
            cx, cy = v.centre(hb.hex)
            draw_harbour(cx, cy, v.s, hb.kind, v.corners(hb.hex, hb.side))
        founding = () if s.founding == "all" else s.founding
        for y in range(1, rows + 1):
            for x in range(1, cols + 1):
                code = s.map[y - 1][x - 1]
                cx, cy = v.centre((y, x))
                if len(code) > 1:
                    draw_number(cx, cy, v.s, int(code[1:]))
                if (y, x) in founding:
                    mark_founding(cx, cy, v.s)
                if overlay and region_label(s, (y, x)) != ".":
                    font.text(int(cx - 2), int(cy + v.s * 0.2), region_label(s, (y, x)), WHITE, "small")
        if s.robber != "desert":
            cx, cy = v.centre(s.robber)
            art.robber(cx + v.s * 0.45, cy - 2)
        if s.pirate is not None:
            cx, cy = v.centre(s.pirate)
            draw_pirate(cx, cy)
        img = v.image if v.image is not None else pyxel.Image(pyxel.width, pyxel.height)
        img.blt(x0, y0, pyxel.screen, x0, y0, w, h)
        v.image, v.key = img, key

    def draw(self, focused: bool, frame: int) -> None:
        ed = self.editor
        self._render()
        x0, y0, w, h = MAP_AREA
        pyxel.blt(x0, y0, self.view.image, x0, y0, w, h)
        for place in ed.problem_places[:MARKED_HEXES]:     # the hexes the game's check names
            px, py = self.view.centre(place)
            art.outline_hex(px, py, self.view.s - 1, RED if blink(frame) else YELLOW)
            art.outline_hex(px, py, self.view.s - 2, RED)
        cx, cy = self.view.centre(ed.cursor)
        draw_cursor(cx, cy, self.view.s, not blink(frame))
        if focused:
            pyxel.rectb(x0, y0, w, h, YELLOW)
