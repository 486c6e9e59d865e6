"""The German screens' words (issue 44, rough edge 7): the replay viewer's
footer names its keys in full, the players box's figures carry German
letters that its legend explains, and the roll key refused after the roll
says the dice are rolled already (docs/rules.md §4)."""

import re

import pytest

from retrocatan.engine import GameConfig, phases
from retrocatan.ui import font
from retrocatan.ui.boxes import player_figures
from retrocatan.ui.layout import RIGHT_W
from retrocatan.ui.prompts.action_menu import ActionMenu
from retrocatan.ui.session import GameSession, SeatSpec
from retrocatan.ui.table import PlayerLine
from retrocatan.ui.text import TEXTS, set_language, t


@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


def test_the_german_replay_footer_names_the_space_key_as_the_help_page_does(german):
    footer = t("replay.help")
    space = t("help.replay.keys").split(" ")[0]         # the help page's name of the key
    assert footer.split(" ")[0] == space
    assert not re.search(r"\b\w+\.\s", footer), footer  # no word cut short with a dot
    assert font.width(footer, "small") <= 628           # the footer's room, uncut


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_players_box_letters_are_the_ones_its_legend_explains(lang):
    set_language(lang)
    try:
        line = PlayerLine("Anna", vp=7, cards=5, dev_cards=2, knights=3, route=6, longest=False, army=False)
        shown = player_figures(line)
        letters = re.findall(r"\d+([^\d\s]+)", shown)
        assert len(letters) == 5, shown
        legend = t("legend").split()
        explained = dict(zip(legend[::2], legend[1::2]))
        assert set(letters) == set(explained), (shown, t("legend"))
        for letter, word in explained.items():      # each letter is its word's first
            assert word[0].upper() == letter.upper(), (letter, word)
        assert [int(n) for n in re.findall(r"\d+", shown)] == [7, 5, 2, 3, 6]
        assert font.width(t("legend"), "small") <= RIGHT_W - 12         # the legend's room, uncut
        dev_letter = letters[2]                      # the replay's box names development cards alike
        assert t("replay.dev_held", k=4) == f"{dev_letter}4"
        help_legend = t("help.legend")
        for letter in letters:                       # the help page's legend, the same letters
            assert re.search(rf"\b{letter} ", help_legend), (letter, help_legend)
    finally:
        set_language("en")


def _after_the_roll() -> GameSession:
    s = GameSession(GameConfig(players=4, seed=3), [SeatSpec("normal", f"P{i}") for i in range(4)], speed=3)
    while s.game.phase != phases.MAIN:      # the main phase comes only after the roll (§4)
        s.tick(fast=True)
    return s


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_roll_key_after_the_roll_says_the_dice_are_rolled(lang):
    s = _after_the_roll()
    set_language(lang)
    try:
        menu = ActionMenu(s, None, 200)
        why = menu._why("roll")
        assert why == t("roll.done", phase=t("phase.main")), why
        assert why != t("refusal.wrong_phase", phase=t("phase.main"))
        assert font.width(why) <= 628
        assert menu._why("bank") != why                 # other keys keep their own reasons
    finally:
        set_language("en")


def test_the_german_refusal_after_the_roll_is_german_and_says_so():
    assert "gewürfelt" in TEXTS["de"]["roll.done"].lower()
    assert "rolled" in TEXTS["en"]["roll.done"].lower()


def test_the_players_box_line_fits_with_the_widest_figures():
    for lang in ("en", "de"):
        set_language(lang)
        try:
            line = PlayerLine("Anna", vp=18, cards=88, dev_cards=9, knights=9, route=15, longest=True, army=True)
            assert 70 + font.width(player_figures(line), "small") <= RIGHT_W - 18
        finally:
            set_language("en")
