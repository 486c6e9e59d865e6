"""The action menu in the actions box: what a person may do now (roll,
build, buy, trade, play a card, end the turn, the game menu). It stays
under every other prompt. It reads the game through the deciding seat's
``PlayerView``: an action the view's ``menu`` refuses is greyed out, and its
key says why (``Command("refuse", text)``: the screen shows the text with
the refusal sound)."""

from __future__ import annotations

from ...engine import Action, phases
from ...engine import actions as A
from ...words.refusals import refusal
from .. import input as inp
from ..layers import part
from ..layout import RIGHT_W, RIGHT_X, STATUS_Y
from ..text import t
from ..widgets import Item, Menu
from . import Command, Prompt, Push
from .bank import BankGive
from .board_pick import BoardPick
from .cards import CardPlay
from .offer import OfferEditor

BUILD_ITEMS = (("road", A.ROAD, "1"), ("settlement", A.SETTLE, "2"), ("city", A.CITY, "3"))
SIMPLE = {"roll": A.ROLL, "end": A.END, "pass": A.PASS, "buy": A.BUY}
# Menu key -> the name of the action in ``PlayerView.menu``.
KEYS = {"r": "roll", "1": "road", "2": "settlement", "3": "city", "4": "buy", "h": "bank", "t": "offer",
        "p": "play", "e": "end"}


class MenuItems:
    """The action menu's lines a rules layer adds (the base game: none):
    ``keys``, menu key -> the action's name in ``PlayerView.menu``;
    ``opens``, a line's value -> ``opener(menu_prompt, ui)`` giving the
    prompt it opens. The Seafarers' part: ``ui/seafarers/menu_items.py``."""

    keys: dict[str, str] = KEYS
    opens: dict = {
        "bank": lambda m, ui: Push(BankGive(m.session)),
        "offer": lambda m, ui: Push(OfferEditor(m.session, counter=False)),
        "play": lambda m, ui: Push(CardPlay(m.session)),
        "advice": lambda m, ui: Command("advice"),
    }

    @staticmethod
    def build_items(view, menu: dict) -> list[Item]:
        """Lines after the base game's building lines (``view``: the deciding
        seat's ``PlayerView``, ``menu`` its refusals)."""
        return []


def _roll(m, pv, menu) -> list[Item]:
    return [Item(t("menu.roll"), "roll", "r")]


def _build(m, pv, menu) -> list[Item]:
    """Building, buying a card, and the layer's building lines (``MenuItems``)."""
    items = [Item(f"{t('menu.' + name)} {t('cost.' + name)}", ("build", kind), key, enabled=menu[name] is None)
             for name, kind, key in BUILD_ITEMS]
    items.append(Item(f"{t('menu.buy')} {t('cost.card')}", "buy", "4", enabled=menu["buy"] is None))
    return items + m.part.build_items(pv, menu)


def _trade(m, pv, menu) -> list[Item]:
    return [Item(t("menu.bank"), "bank", "h", enabled=menu["bank"] is None),
            Item(t("menu.offer"), "offer", "t", enabled=menu["offer"] is None)]


def _play(m, pv, menu) -> list[Item]:
    return [Item(t("menu.play"), "play", "p", enabled=menu["play"] is None)]


def _end(m, pv, menu) -> list[Item]:
    return [Item(t("menu.end"), "end", "e")]


def _pass(m, pv, menu) -> list[Item]:
    return [Item(t("menu.pass"), "pass", "e")]


def _advice(m, pv, menu) -> list[Item]:
    return [Item(t("menu.advice"), "advice", "i")]


#: phase -> the sections of the menu, in order (every phase ends with the game menu's line);
#: a phase not here is decided in a prompt (``prompts.decisions``) with the game menu under it
SECTIONS = {
    phases.ROLL: (_roll, _play, _advice),
    phases.MAIN: (_build, _trade, _play, _end, _advice),
    phases.SPECIAL_BUILD: (_build, _pass, _advice),
}


class ActionMenu(Prompt):
    """``y``: top of the actions box; ``previous``: the action menu of the
    last decision, whose line stays chosen while the menu keeps its length."""

    help_page = "game.menu"

    def __init__(self, session, view, y: int, previous: ActionMenu | None = None) -> None:
        self.session = session
        self.view = view
        g = session.game
        pv = self.player = g.seat_view(g.decider)
        ph = pv.phase
        menu = pv.menu
        self.part = part(MenuItems, session.layer)
        items = [item for section in SECTIONS.get(ph, ()) for item in section(self, pv, menu)]
        items.append(Item(t("menu.game"), "gamemenu", "m"))
        old = previous.menu if previous is not None else None
        index = old.index if old is not None and old.items and len(old.items) == len(items) else 0
        rows = max(3, (STATUS_Y - 2 - (y + 20)) // 15)      # a scenario map's longer list scrolls in the box
        self.menu = Menu(items, x=RIGHT_X + 6, y=y + 20, w=RIGHT_W - 12, index=index, visible_rows=rows,
                         rest_on_disabled=True)
        self.menu.scroll = max(0, self.menu.index - rows + 1)

    def refused(self, ui) -> str | None:
        """Why the action whose key was pressed is not possible now (in the
        current language), or None."""
        if not ui.chars:
            return None
        offered = {it.key: it for it in self.menu.items if it.key}
        for key, name in self.part.keys.items():
            if not ui.char(key):
                continue
            item = offered.get(key)
            if item is not None and item.enabled:
                return None
            why = self._why(name)
            if why is not None:
                return why
        return None

    def update(self, ui):
        why = self.refused(ui)
        if why:
            return Command("refuse", why)
        res = self.menu.handle(ui)
        if ui.pressed(inp.PAD_X):
            if any(i.value == "play" and i.enabled for i in self.menu.items):
                res = ("select", "play")
            elif self.player.menu.get("play") is not None:       # the pad's card button, refused: say why
                return Command("refuse", self._why("play"))
        if res and res[0] == "refused":          # OK or a click on a greyed line: say why
            return self._refused_line(res[1])
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
            acts = [a for a in self.player.legal if a.kind == kind]
            if not acts:
                return None
            return Push(BoardPick(self.view, ui, None, acts, player=self.player))   # the engine's kind of place
        opener = self.part.opens.get(choice) if isinstance(choice, str) else None
        return opener(self, ui) if opener is not None else None

    def _why(self, name: str | None) -> str | None:
        """Why the view refuses ``name``, in the current language, or None."""
        why = self.player.menu.get(name) if name else None
        return refusal(why[0], why[1], self.session.name, name) if why is not None else None

    def _refused_line(self, value) -> Command | None:
        """The refusal of the greyed line holding ``value`` (its key names the action)."""
        item = next((it for it in self.menu.items if it.value == value), None)
        why = self._why(self.part.keys.get(item.key or "")) if item is not None else None
        return Command("refuse", why) if why is not None else None

    def draw(self) -> None:
        self.menu.draw()
