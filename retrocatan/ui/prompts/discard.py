"""Giving up cards after a 7, on one screen: choose every card (left/right
or Enter change a resource's count), see how many are chosen, take some
back, then confirm. Only then are the engine's one-card discards sent, one
a decision; the screen, made anew for each of those decisions, carries on
from ``PENDING`` without asking again."""

from __future__ import annotations

from ...engine import Action
from ...engine import actions as A
from ..text import hint, t
from ..widgets import Item
from .dialog import Dialog

# id(game) -> (seat, decisions made when the next card is due, resources still to send)
PENDING: dict[int, tuple[int, int, list[int]]] = {}


class Discard(Dialog):
    help_page = "game.discard"

    def __init__(self, session) -> None:
        g = session.game
        self.key = id(g)
        self.player = g.decider
        view = g.seat_view(self.player)
        self.step = view.step
        self.hand = list(view.hand or [0] * 5)
        self.due = view.discard_due(self.player)
        self.chosen = [0] * 5
        self.queue: list[int] | None = None
        pending = PENDING.pop(self.key, None)
        if pending is not None and pending[0] == self.player and pending[1] == self.step \
                and len(pending[2]) == self.due:
            self.queue = list(pending[2])       # confirmed on an earlier screen: carry on
        super().__init__(t("discard.title", n=self.due), self._items(), self._lines())

    @property
    def total(self) -> int:
        return sum(self.chosen)

    def _lines(self) -> list[str]:
        return [t("discard.count", k=self.total, n=self.due), hint("discard.keys", self.device)]

    def _items(self) -> list[Item]:
        items = [Item(t("discard.item", res=t(f"res.{r}"), k=self.chosen[r], held=self.hand[r]), ("res", r),
                      enabled=self.hand[r] > 0, adjustable=True) for r in range(5)]
        items.append(Item(t("discard.confirm", n=self.due), "confirm", enabled=self.total == self.due))
        items.append(Item(t("discard.clear"), "clear", enabled=self.total > 0))
        return items

    def _rebuild(self) -> None:
        index = self.menu.index
        self.lines = self._lines()
        self.menu = self.make_menu(self._items())
        self.menu.index = index
        self.menu._first_enabled()

    def adjust(self, key, delta: int):
        r = key[1]
        if delta > 0 and self.total >= self.due:
            return None
        self.chosen[r] = max(0, min(self.hand[r], self.chosen[r] + delta))
        self._rebuild()
        if delta > 0 and self.total == self.due:
            self.menu.index = 5             # all chosen: the cursor goes to "confirm"
        return None

    def select(self, value):
        if value == "clear":
            self.chosen = [0] * 5
            self._rebuild()
            return None
        if value == "confirm" and self.total == self.due:
            self.queue = [r for r in range(5) for _ in range(self.chosen[r])]
            return self._next()
        return None

    def back(self):
        """Back takes the last card chosen back."""
        for r in range(4, -1, -1):
            if self.chosen[r]:
                self.chosen[r] -= 1
                self._rebuild()
                break
        return None

    def _next(self):
        r = self.queue.pop(0)
        if self.queue:
            PENDING[self.key] = (self.player, self.step + 1, self.queue)
        return Action(A.DISCARD, r)

    def draw(self) -> None:
        self.lines = self._lines()          # the key line follows the device in use
        super().draw()

    def update(self, ui):
        if self.queue:
            return self._next()
        return super().update(ui)
