"""The advisor: what the strongest computer player (Expert) would do now
in the person's seat (the place highlighted on the board) and why: the
figures its search weighed for that action (points, income, the leader's
income, ...) and the next best actions with how much less each was worth.

It asks a fresh Expert player, which sees only what the person's seat may
see (``ai.knowledge``), so no computer opponent's memory changes; the
offers the person made this turn count as the Expert's own, so an offer
everyone declined is not advised again (``Session.offers_made``): in a
network game as at one machine. Enter
(A, click) does what it advises; back, or the advisor key again, closes."""

from __future__ import annotations

import pyxel

from ...ai import make_player
from ...engine.pieces import ACTION_PIECE, PLACE, action_place, check
from ...engine.seafarers import actions as A
from ...words.names import cards_text
from .. import font
from .. import input as inp
from ..layout import BOARD_AREA
from ..palette import BLACK, BLUE, YELLOW
from ..text import hint, language, t
from ..widgets import box
from . import POP, Prompt

# action kind -> (kind of place, piece), from the engine's table (engine.pieces)
PLACES = {k: (PLACE[piece], piece) for k, piece in ACTION_PIECE.items()}


def place_of(action) -> int:
    """The board place an action is about (where a moved ship sails to)."""
    return action_place(action)[1]


def what_text(action, player, names) -> str:
    """The advised action in words (current language)."""
    k = action.kind
    if k == A.TRADE:
        return t("advice.do.trade", n=action.ratio, give=t(f"res.{action.give}"), get=t(f"res.{action.get}"))
    if k in (A.OFFER, A.COUNTER):
        return t("advice.do.offer", give=cards_text(action.give), get=cards_text(action.get))
    if k == A.DISCARD:
        return t("advice.do.discard", res=t(f"res.{action.resource}"))
    if k in (A.MONOPOLY, A.INVENTION, A.ROAD_BUILDING, A.KNIGHT):
        return t("advice.do.play", card=t(f"dev.{k}"))
    if k == A.CONFIRM:
        return t("advice.do.confirm", name=names(action.player))
    if k == A.GOLD:
        return t("advice.do.gold", res=t(f"res.{action.resource}"))
    return t(f"advice.do.{k}")


WHY_W = BOARD_AREA[2] - 32            # the reason's line (normal face) and the next line (small face)
BOX_H = 74


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _figure(name: str, change: int) -> str:
    return t(f"advice.fig.{name}", s=_signed(change), n=abs(change))


def _decimal(x: float) -> str:
    s = f"{x:.2f}"
    return s.replace(".", ",") if language() == "de" else s


def _fill(key: str, name: str, items: list[str], width: int, face: str) -> str:
    """``key`` with as many of ``items`` (the first always) as fit ``width``."""
    text = t(key, **{name: items[0]}) if items else ""
    for i in range(2, len(items) + 1):
        more = t(key, **{name: ", ".join(items[:i])})
        if font.width(more, face) > width:
            break
        text = more
    return text


def why_text(code: str, params: dict) -> str:
    """The reason: the figures the Expert's search weighed when it did
    (``ExpertPlayer.advise``), else a line for the kind of decision."""
    figs = [_figure(name, change) for name, change in params.get("figures", ())]
    if "corner" in params:
        dots, k = params["corner"]
        figs.insert(0, t("advice.fig.corner", dots=dots, k=k))
    if figs:
        return _fill("advice.because", "figures", figs, WHY_W, "normal")
    if "next" in params and code in ("end", "pass"):
        return t("advice.keep")
    goal = params.get("goal")
    return t(f"advice.why.{code}", goal=t(f"thing.{goal}") if goal else t("thing.settlement"))


def next_text(params: dict) -> str:
    """The next best actions the search weighed, and how much less each was
    worth ('' if none); when games played on decided (``"played"``: to
    the next turn, or with ``"until"`` ``"end"`` to the end of this one),
    how much less each was worth then."""
    alts = [t("advice.alt", what=t(f"advice.alt.{kind}"), n=_decimal(less)) for kind, less in params.get("next", ())]
    key = "advice.next"
    if params.get("played"):
        key = "advice.next.played_end" if params.get("until") == "end" else "advice.next.played"
    return _fill(key, "alts", alts, WHY_W, "small") if alts else ""


class Advice(Prompt):
    help_page = "game.menu"

    def __init__(self, session, board=None) -> None:
        """``board``: the ``BoardView``, to keep the box off the place advised."""
        g = session.game
        self.board = board
        self.session = session
        self.view = g.seat_view(g.decider)
        advisor = make_player("expert", g.config.seed, g.decider)
        self.action, self.code, self.params = advisor.advise(g, session.offers_made())
        self.what = what_text(self.action, g.decider, session.name)
        self.why = why_text(self.code, self.params)
        self.next = next_text(self.params)

    def highlight(self):
        place = PLACES.get(self.action.kind)
        if place is None:
            return None
        kind, piece = place
        at = place_of(self.action)
        if self.board is not None:
            check(self.board.geo, kind, at)     # WrongPlaceKind: not a place of the kind the piece takes
        return (kind, [at]), (kind, at, piece, False)

    def update(self, ui):
        if ui.pressed(inp.OK) or ui.click:
            return self.action if self.view.is_legal(self.action) else POP
        if ui.pressed(inp.BACK) or ui.char("i"):
            return POP
        return None

    def draw(self) -> None:
        x, y, w, h = BOARD_AREA
        bx, bw, bh = x + 8, w - 16, BOX_H
        by = y + h - bh - 4
        place = PLACES.get(self.action.kind)
        low = place is not None and self.board is not None and \
            self.board.target_px(place[0], place_of(self.action))[1] > by - 24
        if low:
            by = y + 4                          # the place is low on the island: the box goes on top
        box(bx, by, bw, bh, t("advice.title"))
        font.text(bx + 8, by + 20, font.fit(self.what, bw - 16, "bold"), BLUE, "bold")
        font.text(bx + 8, by + 34, font.fit(self.why, bw - 16), BLACK)
        if self.next:
            font.text(bx + 8, by + 48, font.fit(self.next, bw - 16, "small"), BLACK, "small")

        pyxel.rect(bx + 3, by + bh - 14, bw - 6, 11, BLACK)
        font.text(bx + 8, by + bh - 13, font.fit(hint("advice.keys", self.device), bw - 16, "small"), YELLOW, "small")
