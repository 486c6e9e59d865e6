"""The pixel art in the 16 EGA colours.

Fixed-size sprites (settlement, city, robber, harbour flags, dice faces)
come from the sprite sheet resources/retrocatan.pyxres (edit it with
``pyxel edit``); what depends on the board's scale or on a size chosen by
the caller is drawn with Pyxel primitives: terrain hexes, number tokens,
roads, harbour piers, cards and colour swatches."""

from __future__ import annotations

import math

import pyxel

from ..resources_path import resource_path
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
    MAGENTA,
    MARK,
    PLAYER_COLOURS,
    RED,
    WHITE,
    YELLOW,
)

# Hills are red, as the Russian source describes the 1996 tiles ("red/orange").
TERRAIN_BASE = {"forest": GREEN, "pasture": LIGHT_GREEN, "fields": YELLOW, "hills": RED,
                "mountains": GREY, "desert": YELLOW, "sea": BLUE, "gold": YELLOW, "fog": GREY}
RESOURCE_COLOUR = (GREEN, LIGHT_RED, WHITE, YELLOW, DARK_GREY)   # wood brick sheep wheat coal

SHEET = "retrocatan.pyxres"
CLEAR = MAGENTA          # transparent in the sheet
BODY = LIGHT_BLUE        # a piece's body in the sheet, repainted in the player's colour
# Sprites in image bank 0 of the sheet: name -> (u, v, w, h, anchor x, anchor y);
# the anchor is the point the drawing functions below are given.
SPRITES = {
    "settlement": (0, 0, 16, 16, 8, 10),
    "city": (16, 0, 24, 24, 12, 17),
    "robber": (40, 0, 16, 24, 8, 12),
    **{f"harbour {kind}": (32 * i, 32, 29, 12, 0, 0)
       for i, kind in enumerate(("3:1", "wood", "brick", "sheep", "wheat", "coal"))},
    **{f"die {v}": (20 * (v - 1), 56, 17, 17, 0, 0) for v in range(1, 7)},
}
_SHEET: list = []


def sheet():
    """Image bank 0 of the sprite sheet, loaded once (a copy, so that
    nothing else using the image banks can change it)."""
    if not _SHEET:
        pyxel.load(resource_path(SHEET), exclude_tilemaps=True, exclude_sounds=True, exclude_musics=True)
        img = pyxel.Image(256, 256)
        img.blt(0, 0, pyxel.images[0], 0, 0, 256, 256)
        _SHEET.append(img)
    return _SHEET[0]


def sprite(name: str, x: float, y: float) -> None:
    """Draw sprite ``name`` with its anchor at (x, y) (Pyxel rounds a
    fractional place)."""
    u, v, w, h, ax, ay = SPRITES[name]
    pyxel.blt(x - ax, y - ay, sheet(), u, v, w, h, CLEAR)


def at(v: float) -> int:
    """The pixel Pyxel draws a fractional place on (rounded half up)."""
    return math.floor(v + 0.5)


def sprite_box(name: str) -> tuple[int, int, int, int]:
    """The opaque pixels of sprite ``name`` as (left, top, width, height)
    relative to its anchor (read from the sheet once)."""
    if name not in _BOXES:
        u, v, w, h, ax, ay = SPRITES[name]
        img = sheet()
        xs, ys = [], []
        for j in range(h):
            for i in range(w):
                if img.pget(u + i, v + j) != CLEAR:
                    xs.append(i)
                    ys.append(j)
        _BOXES[name] = (min(xs) - ax, min(ys) - ay, max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    return _BOXES[name]


_BOXES: dict = {}


# The second cue besides colour: player p's pieces carry p + 1 pips, laid
# out as on a die (in steps from the mark's centre) on buildings and in the
# players' swatches, in a row along roads and ship hulls.
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}
# A building's pips on its wall: (centre x, centre y from the anchor, step, pip size).
MARK_AT = {"settlement": (0, -2, 2, 1), "city": (-3, 2, 3, 2)}


def mark(x: float, y: float, p: int, step: int = 2, size: int = 1) -> None:
    """Player ``p``'s pips as on a die, centred on (x, y), ``step`` pixels
    apart, each ``size`` pixels square; on a dithered body on a face of
    its second colour, so that they stand out of the dither."""
    x, y = int(x) - size // 2, int(y) - size // 2
    second = PLAYER_COLOURS[p][2]
    if second is not None:
        pyxel.rect(x - step, y - step, 2 * step + size, 2 * step + size, second)
    for i, j in PIPS[p + 1]:
        pyxel.rect(x + i * step, y + j * step, size, size, MARK)


def mark_row(x1: float, y1: float, x2: float, y2: float, p: int) -> None:
    """Player ``p``'s pips in a row along the middle of the line from
    (x1, y1) to (x2, y2), 3 pixels apart (2 on a short line); on a
    dithered body on a line of its second colour."""
    n = p + 1
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return
    step = 3 if (n - 1) * 3 + 2 <= length else 2
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    second = PLAYER_COLOURS[p][2]
    if second is not None:
        reach = min(length / 2, (n - 1) / 2 * step + 1)
        pyxel.line(mx - ux * reach, my - uy * reach, mx + ux * reach, my + uy * reach, second)
    for k in range(n):
        d = (k - (n - 1) / 2) * step
        pyxel.pset(at(mx + ux * d), at(my + uy * d), MARK)


def piece(name: str, x: int, y: int, p: int) -> None:
    """A piece sprite with its body in player ``p``'s colour (a dithered
    second colour over it for orange and green) and the player's pips."""
    body, _shade, second = PLAYER_COLOURS[p]
    pyxel.pal(BODY, body)
    sprite(name, x, y)
    if second is not None:
        pyxel.pal(BODY, second)
        pyxel.dither(0.5)
        sprite(name, x, y)
        pyxel.dither(1.0)
    pyxel.pal()
    dx, dy, step, size = MARK_AT[name]
    mark(x + dx, y + dy, p, step, size)


def hex_points(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + s * math.cos(math.radians(60 * i - 90)), cy + s * math.sin(math.radians(60 * i - 90)))
            for i in range(6)]


def fill_hex(cx: float, cy: float, s: float, col: int) -> None:
    pts = hex_points(cx, cy, s)
    for i in range(6):
        a, b = pts[i], pts[(i + 1) % 6]
        pyxel.tri(cx, cy, a[0], a[1], b[0], b[1], col)


def outline_hex(cx: float, cy: float, s: float, col: int) -> None:
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
    elif kind == "gold":
        # Ochre ground (brown dithered over yellow) strewn with shining
        # nuggets: never mistaken for the plain yellow of fields or desert.
        pyxel.dither(0.5)
        fill_hex(cx, cy, s * 0.95, BROWN)
        pyxel.dither(1.0)
        for x, y in _spots(cx, cy, s, 10, seed):
            pyxel.circ(x, y, 2, YELLOW)
            pyxel.circb(x, y, 2, BLACK)
            pyxel.pset(x - 1, y - 1, WHITE)
    elif kind == "fog":
        # Grey mist, face down: white dithered over grey, with drifting wisps.
        pyxel.dither(0.5)
        fill_hex(cx, cy, s * 0.95, WHITE)
        pyxel.dither(1.0)
        for x, y in _spots(cx, cy, s, 11, seed):
            pyxel.line(x - 4, y, x + 3, y, WHITE)
            pyxel.line(x - 2, y + 2, x + 5, y + 2, DARK_GREY)
    outline_hex(cx, cy, s, BLACK)


TOKEN_R = 9


def token_rects(cx: float, cy: float) -> list[tuple[int, int, int, int]]:
    """The disc of a number token centred at (cx, cy), as bands of rows
    (a little wider than drawn, never narrower)."""
    x, y = at(cx), at(cy)
    out = []
    for top, bottom in ((-TOKEN_R, -8), (-7, -5), (-4, 4), (5, 7), (8, TOKEN_R)):
        near = min(abs(top), abs(bottom))
        half = int(math.sqrt((TOKEN_R + 0.5) ** 2 - near ** 2))
        out.append((x - half, y + top, 2 * half + 1, bottom - top + 1))
    return out


def token(cx: float, cy: float, number: int) -> None:
    """A number token: 6 and 8 in red, dots for the odds."""
    pyxel.circ(cx, cy, TOKEN_R, WHITE)
    pyxel.circb(cx, cy, TOKEN_R, BLACK)
    colour = RED if number in (6, 8) else BLACK
    label = str(number)
    font.text(int(cx - font.width(label, "bold") / 2) + 1, int(cy - 8), label, colour, "bold")
    dots = 6 - abs(7 - number)
    x0 = cx - (dots - 1)
    for i in range(dots):
        pyxel.pset(x0 + 2 * i, cy + 5, colour)


def harbour(cx: float, cy: float, kind: str, corners_px, left=None) -> None:
    """A harbour in a sea hex: piers to its two corners, its ratio and, for
    a 2:1 harbour, a flag in the colour of its resource."""
    for x, y in corners_px:
        pyxel.line(cx, cy, x, y, BROWN)
        pyxel.line(cx + 1, cy, x + 1, y, BROWN)
    # Pyxel rounds the box's place as it did when the box was drawn with
    # rect; the ratio now sits in it the same way for every harbour.
    sprite(f"harbour {kind}", sign_x(cx, kind, left), sign_y(cy, left))


def sign_x(cx: float, kind: str, left) -> float:
    """Where a harbour's sign begins: 11 pixels left of the hex's centre
    (``left`` None: as on the base island), or centred (``left`` "centre")."""
    if left is None:
        return cx - 11
    return cx - SPRITES[f"harbour {kind}"][2] // 2


def sign_y(cy: float, left) -> float:
    """Where a harbour's sign's top is: 6 pixels above the centre (as on the
    base island) or 7 (centred, leaving room for its name under it)."""
    return cy - 6 if left is None else cy - 7


def harbour_rect(cx: float, cy: float, kind: str, left=None) -> tuple[int, int, int, int]:
    """The sign of a harbour centred at (cx, cy) (its piers run under pieces)."""
    box_left, top, w, h = sprite_box(f"harbour {kind}")
    return at(sign_x(cx, kind, left)) + box_left, at(sign_y(cy, left)) + top, w, h


def _body(p: int, draw) -> None:
    """Draw a piece body in player ``p``'s colour (dithered second colour
    for orange)."""
    body, _shade, second = PLAYER_COLOURS[p]
    draw(body)
    if second is not None:
        pyxel.dither(0.5)
        draw(second)
        pyxel.dither(1.0)


def road(x1: float, y1: float, x2: float, y2: float, p: int) -> None:
    # Shorten toward the corners so buildings stay visible.
    dx, dy = x2 - x1, y2 - y1
    ax, ay, bx, by = x1 + dx * 0.18, y1 + dy * 0.18, x2 - dx * 0.18, y2 - dy * 0.18
    for ox, oy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        pyxel.line(ax + ox, ay + oy, bx + ox, by + oy, BLACK)

    def draw(col):
        for ox, oy in ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1)):
            pyxel.line(ax + ox, ay + oy, bx + ox, by + oy, col)
    _body(p, draw)
    mark_row(ax, ay, bx, by, p)


def road_rects(x1: float, y1: float, x2: float, y2: float) -> list[tuple[int, int, int, int]]:
    """Squares covering a road drawn from (x1, y1) to (x2, y2) (its black rim included)."""
    dx, dy = x2 - x1, y2 - y1
    steps = max(1, int(max(abs(dx), abs(dy)) * 0.64 / 2))
    out = []
    for k in range(steps + 1):
        f = 0.18 + 0.64 * k / steps
        out.append((at(x1 + dx * f) - 2, at(y1 + dy * f) - 2, 5, 5))
    return out


def piece_rects(name: str, x: float, y: float) -> list[tuple[int, int, int, int]]:
    """What a settlement, city or ship drawn at (x, y) by ``settlement``,
    ``city`` or ``ship`` covers, with the white rim the board draws round
    pieces: one rectangle for a sprite, the sail and the hull for a ship."""
    x, y = int(x), int(y)
    if name == "ship":        # mast, the sail's narrow top and wide foot, the hull (see _boat)
        return [(x - 1, y - 11, 3, 14), (x, y - 10, 5, 6), (x, y - 5, 9, 7), (x - 9, y, 19, 7)]
    left, top, w, h = sprite_box(name)
    return [(x + left - 1, y + top - 1, w + 2, h + 2)]


def settlement(x: float, y: float, p: int) -> None:
    piece("settlement", int(x), int(y), p)


def city(x: float, y: float, p: int) -> None:
    piece("city", int(x), int(y), p)


def _boat(x: float, y: float, hull, sail: int, mast: int) -> None:
    """A small boat centred on (x, y): a hull (``hull(col)`` paints it) with
    a black outline, a mast and a triangular sail."""
    x, y = int(x), int(y)
    pyxel.tri(x + 1, y - 9, x + 1, y + 1, x + 7, y + 1, BLACK)       # sail outline
    pyxel.tri(x + 2, y - 7, x + 2, y, x + 5, y, sail)
    pyxel.line(x, y - 10, x, y + 1, mast)
    pyxel.rect(x - 7, y + 1, 15, 5, BLACK)                            # hull outline
    pyxel.tri(x - 8, y + 1, x - 4, y + 1, x - 4, y + 5, BLACK)
    pyxel.tri(x + 8, y + 1, x + 4, y + 1, x + 4, y + 5, BLACK)

    def paint(col):
        pyxel.rect(x - 5, y + 2, 11, 3, col)
        pyxel.tri(x - 6, y + 2, x - 4, y + 2, x - 4, y + 4, col)
        pyxel.tri(x + 6, y + 2, x + 4, y + 2, x + 4, y + 4, col)
    hull(paint)


def ship(x: float, y: float, p: int) -> None:
    """Player ``p``'s ship, its hull in the player's colour with the
    player's pips along it, centred on (x, y)."""
    _boat(x, y, lambda paint: _body(p, paint), WHITE, BROWN)
    x, y = int(x), int(y)
    n = p + 1
    second = PLAYER_COLOURS[p][2]
    if second is not None:
        pyxel.line(max(x - 5, x - n), y + 3, min(x + 5, x + n), y + 3, second)
    for k in range(n):
        pyxel.pset(x - (n - 1) + 2 * k, y + 3, MARK)


def pirate(x: float, y: float) -> None:
    """The pirate ship: black hull and sail, a white skull on the sail."""
    _boat(x - 1, y + 2, lambda paint: paint(DARK_GREY), BLACK, BLACK)
    x, y = int(x), int(y)
    # A wider black sail for the pirate, with a white skull.
    pyxel.tri(x - 8, y - 8, x - 8, y + 2, x + 6, y + 2, BLACK)
    pyxel.rect(x - 6, y - 2, 3, 2, WHITE)
    pyxel.pset(x - 5, y, WHITE)


def robber(x: float, y: float) -> None:
    sprite("robber", int(x), int(y))


def die(x: int, y: int, value: int) -> None:
    """A die showing ``value`` (1-6), 17 pixels square, its top-left at (x, y)."""
    sprite(f"die {value}", x, y)


def card(x: int, y: int, colour: int, w: int = 14, h: int = 20, label: str = "") -> None:
    """A small resource or development card."""
    pyxel.rect(x, y, w, h, WHITE)
    pyxel.rectb(x, y, w, h, BLACK)
    pyxel.rect(x + 2, y + 2, w - 4, h - 4, colour)
    if label:
        font.text(x + (w - font.width(label, "small")) // 2, y + h - 11, label, BLACK, "small")


def swatch(x: int, y: int, w: int, h: int, p: int) -> None:
    """A square of player ``p``'s colour with a black frame and the
    player's pips (as on the player's pieces)."""

    def draw(col):
        pyxel.rect(x, y, w, h, col)
    _body(p, draw)
    pyxel.rectb(x, y, w, h, BLACK)
    side = min(w, h)
    mark(x + w // 2, y + h // 2, p, 2 if side < 16 else side // 5, 1 if side < 16 else 2)
