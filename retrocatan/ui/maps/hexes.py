"""A scenario file's map on screen, as the editor's map area and the
new-game screen's preview draw it: where each (row, column) lies
(``MapGrid``), which hex is under the mouse, and drawing every kind of
hex code (also no hex, land from the pool, fog, gold) with numbers,
harbours and start marks, at any size down to the smallest readable hex."""

from __future__ import annotations

import math

import pyxel

from ...engine.geometry import SIDE_CORNERS, SIDE_NAMES
from ...engine.scenario import CODE_FOR_TERRAIN, SEA_CODE, TERRAIN_CODES
from .. import art, font
from ..palette import (
    BLACK,
    BROWN,
    DARK_GREY,
    GREEN,
    GREY,
    LIGHT_CYAN,
    LIGHT_GREEN,
    LIGHT_MAGENTA,
    RED,
    WHITE,
    YELLOW,
)

SQRT3 = math.sqrt(3)
MIN_HEX = 10        # px from centre to corner: the smallest hex whose number is still readable
MAX_HEX = 28
ART_HEX = 22        # from this size on the terrain gets the game's full pictures
# The map codes drawn with the game's terrain pictures (gold, the pool and fog have pictures of their own here).
KIND = {SEA_CODE: "sea", **{code: kind for code, kind in TERRAIN_CODES.items() if kind != "gold"}}


class MapGrid:
    """Hex centres of a rows x columns map inside ``area`` (x, y, w, h);
    even file rows (2, 4, ...) lie half a hex to the right."""

    def __init__(self, area: tuple[int, int, int, int]) -> None:
        self.area = area
        self.rows = self.cols = 0
        self.s = float(MAX_HEX)
        self.image = None
        self.key = None

    @staticmethod
    def size_for(area, rows: int, cols: int) -> float:
        _, _, w, h = area
        shift = 0.5 if rows > 1 else 0.0
        return min(MAX_HEX, (w - 4) / ((cols + shift) * SQRT3), (h - 4) / (1.5 * (rows - 1) + 2))

    def fit(self, rows: int, cols: int) -> None:
        x, y, w, h = self.area
        self.rows, self.cols = rows, cols
        self.s = s = self.size_for(self.area, rows, cols)
        hw = s * SQRT3
        total_w = (cols + (0.5 if rows > 1 else 0)) * hw
        total_h = (1.5 * (rows - 1) + 2) * s
        self.ox = x + (w - total_w) / 2 + hw / 2
        self.oy = y + (h - total_h) / 2 + s

    def centre(self, p: tuple[int, int]) -> tuple[float, float]:
        y, x = p
        hw = self.s * SQRT3
        return self.ox + (x - 1 + 0.5 * ((y - 1) & 1)) * hw, self.oy + (y - 1) * 1.5 * self.s

    def hit(self, mx: float, my: float) -> tuple[int, int] | None:
        """The place under a screen point, or None."""
        best, best_d = None, None
        y_guess = round((my - self.oy) / (1.5 * self.s)) + 1
        for y in range(max(1, y_guess - 1), min(self.rows, y_guess + 1) + 1):
            for x in range(1, self.cols + 1):
                cx, cy = self.centre((y, x))
                d = (cx - mx) ** 2 + (cy - my) ** 2
                if best_d is None or d < best_d:
                    best, best_d = (y, x), d
        if best_d is None or best_d > self.s * self.s:
            return None
        return best

    def corners(self, p: tuple[int, int], side: str) -> list[tuple[float, float]]:
        cx, cy = self.centre(p)
        pts = art.hex_points(cx, cy, self.s)
        return [pts[i] for i in SIDE_CORNERS[SIDE_NAMES.index(side)]]


def draw_hex(cx: float, cy: float, s: float, code: str, seed: int = 0) -> None:
    """One hex of any code, without its number."""
    letter = code[0]
    if code == ".":
        art.outline_hex(cx, cy, s, DARK_GREY)
        return
    kind = KIND.get(letter)
    if kind and s >= ART_HEX:
        art.terrain(cx, cy, s, kind, seed=seed)
        return
    if kind:
        art.fill_hex(cx, cy, s, art.TERRAIN_BASE[kind])
        if kind == "desert":
            pyxel.dither(0.5)
            art.fill_hex(cx, cy, s * 0.9, WHITE)
            pyxel.dither(1.0)
        elif kind == "pasture":
            pyxel.dither(0.35)
            art.fill_hex(cx, cy, s * 0.9, GREEN)
            pyxel.dither(1.0)
        elif kind == "forest":
            pyxel.tri(cx, cy - s * 0.6, cx - s * 0.35, cy, cx + s * 0.35, cy, LIGHT_GREEN)
        elif kind == "mountains":
            pyxel.tri(cx, cy - s * 0.6, cx - s * 0.5, cy + s * 0.1, cx + s * 0.5, cy + s * 0.1, DARK_GREY)
    elif letter == CODE_FOR_TERRAIN["gold"]:
        art.fill_hex(cx, cy, s, BROWN)
        pyxel.dither(0.5)
        art.fill_hex(cx, cy, s * 0.9, YELLOW)
        pyxel.dither(1.0)
        if s >= 14:
            font.text(int(cx - 2), int(cy - s * 0.75), "$", YELLOW, "small")
    elif letter == "?":
        art.fill_hex(cx, cy, s, DARK_GREY)
        font.text(int(cx - 3), int(cy - (s * 0.8 if len(code) > 1 else 5)), "?", WHITE, "small")
    elif code == "=":
        art.fill_hex(cx, cy, s, GREY)
        pyxel.dither(0.5)
        art.fill_hex(cx, cy, s * 0.95, WHITE)
        pyxel.dither(1.0)
    art.outline_hex(cx, cy, s, BLACK)


def draw_number(cx: float, cy: float, s: float, number: int) -> None:
    if s >= ART_HEX:
        art.token(cx, cy + 3, number)
        return
    label = str(number)
    colour = RED if number in (6, 8) else BLACK
    w = font.width(label, "small")
    if s < 16:      # small hexes: a plain label, as wide as its digits
        pyxel.rect(cx - w / 2 - 1, cy - 4, w + 3, 10, WHITE)
        pyxel.rectb(cx - w / 2 - 1, cy - 4, w + 3, 10, colour)
        font.text(int(cx - w / 2) + 1, int(cy - 4), label, colour, "small")
        return
    r = max(6, min(8, int(s * 0.45)))
    pyxel.circ(cx, cy + 1, r, WHITE)
    pyxel.circb(cx, cy + 1, r, BLACK)
    font.text(int(cx - w / 2) + 1, int(cy - 4), label, colour, "small")


def draw_harbour(cx: float, cy: float, s: float, kind: str, corners) -> None:
    for x, y in corners:
        pyxel.line(cx, cy, x, y, BROWN)
        pyxel.line(cx + 1, cy, x + 1, y, BROWN)
    if s >= ART_HEX and kind != "?":
        art.harbour(cx, cy, kind, corners)
        return
    from ...engine.components import RESOURCES
    label = "3" if kind == "3:1" else "?" if kind == "?" else "2"
    pyxel.rect(cx - 5, cy - 5, 11, 11, WHITE)
    if kind in RESOURCES:
        pyxel.rect(cx + 1, cy - 4, 4, 9, art.RESOURCE_COLOUR[RESOURCES.index(kind)])
    pyxel.rectb(cx - 5, cy - 5, 11, 11, BLACK)
    font.text(int(cx - 4), int(cy - 5), label, BLACK, "small")


def draw_pirate(cx: float, cy: float) -> None:
    pyxel.rect(cx - 6, cy + 2, 13, 4, BLACK)
    pyxel.line(cx, cy - 8, cx, cy + 2, BROWN)
    pyxel.tri(cx + 1, cy - 8, cx + 1, cy, cx + 6, cy, BLACK)


def draw_cursor(cx: float, cy: float, s: float, blink: bool) -> None:
    art.outline_hex(cx, cy, s - 1, WHITE if blink else LIGHT_CYAN)
    art.outline_hex(cx, cy, s - 2, BLACK)
    art.outline_hex(cx, cy, s, LIGHT_CYAN if blink else WHITE)


def mark_founding(cx: float, cy: float, s: float) -> None:
    art.outline_hex(cx, cy, s - 2, LIGHT_MAGENTA)
    art.outline_hex(cx, cy, s - 3, LIGHT_MAGENTA)
