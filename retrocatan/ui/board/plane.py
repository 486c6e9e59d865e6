"""Hex <-> pixel geometry of a board on a screen area, the layouts a map
is drawn in, and scrolling over a map bigger than the area.

A map that fits the board area with hexes of at least ``MIN_S`` pixels is
drawn whole, as the base island always was. A bigger one (the Seafarers
scenarios) is drawn with hexes of ``ZOOM_S`` pixels into an image larger
than the area, and the area shows a part of it that scrolls: with the
cursor of a board pick (``follow``), and freely with the keys, the pad's
right stick and the mouse (``map_scroll.MapScroll``). The overview shows
the whole map scaled to fit, with the empty ocean cropped."""

from __future__ import annotations

import math

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


class MapPlane:
    """Maps a board's integer plane (see engine.board) onto a screen area.
    ``scroll``: whether a map too big for the area may be drawn bigger and
    scrolled (else it is always drawn whole, scaled to fit)."""

    def __init__(self, board, x: int, y: int, w: int, h: int, scroll: bool = True) -> None:
        self.board = board
        self.geo = board.geo
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
            pirate = board.pirate_start
            land = [(X * SQRT3_2, Y * 0.5) for (X, Y), h in zip(centres, range(len(centres)))
                    if self._is_land(h) or h == pirate]
            signs = [(centres[h][0] * SQRT3_2, centres[h][1] * 0.5) for h, _, _ in board.harbour_places]
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
        self.mode = "zoom"
        lay = self.layouts["zoom"]
        self.scroll = [(lay.x_range[0] + lay.x_range[1]) // 2, (lay.y_range[0] + lay.y_range[1]) // 2]
        self.reach = ((self.scroll[0],) * 2, (self.scroll[1],) * 2)     # where follow went beyond the range
        self.on_screen()

    def _is_land(self, h: int) -> bool:
        return h < len(self.geo.land) and self.board.terrain[h] != "sea"

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

    def on_screen(self) -> None:
        """Set the screen's transform from the layout and the scroll."""
        lay = self.layout
        x, y, _, _ = self.area
        sx, sy = self.scroll if self.mode == "zoom" else (lay.x_range[0], lay.y_range[0])
        self.s = lay.s
        self.ux, self.uy = lay.s * SQRT3_2, lay.s * 0.5
        self.ox = lay.ox + x - sx
        self.oy = lay.oy + y - sy

    def in_image(self, lay: Layout) -> None:
        """Point the transform at the layout's image instead of the screen
        (``on_screen`` points it back)."""
        self.s = lay.s
        self.ux, self.uy = lay.s * SQRT3_2, lay.s * 0.5
        self.ox, self.oy = lay.ox, lay.oy

    def image_offset(self) -> tuple[float, float]:
        """Screen position minus image position, for the shown layout."""
        return self.ox - self.layout.ox, self.oy - self.layout.oy

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
        self.on_screen()

    def scroll_by(self, dx: float, dy: float) -> None:
        self.scroll_to(self.scroll[0] + dx, self.scroll[1] + dy)

    def set_overview(self, on: bool) -> None:
        self.mode = "overview" if on else "zoom"
        self.on_screen()

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
