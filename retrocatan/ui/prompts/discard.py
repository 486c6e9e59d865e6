"""Giving up cards after a 7: one card a choice, until enough are gone."""

from __future__ import annotations

from ...engine import Action
from ...engine import actions as A
from ..text import t
from ..widgets import Item
from .dialog import Dialog


class Discard(Dialog):
    def __init__(self, session) -> None:
        st = session.game.state
        p = session.game.decider
        items = [Item(f"{t(f'res.{r}')} ({st.hands[p][r]})", Action(A.DISCARD, r), enabled=st.hands[p][r] > 0)
                 for r in range(5)]
        super().__init__(t("dialog.discard", n=st.discards[0][1]), items)
