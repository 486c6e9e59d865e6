"""An on-screen keyboard for typing with the gamepad or the mouse, in the
DOS look: a grid of letters (with Ä Ö Ü ä ö ü ß), digits and signs, and
the keys Space, Delete and Done; a keyboard for addresses (the network
screens: a server's address, an e-mail address, a webhook's URL) has a
row of their signs too (``ADDRESS_ROWS``). The d-pad (or the stick) moves the
highlight, A types the highlighted key, B deletes, Y or Start is done and
X cancels; a click types the key under the mouse. The physical keyboard
goes on typing directly (the scene reads ``Input.typed``); this widget
only turns pad buttons and clicks into what they type.
"""

from __future__ import annotations

import pyxel

from . import font
from . import input as inp
from .palette import BLACK, CYAN, DARK_GREY, WHITE
from .text import t
from .widgets import box

ROWS = ("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ", "abcdefghijklm", "nopqrstuvwxyz", "0123456789-.,",
        "ÄÖÜäöüß!?'():")
ADDRESS_ROWS = ROWS + ("/@_=&%#+~;*[]",)
COLUMNS = 13
SPACE, DELETE, DONE, CANCEL = "space", "delete", "done", "cancel"
# The bottom row: (key, width in cells).
SPECIAL = ((SPACE, 5), (DELETE, 4), (DONE, 4))
CELL_W, CELL_H = 26, 18
WIDTH = COLUMNS * CELL_W + 20


def keys_of(rows: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(ch for row in rows for ch in row) + tuple(k for k, _ in SPECIAL)


def height_of(rows: tuple[str, ...]) -> int:
    return (len(rows) + 1) * CELL_H + 30


KEYS = keys_of(ROWS)
HEIGHT = height_of(ROWS)


class OnScreenKeyboard:
    """``update(ui)`` returns what was pressed this frame: a character,
    ``DELETE``, ``DONE``, ``CANCEL`` or None."""

    def __init__(self, x: int, y: int, rows: tuple[str, ...] = ROWS) -> None:
        self.x, self.y = x, y
        self.rows = rows
        self.keys = keys_of(rows)
        self.letters = len(rows) * COLUMNS
        self.height = height_of(rows)
        self.index = 0

    # --- where the keys are -----------------------------------------------------------------
    def rect(self, i: int) -> tuple[int, int, int, int]:
        x0, y0 = self.x + 10, self.y + 22
        if i < self.letters:
            r, c = divmod(i, COLUMNS)
            return x0 + c * CELL_W, y0 + r * CELL_H, CELL_W - 2, CELL_H - 2
        start = sum(w for _, w in SPECIAL[: i - self.letters])
        cells = SPECIAL[i - self.letters][1]
        return x0 + start * CELL_W, y0 + len(self.rows) * CELL_H, cells * CELL_W - 2, CELL_H - 2

    def key_at(self, mx: int, my: int) -> int | None:
        for i in range(len(self.keys)):
            x, y, w, h = self.rect(i)
            if x <= mx < x + w and y <= my < y + h:
                return i
        return None

    def contains(self, mx: int, my: int) -> bool:
        return self.x <= mx < self.x + WIDTH and self.y <= my < self.y + self.height

    def _centre_column(self, i: int) -> float:
        x, _, w, _ = self.rect(i)
        return (x + w / 2 - self.x - 10) / CELL_W

    def _move(self, d: str) -> None:
        i, keys, letters, rows = self.index, self.keys, self.letters, len(self.rows)
        if d == inp.LEFT:
            self.index = (i - 1) % len(keys)
        elif d == inp.RIGHT:
            self.index = (i + 1) % len(keys)
        elif d in (inp.UP, inp.DOWN):
            row = i // COLUMNS if i < letters else rows
            row = (row + (1 if d == inp.DOWN else -1)) % (rows + 1)
            column = self._centre_column(i)
            if row == rows:      # the bottom row: the special key under this column
                self.index = min(range(letters, len(keys)), key=lambda k: abs(self._centre_column(k) - column))
            else:
                self.index = row * COLUMNS + min(COLUMNS - 1, int(column))

    def _typed(self, i: int) -> str:
        k = self.keys[i]
        return " " if k == SPACE else k

    # --- input ------------------------------------------------------------------------------
    def update(self, ui) -> str | None:
        for d in inp.DIRECTIONS:
            if ui.pressed(d):
                self._move(d)
        if ui.click:
            i = self.key_at(ui.mouse_x, ui.mouse_y)
            if i is not None:
                self.index = i
                return self._typed(i)
            return None if self.contains(ui.mouse_x, ui.mouse_y) else DONE
        if ui.button(inp.A, repeat=True):
            return self._typed(self.index)
        if ui.button(inp.B, repeat=True):
            return DELETE
        if ui.button(inp.Y, repeat=True) or ui.button(inp.START, repeat=True):
            return DONE
        if ui.button(inp.X, repeat=True):
            return CANCEL
        return None

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, blink: bool = False) -> None:
        box(self.x, self.y, WIDTH, self.height, t("kb.title"))
        for i, k in enumerate(self.keys):
            x, y, w, h = self.rect(i)
            on = i == self.index
            pyxel.rect(x, y, w, h, CYAN if on else WHITE)
            pyxel.rectb(x, y, w, h, BLACK if not (on and blink) else DARK_GREY)
            label = t(f"kb.{k}") if len(k) > 1 else k
            colour = WHITE if on else BLACK
            font.text(x + (w - font.width(label)) // 2, y + 2, label, colour)
