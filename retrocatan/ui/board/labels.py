"""What the static picture says about the map: the harbours (piers, the
sign with the ratio), each 2:1 harbour's resource in words beside its
sign, and the number tokens. Pyxel, the fonts and the pixel art are
imported where they are drawn or measured (see ``pieces.py``)."""

from __future__ import annotations

import math

from ..palette import BLACK, WHITE
from .plane import SQRT3_2, Layout, MapPlane

ROOT3 = math.sqrt(3)


class Labels:
    """The harbours, their names and the number tokens of a board drawn on
    ``view``. A layer part (``ui/layers.py``): ``NUMBERLESS`` names the
    grounds that never show a token."""

    NUMBERLESS: tuple[str, ...] = ("sea",)

    def __init__(self, view: MapPlane) -> None:
        self.view = view
        self.board = view.board
        self.sign_left = None           # where the signs sit (art.sign_x): None as on the base island
        self.label_area = view.area     # where harbour names may go

    def items(self, lay: Layout, terrain, numbers, obstacles) -> dict:
        """Where the layout's image has each harbour (hex, centre, kind,
        piers), each number token (hex, centre, number) and each harbour
        name (hex, x, y, w, name), with the view's transform pointed at the
        image; ``obstacles``: rectangles no name may cover (pieces wherever
        they could stand)."""
        from .. import art
        view = self.view
        self.label_area = lay.labels
        self.sign_left = None if lay.classic else "centre"
        if view.thumbnail:      # a map drawn small (My games): harbours and tokens would cover it
            return {"harbours": [], "tokens": [], "labels": []}
        harbours = [(hx, *view.hex_px(hx), kind, (view.corner_px(a), view.corner_px(b)))
                    for hx, (a, b), kind in self.board.harbour_places]
        tokens = [(h, *view.hex_px(h), n) for h, n in enumerate(numbers) if n and terrain[h] not in self.NUMBERLESS]
        obstacles = [r for _, cx, cy, _ in tokens for r in art.token_rects(cx, cy + 3)] + list(obstacles)
        labels = self.harbour_names([(cx, cy, kind) for _, cx, cy, kind, _ in harbours], terrain,
                                    [hx for hx, *_ in harbours], obstacles)
        return {"harbours": harbours, "tokens": tokens, "labels": labels}

    def draw(self, items: dict) -> None:
        """The harbours, then their names, then the tokens."""
        import pyxel  # here: the layers' parts register without loading Pyxel

        from .. import art, font
        for _, cx, cy, kind, piers in items["harbours"]:
            art.harbour(cx, cy, kind, piers, self.sign_left)
        for _, x, y, w, name in items["labels"]:
            pyxel.rect(x, y, w, 11, BLACK)
            font.text(x + 2, y + 1, name, WHITE, "small")
        for _, cx, cy, n in items["tokens"]:
            art.token(cx, cy + 3, n)

    def rects(self, items: dict, dx: float, dy: float) -> list[tuple[str, int, tuple[int, int, int, int]]]:
        """("token", hex, rect), ("sign", hex, rect), ("label", hex, rect)
        of ``items`` drawn shifted by (dx, dy)."""
        from .. import art
        out = []
        for h, cx, cy, _ in items["tokens"]:
            out += [("token", h, r) for r in art.token_rects(cx + dx, cy + 3 + dy)]
        for h, cx, cy, kind, _ in items["harbours"]:
            out.append(("sign", h, art.harbour_rect(cx + dx, cy + dy, kind, self.sign_left)))
        for h, x, y, w, _ in items["labels"]:
            out.append(("label", h, (int(x + dx), int(y + dy), w, 11)))
        return out

    def harbour_names(self, places, terrain, hexes, obstacles=()) -> list[tuple[int, float, float, int, str]]:
        """The resource of each 2:1 harbour in words, beside its sign:
        under it where that covers no land, else on the side of the sign
        (under, above, right, left) that covers the least land, fewest
        corners where pieces stand and no other harbour's sign or name.
        Every harbour of a kind has the same name: the whole word, or its
        first two letters (as in "Wo Br") on every harbour of the kind where
        the whole word would cover a place a piece may stand at one of them.
        ``places``: (centre x, centre y, kind) of every harbour, ``hexes``
        their hexes; ``obstacles``: what the names must never cover (the
        tokens, and pieces wherever they could stand); returns (hex, x, y,
        w, name) of every name box."""
        short: set[str] = set()
        while True:
            out, crowded = self._name_boxes(places, terrain, hexes, list(obstacles), short)
            if crowded <= short:
                return out
            short |= crowded

    def _name_boxes(self, places, terrain, hexes, obstacles, short: set[str]):
        """(name boxes, kinds whose whole word found no free place) with the
        kinds in ``short`` named by their first two letters."""
        from ...engine.components import RESOURCES
        from .. import art, font
        from ..text import t
        taken = [(cx - 11, cy - 6, 29, 12) for cx, cy, _ in places]      # the signs (art.harbour)
        blocked = [art.harbour_rect(cx, cy, kind, self.sign_left) for cx, cy, kind in places] + obstacles
        out, crowded = [], set()
        for (cx, cy, kind), hx in zip(places, hexes):
            if kind == "3:1":
                continue
            name = t(f"res.{RESOURCES.index(kind)}")
            shown = name[:2] if kind in short else name
            w = font.width(shown, "small") + 4
            place = self.harbour_name_place(cx, cy, w, terrain, taken, blocked)
            if place is None:
                crowded.add(kind)
                place = self.harbour_name_place(cx, cy, w, terrain, taken)
            x, y = place
            taken.append((x, y, w, 11))
            blocked.append((x, y, w, 11))
            out.append((hx, x, y, w, shown))
        return out, crowded

    def harbour_name_place(self, cx: float, cy: float, w: int, terrain, taken,
                           blocked=()) -> tuple[int, int] | None:
        """Top left of a harbour's name box (``w`` by 11 pixels) for the
        harbour sign centred at (cx, cy); ``taken``: boxes already drawn;
        ``blocked``: rectangles it must not touch (tokens, signs, pieces
        wherever they could stand). None: no place left."""
        view = self.view
        s = view.s
        geo = view.geo
        n = len(geo.land)
        near = [view.hex_px(h) for h in range(n) if terrain[h] != "sea"
                and abs(view.hex_px(h)[0] - cx) < s + w + 24 and abs(view.hex_px(h)[1] - cy) < 2 * s + 24]
        corners = [view.corner_px(c) for c in range(len(geo.corner_xy))
                   if any(h < n and terrain[h] != "sea" for h in geo.corner_hexes[c])]
        corners = [(px, py) for px, py in corners if abs(px - cx) < w + 40 and abs(py - cy) < 40]
        ax, ay, aw, ah = self.label_area

        land_at: dict[tuple[int, int], bool] = {}     # the places below share most of their pixels

        def on_land(px: int, py: int) -> bool:
            hit = land_at.get((px, py))
            if hit is None:
                hit = land_at[(px, py)] = any(abs(px - hx) <= s * SQRT3_2 and abs(py - hy) <= s - abs(px - hx) / ROOT3
                                              for hx, hy in near)
            return hit

        costs: dict[tuple[int, int], float] = {}

        def cost(x: int, y: int) -> float:
            if (x, y) not in costs:
                costs[(x, y)] = _cost(x, y)
            return costs[(x, y)]

        def _cost(x: int, y: int) -> float:
            if x < ax or y < ay or x + w > ax + aw or y + 11 > ay + ah:
                return math.inf
            across, down = range(x, x + w, 2), range(y, y + 11, 2)      # the pixels sampled: every other one
            land = sum(on_land(px, py) for px in across for py in down)
            # A settlement covers 8 pixels around its corner: what it would hide, twice.
            pieces = sum(max(0, min(x + w, px + 8) - max(x, px - 8)) * max(0, min(y + 11, py + 8) - max(y, py - 8))
                         for px, py in corners)
            # the samples inside each box already drawn (its columns times its rows)
            crowd = sum(sum(bx <= px < bx + bw for px in across) * sum(by <= py < by + bh for py in down)
                        for bx, by, bw, bh in taken)
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
