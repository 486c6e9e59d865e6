"""Pixel art drawn with Pyxel primitives in the 16 EGA colours: terrain
hexes, number tokens, harbours and the players' pieces."""

from __future__ import annotations

import math

from . import font
from .palette import (
    BLACK,
    BLUE,
    BROWN,
    DARK_GREY,
    GREEN,
    GREY,
    LIGHT_BLUE,
    LIGHT_GREEN,
    LIGHT_RED,
    PLAYER_COLOURS,
    RED,
    WHITE,
    YELLOW,
)

# Hills are red, as the Russian source describes the 1996 tiles ("red/orange").
TERRAIN_BASE = {"forest": GREEN, "pasture": LIGHT_GREEN, "fields": YELLOW, "hills": RED,
                "mountains": GREY, "desert": YELLOW, "sea": BLUE}
RESOURCE_COLOUR = (GREEN, LIGHT_RED, WHITE, YELLOW, DARK_GREY)   # wood brick sheep wheat coal


def hex_points(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + s * math.cos(math.radians(60 * i - 90)), cy + s * math.sin(math.radians(60 * i - 90)))
            for i in range(6)]


def fill_hex(cx: float, cy: float, s: float, col: int) -> None:
    import pyxel
    pts = hex_points(cx, cy, s)
    for i in range(6):
        a, b = pts[i], pts[(i + 1) % 6]
        pyxel.tri(cx, cy, a[0], a[1], b[0], b[1], col)


def outline_hex(cx: float, cy: float, s: float, col: int) -> None:
    import pyxel
    pts = hex_points(cx, cy, s)
    for i in range(6):
        a, b = pts[i], pts[(i + 1) % 6]
        pyxel.line(a[0], a[1], b[0], b[1], col)


def _inside(px: float, py: float, cx: float, cy: float, s: float) -> bool:
    dx, dy = abs(px - cx), abs(py - cy)
    return dy <= s * 0.5 + (s * 0.866 - dx) * 0.577 and dx <= s * 0.866 and dy <= s


def _spots(cx: float, cy: float, s: float, step: int, seed: int):
    """Deterministic scattered points inside a hex, for decorations."""
    out = []
    k = seed * 7919
    y = -s + step // 2
    row = 0
    while y < s:
        x = -s + (step // 2 if row % 2 else 0)
        while x < s:
            k = (k * 1103515245 + 12345) & 0x7FFFFFFF
            jx, jy = (k >> 8) % 5 - 2, (k >> 16) % 5 - 2
            px, py = cx + x + jx, cy + y + jy
            if _inside(px, py, cx, cy, s * 0.82):
                out.append((int(px), int(py)))
            x += step
        y += step * 0.8
        row += 1
    return out


def terrain(cx: float, cy: float, s: float, kind: str, seed: int = 0) -> None:
    """One terrain hex, recognisable at a glance."""
    import pyxel
    fill_hex(cx, cy, s, TERRAIN_BASE[kind])
    if kind == "sea":
        for x, y in _spots(cx, cy, s, 9, seed):
            pyxel.line(x - 2, y, x, y - 1, LIGHT_BLUE)
            pyxel.line(x, y - 1, x + 2, y, LIGHT_BLUE)
    elif kind == "forest":
        for x, y in _spots(cx, cy, s, 9, seed):
            pyxel.tri(x, y - 5, x - 4, y + 2, x + 4, y + 2, LIGHT_GREEN)
            pyxel.line(x - 4, y + 2, x + 4, y + 2, BLACK)
            pyxel.pset(x, y + 3, BROWN)
    elif kind == "pasture":
        pyxel.dither(0.35)
        fill_hex(cx, cy, s * 0.95, GREEN)
        pyxel.dither(1.0)
        for x, y in _spots(cx, cy, s, 13, seed):
            pyxel.rect(x - 2, y - 1, 5, 3, WHITE)
            pyxel.pset(x + 3, y - 1, BLACK)
            pyxel.pset(x - 1, y + 2, BLACK)
            pyxel.pset(x + 1, y + 2, BLACK)
    elif kind == "fields":
        for x, y in _spots(cx, cy, s, 7, seed):
            pyxel.line(x, y - 3, x, y + 1, BROWN)
            pyxel.pset(x - 1, y - 3, BROWN)
            pyxel.pset(x + 1, y - 2, BROWN)
    elif kind == "hills":
        for x, y in _spots(cx, cy, s, 8, seed):
            pyxel.rect(x - 3, y - 1, 6, 3, LIGHT_RED)
            pyxel.line(x - 3, y + 2, x + 2, y + 2, BROWN)
    elif kind == "mountains":
        for x, y in _spots(cx, cy, s, 12, seed):
            pyxel.tri(x, y - 6, x - 6, y + 3, x + 6, y + 3, DARK_GREY)
            pyxel.tri(x, y - 6, x - 2, y - 3, x + 2, y - 3, WHITE)
            pyxel.line(x, y - 6, x + 6, y + 3, BLACK)
    elif kind == "desert":
        pyxel.dither(0.5)
        fill_hex(cx, cy, s * 0.95, WHITE)
        pyxel.dither(1.0)
        pyxel.line(cx - 8, cy - 4, cx - 7, cy - 12, BROWN)
        pyxel.tri(cx - 7, cy - 13, cx - 14, cy - 9, cx - 7, cy - 11, GREEN)
        pyxel.tri(cx - 7, cy - 13, cx + 0, cy - 9, cx - 7, cy - 11, GREEN)
    outline_hex(cx, cy, s, BLACK)


def token(cx: float, cy: float, number: int) -> None:
    """A number token: 6 and 8 in red, dots for the odds."""
    import pyxel
    pyxel.circ(cx, cy, 9, WHITE)
    pyxel.circb(cx, cy, 9, BLACK)
    colour = RED if number in (6, 8) else BLACK
    label = str(number)
    font.text(int(cx - font.width(label, "bold") / 2) + 1, int(cy - 8), label, colour, "bold")
    dots = 6 - abs(7 - number)
    x0 = cx - (dots - 1)
    for i in range(dots):
        pyxel.pset(x0 + 2 * i, cy + 5, colour)


def harbour(cx: float, cy: float, kind: str, corners_px) -> None:
    """A harbour in a sea hex: piers to its two corners and its ratio."""
    import pyxel
    for x, y in corners_px:
        pyxel.line(cx, cy, x, y, BROWN)
        pyxel.line(cx + 1, cy, x + 1, y, BROWN)
    pyxel.rect(cx - 11, cy - 6, 23, 12, WHITE)
    pyxel.rectb(cx - 11, cy - 6, 23, 12, BLACK)
    if kind == "3:1":
        font.text(int(cx - 9), int(cy - 5), "3:1", BLACK, "small")
    else:
        from ..engine.components import RESOURCES
        r = RESOURCES.index(kind)
        font.text(int(cx - 9), int(cy - 5), "2:1", BLACK, "small")
        pyxel.rect(cx + 12, cy - 6, 6, 12, RESOURCE_COLOUR[r])
        pyxel.rectb(cx + 12, cy - 6, 6, 12, BLACK)


def _body(p: int, draw) -> None:
    """Draw a piece body in player ``p``'s colour (dithered second colour
    for orange)."""
    import pyxel
    body, _shade, second = PLAYER_COLOURS[p]
    draw(body)
    if second is not None:
        pyxel.dither(0.5)
        draw(second)
        pyxel.dither(1.0)


def road(x1: float, y1: float, x2: float, y2: float, p: int) -> None:
    import pyxel
    # Shorten toward the corners so buildings stay visible.
    dx, dy = x2 - x1, y2 - y1
    ax, ay, bx, by = x1 + dx * 0.18, y1 + dy * 0.18, x2 - dx * 0.18, y2 - dy * 0.18
    for ox, oy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        pyxel.line(ax + ox, ay + oy, bx + ox, by + oy, BLACK)

    def draw(col):
        for ox, oy in ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1)):
            pyxel.line(ax + ox, ay + oy, bx + ox, by + oy, col)
    _body(p, draw)


def settlement(x: float, y: float, p: int) -> None:
    import pyxel
    x, y = int(x), int(y)
    pyxel.rect(x - 5, y - 3, 11, 9, BLACK)
    pyxel.tri(x - 6, y - 3, x + 6, y - 3, x, y - 9, BLACK)

    def draw(col):
        pyxel.rect(x - 4, y - 2, 9, 7, col)
        pyxel.tri(x - 4, y - 3, x + 4, y - 3, x, y - 7, col)
    _body(p, draw)
    pyxel.rect(x - 1, y + 1, 3, 4, BLACK)


def city(x: float, y: float, p: int) -> None:
    import pyxel
    x, y = int(x), int(y)
    pyxel.rect(x - 9, y - 3, 19, 10, BLACK)
    pyxel.rect(x - 9, y - 11, 9, 9, BLACK)
    pyxel.tri(x - 10, y - 11, x + 0, y - 11, x - 5, y - 16, BLACK)

    def draw(col):
        pyxel.rect(x - 8, y - 2, 17, 8, col)
        pyxel.rect(x - 8, y - 10, 7, 9, col)
        pyxel.tri(x - 8, y - 11, x - 2, y - 11, x - 5, y - 14, col)
    _body(p, draw)
    pyxel.rect(x + 2, y + 1, 3, 5, BLACK)
    pyxel.rect(x - 6, y - 8, 2, 3, BLACK)


def robber(x: float, y: float) -> None:
    import pyxel
    x, y = int(x), int(y)
    pyxel.tri(x - 6, y + 8, x + 6, y + 8, x, y - 4, BLACK)
    pyxel.circ(x, y - 6, 4, BLACK)
    pyxel.tri(x - 4, y + 7, x + 4, y + 7, x, y - 2, DARK_GREY)
    pyxel.circ(x, y - 6, 3, DARK_GREY)
    pyxel.pset(x - 1, y - 7, WHITE)


def card(x: int, y: int, colour: int, w: int = 14, h: int = 20, label: str = "") -> None:
    """A small resource or development card."""
    import pyxel
    pyxel.rect(x, y, w, h, WHITE)
    pyxel.rectb(x, y, w, h, BLACK)
    pyxel.rect(x + 2, y + 2, w - 4, h - 4, colour)
    if label:
        font.text(x + (w - font.width(label, "small")) // 2, y + h - 11, label, BLACK, "small")


def swatch(x: int, y: int, w: int, h: int, p: int) -> None:
    """A square of player ``p``'s colour with a black frame."""
    import pyxel

    def draw(col):
        pyxel.rect(x, y, w, h, col)
    _body(p, draw)
    pyxel.rectb(x, y, w, h, BLACK)
