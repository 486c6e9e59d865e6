"""The end screen: the winner, everyone's points revealed (VP cards too),
and statistics: the dice rolled and the cards each player gained."""

from __future__ import annotations

import pyxel

from .. import art, font
from .. import input as inp
from ..palette import BLACK, BLUE, DARK_GREY, RED, YELLOW
from ..text import hint, t
from ..widgets import box
from . import Scene


def points_breakdown(view, p: int) -> tuple[int, int, int]:
    """Seat ``p``'s points as (buildings, awards, victory point cards)."""
    buildings = sum(level for _, owner, level in view.buildings if owner == p)
    awards = 2 * (view.longest_route == p) + 2 * (view.largest_army == p)
    return buildings, awards, view.vp_cards[p] or 0


def breakdown_lines(view, p: int) -> list[str]:
    """The small lines under seat ``p``'s points: buildings, awards and
    cards, and on a map with an island bonus a line of its own for it."""
    b, a, c = points_breakdown(view, p)
    lines = [t("end.breakdown", b=b, a=a, c=c)]
    if view.island_bonus_points:
        lines.append(t("end.island_bonus", i=view.island_bonus[p]))
    return lines


def gained_layout(players: int, scores_bottom: int) -> tuple[int, int]:
    """(top, row pitch) of the cards-gained box: under the points box,
    rows closer when a tall points box leaves less room above the last line."""
    y0 = max(262, scores_bottom + 6)
    return y0, min(18, (450 - y0 - 40) // players)


class EndScene(Scene):
    music = "victory"

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session

    def update(self, ui) -> None:
        if ui.pressed(inp.OK) or ui.pressed(inp.BACK) or ui.click:
            self.app.switch_to("title")

    def draw(self) -> None:
        s = self.session
        v = s.view_of(None)         # the game is over: every card is revealed
        pyxel.cls(BLUE)
        box(20, 16, 600, 40)
        title = t("end.title", name=s.name(v.winner))
        font.shadow_text(320 - font.width(title, "bold") // 2, 30, title, YELLOW, BLACK, "bold")
        n = v.players
        pitch = 36 if v.island_bonus_points else 26
        box(20, 62, 250, 30 + pitch * n, t("end.scores"))
        for p in range(n):
            y = 86 + pitch * p
            art.swatch(30, y, 12, 12, p)
            cards = v.vp_cards[p]
            line = t("end.points", name=s.name(p), vp=v.vp[p])
            if cards:
                line += " " + t("end.vp_cards", n=cards)
            face = "normal" if font.width(line) <= 214 else "small"        # a long name: the small font
            colour = RED if p == v.winner else BLACK
            font.text(48, y + (0 if face == "normal" else 2), font.fit(line, 214, face), colour, face)
            for i, small in enumerate(breakdown_lines(v, p)):
                font.text(48, y + 13 + 10 * i, font.fit(small, 214, "small"), DARK_GREY, "small")
        # Dice histogram.
        box(280, 62, 340, 190, t("end.dice"))
        top = max(1, max(v.stats_dice[2:13]))
        for i, num in enumerate(range(2, 13)):
            x = 296 + 28 * i
            hgt = int(130 * v.stats_dice[num] / top)
            pyxel.rect(x, 226 - hgt, 18, hgt, RED if num in (6, 8) else DARK_GREY)
            font.text(x + 1, 230, f"{num:>2}", BLACK, "small")
            font.text(x + 1, 214 - hgt, str(v.stats_dice[num]), BLACK, "small")
        # Cards gained.
        y0, row = gained_layout(n, 62 + 30 + pitch * n)
        box(20, y0, 600, 40 + row * n, t("end.gained"))
        for r in range(5):
            art.card(150 + 80 * r, y0 + 20, art.RESOURCE_COLOUR[r], 10, 14)
            font.text(164 + 80 * r, y0 + 22, t(f"res.{r}"), BLACK, "small")
        for p in range(n):
            y = y0 + 40 + row * p
            font.text(36, y, s.name(p), BLACK)
            for r in range(5):
                font.text(164 + 80 * r, y, str(v.stats_gained[p][r]), BLACK)
        line = hint("end.continue", inp.device_in_use(self.app))
        font.text(320 - font.width(line) // 2, 458, line, YELLOW)
