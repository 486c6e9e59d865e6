"""Moving the robber: pick its hex on the board, then whom to rob there.
On a scenario map the same pick offers the pirate's sea hexes too (a land
hex moves the robber, a sea hex the pirate)."""

from __future__ import annotations

from ...engine import Action
from ...engine.pieces import HEX, check
from ...engine.seafarers import actions as A
from ..layout import BOARD_AREA, DIALOG
from ..text import t
from ..widgets import Item
from . import POP, Push
from .board_pick import PIECES, BoardPick
from .dialog import Dialog


class RobberPick(BoardPick):
    help_page = "game.robber"

    def __init__(self, view, ui, session, acts: list) -> None:
        acts = [a for a in acts if a.kind in (A.ROBBER, A.PIRATE)]
        super().__init__(view, ui, "hex", acts, cancel=False)
        self.session = session
        if any(a.kind == A.PIRATE for a in acts):
            self.hint_key = "pick.hint.pirate"

    def needs_confirm(self, place: int) -> bool:
        """A hex with players to rob asks whom next (back returns here): no mark first."""
        return all(a.victim == -1 for a in self.actions[place])

    def chosen(self, place: int):
        acts = self.actions[place]
        victims = [a for a in acts if a.victim != -1]
        if not victims:
            return acts[0]
        return Push(Victims(self.session, place, victims, acts[0].kind, self.view.hex_px(place)[1]))


class Victims(Dialog):
    """Whom to rob on the robber's (or the pirate's: ``kind``) new hex, or
    nobody; back: another hex. A small box in the half of the board away
    from that hex, which stays marked with the piece standing on it
    (``hex_y``: the hex's height on screen)."""

    help_page = "game.robber"

    def __init__(self, session, hex_: int, victims: list, kind: str = A.ROBBER, hex_y: float | None = None) -> None:
        check(session.game.board.geo, HEX, hex_)     # WrongPlaceKind: not a hex of this board
        counts = session.view.card_counts
        items = [Item(t("dialog.rob", name=session.name(a.victim), n=counts[a.victim]), a) for a in victims]
        items.append(Item(t("dialog.nobody"), Action(kind, hex_, -1)))
        lines = [t("sea.pirate_line")] if kind == A.PIRATE else []
        self.hex, self.kind = hex_, kind
        x, _, w, _ = DIALOG
        h = 24 + 15 * (len(lines) + len(items)) + 10
        _, by, _, bh = BOARD_AREA
        low = hex_y is not None and hex_y > by + bh / 2
        self.area = (x, by + 8 if low else by + bh - h - 26, w, h)
        super().__init__(t("dialog.victim"), items, lines)

    def highlight(self):
        piece = PIECES[self.kind]
        return ("hex", [self.hex]), ("hex", self.hex, piece, True)

    def back(self):
        return POP
