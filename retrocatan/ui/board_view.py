"""The island on screen: a board's geometry and scrolling
(``board/plane.py``) with its terrain, labels and pieces drawn by the
parts of its rules layer (``board/terrain.py``, ``board/labels.py``,
``board/pieces.py``; ``ui/layers.py`` finds a layer's own). A map too big
for its area scrolls and has an overview (``board/map_scroll.py``)."""

from __future__ import annotations

import pyxel

from .board.labels import Labels
from .board.map_scroll import MapScroll, draw_map_marks
from .board.pieces import Pieces, outlined
from .board.plane import BUTTON, FOLLOW, MIN_S, ZOOM_S, Layout, MapPlane
from .board.terrain import Terrain
from .kept_picture import KeptPicture
from .layers import part

__all__ = ["BUTTON", "FOLLOW", "MIN_S", "ZOOM_S", "BoardView", "Layout", "MapScroll", "outlined"]


class BoardView(MapPlane):
    """A board on a screen area (``MapPlane``: where everything is) with
    its static picture (``terrain``, with the ``labels``) and its
    ``pieces``, each the part of the board's rules layer."""

    def __init__(self, board, x: int, y: int, w: int, h: int, scroll: bool = True,
                 thumbnail: bool = False) -> None:
        super().__init__(board, x, y, w, h, scroll)
        self.thumbnail = thumbnail      # drawn small: the land and the pieces, no harbours or tokens
        self.pieces = part(Pieces, board.layer)(self)
        self.labels = part(Labels, board.layer)(self)
        self.terrain = part(Terrain, board.layer)(self, self.labels, self.pieces)
        self.placed = KeptPicture()     # the area with the placed pieces

    # --- the static picture ---------------------------------------------------------
    @property
    def image(self):
        """The static picture of the layout shown (terrain, harbours, tokens)."""
        return self.terrain.image

    @image.setter
    def image(self, value) -> None:
        """None: draw the static pictures anew on the next frame."""
        self.terrain.image = value

    @property
    def shown(self) -> tuple | None:
        """(terrain, numbers) the static pictures show; None: the board's."""
        return self.terrain.shown

    def render_static(self, shown: tuple | None = None) -> None:
        self.terrain.render(shown)

    def blit_static(self) -> None:
        self.terrain.blit()

    def drawn_rects(self) -> list[tuple[str, int, tuple[int, int, int, int]]]:
        """("token" | "sign" | "label", hex, (x, y, w, h)) of what the static picture shows on the screen now."""
        return self.terrain.drawn_rects()

    # --- the pieces ------------------------------------------------------------------
    def places(self) -> dict[str, list[int]]:
        return self.pieces.places()

    def every_piece(self) -> list[tuple[str, str, int, str]]:
        return self.pieces.every_piece()

    def piece_place(self, kind: str, i: int, piece: str) -> tuple[float, float]:
        return self.pieces.piece_place(kind, i, piece)

    def piece_rects(self, kind: str, i: int, piece: str) -> list[tuple[int, int, int, int]]:
        return self.pieces.piece_rects(kind, i, piece)

    def draw_piece(self, kind: str, i: int, piece: str, owner: int) -> None:
        self.pieces.draw_piece(kind, i, piece, owner)

    # --- a frame ---------------------------------------------------------------------
    def draw(self, view_state, highlight=None, cursor=None, blink: bool = True, robber_px=None,
             pirate_px=None) -> None:
        """The board with pieces. ``highlight`` is (kind, ids) of legal
        targets; ``cursor`` (kind, id) the one under the cursor; ``robber_px``
        and ``pirate_px`` where to draw the robber or the pirate while it moves."""
        x, y, w, h = self.area
        st = view_state
        self.terrain.follow(st)
        lay = self.layout
        resting = robber_px is None and pirate_px is None     # the robber and the pirate on their hexes
        self.show_placed(st, resting)
        if lay.scrolls:
            pyxel.clip(x, y, w, h)
        if not resting:
            self.pieces.draw_movers(st, robber_px, pirate_px)
        if highlight:
            self.pieces.draw_highlight(highlight, blink)
        if cursor and cursor[1] is not None:
            self.pieces.draw_cursor(cursor, st.decider, blink)
        if lay.scrolls or self.overview:
            pyxel.clip()
            self.draw_map_marks(blink)

    def show_placed(self, st, movers: bool = False) -> None:
        """The area's part of the static picture with the pieces placed in
        view state ``st`` on it (with ``movers``, the robber and the pirate
        resting on their hexes too), clipped to the area. Drawn once and
        kept while neither those pieces nor the part of the map shown
        change: a frame then costs one copy, not every piece drawn with its
        rim."""
        key = (self.image, self.mode, self.transform(), self.pieces.drawn_from(st),
               self.pieces.movers_at(st) if movers else None)
        self.placed.show(self.area, key, lambda: self._draw_placed(st, movers))

    def _draw_placed(self, st, movers: bool) -> None:
        x, y, w, h = self.area
        self.blit_static()
        pyxel.clip(x, y, w, h)
        self.pieces.draw_placed(st)
        if movers:
            self.pieces.draw_movers(st)
        pyxel.clip()

    def draw_map_marks(self, blink: bool) -> None:
        """The arrows and the overview button of a map that scrolls."""
        draw_map_marks(self, blink)
