"""The action menu in the actions box: what a person may do now (roll,
build, buy, trade, play a card, end the turn, the game menu). It stays
under every other prompt."""

from __future__ import annotations

from ...engine import Action, phases, trade
from ...engine import actions as A
from .. import input as inp
from ..layout import RIGHT_W, RIGHT_X
from ..text import t
from ..widgets import Item, Menu
from . import Command, Prompt, Push
from .bank import BankGive
from .board_pick import BoardPick
from .cards import CardPlay
from .offer import OfferEditor

BUILD_ITEMS = (("road", A.ROAD, "1"), ("settlement", A.SETTLE, "2"), ("city", A.CITY, "3"))
SIMPLE = {"roll": A.ROLL, "end": A.END, "pass": A.PASS, "buy": A.BUY}


class ActionMenu(Prompt):
    """``y``: top of the actions box; ``previous``: the action menu of the
    last decision, whose line stays chosen while the menu keeps its length."""

    def __init__(self, session, view, y: int, previous: ActionMenu | None = None) -> None:
        self.session = session
        self.view = view
        g = session.game
        ph = g.phase
        kinds = {a.kind for a in g.legal_actions()}
        items = []
        if ph == phases.ROLL:
            items.append(Item(t("menu.roll"), "roll", "r"))
        if ph in (phases.MAIN, phases.SPECIAL_BUILD):
            for name, kind, key in BUILD_ITEMS:
                items.append(Item(f"{t('menu.' + name)} {t('cost.' + name)}", ("build", kind), key,
                                  enabled=kind in kinds))
            items.append(Item(f"{t('menu.buy')} {t('cost.card')}", "buy", "4", enabled=A.BUY in kinds))
        if ph == phases.MAIN:
            items.append(Item(t("menu.bank"), "bank", "h", enabled=A.TRADE in kinds))
            items.append(Item(t("menu.offer"), "offer", "t", enabled=trade.may_offer(g.state)))
        if ph in (phases.ROLL, phases.MAIN):
            playable = kinds & {A.KNIGHT, A.ROAD_BUILDING, A.MONOPOLY, A.INVENTION}
            items.append(Item(t("menu.play"), "play", "p", enabled=bool(playable)))
        if ph == phases.MAIN:
            items.append(Item(t("menu.end"), "end", "e"))
        if ph == phases.SPECIAL_BUILD:
            items.append(Item(t("menu.pass"), "pass", "e"))
        items.append(Item(t("menu.game"), "gamemenu", "m"))
        old = previous.menu if previous is not None else None
        index = old.index if old is not None and old.items and len(old.items) == len(items) else 0
        self.menu = Menu(items, x=RIGHT_X + 6, y=y + 20, w=RIGHT_W - 12, index=index)

    def update(self, ui):
        res = self.menu.handle(ui)
        if ui.pressed(inp.PAD_X):
            res = ("select", "play") if any(i.value == "play" and i.enabled for i in self.menu.items) else res
        if res and res[0] == "back":
            return Command("gamemenu")
        if not res or res[0] != "select":
            return None
        choice = res[1]
        if choice == "gamemenu":
            return Command("gamemenu")
        if choice in SIMPLE:
            return Action(SIMPLE[choice])
        if isinstance(choice, tuple) and choice[0] == "build":
            kind = choice[1]
            acts = [a for a in self.session.game.legal_actions() if a.kind == kind]
            if not acts:
                return None
            return Push(BoardPick(self.view, ui, "edge" if kind == A.ROAD else "corner", acts))
        if choice == "bank":
            return Push(BankGive(self.session))
        if choice == "offer":
            return Push(OfferEditor(self.session, counter=False))
        if choice == "play":
            return Push(CardPlay(self.session))
        return None

    def draw(self) -> None:
        self.menu.draw()
