"""A stranger's walk (probe2): on the new-game screen the preview box's
title and its beginner row fit in both languages for every board and
player count (German "Die Insel Catan, 5-6 Spieler (zufällig)" was cut in
the title bar, the beginner row was cut mid-word)."""

from retrocatan.ui import font
from retrocatan.ui.scenario_preview import text_lines
from retrocatan.ui.scenes import setup
from retrocatan.ui.text import set_language, t

TITLE_WIDTH = setup.PREVIEW.rect[2] - 12        # the box's title bar (widgets.box)
WIDTH = setup.PREVIEW.rect[2] - 16


def test_the_preview_title_fits_for_every_board_and_player_count():
    try:
        for lang in ("en", "de"):
            set_language(lang)
            for players in range(3, 7):
                for board in setup.board_choices(players):
                    head = setup.preview_title(board, players)
                    assert font.width(head, "bold") <= TITLE_WIDTH, (lang, players, board, head)
                    s = setup.board_scenario(board, players)
                    name = s.name.get(lang) or s.name["en"]
                    assert head.startswith(name)
            set_language("en")
            assert setup.preview_title("random", 3) == f"{setup.board_scenario('random', 3).name['en']} (random)"
    finally:
        set_language("en")


def test_the_beginner_row_is_whole_and_fits_in_both_languages():
    try:
        for lang in ("en", "de"):
            set_language(lang)
            for players in (4, 6):
                s = setup.board_scenario("beginner", players)
                rows = text_lines(s, players, "beginner", WIDTH)
                assert all(font.width(r, "small") <= WIDTH for r, _ in rows), (lang, rows)
                plain = text_lines(s, players, "random", WIDTH)
                extra = [r for r, _ in rows[1:len(rows) - len(plain) + 1]]
                assert " ".join(extra).split() == t("preview.beginner").split()
    finally:
        set_language("en")
