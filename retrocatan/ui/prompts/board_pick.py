"""Picking a place on the board: a cursor that snaps to the legal corners,
edges or hexes (arrows, d-pad, Tab, mouse), confirmed with OK or a click."""

from __future__ import annotations

from .. import input as inp
from ..layout import BOARD_AREA
from . import POP, Prompt


class BoardPick(Prompt):
    """``acts``: the legal actions whose first number is the place; picking
    a place returns its first action (``chosen`` may say otherwise).
    ``cancel``: whether "back" leaves the pick."""

    def __init__(self, view, ui, kind: str, acts: list, cancel: bool = True) -> None:
        self.view = view
        self.kind = kind
        self.cancel = cancel
        self.ids: list[int] = []
        self.actions: dict[int, list] = {}
        for a in acts:
            if a.a not in self.actions:
                self.ids.append(a.a)
                self.actions[a.a] = []
            self.actions[a.a].append(a)
        cursor = None
        if ui.device == "mouse":
            cursor = view.nearest(kind, self.ids, ui.mouse_x, ui.mouse_y)
        if cursor is None:
            cx, cy = BOARD_AREA[0] + BOARD_AREA[2] / 2, BOARD_AREA[1] + BOARD_AREA[3] / 2
            cursor = view.nearest(kind, self.ids, cx, cy)
        self.cursor = cursor

    def highlight(self):
        return (self.kind, self.ids), (self.kind, self.cursor)

    def update(self, ui):
        view = self.view
        for d in inp.DIRECTIONS:
            if ui.pressed(d):
                self.cursor = view.step(self.kind, self.ids, self.cursor, d)
        if ui.pressed(inp.TAB):
            i = self.ids.index(self.cursor) if self.cursor in self.ids else -1
            self.cursor = self.ids[(i + 1) % len(self.ids)]
        if ui.mouse_moved or ui.click:
            near = view.nearest(self.kind, self.ids, ui.mouse_x, ui.mouse_y,
                                radius=view.s * (0.9 if self.kind == "hex" else 0.45))
            if near is not None:
                self.cursor = near
                if ui.click:
                    return self.chosen(near)
        if ui.pressed(inp.OK) and self.cursor is not None:
            return self.chosen(self.cursor)
        if ui.pressed(inp.BACK) and self.cancel:
            return POP
        return None

    def chosen(self, place: int):
        return self.actions[place][0]
