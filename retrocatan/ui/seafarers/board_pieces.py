"""The Seafarers pieces on the board (``ui/board/pieces.py``): ships on
sea edges, the pirate, and a yellow pennant over every settlement that
earned an island bonus. Pyxel and the pixel art are imported where a
piece is drawn (see ``ui/board/pieces.py``)."""

from __future__ import annotations

from ..board.pieces import Pieces, outlined
from ..layers import layer_part
from ..palette import BLACK, YELLOW


@layer_part("seafarers")
class SeaPieces(Pieces):
    CORNER_PIECES = ("settlement", "city", "pennant")

    def drawn_from(self, st) -> tuple:
        return *super().drawn_from(st), st.ships, st.island_bonus_corners

    def movers_at(self, st) -> tuple:
        return *super().movers_at(st), st.pirate

    def draw_routes(self, st) -> None:
        """Roads, then ships: a boat in the owner's colour on its edge."""
        from .. import art
        super().draw_routes(st)
        for e, o in st.ships:
            px, py = self.piece_place("edge", e, "ship")
            outlined(lambda dx, dy, px=px, py=py, o=o: art.ship(px + dx, py + dy, o))

    def draw_marks(self, st) -> None:
        """A yellow pennant over every settlement that earned an island bonus."""
        import pyxel  # here: the layers' parts register without loading Pyxel
        for corners in st.island_bonus_corners:
            for c in corners:
                x, y = self.pennant_at(c)
                pyxel.line(x, y, x, y + 9, BLACK)
                pyxel.tri(x + 1, y - 1, x + 1, y + 5, x + 7, y + 2, BLACK)
                pyxel.tri(x + 1, y, x + 1, y + 4, x + 5, y + 2, YELLOW)

    def draw_movers(self, st, robber_px=None, pirate_px=None) -> None:
        """The robber, then the pirate (at ``pirate_px`` while it sails)."""
        from .. import art
        super().draw_movers(st, robber_px, pirate_px)
        if pirate_px is not None or st.pirate >= 0:
            px, py = pirate_px if pirate_px is not None else self.view.hex_px(st.pirate)
            outlined(lambda dx, dy: art.pirate(px + dx, py + dy))

    def draw_piece(self, kind: str, i: int, piece: str, owner: int) -> None:
        from .. import art
        if piece == "ship" and kind == "edge":
            art.ship(*self.piece_place(kind, i, piece), owner)
        elif piece == "pirate" and kind == "hex":
            art.pirate(*self.view.hex_px(i))
        else:
            super().draw_piece(kind, i, piece, owner)

    def ship_places(self) -> list[int]:
        """Every edge beside the sea or fog (fog may turn out sea), where the scenario has ships."""
        if not self.view.board.ships:
            return []
        geo, terrain, n = self.geo, self.view.board.terrain, len(self.geo.land)

        def sea(h: int) -> bool:
            return h >= n or (h >= 0 and terrain[h] in ("sea", "fog"))
        return [e for e, (a, b) in enumerate(geo.edge_hexes) if sea(a) or sea(b)]

    def piece_place(self, kind: str, i: int, piece: str) -> tuple[float, float]:
        if piece == "ship":
            px, py = self.view.target_px(kind, i)
            return px, py - 2
        return super().piece_place(kind, i, piece)

    def piece_rects(self, kind: str, i: int, piece: str) -> list[tuple[int, int, int, int]]:
        """A ship's or a pennant's (the island bonus's flag over a settlement) as well."""
        if piece == "pennant":
            x, y = self.pennant_at(i)
            return [(x, y - 1, 8, 11)]
        return super().piece_rects(kind, i, piece)

    def pennant_at(self, c: int) -> tuple[int, int]:
        px, py = self.view.corner_px(c)
        return int(px) + 5, int(py) - 14
