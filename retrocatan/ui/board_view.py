"""The island on screen: hex <-> pixel geometry, drawing the board and its
pieces, and picking corners, edges and hexes under a cursor.

A map that fits the board area with hexes of at least ``MIN_S`` pixels is
drawn whole, as the base island always was. A bigger one (the Seafarers
scenarios) is drawn with hexes of ``ZOOM_S`` pixels into an image larger
than the area, and the area shows a part of it that scrolls: with the
cursor of a board pick (``follow``), and freely with the keys, the pad's
right stick and the mouse (``MapScroll``). The overview (key O, the pad's
right-stick button or the small button in the area's corner) shows the
whole map scaled to fit, as before, with the empty ocean cropped."""

from __future__ import annotations

import math

import pyxel

from . import art, font
from .palette import BLACK, WHITE, YELLOW

SQRT3_2 = math.sqrt(3) / 2
MIN_S = 28          # no hex is drawn smaller at the default zoom (tokens stay clear of pieces)
ZOOM_S = 32         # the hex radius of a map too big for the area at MIN_S, which then scrolls
FOLLOW = 64         # a cursor nearer than this to the area's edge scrolls the map
BUTTON = 18         # the overview button's size, in the area's top right corner


class Layout:
    """One way of drawing the map: hex radius ``s``, where the plane's
    origin lands in the layout's image (``ox``, ``oy``), the image's size
    and how far the area's view into it may scroll (``x_range``,
    ``y_range``: first and last left / top edge in the image). A layout
    that does not scroll has an image in screen coordinates (the area at
    its place), so ``x_range`` is (area x, area x)."""

    def __init__(self, s: int, ox: float, oy: float, size: tuple[int, int], x_range, y_range, labels,
                 classic: bool = False) -> None:
        self.s, self.ox, self.oy, self.size = s, ox, oy, size
        self.classic = classic      # the map drawn whole as it always was (the base island)
        self.x_range, self.y_range = x_range, y_range
        self.labels = labels        # where harbour names may go (x, y, w, h in the image)

    @property
    def scrolls(self) -> bool:
        return self.x_range[0] != self.x_range[1] or self.y_range[0] != self.y_range[1]


def _extent(boxes) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) round boxes given in units of the radius."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def outlined(draw) -> None:
    """Draw a piece with a white rim around its black outline, so that it
    stands out on any ground (red pieces on red hills). ``draw(dx, dy)``
    draws it shifted by (dx, dy)."""
    for col in range(16):
        pyxel.pal(col, WHITE)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        draw(dx, dy)
    pyxel.pal()
    draw(0, 0)


class BoardView:
    """Maps a board's integer plane (see engine.board) onto a screen area.
    ``scroll``: whether a map too big for the area may be drawn bigger and
    scrolled (else it is always drawn whole, scaled to fit)."""

    def __init__(self, board, x: int, y: int, w: int, h: int, scroll: bool = True) -> None:
        self.board = board
        self.geo = board.geo
        # A map of the Seafarers layer (not a base island): sea hexes have ids from
        # len(geo.land) on, fog turns over, ships and the pirate sail.
        self.sea_map = board.layer != "base"
        self.shown: tuple | None = None     # (terrain, numbers) drawn into the images
        self.area = (x, y, w, h)
        geo = self.geo
        centres = [(2 * q + r, 3 * r) for q, r in geo.land + geo.sea]
        xs = [c[0] for c in centres]
        ys = [c[1] for c in centres]
        # Extent in units of the hex radius s: X units are s*sqrt(3)/2, Y units s/2.
        span_x = (max(xs) - min(xs)) * SQRT3_2 + 2 * SQRT3_2
        span_y = (max(ys) - min(ys)) * 0.5 + 2
        whole = int(min((w - 4) / span_x, (h - 4) / span_y))
        mid_x = (max(xs) + min(xs)) / 2
        mid_y = (max(ys) + min(ys)) / 2
        # The map as it always was: every hex, scaled to fit, centred.
        fitted = Layout(whole, x + w / 2 - mid_x * whole * SQRT3_2, y + h / 2 - mid_y * whole * 0.5,
                        (x + w, y + h), (x, x), (y, y), self.area, classic=True)
        if whole >= MIN_S or not scroll:
            self.layouts = {"zoom": fitted, "overview": fitted}
        else:
            # What matters: the land (fog included), the pirate's hex and the harbours' signs; the rest is ocean.
            pirate = getattr(board, "pirate_start", -1)
            land = [(X * SQRT3_2, Y * 0.5) for (X, Y), h in zip(centres, range(len(centres)))
                    if self._is_land(h) or h == pirate]
            signs = [(centres[h][0] * SQRT3_2, centres[h][1] * 0.5) for h in self._harbour_hexes()]
            every = _extent([(X * SQRT3_2 - SQRT3_2, Y * 0.5 - 1, X * SQRT3_2 + SQRT3_2, Y * 0.5 + 1)
                             for X, Y in centres])

            def box(s: int) -> tuple[float, float, float, float]:
                """The box round what matters at radius ``s``, in units of the radius."""
                return _extent([(X - SQRT3_2, Y - 1, X + SQRT3_2, Y + 1) for X, Y in land]
                               + [(X - 15 / s, Y - 6 / s, X + 15 / s, Y + 6 / s) for X, Y in signs])

            fit = max(1, next((k for k in range(64, 0, -1)
                               if (box(k)[2] - box(k)[0]) * k <= w - 4 and (box(k)[3] - box(k)[1]) * k <= h - 4), 1))
            overview = self._cropped(fit, box(fit))
            zoom = overview if fit >= MIN_S else self._scrolled(ZOOM_S, box(ZOOM_S), every)
            self.layouts = {"zoom": zoom, "overview": overview}
        self.images: dict = {}
        self.mode = "zoom"
        lay = self.layouts["zoom"]
        self.scroll = [(lay.x_range[0] + lay.x_range[1]) // 2, (lay.y_range[0] + lay.y_range[1]) // 2]
        self.reach = ((self.scroll[0],) * 2, (self.scroll[1],) * 2)     # where follow went beyond the range
        self.items: dict = {}           # what the static images show, per layout (see _static_items)
        self.sign_left = None
        self._apply()

    def _is_land(self, h: int) -> bool:
        return h < len(self.geo.land) and self.board.terrain[h] != "sea"

    def _harbour_hexes(self) -> list[int]:
        if self.sea_map:
            return [h for h, _, _ in self.board.harbour_places]
        n = len(self.geo.land)
        index = {qr: n + i for i, qr in enumerate(self.geo.sea)}
        return [index[qr] for qr, _ in self.board.harbour_slots if qr in index]

    def _cropped(self, s: int, box) -> Layout:
        """The area showing ``box`` (units of the radius) whole, centred, at radius ``s``."""
        x, y, w, h = self.area
        ox = x + w / 2 - (box[0] + box[2]) / 2 * s
        oy = y + h / 2 - (box[1] + box[3]) / 2 * s
        return Layout(s, ox, oy, (x + w, y + h), (x, x), (y, y), self.area)

    def _scrolled(self, s: int, box, every) -> Layout:
        """Radius ``s`` in an image holding every hex; the view scrolls over
        ``box`` and the ring of sea round it (or stays centred on it where it
        fits); ``follow`` goes further where a place beyond is to be shown."""
        _, _, w, h = self.area
        ranges, lows, sizes = [], [], []
        for lo, hi, all_lo, all_hi, view in ((box[0], box[2], every[0], every[2], w),
                                             (box[1], box[3], every[1], every[3], h)):
            lo, hi = max(lo - 1, all_lo) * s, min(hi + 1, all_hi) * s
            first, last = (lo, hi - view) if hi - lo > view else ((lo + hi - view) / 2,) * 2
            img_lo = math.floor(min(all_lo * s, first)) - 2
            img_hi = math.ceil(max(all_hi * s, last + view)) + 2
            lows.append(img_lo)
            sizes.append(img_hi - img_lo)
            a = math.floor(first - img_lo)
            ranges.append((a, max(a, math.ceil(last - img_lo))))
        first_x, last_x = ranges[0]
        first_y, last_y = ranges[1]
        labels = (first_x, first_y, last_x + w - first_x, last_y + h - first_y)
        return Layout(s, -lows[0], -lows[1], tuple(sizes), ranges[0], ranges[1], labels)

    # --- the part of the map shown ------------------------------------------------
    @property
    def layout(self) -> Layout:
        return self.layouts[self.mode]

    @property
    def scrolls(self) -> bool:
        """Whether the map at its default zoom is bigger than the area."""
        return self.layouts["zoom"].scrolls

    def _apply(self) -> None:
        """Set the screen's transform from the layout and the scroll."""
        lay = self.layout
        x, y, _, _ = self.area
        sx, sy = self.scroll if self.mode == "zoom" else (lay.x_range[0], lay.y_range[0])
        self.s = lay.s
        self.ux, self.uy = lay.s * SQRT3_2, lay.s * 0.5
        self.ox = lay.ox + x - sx
        self.oy = lay.oy + y - sy

    def transform(self) -> tuple[float, float, float, float]:
        """(ox, oy, ux, uy): screen x = ox + X * ux for a point X of the plane."""
        return self.ox, self.oy, self.ux, self.uy

    def scroll_to(self, sx: float, sy: float) -> None:
        """Show the image from (sx, sy) on (kept within the layout's range,
        and what ``follow`` has shown beyond it)."""
        lay = self.layouts["zoom"]
        (x0, x1), (y0, y1) = self.reach
        self.scroll = [int(min(max(sx, min(x0, lay.x_range[0])), max(x1, lay.x_range[1]))),
                       int(min(max(sy, min(y0, lay.y_range[0])), max(y1, lay.y_range[1])))]
        self._apply()

    def scroll_by(self, dx: float, dy: float) -> None:
        self.scroll_to(self.scroll[0] + dx, self.scroll[1] + dy)

    def set_overview(self, on: bool) -> None:
        self.mode = "overview" if on else "zoom"
        self._apply()

    @property
    def overview(self) -> bool:
        return self.mode == "overview"

    def visible(self, px: float, py: float, margin: float = 0) -> bool:
        x, y, w, h = self.area
        return x + margin <= px < x + w - margin and y + margin <= py < y + h - margin

    def follow(self, kind: str, i, margin: float = FOLLOW) -> None:
        """Scroll so that place ``i`` (a corner, edge or hex) is at least
        ``margin`` pixels inside the area (the board pick's cursor)."""
        if i is None or self.mode != "zoom" or not self.scrolls:
            return
        x, y, w, h = self.area
        px, py = self.target_px(kind, i)
        margin = min(margin, w / 2 - 1, h / 2 - 1)
        dx = min(0, px - (x + margin)) + max(0, px - (x + w - margin))
        dy = min(0, py - (y + margin)) + max(0, py - (y + h - margin))
        if dx or dy:
            # Beyond the range if need be (a ship or the pirate out in the ocean), never beyond the image.
            lay = self.layouts["zoom"]
            sx = min(max(self.scroll[0] + (math.floor(dx) if dx < 0 else math.ceil(dx)), 0), lay.size[0] - w)
            sy = min(max(self.scroll[1] + (math.floor(dy) if dy < 0 else math.ceil(dy)), 0), lay.size[1] - h)
            (x0, x1), (y0, y1) = self.reach
            self.reach = ((min(x0, sx), max(x1, sx)), (min(y0, sy), max(y1, sy)))
            self.scroll_to(sx, sy)

    def centre_on(self, px: float, py: float) -> None:
        """Scroll so that screen point (px, py) of the zoomed map is in the middle."""
        x, y, w, h = self.area
        self.scroll_by(px - (x + w / 2), py - (y + h / 2))

    def button_rect(self) -> tuple[int, int, int, int] | None:
        """The overview button in the area's corner (None when the map fits)."""
        if not self.scrolls:
            return None
        x, y, w, _ = self.area
        return x + w - BUTTON - 4, y + 4, BUTTON, BUTTON

    # --- geometry ----------------------------------------------------------------
    def plane(self, X: float, Y: float) -> tuple[float, float]:
        return self.ox + X * self.ux, self.oy + Y * self.uy

    def hex_px(self, h: int) -> tuple[float, float]:
        n = len(self.geo.land)
        q, r = self.geo.land[h] if h < n else self.geo.sea[h - n]
        return self.plane(2 * q + r, 3 * r)

    def sea_px(self, q: int, r: int) -> tuple[float, float]:
        return self.plane(2 * q + r, 3 * r)

    def corner_px(self, c: int) -> tuple[float, float]:
        return self.plane(*self.geo.corner_xy[c])

    def edge_px(self, e: int) -> tuple[float, float]:
        a, b = self.geo.edge_corners[e]
        (x1, y1), (x2, y2) = self.corner_px(a), self.corner_px(b)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def target_px(self, kind: str, i: int) -> tuple[float, float]:
        return {"corner": self.corner_px, "edge": self.edge_px, "hex": self.hex_px}[kind](i)

    def nearest(self, kind: str, candidates, x: float, y: float, radius: float | None = None):
        best, best_d = None, None
        for i in candidates:
            px, py = self.target_px(kind, i)
            d = (px - x) ** 2 + (py - y) ** 2
            if best_d is None or d < best_d:
                best, best_d = i, d
        if radius is not None and best_d is not None and best_d > radius * radius:
            return None
        return best

    def step(self, kind: str, candidates, current, direction: str):
        """The candidate nearest to ``current`` in a direction (cone of 60
        degrees either side), for moving a cursor with keys or a d-pad."""
        if current is None:
            return candidates[0] if candidates else None
        cx, cy = self.target_px(kind, current)
        want = {"up": -90, "down": 90, "left": 180, "right": 0}[direction]
        best, best_score = current, None
        for i in candidates:
            if i == current:
                continue
            px, py = self.target_px(kind, i)
            dx, dy = px - cx, py - cy
            dist = math.hypot(dx, dy)
            if dist == 0:
                continue
            ang = math.degrees(math.atan2(dy, dx))
            off = abs((ang - want + 180) % 360 - 180)
            if off > 60:
                continue
            score = dist * (1 + off / 45)
            if best_score is None or score < best_score:
                best, best_score = i, score
        return best

    # --- drawing -----------------------------------------------------------------
    @property
    def image(self):
        """The static picture of the layout shown (terrain, harbours, tokens)."""
        if self.mode not in self.images:
            self.render_static(self.shown)
        return self.images[self.mode]

    @image.setter
    def image(self, value) -> None:
        """None: draw the static pictures anew on the next frame."""
        if value is None:
            self.images.clear()
        else:
            self.images[self.mode] = value

    def blit_static(self) -> None:
        """Copy the part of the static picture the area shows onto the screen."""
        x, y, w, h = self.area
        dx, dy = self._image_offset()
        pyxel.blt(x, y, self.image, x - dx, y - dy, w, h)

    def _in_image(self, lay: Layout) -> None:
        """Point the transform at the layout's image instead of the screen."""
        self.s = lay.s
        self.ux, self.uy = lay.s * SQRT3_2, lay.s * 0.5
        self.ox, self.oy = lay.ox, lay.oy

    def _static_items(self, lay: Layout, shown: tuple | None) -> dict:
        """Where the layout's image has each thing, in its own pixels:
        sea and land hexes, harbours (sign and piers), harbour names and
        number tokens. Drawn by ``render_static``, measured by ``drawn_rects``."""
        from .text import language
        key = (id(lay), shown, language())
        if key in self.items:
            return self.items[key]
        board = self.board
        terrain, numbers = shown if shown is not None else (board.terrain, board.numbers)
        self._in_image(lay)
        self.label_area = lay.labels
        self.sign_left = None if lay.classic else "centre"
        try:
            items: dict = {"sea": [(*self.sea_px(q, r), i + 100) for i, (q, r) in enumerate(self.geo.sea)],
                           "land": [(*self.hex_px(h), t, h) for h, t in enumerate(terrain)]}
            harbours = []
            if self.sea_map:
                for hx, (a, b), kind in board.harbour_places:
                    harbours.append((hx, *self.hex_px(hx), kind, (self.corner_px(a), self.corner_px(b))))
            else:
                n = len(self.geo.land)
                for i, (((q, r), (a, b)), kind) in enumerate(zip(board.harbour_slots, board.harbours)):
                    hx = n + self.geo.sea.index((q, r)) if (q, r) in self.geo.sea else -1 - i
                    harbours.append((hx, *self.sea_px(q, r), kind, (self.corner_px(a), self.corner_px(b))))
            items["harbours"] = harbours
            items["tokens"] = [(h, *self.hex_px(h), n) for h, n in enumerate(numbers)
                               if n and terrain[h] not in ("fog", "sea")]
            obstacles = [r for _, cx, cy, _ in items["tokens"] for r in art.token_rects(cx, cy + 3)]
            obstacles += [r for _, kind, i, piece in self.every_piece() for r in self.piece_rects(kind, i, piece)]
            items["labels"] = self.harbour_names([(cx, cy, kind) for _, cx, cy, kind, _ in harbours], terrain,
                                                 [hx for hx, *_ in harbours], obstacles)
        finally:
            self._apply()
        self.items[key] = items
        return items

    def render_static(self, shown: tuple | None = None) -> None:
        """Draw the shown layout's static picture into its image (again on a
        scenario map when ``shown``, the view's (terrain, numbers), changes):
        Pyxel draws on the screen, so the picture is drawn there a screenful
        at a time (the camera moved over it) and copied into the image."""
        lay = self.layout
        items = self._static_items(lay, shown)
        w, h = lay.size
        img = pyxel.Image(w, h)
        self.images[self.mode] = img
        restore = self.sea_map or lay.scrolls
        if restore:     # drawn mid-frame when fog turns over: keep what the screen shows
            keep = pyxel.Image(pyxel.width, pyxel.height)
            keep.blt(0, 0, pyxel.screen, 0, 0, pyxel.width, pyxel.height)
        self._in_image(lay)
        for ty in range(0, h, pyxel.height):
            for tx in range(0, w, pyxel.width):
                pyxel.camera(tx, ty)
                if lay.scrolls:
                    pyxel.cls(1)
                else:
                    pyxel.cls(0)
                    pyxel.rect(*self.area, 1)
                self._draw_static(items, (tx - self.s, ty - self.s, tx + pyxel.width + self.s,
                                          ty + pyxel.height + self.s))
                pyxel.camera()
                img.blt(tx, ty, pyxel.screen, 0, 0, min(pyxel.width, w - tx), min(pyxel.height, h - ty))
        self._apply()
        if restore:
            pyxel.blt(0, 0, keep, 0, 0, pyxel.width, pyxel.height)

    def _draw_static(self, items: dict, tile) -> None:
        """The static things; hexes only where they reach into ``tile``
        (x0, y0, x1, y1: the part of the image being drawn, widened by a radius)."""
        s = self.s
        x0, y0, x1, y1 = tile
        for cx, cy, seed in items["sea"]:
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                art.terrain(cx, cy, s, "sea", seed=seed)
        for cx, cy, kind, seed in items["land"]:
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                art.terrain(cx, cy, s, kind, seed=seed)
        for _, cx, cy, kind, piers in items["harbours"]:
            art.harbour(cx, cy, kind, piers, self.sign_left)
        for _, x, y, w, name in items["labels"]:
            pyxel.rect(x, y, w, 11, BLACK)
            font.text(x + 2, y + 1, name, WHITE, "small")
        for _, cx, cy, n in items["tokens"]:
            art.token(cx, cy + 3, n)

    def _image_offset(self) -> tuple[float, float]:
        """Screen position minus image position, for the shown layout."""
        return self.ox - self.layout.ox, self.oy - self.layout.oy

    def drawn_rects(self) -> list[tuple[str, int, tuple[int, int, int, int]]]:
        """What the static picture shows, as drawn on the screen now:
        ("token", hex, rect), ("sign", hex, rect) of a harbour, ("label",
        hex, rect) of a harbour's name; rect = (x, y, w, h)."""
        items = self._static_items(self.layout, self.shown)
        dx, dy = self._image_offset()
        out = []
        for h, cx, cy, _ in items["tokens"]:
            out += [("token", h, r) for r in art.token_rects(cx + dx, cy + 3 + dy)]
        for h, cx, cy, kind, _ in items["harbours"]:
            out.append(("sign", h, art.harbour_rect(cx + dx, cy + dy, kind, self.sign_left)))
        for h, x, y, w, _ in items["labels"]:
            out.append(("label", h, (int(x + dx), int(y + dy), w, 11)))
        return out

    def places(self) -> dict[str, list[int]]:
        """Every place a piece could ever stand on this map: corners
        (settlements, cities), road edges and ship edges (fog counts as
        land and as sea, as it may turn out either)."""
        geo, n = self.geo, len(self.geo.land)
        terrain = self.board.terrain

        def land(h: int) -> bool:
            return 0 <= h < n and terrain[h] != "sea"

        def sea(h: int) -> bool:
            return h >= n or (h >= 0 and terrain[h] in ("sea", "fog"))
        ships = self.sea_map and bool(getattr(self.board, "ships", False))
        return {"corner": [c for c in range(len(geo.corner_xy)) if any(land(h) for h in geo.corner_hexes[c])],
                "road": [e for e, (a, b) in enumerate(geo.edge_hexes) if land(a) or land(b)],
                "ship": [e for e, (a, b) in enumerate(geo.edge_hexes) if ships and (sea(a) or sea(b))]}

    def every_piece(self) -> list[tuple[str, str, int, str]]:
        """(what, kind, place, piece) of every piece that could ever stand
        on this map: settlements and cities on every corner (with the
        island bonus's pennant on a scenario map), roads and ships."""
        places = self.places()
        corner = ("settlement", "city", "pennant") if self.sea_map else ("settlement", "city")
        return ([(p, "corner", c, p) for c in places["corner"] for p in corner]
                + [("road", "edge", e, "road") for e in places["road"]]
                + [("ship", "edge", e, "ship") for e in places["ship"]])

    def piece_place(self, kind: str, i: int, piece: str) -> tuple[float, float]:
        """Where ``draw_piece`` puts a piece's anchor (settlement, city, ship)."""
        px, py = self.target_px(kind, i)
        if piece in ("settlement", "city"):
            return px, py + 2
        if piece == "ship":
            return px, py - 2
        return px, py

    def piece_rects(self, kind: str, i: int, piece: str) -> list[tuple[int, int, int, int]]:
        """What a piece drawn on place ``i`` covers on the screen now
        (``piece``: settlement, city, ship, road, or pennant: the island
        bonus's flag over a settlement)."""
        if piece == "road":
            a, b = self.geo.edge_corners[i]
            return art.road_rects(*self.corner_px(a), *self.corner_px(b))
        if piece == "pennant":
            x, y = self._pennant_at(i)
            return [(x, y - 1, 8, 11)]
        return art.piece_rects(piece, *self.piece_place(kind, i, piece))

    def _pennant_at(self, c: int) -> tuple[int, int]:
        px, py = self.corner_px(c)
        return int(px) + 5, int(py) - 14

    def harbour_names(self, places, terrain, hexes, obstacles=()) -> list[tuple[int, float, float, int, str]]:
        """The resource of each 2:1 harbour in words, beside its sign:
        under it where that covers no land, else on the side of the sign
        (under, above, right, left) that covers the least land, fewest
        corners where pieces stand and no other harbour's sign or name.
        ``places``: (centre x, centre y, kind) of every harbour, ``hexes``
        their hexes; ``obstacles``: what the names must never cover (the
        tokens, and pieces wherever they could stand); returns (hex, x, y,
        w, name) of every name box."""
        from ..engine.components import RESOURCES
        from .text import t
        taken = [(cx - 11, cy - 6, 29, 12) for cx, cy, _ in places]      # the signs (art.harbour)
        blocked = [art.harbour_rect(cx, cy, kind, self.sign_left) for cx, cy, kind in places] + obstacles
        out = []
        for (cx, cy, kind), hx in zip(places, hexes):
            if kind == "3:1":
                continue
            name = t(f"res.{RESOURCES.index(kind)}")
            # Where the whole name would cover a place a piece may stand: its first two letters (as in "Wo Br").
            for shown in (name, name[:2]):
                w = font.width(shown, "small") + 4
                place = self.harbour_name_place(cx, cy, w, terrain, taken, blocked)
                if place is not None:
                    break
            if place is None:
                shown, w = name, font.width(name, "small") + 4
                place = self.harbour_name_place(cx, cy, w, terrain, taken)
            x, y = place
            taken.append((x, y, w, 11))
            blocked.append((x, y, w, 11))
            out.append((hx, x, y, w, shown))
        return out

    def harbour_name_place(self, cx: float, cy: float, w: int, terrain, taken,
                           blocked=()) -> tuple[int, int] | None:
        """Top left of a harbour's name box (``w`` by 11 pixels) for the
        harbour sign centred at (cx, cy); ``taken``: boxes already drawn;
        ``blocked``: rectangles it must not touch (tokens, signs, pieces
        wherever they could stand). None: no place left."""
        s = self.s
        geo = self.geo
        n = len(geo.land)
        near = [self.hex_px(h) for h in range(n) if terrain[h] != "sea"
                and abs(self.hex_px(h)[0] - cx) < s + w + 24 and abs(self.hex_px(h)[1] - cy) < 2 * s + 24]
        corners = [self.corner_px(c) for c in range(len(geo.corner_xy))
                   if any(h < n and terrain[h] != "sea" for h in geo.corner_hexes[c])]
        corners = [(px, py) for px, py in corners if abs(px - cx) < w + 40 and abs(py - cy) < 40]
        ax, ay, aw, ah = self.label_area

        def on_land(px: float, py: float) -> bool:
            for hx, hy in near:
                dx, dy = abs(px - hx), abs(py - hy)
                if dx <= s * SQRT3_2 and dy <= s - dx / math.sqrt(3):
                    return True
            return False

        def cost(x: int, y: int) -> float:
            if x < ax or y < ay or x + w > ax + aw or y + 11 > ay + ah:
                return math.inf
            samples = [(x + i, y + j) for i in range(0, w, 2) for j in range(0, 11, 2)]
            land = sum(on_land(px, py) for px, py in samples)
            # A settlement covers 8 pixels around its corner: what it would hide, twice.
            pieces = sum(max(0, min(x + w, px + 8) - max(x, px - 8)) * max(0, min(y + 11, py + 8) - max(y, py - 8))
                         for px, py in corners)
            crowd = sum(bx <= px < bx + bw and by <= py < by + bh for px, py in samples for bx, by, bw, bh in taken)
            return land + pieces / 2 + 3 * crowd

        blocked = [r for r in blocked if abs(r[0] - cx) < w + 60 and abs(r[1] - cy) < 60]

        def free(x: int, y: int) -> bool:
            return not any(bx < x + w and x < bx + bw and by < y + 11 and y < by + bh for bx, by, bw, bh in blocked)

        mid = int(cx - w / 2)
        under = (mid, int(cy + 7) if self.sign_left is None else int(cy + 5))
        here = cost(*under)
        if here <= 20 and free(*under):         # hardly anything there: where it always was
            return under
        choices = [(int(cx - 11), int(cy + 7)), (int(cx + 18) - w, int(cy + 7)),
                   (mid, int(cy - 18)), (int(cx - 11), int(cy - 18)), (int(cx + 18) - w, int(cy - 18)),
                   (int(cx + 19), int(cy - 5)), (int(cx - 12) - w, int(cy - 5))]
        choices = [p for p in choices if free(*p) and cost(*p) < math.inf]
        if not free(*under) or here == math.inf:
            return min(choices, key=lambda p: cost(*p)) if choices else None
        best = min(choices, key=lambda p: cost(*p)) if choices else under
        return best if cost(*best) + 10 < here else under

    def draw(self, view_state, highlight=None, cursor=None, blink: bool = True, robber_px=None,
             pirate_px=None) -> None:
        """The board with pieces. ``highlight`` is (kind, ids) of legal
        targets; ``cursor`` (kind, id) the one under the cursor; ``robber_px``
        and ``pirate_px`` where to draw the robber or the pirate while it moves."""
        x, y, w, h = self.area
        st = view_state
        if self.sea_map:
            shown = (tuple(st.terrain), tuple(st.numbers))
            if shown != self.shown:
                self.shown = shown
                self.images.clear()
        lay = self.layout
        self.blit_static()
        if lay.scrolls:
            pyxel.clip(x, y, w, h)
        geo = self.geo
        if self.sea_map:
            self._draw_routes(st)
        else:
            for e, o in enumerate(st.edge_owner):
                if o != -1:
                    a, b = geo.edge_corners[e]
                    (x1, y1), (x2, y2) = self.corner_px(a), self.corner_px(b)
                    art.road(x1, y1, x2, y2, o)
        for c, o in enumerate(st.corner_owner):
            if o != -1:
                name = "city" if st.corner_level[c] == 2 else "settlement"
                px, py = self.piece_place("corner", c, name)
                piece = art.city if name == "city" else art.settlement
                outlined(lambda dx, dy, piece=piece, px=px, py=py, o=o: piece(px + dx, py + dy, o))
        if self.sea_map:
            self._draw_island_bonus(st)
        if robber_px is not None or st.robber >= 0:
            rx, ry = robber_px if robber_px is not None else self.hex_px(st.robber)
            art.robber(rx + 12, ry - 6)
        if self.sea_map and (pirate_px is not None or st.pirate >= 0):
            px, py = pirate_px if pirate_px is not None else self.hex_px(st.pirate)
            outlined(lambda dx, dy: art.pirate(px + dx, py + dy))
        if highlight:
            kind, ids = highlight
            colour = YELLOW if blink else WHITE
            for i in ids:
                px, py = self.target_px(kind, i)
                if kind == "hex":
                    pyxel.circb(px, py + 3, 12, colour)
                else:
                    pyxel.circb(px, py, 4, colour)
                    pyxel.pset(px, py, colour)
        if cursor and cursor[1] is not None:
            self.draw_cursor(cursor, getattr(st, "decider", -1), blink)
        if lay.scrolls or self.overview:
            pyxel.clip()
            self.draw_map_marks(blink)

    def draw_map_marks(self, blink: bool) -> None:
        """On a map that scrolls: arrows on the sides where more of it
        lies, and the overview button (a magnifier: "-" shows the whole
        map, "+" goes back to the zoomed map)."""
        rect = self.button_rect()
        if rect is None:
            return
        x, y, w, h = self.area
        if self.mode == "zoom":
            lay = self.layout
            sx, sy = self.scroll
            mx, my = x + w // 2, y + h // 2
            for more, (ax, ay, bx, by, cx, cy) in (
                    (sx > lay.x_range[0], (x + 2, my, x + 8, my - 6, x + 8, my + 6)),
                    (sx < lay.x_range[1], (x + w - 3, my, x + w - 9, my - 6, x + w - 9, my + 6)),
                    (sy > lay.y_range[0], (mx, y + 2, mx - 6, y + 8, mx + 6, y + 8)),
                    (sy < lay.y_range[1], (mx, y + h - 3, mx - 6, y + h - 9, mx + 6, y + h - 9))):
                if more:
                    pyxel.tri(ax, ay, bx, by, cx, cy, BLACK)
                    pyxel.trib(ax, ay, bx, by, cx, cy, YELLOW if blink else WHITE)
        bx, by, bw, bh = rect
        pyxel.rect(bx, by, bw, bh, BLACK)
        pyxel.rectb(bx, by, bw, bh, WHITE)
        pyxel.circb(bx + 7, by + 7, 5, WHITE)
        pyxel.line(bx + 11, by + 11, bx + 15, by + 15, WHITE)
        pyxel.line(bx + 5, by + 7, bx + 9, by + 7, YELLOW)
        if self.overview:
            pyxel.line(bx + 7, by + 5, bx + 7, by + 9, YELLOW)

    def _draw_routes(self, st) -> None:
        """Roads, then ships: a boat in the owner's colour on its edge."""
        geo = self.geo
        for e, o in st.roads:
            a, b = geo.edge_corners[e]
            (x1, y1), (x2, y2) = self.corner_px(a), self.corner_px(b)
            art.road(x1, y1, x2, y2, o)
        for e, o in st.ships:
            px, py = self.piece_place("edge", e, "ship")
            outlined(lambda dx, dy, px=px, py=py, o=o: art.ship(px + dx, py + dy, o))

    def _draw_island_bonus(self, st) -> None:
        """A yellow pennant over every settlement that earned an island bonus."""
        for corners in st.island_bonus_corners:
            for c in corners:
                x, y = self._pennant_at(c)
                pyxel.line(x, y, x, y + 9, BLACK)
                pyxel.tri(x + 1, y - 1, x + 1, y + 5, x + 7, y + 2, BLACK)
                pyxel.tri(x + 1, y, x + 1, y + 4, x + 5, y + 2, YELLOW)

    def draw_cursor(self, cursor, owner: int, blink: bool) -> None:
        """The place under the cursor: the piece it would get, faint (a
        dithered ghost; solid once marked), inside a thick black-and-yellow
        ring with a pointer above it. ``cursor``: (kind, id) or (kind, id,
        piece, marked)."""
        kind, i = cursor[0], cursor[1]
        piece = cursor[2] if len(cursor) > 2 else None
        marked = bool(cursor[3]) if len(cursor) > 3 else False
        px, py = self.target_px(kind, i)
        if kind == "hex":
            py += 3
        r = 15 if kind == "hex" else 9
        for k, colour in ((r + 2, BLACK), (r + 1, YELLOW if blink or marked else WHITE), (r, YELLOW),
                          (r - 1, BLACK)):
            pyxel.circb(px, py, k, colour)
        if piece is not None and 0 <= owner < 6:
            if not marked:
                pyxel.dither(0.5)
            self.draw_piece(kind, i, piece, owner)
            pyxel.dither(1.0)
        # A pointer above the ring, so the eye finds it at once.
        top = py - r - 4
        pyxel.tri(px - 6, top - 8, px + 6, top - 8, px, top, BLACK)
        pyxel.tri(px - 4, top - 7, px + 4, top - 7, px, top - 2, YELLOW if blink or marked else WHITE)

    def draw_piece(self, kind: str, i: int, piece: str, owner: int) -> None:
        if piece == "road" and kind == "edge":
            a, b = self.geo.edge_corners[i]
            (x1, y1), (x2, y2) = self.corner_px(a), self.corner_px(b)
            art.road(x1, y1, x2, y2, owner)
        elif piece in ("settlement", "city") and kind == "corner":
            (art.city if piece == "city" else art.settlement)(*self.piece_place(kind, i, piece), owner)
        elif piece == "ship" and kind == "edge":
            art.ship(*self.piece_place(kind, i, piece), owner)
        elif piece == "robber" and kind == "hex":
            px, py = self.hex_px(i)
            art.robber(px + 12, py - 6)
        elif piece == "pirate" and kind == "hex":
            px, py = self.hex_px(i)
            art.pirate(px, py)


class MapScroll:
    """Looking round a map bigger than its area, with any device; one per
    screen showing a ``BoardView``, ``update(ui)`` every frame before the
    screen's prompts read the input.

    Keyboard: Shift with the arrows (or WASD) scrolls, O shows the whole
    map or goes back. Pad: the right stick scrolls, pressing it (R3)
    toggles the overview. Mouse: the wheel scrolls up and down (with Shift
    sideways), the middle button drags the map, resting the pointer at the
    area's edge scrolls that way, and the button in the area's corner
    toggles the overview. The input it uses is taken out of ``ui`` (the
    arrows held with Shift, a click on the button), so no prompt acts on
    it as well."""

    STEP = 8            # pixels per frame while a scroll key is held
    WHEEL = 24          # pixels per notch of the mouse wheel
    EDGE = 6            # the pointer this near the area's edge...
    EDGE_WAIT = 10      # ...for this many frames scrolls the map
    STICK_DEAD_ZONE = 12000

    HINT_FRAMES = 300   # how long a scrolling map names its keys at the start

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self.edge_frames = 0
        self.drag: tuple[int, int] | None = None
        self.followed = None

    def update(self, ui, place=None) -> None:
        """One frame of input; ``place``: (kind, id) the screen points at
        (a pick's cursor), which the map keeps in view when it moves by
        keys or pad (the mouse points at what it sees already)."""
        from . import input as inp
        view = self.view
        if place != self.followed:
            self.followed = place
            if place is not None and ui.device != "mouse":
                view.follow(*place)
        x, y, w, h = view.area
        mx, my = ui.mouse_x, ui.mouse_y
        inside = x <= mx < x + w and y <= my < y + h
        toggle = ui.char("o") or pyxel.btnp(pyxel.GAMEPAD1_BUTTON_RIGHTSTICK)
        rect = view.button_rect()
        if ui.click and rect is not None and rect[0] <= mx < rect[0] + rect[2] and rect[1] <= my < rect[1] + rect[3]:
            toggle = True
            ui.click = False
        if toggle and view.scrolls:
            view.set_overview(not view.overview)
        if not view.scrolls or view.overview:
            self.drag = None
            return
        dx = dy = 0
        shift = pyxel.btn(pyxel.KEY_SHIFT)
        if shift:
            held = {inp.LEFT: (pyxel.KEY_LEFT, pyxel.KEY_A), inp.RIGHT: (pyxel.KEY_RIGHT, pyxel.KEY_D),
                    inp.UP: (pyxel.KEY_UP, pyxel.KEY_W), inp.DOWN: (pyxel.KEY_DOWN, pyxel.KEY_S)}
            on = {d for d, keys in held.items() if any(pyxel.btn(k) for k in keys)}
            dx += self.STEP * ((inp.RIGHT in on) - (inp.LEFT in on))
            dy += self.STEP * ((inp.DOWN in on) - (inp.UP in on))
            if on:
                ui.commands -= set(inp.DIRECTIONS)      # the arrows scroll: no cursor or menu moves as well
        sx, sy = pyxel.btnv(pyxel.GAMEPAD1_AXIS_RIGHTX), pyxel.btnv(pyxel.GAMEPAD1_AXIS_RIGHTY)
        if abs(sx) > self.STICK_DEAD_ZONE:
            dx += self.STEP * sx / 32767
            ui.device = "gamepad"
        if abs(sy) > self.STICK_DEAD_ZONE:
            dy += self.STEP * sy / 32767
            ui.device = "gamepad"
        wheel = pyxel.mouse_wheel
        if wheel and inside:
            if shift:
                dx -= self.WHEEL * wheel
            else:
                dy -= self.WHEEL * wheel
        if pyxel.btn(pyxel.MOUSE_BUTTON_MIDDLE) and inside or self.drag is not None:
            if self.drag is not None:
                dx += self.drag[0] - mx
                dy += self.drag[1] - my
            self.drag = (mx, my) if pyxel.btn(pyxel.MOUSE_BUTTON_MIDDLE) else None
        at_edge = inside and ui.device == "mouse" and (
            mx < x + self.EDGE or mx >= x + w - self.EDGE or my < y + self.EDGE or my >= y + h - self.EDGE)
        self.edge_frames = self.edge_frames + 1 if at_edge else 0
        if self.edge_frames > self.EDGE_WAIT:
            dx += self.STEP * ((mx >= x + w - self.EDGE) - (mx < x + self.EDGE))
            dy += self.STEP * ((my >= y + h - self.EDGE) - (my < y + self.EDGE))
        if dx or dy:
            view.scroll_by(dx, dy)

    def draw(self, device: str, frame: int) -> None:
        """A line naming the map's keys for the device in use: in the
        overview, and for a while at the start on a map that scrolls."""
        from .text import hint
        view = self.view
        if not view.scrolls or not (view.overview or frame < self.HINT_FRAMES):
            return
        x, y, w, _ = view.area
        line = hint("map.overview" if view.overview else "map.hint", device)
        line = font.fit(line, w - BUTTON - 24, "small")
        lw = font.width(line, "small") + 8
        pyxel.rect(x + 4, y + 4, lw, 12, BLACK)
        pyxel.rectb(x + 4, y + 4, lw, 12, WHITE)
        font.text(x + 8, y + 5, line, YELLOW, "small")
