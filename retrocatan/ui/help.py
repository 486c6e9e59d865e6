"""The help screen (F1, or Start on a gamepad), on every screen: the keys
of the screen, what may be done now, and a short summary of the rules in
words (an installed game has no rule book beside it: the page says the
rule itself). The rules page of a new game lists what each option does.

Each screen (``ui/scenes``) and each prompt (``ui/prompts``) names its page
in ``help_page``; the page shown is that of the screen the player sees,
and in the game that of the prompt on top (the action menu, a board pick,
the discard, the offer editor...). tests/test_ui_help_pages.py checks that
every screen and prompt declares one. The texts are in
``texts/help_pages.py`` (``help.<page>.title``, ``.keys``, ``.rules``), one
line per ``\\n``."""

from __future__ import annotations

import pyxel

from ..engine.rule_options import PAGE
from ..words.prompts import prompt
from . import font
from . import input as inp
from .boxes import wrap
from .layers import part
from .palette import BLACK, BLUE, DARK_GREY, WHITE
from .text import t
from .widgets import box

X, Y, W, H = 30, 24, 580, 432


def asked(ui) -> bool:
    """F1 or the gamepad's Start button went down this frame."""
    return ui.key(inp.F1) or ui.button(inp.START)


def shown_scene(scene):
    """The screen the player sees: a screen run inside another (the
    editor's test game) rather than its frame."""
    while scene.inner is not None:
        scene = scene.inner
    return scene


def prompt_page(scene) -> str:
    """The game's help page for what the game screen is doing now: the game menu and what it
    opened, the hand-over, the prompt on top, or the action menu (``GameScene.help_page``)."""
    if scene.menu_prompts:
        return scene.menu_prompts[-1].help_page
    if scene.handover:
        return "game.handover"
    prompts = scene.prompts
    return prompts[-1].help_page if prompts else "game.menu"


RULES_PAGE_OPTIONS = PAGE      # the engine's rules page (rule_options.PAGE)


def page_of(scene) -> str:
    """The help page of the screen the player sees (its ``help_page``)."""
    return shown_scene(scene).help_page


def in_game(page: str) -> bool:
    """Whether ``page`` is one of the game screen's (the log, the dice, what is possible now)."""
    return page.startswith("game.")


def option_lines() -> list[str]:
    """Every rule option of the rules page: its name and what it does."""
    return [f"{t('opt.' + name, v='').rstrip(': ')}: {t('optdesc.' + name)}" for name in RULES_PAGE_OPTIONS]


def now_lines(scene) -> list[str]:
    """In the game: what the person is asked and which main actions are open."""
    session = scene.session
    if session is None or not in_game(page_of(scene)):
        return []
    g = session.game
    if g.over:
        return []
    view = g.seat_view(g.decider)
    lines = [prompt(*view.prompt, session.name)]
    if session.is_human(g.decider) and not scene.handover:      # what they hold shows in it
        names = [t(f"help.action.{name}") for name, why in view.menu.items() if why is None]
        if names:
            lines.append(t("help.possible", actions=", ".join(names)))
    rolled = view.stats_dice
    lines.append(t("dicebox.title") + ": " + "  ".join(f"{n}:{rolled[n]}" for n in range(2, 13)))
    return lines


class HelpKeys:
    """Key lines a rules layer adds to the game's help pages (the base game:
    none); the Seafarers' part: ``ui/seafarers/help_keys.py``."""

    @staticmethod
    def added(page: str, view) -> list[str]:
        """The lines added to ``page`` in a game seen through ``view``."""
        return []


def _layer_keys(scene, page: str) -> list[str]:
    session = scene.session
    return part(HelpKeys, session.layer).added(page, session.view) if session is not None else []


class HelpPage:
    """The overlay; ``update`` returns True when it is closed."""

    def __init__(self, scene) -> None:
        scene = shown_scene(scene)
        self.page = page_of(scene)
        self.title = t(f"help.{self.page}.title")
        self.keys = t(f"help.{self.page}.keys").split("\n")
        self.rules = t(f"help.{self.page}.rules").split("\n")
        self.now = now_lines(scene)
        if in_game(self.page):
            self.keys = self.keys + _layer_keys(scene, self.page)
            self.rules = self.rules + t("help.legend").split("\n")
        if self.page == "setup_rules":
            self.rules = self.rules + option_lines()
        if scene.view is not None and scene.view.scrolls and self.page != "game.handover":
            self.keys = self.keys + t("help.map.keys").split("\n")       # a big map: scrolling, the overview

    def update(self, ui) -> bool:
        return asked(ui) or ui.pressed(inp.BACK) or ui.pressed(inp.OK) or ui.click

    def lines(self) -> list[tuple[str, int, str]]:
        """(text, colour, font) of every line, headings included; a line
        too long for the page goes on in the next."""
        def rows(texts):
            return [(r, BLACK, "small") for s in texts for r in wrap(s, W - 24)]
        out = [(t("help.keys"), BLUE, "bold")] + rows(self.keys)
        if self.now:
            out += [("", BLACK, "small"), (t("help.now"), BLUE, "bold")] + rows(self.now)
        out += [("", BLACK, "small"), (t("help.rules"), BLUE, "bold")] + rows(self.rules)
        return out

    def draw(self) -> None:
        pyxel.dither(0.5)
        pyxel.rect(0, 0, 640, 480, BLACK)
        pyxel.dither(1.0)
        lines = self.lines()
        h = min(H, 24 + sum(14 if name == "bold" else 11 for _, _, name in lines) + 30)
        top = (480 - h) // 2
        box(X, top, W, h, t("help.title", page=self.title))
        y = top + 24
        for s, colour, name in lines:
            if y > top + h - 34:
                break
            font.text(X + 12, y, font.fit(s, W - 24, name), colour, name)
            y += 14 if name == "bold" else 11
        pyxel.rect(X + 3, top + h - 20, W - 6, 16, DARK_GREY)
        font.text(X + 10, top + h - 18, t("help.close"), WHITE, "bold")
