"""The new-game screen's look at the chosen board: a box with its name,
the players it is made for, its victory-point target and island bonus,
its description, and a small picture of its map. The map is drawn as the
scenario file lays it out (land dealt from the pool shows "?"; the
beginner board shows the rule book's fixed layout where the file gives
one); a map made from the seed (New World) is drawn as this seed makes
it, so the picture changes with the seed line. The target shown is the
one chosen on the screen. A map that cannot be made or drawn (a template
whose generator finds no map for this seed) is a line saying why, never
the end of the window."""

from __future__ import annotations

import pyxel

from ..engine.new_world import scenario_map
from . import font
from .boxes import wrap
from .maps.hexes import MapGrid, draw_harbour, draw_hex, draw_number, draw_pirate
from .palette import BLACK, BLUE, DARK_GREY, RED
from .text import language, t
from .widgets import box, sunken

MAX_DESCRIPTION_ROWS = 7


def text_lines(scenario, players: int, board: str, width: int, vp: int | None = None) -> list[tuple[str, int]]:
    """The box's text rows as (text, colour): players and target (``vp``,
    the scenario's own when None), the island bonus, then the description
    wrapped to ``width`` pixels."""
    lo, hi = min(scenario.players), max(scenario.players)
    counts = str(lo) if lo == hi else f"{lo}-{hi}"
    rows = [(t("preview.players", players=counts, vp=scenario.vp_target if vp is None else vp), BLUE)]
    if scenario.island_bonus != "none" and scenario.island_bonus_points:
        rows.append((t("preview.bonus", n=scenario.island_bonus_points), BLUE))
    if board == "beginner":
        rows += [(r.strip(), BLUE) for r in wrap(t("preview.beginner"), width, "small")]
    text = scenario.description.get(language()) or scenario.description["en"]
    described = [r.strip() for r in wrap(text, width, "small")]
    if len(described) > MAX_DESCRIPTION_ROWS:
        described = described[:MAX_DESCRIPTION_ROWS]
        described[-1] = font.fit(described[-1] + " ...", width, "small")
    rows += [(r, BLACK) for r in described]
    return rows


class ScenarioPreview:
    """Draws the preview box at (x, y, w, h)."""

    def __init__(self, x: int, y: int, w: int, h: int) -> None:
        self.rect = (x, y, w, h)

    def map_area(self, text_rows: int) -> tuple[int, int, int, int]:
        x, y, w, h = self.rect
        top = y + 24 + 11 * text_rows + 6
        return x + 8, top, w - 16, y + h - 8 - top

    def draw(self, scenario, seed: int, players: int, board: str, title: str, vp: int | None = None) -> None:
        x, y, w, h = self.rect
        box(x, y, w, h, title)
        rows = text_lines(scenario, players, board, w - 16, vp)
        for i, (line, colour) in enumerate(rows):
            font.text(x + 8, y + 22 + 11 * i, font.fit(line, w - 16, "small"), colour, "small")
        area = self.map_area(len(rows))
        sunken(*area)
        try:
            self.draw_map(scenario, seed, board, area)
        except Exception as exc:        # no map for this seed (or none drawable): one line instead
            pyxel.clip()
            why = " ".join(str(exc).split()) or type(exc).__name__
            for i, row in enumerate(wrap(t("preview.no_map", why=why), area[2] - 12, "small")[:4]):
                font.text(area[0] + 6, area[1] + 6 + 11 * i, row.strip(), RED, "small")
        pyxel.rectb(*area, DARK_GREY)

    def draw_map(self, scenario, seed: int, board: str, area) -> None:
        shown = scenario_map(scenario, seed)
        grid = shown.map
        kinds = [hb.kind for hb in shown.harbours]
        fixed = scenario.beginner
        if board == "beginner" and fixed is not None and fixed.map is not None:
            grid = fixed.map                # the rule book's layout, every hex and number given
            kinds = list(fixed.harbours or kinds)
        view = MapGrid(area)
        view.fit(len(grid), len(grid[0]))
        pyxel.clip(*area)
        for r, row in enumerate(grid, 1):
            for c, code in enumerate(row, 1):
                if code != ".":
                    cx, cy = view.centre((r, c))
                    draw_hex(cx, cy, view.s, code, seed=r * 31 + c)
        for hb, kind in zip(shown.harbours, kinds):
            cx, cy = view.centre(hb.hex)
            draw_harbour(cx, cy, view.s, kind, view.corners(hb.hex, hb.side))
        if view.s >= 9:
            for r, row in enumerate(grid, 1):
                for c, code in enumerate(row, 1):
                    if len(code) > 1 and code[1:].isdigit():
                        draw_number(*view.centre((r, c)), view.s, int(code[1:]))
        if shown.pirate is not None:
            draw_pirate(*view.centre(shown.pirate))
        pyxel.clip()
