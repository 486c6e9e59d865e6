"""What stands on the map, drawn over its static picture: roads,
settlements and cities, the robber; the legal places a pick highlights
and the place under its cursor; and where each piece could ever stand
(what harbour names keep clear of).

Pyxel and the pixel art are imported where a piece is drawn, so that the
layers' parts register without a window (tests/test_pyxel_imports.py)."""

from __future__ import annotations

from ..palette import BLACK, WHITE, YELLOW
from .plane import MapPlane


def outlined(draw) -> None:
    """Draw a piece with a white rim around its black outline, so that it
    stands out on any ground (red pieces on red hills). ``draw(dx, dy)``
    draws it shifted by (dx, dy)."""
    import pyxel  # here: the layers' parts register without loading Pyxel
    for col in range(16):
        pyxel.pal(col, WHITE)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        draw(dx, dy)
    pyxel.pal()
    draw(0, 0)


class Pieces:
    """The pieces of a board drawn on ``view``. A layer part
    (``ui/layers.py``): ``CORNER_PIECES`` names what may stand on a
    corner; ``ship_places``, ``draw_routes``, ``draw_marks`` and
    ``draw_movers`` are where a layer adds its own pieces, and
    ``drawn_from`` what its placed pieces are drawn from (``movers_at``:
    where its movers rest)."""

    CORNER_PIECES: tuple[str, ...] = ("settlement", "city")

    def __init__(self, view: MapPlane) -> None:
        self.view = view
        self.geo = view.geo

    # --- drawing the pieces in play (BoardView.draw: the placed ones kept, then the movers) ---
    def drawn_from(self, st) -> tuple:
        """What ``draw_placed`` draws from view state ``st``: two states
        with the same key get the same picture (``BoardView`` keeps it)."""
        return st.roads, st.corner_owner, st.corner_level

    def movers_at(self, st) -> tuple:
        """Where ``draw_movers`` draws the pieces that move, resting (the robber's hex)."""
        return (st.robber,)

    def draw_placed(self, st) -> None:
        """The pieces that stay where they were placed: routes, buildings
        and their marks."""
        self.draw_routes(st)
        self.draw_buildings(st)
        self.draw_marks(st)

    def draw_routes(self, st) -> None:
        """The roads."""
        for e, o in st.roads:
            self.draw_road(e, o)

    def draw_road(self, e: int, o: int) -> None:
        from .. import art
        a, b = self.geo.edge_corners[e]
        (x1, y1), (x2, y2) = self.view.corner_px(a), self.view.corner_px(b)
        art.road(x1, y1, x2, y2, o)

    def draw_buildings(self, st) -> None:
        """Settlements and cities, each with a white rim."""
        from .. import art
        for c, o in enumerate(st.corner_owner):
            if o != -1:
                name = "city" if st.corner_level[c] == 2 else "settlement"
                px, py = self.piece_place("corner", c, name)
                piece = art.city if name == "city" else art.settlement
                outlined(lambda dx, dy, piece=piece, px=px, py=py, o=o: piece(px + dx, py + dy, o))

    def draw_marks(self, st) -> None:
        """What a layer marks on the buildings (the base game: nothing)."""

    def draw_movers(self, st, robber_px=None, pirate_px=None) -> None:
        """The robber, on its hex or at ``robber_px`` while it moves."""
        from .. import art
        if robber_px is not None or st.robber >= 0:
            rx, ry = robber_px if robber_px is not None else self.view.hex_px(st.robber)
            art.robber(rx + 12, ry - 6)

    def draw_highlight(self, highlight, blink: bool) -> None:
        """Rings round ``highlight`` = (kind, ids), the legal targets of a pick."""
        import pyxel  # here: the layers' parts register without loading Pyxel
        kind, ids = highlight
        colour = YELLOW if blink else WHITE
        for i in ids:
            px, py = self.view.target_px(kind, i)
            if kind == "hex":
                pyxel.circb(px, py + 3, 12, colour)
            else:
                pyxel.circb(px, py, 4, colour)
                pyxel.pset(px, py, colour)

    def draw_cursor(self, cursor, owner: int, blink: bool) -> None:
        """The place under the cursor: the piece it would get, faint (a
        dithered ghost; solid once marked), inside a thick black-and-yellow
        ring with a pointer above it. ``cursor``: (kind, id) or (kind, id,
        piece, marked)."""
        import pyxel  # here: the layers' parts register without loading Pyxel
        kind, i = cursor[0], cursor[1]
        piece = cursor[2] if len(cursor) > 2 else None
        marked = bool(cursor[3]) if len(cursor) > 3 else False
        px, py = self.view.target_px(kind, i)
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
        """One piece of ``owner`` on place ``i`` (the cursor's ghost)."""
        from .. import art
        if piece == "road" and kind == "edge":
            self.draw_road(i, owner)
        elif piece in ("settlement", "city") and kind == "corner":
            (art.city if piece == "city" else art.settlement)(*self.piece_place(kind, i, piece), owner)
        elif piece == "robber" and kind == "hex":
            px, py = self.view.hex_px(i)
            art.robber(px + 12, py - 6)

    # --- where pieces stand ------------------------------------------------------------
    def places(self) -> dict[str, list[int]]:
        """Every place a piece could ever stand on this map: corners
        (settlements, cities), road edges and ship edges."""
        geo, n = self.geo, len(self.geo.land)
        terrain = self.view.board.terrain

        def land(h: int) -> bool:
            return 0 <= h < n and terrain[h] != "sea"
        return {"corner": [c for c in range(len(geo.corner_xy)) if any(land(h) for h in geo.corner_hexes[c])],
                "road": [e for e, (a, b) in enumerate(geo.edge_hexes) if land(a) or land(b)],
                "ship": self.ship_places()}

    def ship_places(self) -> list[int]:
        """The edges a ship could ever sail on (the base game has no ships)."""
        return []

    def every_piece(self) -> list[tuple[str, str, int, str]]:
        """(what, kind, place, piece) of every piece that could ever stand
        on this map: ``CORNER_PIECES`` on every corner, roads and ships."""
        places = self.places()
        return ([(p, "corner", c, p) for c in places["corner"] for p in self.CORNER_PIECES]
                + [("road", "edge", e, "road") for e in places["road"]]
                + [("ship", "edge", e, "ship") for e in places["ship"]])

    def piece_place(self, kind: str, i: int, piece: str) -> tuple[float, float]:
        """Where ``draw_piece`` puts a piece's anchor (settlement, city)."""
        px, py = self.view.target_px(kind, i)
        if piece in ("settlement", "city"):
            return px, py + 2
        return px, py

    def piece_rects(self, kind: str, i: int, piece: str) -> list[tuple[int, int, int, int]]:
        """What a piece drawn on place ``i`` covers on the screen now
        (``piece``: settlement, city or road, and a layer's own)."""
        from .. import art
        if piece == "road":
            a, b = self.geo.edge_corners[i]
            return art.road_rects(*self.view.corner_px(a), *self.view.corner_px(b))
        return art.piece_rects(piece, *self.piece_place(kind, i, piece))
