"""The game's things by name in the current language: a bundle of cards in
words, and the players by name (a callable or a list of names)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .text import has, t


def cards_text(bundle) -> str:
    """A bundle as words: "2 Wood, 1 Wheat" ("nothing" when it is empty)."""
    parts = [f"{n} {t(f'res.{r}')}" for r, n in enumerate(bundle) if n]
    return ", ".join(parts) if parts else t("nothing")


def namer(names) -> Callable[[int], str]:
    """player -> name, from a callable or a list of names ("?" past its end)."""
    if callable(names):
        return names
    seq: Sequence[str] = names
    return lambda p: seq[p] if 0 <= p < len(seq) else "?"


def level_name(level: str) -> str:
    """A computer's level in words ("Hard"); an unknown level as it is written."""
    key = f"level.name.{level}"
    return t(key) if has(key) else str(level)


def computer_name(colour: int, level: str) -> str:
    """A computer seat by its colour and level, as at one machine: "Red (Hard)", "Rot (schwer)"."""
    return t("computer.name", colour=t(f"colour.{colour}"), level=level_name(level))


def seat_name(p: int, seat: dict) -> str:
    """A seat of a server's table, stage or record by name: a person by theirs (their colour's
    while they gave none), a computer by its colour and level ("Red (Hard)")."""
    if seat.get("kind") == "computer":
        return computer_name(p, seat.get("level") or "normal")
    return seat.get("name") or t(f"colour.{p}")
