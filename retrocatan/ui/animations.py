"""Short animations of events the engine has already applied: cards flying
from producing hexes to their owner's line, the robber hopping, a ring
where something was built, tumbling dice, flashing hexes and a banner.
Each is an object with ``update()`` (one frame on), ``alive`` and
``draw()``; they only show what happened and never change the game."""

from __future__ import annotations

import pyxel

from ..engine.pieces import HEX, check, place_of
from . import art, font
from .layers import part
from .layout import BOARD_AREA, line_pitch, player_line_px
from .palette import RED, WHITE, YELLOW
from .widgets import box


class Animation:
    """Runs ``frames`` frames; a negative start ``t`` waits that long first."""

    def __init__(self, frames: int, t: int = 0) -> None:
        self.t = t
        self.n = frames

    def update(self) -> None:
        self.t += 1

    @property
    def alive(self) -> bool:
        return self.t < self.n

    def draw(self) -> None:
        pass

    def follow(self, move) -> None:
        """Keep the board points of the animation on their places of the map:
        ``move`` maps a screen point before the view changed to one after."""


class CardFlight(Animation):
    """A resource card flying from a hex to a player's line."""

    def __init__(self, resource: int, start: tuple[float, float], end: tuple[float, float], delay: int) -> None:
        super().__init__(22, -delay)
        self.resource, self.start, self.end = resource, start, end

    def draw(self) -> None:
        if self.t < 0:
            return
        f = self.t / self.n
        (x0, y0), (x1, y1) = self.start, self.end
        x, y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
        art.card(int(x) - 5, int(y) - 7, art.RESOURCE_COLOUR[self.resource], 10, 14)

    def follow(self, move) -> None:
        self.start = move(self.start)       # the hex; the player's line stays beside the board


class RobberHop(Animation):
    """The robber jumping in an arc from one hex to another; the board
    draws it where ``position()`` says."""

    def __init__(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        super().__init__(14)
        self.start, self.end = start, end

    def position(self) -> tuple[float, float]:
        f = max(0.0, self.t / self.n)
        (x0, y0), (x1, y1) = self.start, self.end
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f - 20 * f * (1 - f) * 4

    def follow(self, move) -> None:
        self.start, self.end = move(self.start), move(self.end)


class PirateHop(RobberHop):
    """The pirate sailing in an arc from one sea hex to another; the board
    draws it where ``position()`` says."""



def place_px(view, kind: str, place, piece: str | None = None) -> tuple[float, float]:
    """Where board place ``place`` of ``kind`` is on screen; ``WrongPlaceKind``
    if it is no such place, or (with ``piece``) not the kind of place that
    piece occupies (``engine.pieces``)."""
    check(view.geo, kind, place, place_of(piece) if piece is not None else None)
    return view.target_px(kind, place)


class BuildRing(Animation):
    """A growing, blinking ring where a piece was built."""

    def __init__(self, at: tuple[float, float]) -> None:
        super().__init__(14)
        self.at = at

    def draw(self) -> None:
        x, y = self.at
        r = 4 + int(10 * self.t / self.n)
        pyxel.circb(x, y, r, YELLOW if self.t % 4 < 2 else WHITE)

    def follow(self, move) -> None:
        self.at = move(self.at)


class DiceRoll(Animation):
    """The dice tumble for a moment (the turn box asks ``tumbling``)."""

    def __init__(self) -> None:
        super().__init__(12)


def _production(kinds, ev, view, seen, robber_from, pirate_from) -> list[Animation]:
    """Cards fly from each producing hex (``PlayerView.producing_hexes``:
    the robber's excepted) to its owner's line."""
    out: list[Animation] = []
    delay = 0
    pitch = line_pitch(len(ev["gains"]), kinds.second_row(seen.board))
    producing = seen.producing_hexes(ev["number"])
    for p, gains in enumerate(ev["gains"]):
        for r, n in enumerate(gains):
            sources = [h for h, res in producing if res == r]
            for i in range(min(n, 4)):
                start = view.hex_px(sources[i % len(sources)]) if sources else (200, 200)
                out.append(CardFlight(r, start, player_line_px(p, pitch), delay))
                delay += 2
    return out


def hop(cls: type[RobberHop], piece: str, view, start: int, end: int) -> list[Animation]:
    """``piece`` (robber or pirate) hopping from hex ``start`` (-1: it stood
    nowhere) to hex ``end``."""
    to = place_px(view, HEX, end, piece)
    return [cls(place_px(view, HEX, start, piece) if start >= 0 else to, to)]


def _build(kinds, ev, view, seen, robber_from, pirate_from) -> list[Animation]:
    # The event names its kind of place; an older one is read from the engine's table.
    kind = ev.get("place") or place_of(ev["piece"])
    return [BuildRing(place_px(view, kind, ev["at"], ev["piece"]))]


class EventAnimations:
    """The base game's animations, by event kind: ``show`` is the table
    kind -> ``maker(kinds, event, view, seen, robber_from, pirate_from)``
    (``kinds``: the game's part; ``view``: the board on screen; ``seen``:
    the engine's ``PlayerView``). A rules layer's part (``ui/layers.py``)
    adds its kinds (``ui/seafarers/animations.py``)."""

    show: dict = {
        "dice": lambda kinds, ev, *_: [DiceRoll()],
        "production": _production,
        "robber": lambda kinds, ev, view, seen, robber_from, pirate_from:
            hop(RobberHop, "robber", view, robber_from, ev["hex"]),
        "build": _build,
    }

    @staticmethod
    def second_row(board) -> bool:
        """Whether each player's line in the players box has a second row
        (``boxes.PlayerRows``): where the cards fly to."""
        return False


def for_event(ev: dict, view, seen, robber_from: int, pirate_from: int = -1) -> list[Animation]:
    """The animations that show event ``ev`` on the board ``view`` (``seen``:
    the engine's ``PlayerView`` now; ``robber_from``, ``pirate_from``: where
    the robber and the pirate stood before this event). A place of the
    wrong kind: ``WrongPlaceKind``."""
    kinds = part(EventAnimations, seen.board.layer)
    maker = kinds.show.get(ev["type"])
    return maker(kinds, ev, view, seen, robber_from, pirate_from) if maker is not None else []


class Countdown:
    """Shown for ``frames`` more frames (counting down to 0)."""

    def __init__(self, frames: int) -> None:
        self.frames = frames

    def update(self) -> None:
        if self.frames:
            self.frames -= 1

    @property
    def alive(self) -> bool:
        return self.frames > 0


class HexFlash(Countdown):
    """The hexes that produced blink for a while after a roll."""

    def __init__(self, hexes: list[int], frames: int = 40) -> None:
        super().__init__(frames)
        self.hexes = hexes

    def draw(self, view) -> None:
        if not self.frames or (self.frames // 5) % 2:
            return
        for h in self.hexes:
            x, y = view.hex_px(h)
            pyxel.circb(x, y + 3, 12, YELLOW)
            pyxel.circb(x, y + 3, 13, YELLOW)


class Banner(Countdown):
    """A line across the top of the board (an award, the winner); with an
    ``owner``, a private one (a drawn or stolen card) that only that
    player may see."""

    def __init__(self, text: str, frames: int = 75, owner: int | None = None) -> None:
        super().__init__(frames)
        self.text = text
        self.owner = owner

    def draw(self) -> None:
        if not self.frames:
            return
        w = min(BOARD_AREA[2] - 20, font.width(self.text, "bold") + 24)
        x = BOARD_AREA[0] + (BOARD_AREA[2] - w) // 2
        box(x, 8, w, 26)
        font.text(x + 12, 14, font.fit(self.text, w - 24, "bold"), RED, "bold")


def follow_view(anims: list, before: tuple, after: tuple) -> None:
    """Keep the board end of each animation on its place of the map when
    the board view scrolls or zooms; ``before`` and ``after`` are the view's
    transforms (ox, oy, ux, uy: screen x = ox + X * ux for a point X of the map)."""
    ox0, oy0, ux0, uy0 = before
    ox1, oy1, ux1, uy1 = after

    def move(p):
        return ox1 + (p[0] - ox0) / ux0 * ux1, oy1 + (p[1] - oy0) / uy0 * uy1
    for a in anims:
        a.follow(move)
