"""The island on screen: hex <-> pixel geometry, drawing the board and its
pieces, and picking corners, edges and hexes under a cursor."""

from __future__ import annotations

import math

from . import art, font
from .palette import BLACK, WHITE, YELLOW

SQRT3_2 = math.sqrt(3) / 2


def outlined(draw) -> None:
    """Draw a piece with a white rim around its black outline, so that it
    stands out on any ground (red pieces on red hills). ``draw(dx, dy)``
    draws it shifted by (dx, dy)."""
    import pyxel
    for col in range(16):
        pyxel.pal(col, WHITE)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        draw(dx, dy)
    pyxel.pal()
    draw(0, 0)


class BoardView:
    """Maps a board's integer plane (see engine.board) onto a screen area."""

    def __init__(self, board, x: int, y: int, w: int, h: int) -> None:
        self.board = board
        self.geo = board.geo
        # A scenario map (engine.sea_board.SeaBoard): sea hexes have ids from
        # len(geo.land) on, fog turns over, ships and the pirate sail.
        self.sea_map = hasattr(board, "harbour_places")
        self.shown: tuple | None = None     # (terrain, numbers) drawn into the image
        geo = self.geo
        self.area = (x, y, w, h)
        centres = [(2 * q + r, 3 * r) for q, r in geo.land + geo.sea]
        xs = [c[0] for c in centres]
        ys = [c[1] for c in centres]
        # Extent in units of the hex radius s: X units are s*sqrt(3)/2, Y units s/2.
        span_x = (max(xs) - min(xs)) * SQRT3_2 + 2 * SQRT3_2
        span_y = (max(ys) - min(ys)) * 0.5 + 2
        self.s = int(min((w - 4) / span_x, (h - 4) / span_y))
        s = self.s
        self.ux, self.uy = s * SQRT3_2, s * 0.5
        mid_x = (max(xs) + min(xs)) / 2
        mid_y = (max(ys) + min(ys)) / 2
        self.ox = x + w / 2 - mid_x * self.ux
        self.oy = y + h / 2 - mid_y * self.uy
        self.image = None

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
    def render_static(self, shown: tuple | None = None) -> None:
        """Terrain, tokens and harbours, drawn once into an image (again on a
        scenario map when ``shown``, the view's (terrain, numbers), changes)."""
        import pyxel
        x, y, w, h = self.area
        img = pyxel.Image(pyxel.width, pyxel.height)
        self.image = img
        if self.sea_map:
            # Redrawn mid-game when fog turns over: keep what the screen shows.
            keep = pyxel.Image(pyxel.width, pyxel.height)
            keep.blt(0, 0, pyxel.screen, 0, 0, pyxel.width, pyxel.height)
            pyxel.rect(x, y, w, h, 1)
            self._render_sea_map(shown)
            img.blt(0, 0, pyxel.screen, 0, 0, pyxel.width, pyxel.height)
            pyxel.blt(0, 0, keep, 0, 0, pyxel.width, pyxel.height)
            return
        # Pyxel draws on the screen; draw there, then copy into the image.
        pyxel.cls(0)
        pyxel.rect(x, y, w, h, 1)
        s = self.s
        for i, (q, r) in enumerate(self.geo.sea):
            cx, cy = self.sea_px(q, r)
            art.terrain(cx, cy, s, "sea", seed=i + 100)
        for hx, t in enumerate(self.board.terrain):
            cx, cy = self.hex_px(hx)
            art.terrain(cx, cy, s, t, seed=hx)
        places = []
        for ((q, r), (a, b)), kind in zip(self.geo.harbour_slots, self.board.harbours):
            cx, cy = self.sea_px(q, r)
            art.harbour(cx, cy, kind, [self.corner_px(a), self.corner_px(b)])
            places.append((cx, cy, kind))
        self.harbour_names(places, self.board.terrain)
        for hx, n in enumerate(self.board.numbers):
            if n:
                cx, cy = self.hex_px(hx)
                art.token(cx, cy + 3, n)
        img.blt(0, 0, pyxel.screen, 0, 0, pyxel.width, pyxel.height)

    def _render_sea_map(self, shown: tuple | None) -> None:
        """A scenario map: its sea, the hexes as the view shows them now (gold,
        fog face down, fog turned sea), harbours and number tokens."""
        board, s = self.board, self.s
        terrain, numbers = shown if shown is not None else (board.terrain, board.numbers)
        for i, (q, r) in enumerate(self.geo.sea):
            cx, cy = self.sea_px(q, r)
            art.terrain(cx, cy, s, "sea", seed=i + 100)
        for hx, t in enumerate(terrain):
            cx, cy = self.hex_px(hx)
            art.terrain(cx, cy, s, t, seed=hx)
        places = []
        for hx, (a, b), kind in board.harbour_places:
            cx, cy = self.hex_px(hx)
            art.harbour(cx, cy, kind, [self.corner_px(a), self.corner_px(b)])
            places.append((cx, cy, kind))
        self.harbour_names(places, terrain)
        for hx, n in enumerate(numbers):
            if n and terrain[hx] not in ("fog", "sea"):
                cx, cy = self.hex_px(hx)
                art.token(cx, cy + 3, n)

    def harbour_names(self, places, terrain) -> None:
        """The resource of each 2:1 harbour in words, beside its sign:
        under it where that covers no land, else on the side of the sign
        (under, above, right, left) that covers the least land, fewest
        corners where pieces stand and no other harbour's sign or name.
        ``places``: (centre x, centre y, kind) of every harbour."""
        import pyxel

        from ..engine.components import RESOURCES
        from .text import t
        taken = [(cx - 11, cy - 6, 29, 12) for cx, cy, _ in places]      # the signs (art.harbour)
        for cx, cy, kind in places:
            if kind == "3:1":
                continue
            name = t(f"res.{RESOURCES.index(kind)}")
            w = font.width(name, "small") + 4
            x, y = self.harbour_name_place(cx, cy, w, terrain, taken)
            taken.append((x, y, w, 11))
            pyxel.rect(x, y, w, 11, BLACK)
            font.text(x + 2, y + 1, name, WHITE, "small")

    def harbour_name_place(self, cx: float, cy: float, w: int, terrain, taken) -> tuple[int, int]:
        """Top left of a harbour's name box (``w`` by 11 pixels) for the
        harbour sign centred at (cx, cy); ``taken``: boxes already drawn."""
        s = self.s
        geo = self.geo
        n = len(geo.land)
        near = [self.hex_px(h) for h in range(n) if terrain[h] != "sea"
                and abs(self.hex_px(h)[0] - cx) < s + w + 24 and abs(self.hex_px(h)[1] - cy) < 2 * s + 24]
        corners = [self.corner_px(c) for c in range(len(geo.corner_xy))
                   if any(h < n and terrain[h] != "sea" for h in geo.corner_hexes[c])]
        corners = [(px, py) for px, py in corners if abs(px - cx) < w + 40 and abs(py - cy) < 40]
        ax, ay, aw, ah = self.area

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

        mid = int(cx - w / 2)
        under = (mid, int(cy + 7))
        here = cost(*under)
        if here <= 20:                 # hardly anything there: where it always was
            return under
        choices = [(int(cx - 11), int(cy + 7)), (int(cx + 18) - w, int(cy + 7)),
                   (mid, int(cy - 18)), (int(cx - 11), int(cy - 18)), (int(cx + 18) - w, int(cy - 18)),
                   (int(cx + 19), int(cy - 5)), (int(cx - 12) - w, int(cy - 5))]
        best = min(choices, key=lambda p: cost(*p))
        return best if cost(*best) + 10 < here else under

    def draw(self, view_state, highlight=None, cursor=None, blink: bool = True, robber_px=None,
             pirate_px=None) -> None:
        """The board with pieces. ``highlight`` is (kind, ids) of legal
        targets; ``cursor`` (kind, id) the one under the cursor; ``robber_px``
        and ``pirate_px`` where to draw the robber or the pirate while it moves."""
        import pyxel
        x, y, w, h = self.area
        st = view_state
        if self.sea_map:
            shown = (tuple(st.terrain), tuple(st.numbers))
            if self.image is None or shown != self.shown:
                self.shown = shown
                self.render_static(shown)
        elif self.image is None:
            self.render_static()
        pyxel.blt(x, y, self.image, x, y, w, h)
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
                px, py = self.corner_px(c)
                piece = art.city if st.corner_level[c] == 2 else art.settlement
                outlined(lambda dx, dy, piece=piece, px=px, py=py, o=o: piece(px + dx, py + 2 + dy, o))
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

    def _draw_routes(self, st) -> None:
        """Roads, then ships: a boat in the owner's colour on its edge."""
        geo = self.geo
        for e, o in st.roads:
            a, b = geo.edge_corners[e]
            (x1, y1), (x2, y2) = self.corner_px(a), self.corner_px(b)
            art.road(x1, y1, x2, y2, o)
        for e, o in st.ships:
            px, py = self.edge_px(e)
            outlined(lambda dx, dy, px=px, py=py, o=o: art.ship(px + dx, py - 2 + dy, o))

    def _draw_island_bonus(self, st) -> None:
        """A yellow pennant over every settlement that earned an island bonus."""
        import pyxel
        for corners in st.island_bonus_corners:
            for c in corners:
                px, py = self.corner_px(c)
                x, y = int(px) + 5, int(py) - 14
                pyxel.line(x, y, x, y + 9, BLACK)
                pyxel.tri(x + 1, y - 1, x + 1, y + 5, x + 7, y + 2, BLACK)
                pyxel.tri(x + 1, y, x + 1, y + 4, x + 5, y + 2, YELLOW)

    def draw_cursor(self, cursor, owner: int, blink: bool) -> None:
        """The place under the cursor: the piece it would get, faint (a
        dithered ghost; solid once marked), inside a thick black-and-yellow
        ring with a pointer above it. ``cursor``: (kind, id) or (kind, id,
        piece, marked)."""
        import pyxel
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
            px, py = self.corner_px(i)
            (art.city if piece == "city" else art.settlement)(px, py + 2, owner)
        elif piece == "ship" and kind == "edge":
            px, py = self.edge_px(i)
            art.ship(px, py - 2, owner)
        elif piece == "robber" and kind == "hex":
            px, py = self.hex_px(i)
            art.robber(px + 12, py - 6)
        elif piece == "pirate" and kind == "hex":
            px, py = self.hex_px(i)
            art.pirate(px, py)
