"""Trading with the bank (or a harbour): first what to give, then what to get."""

from __future__ import annotations

from ...engine import actions as A
from ..text import t
from ..widgets import Item
from . import CLOSE, POP, Push
from .dialog import Dialog


class BankGive(Dialog):
    help_page = "game.bank"

    def __init__(self, session) -> None:
        self.trades = [a for a in session.view.legal if a.kind == A.TRADE]
        gives = []
        for a in self.trades:
            if (a.give, a.ratio) not in gives:
                gives.append((a.give, a.ratio))
        items = [Item(t("dialog.bank_give", ratio=c, res=t(f"res.{r}")), r) for r, c in gives]
        items.append(Item(t("menu.cancel"), "cancel"))
        super().__init__(t("dialog.bank"), items)

    def select(self, value):
        if value == "cancel":
            return CLOSE
        return Push(BankGet([a for a in self.trades if a.give == value]))

    def back(self):
        return POP


class BankGet(Dialog):
    help_page = "game.bank"

    def __init__(self, trades: list) -> None:
        items = [Item(t("dialog.bank_get", res=t(f"res.{a.get}")), a) for a in trades]
        items.append(Item(t("menu.cancel"), "cancel"))
        super().__init__(t("dialog.bank"), items)

    def back(self):
        return POP
