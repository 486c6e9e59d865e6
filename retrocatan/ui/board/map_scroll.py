"""Looking round a map bigger than its board area: ``MapScroll`` (keys,
pad and mouse) and the marks drawn on such a map (arrows where more of it
lies, the overview button)."""

from __future__ import annotations

import pyxel

from .. import font
from ..palette import BLACK, WHITE, YELLOW
from .plane import BUTTON, MapPlane


def draw_map_marks(view: MapPlane, blink: bool) -> None:
    """On a map that scrolls: arrows on the sides where more of it
    lies, and the overview button (a magnifier: "-" shows the whole
    map, "+" goes back to the zoomed map)."""
    rect = view.button_rect()
    if rect is None:
        return
    x, y, w, h = view.area
    if view.mode == "zoom":
        lay = view.layout
        sx, sy = view.scroll
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
    if view.overview:
        pyxel.line(bx + 7, by + 5, bx + 7, by + 9, YELLOW)


class MapScroll:
    """Looking round a map bigger than its area, with any device; one per
    screen showing a ``BoardView`` (``ui/board_view.py``), ``update(ui)``
    every frame before the screen's prompts read the input.

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

    def __init__(self, view: MapPlane) -> None:
        self.view = view
        self.edge_frames = 0
        self.drag: tuple[int, int] | None = None
        self.followed = None

    def update(self, ui, place=None) -> None:
        """One frame of input; ``place``: (kind, id) the screen points at
        (a pick's cursor), which the map keeps in view when it moves by
        keys or pad (the mouse points at what it sees already)."""
        from .. import input as inp
        view = self.view
        if place != self.followed:
            self.followed = place
            if place is not None and ui.device != "mouse":
                view.follow(*place)
        x, y, w, h = view.area
        mx, my = ui.mouse_x, ui.mouse_y
        inside = x <= mx < x + w and y <= my < y + h
        toggle = ui.char("o") or ui.button(inp.R3)
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
        shift = ui.holding(inp.SHIFT)
        if shift:
            on = {d for d in inp.DIRECTIONS if ui.holding(d)}
            dx += self.STEP * ((inp.RIGHT in on) - (inp.LEFT in on))
            dy += self.STEP * ((inp.DOWN in on) - (inp.UP in on))
            if on:
                ui.commands -= set(inp.DIRECTIONS)      # the arrows scroll: no cursor or menu moves as well
        sx, sy = ui.right_stick
        if abs(sx) > self.STICK_DEAD_ZONE:
            dx += self.STEP * sx / 32767
            ui.device = "gamepad"
        if abs(sy) > self.STICK_DEAD_ZONE:
            dy += self.STEP * sy / 32767
            ui.device = "gamepad"
        wheel = ui.wheel
        if wheel and inside:
            if shift:
                dx -= self.WHEEL * wheel
            else:
                dy -= self.WHEEL * wheel
        middle = ui.holding(inp.MIDDLE)
        if middle and inside or self.drag is not None:
            if self.drag is not None:
                dx += self.drag[0] - mx
                dy += self.drag[1] - my
            self.drag = (mx, my) if middle else None
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
        from ..text import hint
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
