"""The static picture of a map: sea and land hexes with the harbours,
their names and the number tokens over them (``labels.py``), drawn once
per layout into an image the area shows a part of. Pyxel and the pixel
art are imported where they draw (see ``pieces.py``)."""

from __future__ import annotations

from .labels import Labels
from .plane import Layout, MapPlane


class Terrain:
    """The static pictures of a board drawn on ``view``, one per layout,
    drawn when first shown, in the middle of a frame (what the screen
    shows is kept). A layer part (``ui/layers.py``): ``follow`` says when
    the map's face changes in play."""

    def __init__(self, view: MapPlane, labels: Labels, pieces) -> None:
        self.view = view
        self.labels = labels
        self.pieces = pieces            # where pieces may stand (names keep off them)
        self.shown: tuple | None = None     # (terrain, numbers) drawn into the images; None: the board's
        self.images: dict = {}
        self.items: dict = {}           # what the static images show, per layout (see static_items)

    def follow(self, st) -> None:
        """Take in view state ``st`` before a frame is drawn (the map as dealt does not change)."""

    @property
    def image(self):
        """The static picture of the layout shown (terrain, harbours, tokens)."""
        if self.view.mode not in self.images:
            self.render(self.shown)
        return self.images[self.view.mode]

    @image.setter
    def image(self, value) -> None:
        """None: draw the static pictures anew on the next frame."""
        if value is None:
            self.images.clear()
        else:
            self.images[self.view.mode] = value

    def blit(self) -> None:
        """Copy the part of the static picture the area shows onto the screen."""
        import pyxel  # here: the layers' parts register without loading Pyxel
        x, y, w, h = self.view.area
        dx, dy = self.view.image_offset()
        pyxel.blt(x, y, self.image, x - dx, y - dy, w, h)

    def static_items(self, lay: Layout, shown: tuple | None) -> dict:
        """Where the layout's image has each thing, in its own pixels:
        sea and land hexes, harbours (sign and piers), harbour names and
        number tokens. Drawn by ``render``, measured by ``drawn_rects``."""
        from ..text import language
        key = (id(lay), shown, language())
        if key in self.items:
            return self.items[key]
        view, board = self.view, self.view.board
        terrain, numbers = shown if shown is not None else (board.terrain, board.numbers)
        view.in_image(lay)
        try:
            items: dict = {"sea": [(*view.sea_px(q, r), i + 100) for i, (q, r) in enumerate(view.geo.sea)],
                           "land": [(*view.hex_px(h), t, h) for h, t in enumerate(terrain)]}
            every = self.pieces.every_piece()
            pieces = [r for _, kind, i, piece in every for r in self.pieces.piece_rects(kind, i, piece)]
            items |= self.labels.items(lay, terrain, numbers, pieces)
        finally:
            view.on_screen()
        self.items[key] = items
        return items

    def render(self, shown: tuple | None = None) -> None:
        """Draw the shown layout's static picture into its image (again on a
        scenario map when ``shown``, the view's (terrain, numbers), changes):
        Pyxel draws on the screen, so the picture is drawn there a screenful
        at a time (the camera moved over it) and copied into the image."""
        import pyxel  # here: the layers' parts register without loading Pyxel
        view = self.view
        lay = view.layout
        items = self.static_items(lay, shown)
        w, h = lay.size
        img = pyxel.Image(w, h)
        self.images[view.mode] = img
        keep = pyxel.Image(pyxel.width, pyxel.height)     # drawn mid-frame: what the screen shows is kept
        keep.blt(0, 0, pyxel.screen, 0, 0, pyxel.width, pyxel.height)
        view.in_image(lay)
        for ty in range(0, h, pyxel.height):
            for tx in range(0, w, pyxel.width):
                pyxel.camera(tx, ty)
                if lay.scrolls:
                    pyxel.cls(1)
                else:
                    pyxel.cls(0)
                    pyxel.rect(*view.area, 1)
                self.draw(items, (tx - view.s, ty - view.s, tx + pyxel.width + view.s, ty + pyxel.height + view.s))
                pyxel.camera()
                img.blt(tx, ty, pyxel.screen, 0, 0, min(pyxel.width, w - tx), min(pyxel.height, h - ty))
        view.on_screen()
        pyxel.blt(0, 0, keep, 0, 0, pyxel.width, pyxel.height)

    def draw(self, items: dict, tile) -> None:
        """The static things; hexes only where they reach into ``tile``
        (x0, y0, x1, y1: the part of the image being drawn, widened by a radius)."""
        from .. import art
        s = self.view.s
        x0, y0, x1, y1 = tile
        for cx, cy, seed in items["sea"]:
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                art.terrain(cx, cy, s, "sea", seed=seed)
        for cx, cy, kind, seed in items["land"]:
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                art.terrain(cx, cy, s, kind, seed=seed)
        self.labels.draw(items)

    def drawn_rects(self) -> list[tuple[str, int, tuple[int, int, int, int]]]:
        """What the static picture shows, as drawn on the screen now:
        ("token", hex, rect), ("sign", hex, rect) of a harbour, ("label",
        hex, rect) of a harbour's name; rect = (x, y, w, h)."""
        items = self.static_items(self.view.layout, self.shown)
        return self.labels.rects(items, *self.view.image_offset())
