"""DOS-style widgets: bevelled boxes and menus that answer keyboard,
gamepad and mouse alike."""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from . import font
from . import input as inp
from .palette import BLACK, BLUE, CYAN, DARK_GREY, GREY, LIGHT_CYAN, WHITE, YELLOW


def box(x: int, y: int, w: int, h: int, title: str | None = None, fill: int = GREY) -> None:
    """A raised, bevelled box with an optional title bar."""
    pyxel.rect(x, y, w, h, fill)
    pyxel.line(x, y, x + w - 1, y, WHITE)
    pyxel.line(x, y, x, y + h - 1, WHITE)
    pyxel.line(x + 1, y + h - 1, x + w - 1, y + h - 1, DARK_GREY)
    pyxel.line(x + w - 1, y + 1, x + w - 1, y + h - 1, DARK_GREY)
    pyxel.line(x + 1, y + h - 2, x + w - 2, y + h - 2, DARK_GREY)
    pyxel.line(x + w - 2, y + 2, x + w - 2, y + h - 2, DARK_GREY)
    if title:
        pyxel.rect(x + 3, y + 3, w - 6, 14, BLUE)
        font.text(x + 7, y + 4, font.fit(title, w - 12, "bold"), WHITE, "bold")


def sunken(x: int, y: int, w: int, h: int, fill: int = BLACK) -> None:
    pyxel.rect(x, y, w, h, fill)
    pyxel.line(x, y, x + w - 1, y, DARK_GREY)
    pyxel.line(x, y, x, y + h - 1, DARK_GREY)
    pyxel.line(x + 1, y + h - 1, x + w - 1, y + h - 1, WHITE)
    pyxel.line(x + w - 1, y + 1, x + w - 1, y + h - 1, WHITE)


@dataclass
class Item:
    label: str
    value: object = None
    key: str | None = None        # shortcut letter or digit, shown in the menu
    enabled: bool = True
    adjustable: bool = False      # left/right (or clicking its halves) change it
    ok_selects: bool = False      # on an adjustable item, confirm selects instead of changing


@dataclass
class Menu:
    """A vertical list of items; ``handle`` returns ("select", value),
    ("adjust", value, delta), ("back",) or None. With ``rest_on_disabled``
    the cursor (keys, pad, mouse) also rests on greyed lines, drawn greyed,
    and OK or a click on one returns ("refused", value), so the owner can
    say why; otherwise the cursor skips them."""

    items: list[Item]
    x: int = 0
    y: int = 0
    w: int = 160
    row: int = 15
    index: int = 0
    scroll: int = 0
    visible_rows: int = 99
    focused: bool = True
    rest_on_disabled: bool = False

    def __post_init__(self) -> None:
        self._first_enabled()

    def _first_enabled(self) -> None:
        if not self.items:
            return
        if not (0 <= self.index < len(self.items)) or not self.items[self.index].enabled:
            for i, it in enumerate(self.items):
                if it.enabled:
                    self.index = i
                    return

    @property
    def height(self) -> int:
        return min(len(self.items), self.visible_rows) * self.row

    @property
    def selected(self) -> Item | None:
        return self.items[self.index] if self.items else None

    def item_rect(self, i: int) -> tuple[int, int, int, int]:
        return self.x, self.y + (i - self.scroll) * self.row, self.w, self.row

    def _reachable(self, i: int) -> bool:
        return self.rest_on_disabled or self.items[i].enabled

    def _move(self, step: int) -> None:
        n = len(self.items)
        for k in range(1, n + 1):
            j = (self.index + step * k) % n
            if self._reachable(j):
                self.index = j
                break
        if self.index < self.scroll:
            self.scroll = self.index
        elif self.index >= self.scroll + self.visible_rows:
            self.scroll = self.index - self.visible_rows + 1

    def _hit(self, mx: int, my: int) -> int | None:
        for i in range(self.scroll, min(len(self.items), self.scroll + self.visible_rows)):
            x, y, w, h = self.item_rect(i)
            if x <= mx < x + w and y <= my < y + h:
                return i
        return None

    def handle(self, ui: inp.Input):
        if not self.items:
            return ("back",) if ui.pressed(inp.BACK) else None
        for i, it in enumerate(self.items):
            if it.key and it.enabled and ui.char(it.key):
                self.index = i
                return ("select", it.value)
        if ui.pressed(inp.UP):
            self._move(-1)
        if ui.pressed(inp.DOWN) or ui.pressed(inp.TAB):
            self._move(1)
        it = self.items[self.index]
        if it.adjustable and it.enabled:
            if ui.pressed(inp.LEFT):
                return ("adjust", it.value, -1)
            if ui.pressed(inp.RIGHT):
                return ("adjust", it.value, 1)
        if ui.mouse_moved or ui.click:
            hit = self._hit(ui.mouse_x, ui.mouse_y)
            if hit is not None and self._reachable(hit):
                self.index = hit
                if ui.click:
                    target = self.items[hit]
                    if not target.enabled:
                        return ("refused", target.value)
                    if target.adjustable:
                        x, _, w, _ = self.item_rect(hit)
                        return ("adjust", target.value, -1 if ui.mouse_x < x + w // 2 else 1)
                    return ("select", target.value)
        if ui.pressed(inp.OK) and it.enabled:
            if it.adjustable and not it.ok_selects:
                return ("adjust", it.value, 1)
            return ("select", it.value)
        if ui.pressed(inp.OK) and self.rest_on_disabled:
            return ("refused", it.value)
        if ui.pressed(inp.BACK):
            return ("back",)
        return None

    def draw(self) -> None:
        for i in range(self.scroll, min(len(self.items), self.scroll + self.visible_rows)):
            it = self.items[i]
            x, y, w, h = self.item_rect(i)
            chosen = i == self.index and self.focused
            if chosen and it.enabled:
                pyxel.rect(x, y, w, h - 1, CYAN)
            elif chosen:                # resting on a greyed line: a frame, the line stays greyed
                pyxel.rectb(x, y, w, h - 1, CYAN)
            colour = (WHITE if chosen else BLACK) if it.enabled else DARK_GREY
            label = it.label
            if it.key:
                label = f"{it.key.upper()} {label}"
            if it.adjustable:
                label = f"< {label} >" if chosen else f"  {label}"
            font.text(x + 4, y + 1, font.fit(label, w - 8), colour)
        if self.scroll > 0:
            font.text(self.x + self.w - 10, self.y - 2, "^", BLUE, "small")
        if self.scroll + self.visible_rows < len(self.items):
            font.text(self.x + self.w - 10, self.y + self.height - 8, "v", BLUE, "small")


def banner(x: int, y: int, w: int, text_: str, colour: int = YELLOW) -> None:
    pyxel.rect(x, y, w, 17, BLACK)
    font.text(x + (w - font.width(text_, "bold")) // 2, y + 2, text_, colour, "bold")


def hint(x: int, y: int, s: str) -> None:
    font.text(x, y, s, LIGHT_CYAN, "small")
