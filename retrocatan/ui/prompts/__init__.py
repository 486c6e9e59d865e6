"""Prompts: the questions the game screen puts to a person, one object
each (pick a place on the board, discard, trade with the bank, edit an
offer, answer one, play a card, the game menu...). The screen keeps them
on a stack over its action menu; only the top one gets the input.

``update(ui)`` returns what the person decided, or None:

- an engine ``Action``: the screen submits it to the game;
- ``Push(prompt)``: a follow-up question goes on top;
- ``POP``: back to the prompt underneath (a person's "back");
- ``CLOSE``: back to the action menu;
- ``Command(name, value)``: something for the screen, not the game
  (save into a slot, quit to the title).

``draw()`` draws the prompt (a board pick draws through the board's
highlight instead, see ``highlight``)."""

from __future__ import annotations

from dataclasses import dataclass


class Prompt:
    device = "keyboard"     # the input device in use, set by the screen: hints name its keys or buttons

    def update(self, ui):  # pragma: no cover - overridden
        return None

    def draw(self) -> None:
        pass

    def highlight(self):
        """(kind, ids) of board places to highlight, and (kind, id) of the
        cursor; None when the prompt is not on the board."""
        return None


@dataclass(frozen=True)
class Push:
    prompt: Prompt


@dataclass(frozen=True)
class Command:
    name: str
    value: object = None


class _Back:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


POP = _Back("POP")
CLOSE = _Back("CLOSE")
