"""The options' lines and what a change of one does: the options screen's
(``scenes/options.py``) and the game menu's (``prompts/game_menu.py``), so
that an option changed in a game is the option of the options screen."""

from __future__ import annotations

from .text import LANGUAGES, set_language, t
from .widgets import Item

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}


def items(settings: dict, speed: bool = True) -> list[Item]:
    """A line for each option (``speed``: with the computers' pace, which a network game's
    server sets), each changed by Left/Right."""
    s = settings
    lines = [Item(f"Language / Sprache: {LANGUAGE_NAMES[s['language']]}", "language", adjustable=True)]
    if speed:
        lines.append(Item(t("setup.speed", speed=t(f"speed.{s['speed']}")), "speed", adjustable=True))
    lines += [
        Item(t("opt.sound", v=t("on") if s["sound"] else t("off")), "sound", adjustable=True),
        Item(t("opt.music", v=t("on") if s["music"] else t("off")), "music", adjustable=True),
        Item(t("opt.scale", v=s["scale"] or t("opt.auto")), "scale", adjustable=True),
        Item(t("opt.computer_offers", v=t(f"offers.{s['computer_offers']}")), "computer_offers", adjustable=True),
        Item(t("opt.confirm_places", v=t("on") if s["confirm_places"] else t("off")), "confirm_places",
             adjustable=True),
    ]
    return lines


def change(app, name: str, delta: int) -> None:
    """Option ``name`` one step on (``delta`` +1 or -1): kept in the settings file, heard at once."""
    s = app.settings
    if name == "language":
        s["language"] = LANGUAGES[(LANGUAGES.index(s["language"]) + delta) % len(LANGUAGES)]
        set_language(s["language"])
    elif name == "speed":
        s["speed"] = (s["speed"] + delta) % 4
    elif name in ("sound", "music", "confirm_places"):
        s[name] = not s[name]
    elif name == "scale":
        s["scale"] = (s["scale"] + delta) % 5
    elif name == "computer_offers":
        s["computer_offers"] = "decline" if s["computer_offers"] == "ask" else "ask"
    app.save_settings()
    app.audio.refresh()
