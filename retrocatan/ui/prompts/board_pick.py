"""Picking a place on the board: a cursor that snaps to the legal corners,
edges or hexes (arrows, d-pad, Tab, mouse), confirmed with OK or a click.

With "confirm placements" on (Options; the default) the first OK or click
only marks the place, the piece stands there as a preview, and a second
OK (or click on it) places it; moving away or "back" takes the mark back.

Which kind of place (corner, edge, hex) each action's piece occupies is the
engine's table (``engine.pieces``); a pick handed places of another kind
raises ``WrongPlaceKind``."""

from __future__ import annotations

import pyxel

from ...engine.pieces import ACTION_PIECE, PLACE, WrongPlaceKind, check
from .. import font
from .. import input as inp
from ..layout import BOARD_AREA
from ..palette import BLACK, WHITE, YELLOW
from ..text import hint
from . import POP, Command, Prompt

PIECES = ACTION_PIECE      # the piece each action places or moves (the engine's table)
# The field of an action that is its place: ``place`` (a piece's corner or edge, the hex, the ship
# that moves), or ``target`` (where a moved ship sails to).
PLACE_FIELD = {"place": lambda act: act.place, "target": lambda act: act.target}


def place_kind(action_kind: str) -> str:
    """The kind of place (corner, edge, hex) of an action's piece."""
    if action_kind not in ACTION_PIECE:
        raise WrongPlaceKind(f"a {action_kind!r} action puts no piece on the board")
    return PLACE[ACTION_PIECE[action_kind]]


def confirm_setting(ui) -> bool:
    """The person's "confirm placements" option (on unless turned off)."""
    return bool(ui.settings.get("confirm_places", True))


class BoardPick(Prompt):
    """``acts``: the legal actions whose first number is the place; picking
    a place returns its first action (``chosen`` may say otherwise).
    ``cancel``: whether "back" leaves the pick. ``confirm``: the first
    choice only marks the place (None: the person's option). ``field``:
    which field of the actions is the place (``place``, or ``target`` for
    where a ship sails to). ``hint_key``: the text of the hint line. ``kind``: the
    kind of place (None: the engine's for the actions); every action's
    place must be one of that kind (else ``WrongPlaceKind``)."""

    help_page = "game.pick"
    hint_key = ""

    def __init__(self, view, ui, kind: str | None, acts: list, cancel: bool = True, player=None,
                 confirm: bool | None = None, field: str = "place") -> None:
        if kind is None and acts:
            kind = place_kind(acts[0].kind)
        place_in = PLACE_FIELD[field]
        for a in acts:
            check(view.geo, kind, place_in(a), place_kind(a.kind))
        self.view = view
        self.device = ui.device
        self.kind = kind
        self.cancel = cancel
        self.player = player
        self.confirm = confirm_setting(ui) if confirm is None else confirm
        self.marked = None          # the place chosen once, waiting for the second OK
        self.piece = PIECES.get(acts[0].kind) if acts else None
        self.ids: list[int] = []
        self.actions: dict[int, list] = {}
        for a in acts:
            place = place_in(a)
            if place not in self.actions:
                self.ids.append(place)
                self.actions[place] = []
            self.actions[place].append(a)
        cursor = None
        if ui.device == "mouse":
            cursor = view.nearest(kind, self.ids, ui.mouse_x, ui.mouse_y)
        if cursor is None:
            cx, cy = BOARD_AREA[0] + BOARD_AREA[2] / 2, BOARD_AREA[1] + BOARD_AREA[3] / 2
            cursor = view.nearest(kind, self.ids, cx, cy)
        self.cursor = cursor

    def highlight(self):
        """The legal places, and the cursor as (kind, id, piece to preview,
        marked) for ``BoardView.draw``."""
        return (self.kind, self.ids), (self.kind, self.cursor, self.piece_at(self.cursor), self.marked == self.cursor)

    def piece_at(self, place):
        """The piece previewed on ``place`` (the kind of its first action:
        a ship on a sea edge, the pirate on a sea hex)."""
        acts = self.actions.get(place)
        return PIECES.get(acts[0].kind, self.piece) if acts else self.piece

    def _move_to(self, place) -> None:
        if place != self.cursor:
            self.marked = None
        self.cursor = place

    def update(self, ui):
        view = self.view
        self.device = ui.device
        for d in inp.DIRECTIONS:
            if ui.pressed(d):
                self._move_to(view.step(self.kind, self.ids, self.cursor, d))
        if ui.pressed(inp.TAB):
            i = self.ids.index(self.cursor) if self.cursor in self.ids else -1
            self._move_to(self.ids[(i + 1) % len(self.ids)])
        if ui.mouse_moved or ui.click:
            near = view.nearest(self.kind, self.ids, ui.mouse_x, ui.mouse_y,
                                radius=view.s * (0.9 if self.kind == "hex" else 0.45))
            if near is not None:
                self._move_to(near)
                if ui.click:
                    return self._take(near)
        if ui.pressed(inp.OK) and self.cursor is not None:
            return self._take(self.cursor)
        if ui.char("i"):
            return Command("advice")
        if ui.pressed(inp.BACK):
            if self.marked is not None:
                self.marked = None
                return None
            return POP if self.cancel else Command("gamemenu")      # a pick that must be made: the game menu
        return None

    def _take(self, place: int):
        if self.confirm and self.marked != place and self.needs_confirm(place):
            self.marked = place
            return None
        return self.chosen(place)

    def needs_confirm(self, place: int) -> bool:
        """Whether choosing ``place`` waits for a second OK (with the option on)."""
        return True

    def chosen(self, place: int):
        return self.actions[place][0]

    def hint(self) -> str:
        """The line under the board: how to choose, or how to confirm."""
        if self.marked is not None and self.marked == self.cursor:
            return hint("pick.confirm", self.device)
        return hint(self.hint_key or f"pick.hint.{self.kind}", self.device)

    def draw(self) -> None:
        """The hint under the island (the cursor is drawn by the board)."""
        x, y, w, h = BOARD_AREA
        line = font.fit(self.hint(), w - 16, "bold")
        lw = font.width(line, "bold") + 12
        lx, ly = x + (w - lw) // 2, y + h - 20
        pyxel.rect(lx, ly, lw, 17, BLACK)
        pyxel.rectb(lx, ly, lw, 17, WHITE)
        font.text(lx + 6, ly + 2, line, YELLOW, "bold")
