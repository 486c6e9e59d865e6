"""The network screens' texts fit where they are drawn, in English and German
(issue 49, item 7: "Pace: live (90 s a t." and "No picture: its server does
not answer" overflowed), and a character the font lacks is drawn as a
visible box, not a blank."""

from __future__ import annotations

import pytest
import pyxel

from retrocatan.ui import font
from retrocatan.ui.boxes import wrap
from retrocatan.ui.text import fill, set_language, t

SAMPLE = {"url": "ws://192.168.100.200:8765", "code": "ABCD2345", "name": "Jürgen Ö", "since": "23:59", "s": 10,
          "n": 12, "free": 3, "age": "", "seats": "Orange, Green", "level": "", "what": "", "email": "",
          "colour": "Orange", "pace": "", "left": "(12:34 left)", "time": "12:34", "board": "The Four Islands"}
KEY, ADJUST = 2, 4      # a menu line's shortcut letter ("P "), an adjustable line's "< " and " >"


def width(key: str, **values) -> int:
    return font.width(fill(t(key), **{**SAMPLE, **values}))


def small(key: str, **values) -> int:
    return font.width(fill(t(key), **{**SAMPLE, **values}), "small")


def rows(key: str, pixels: int, **values) -> int:
    return len(wrap(fill(t(key), **{**SAMPLE, **values}), pixels, "small"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_net_texts_fit_their_places(lang):
    set_language(lang)
    try:
        level = max((t(f"level.{k}") for k in ("easy", "normal", "hard", "expert")), key=len)
        pace = max((t("net.pace.live"), t("net.pace.post")), key=len)
        too_wide = []

        def check(what: str, got: int, limit: int) -> None:
            if got > limit:
                too_wide.append((what, got, limit))

        # The Network game menu (232 pixels inside).
        for k in ("net.host", "net.join", "net.open", "net.games", "net.watch", "net.back"):
            check(k, width(k) + 8 * KEY, 232)
        # Host a game and Join a game: lines of 512 pixels.
        for k in ("net.where.window", "net.where.server", "net.listed.yes", "net.listed.no"):
            check(k, width(k) + 8 * ADJUST, 512)
        check("net.pace", width("net.pace", pace=pace) + 8 * ADJUST, 512)
        for k in ("net.notice.email", "net.notice.webhook", "net.server"):
            check(k, width(k, email=t("net.notice.none"), url=t("net.server.none")), 512)
        # The waiting room's menu (292 pixels) and its board's box (200, small).
        for k in ("net.room.start", "net.room.computers", "net.room.leave", "net.room.leave_watch"):
            check(k, width(k) + 8 * KEY, 292)
        for k in ("net.room.give_yes", "net.room.give_no"):
            check(k, width(k), 292)
        check("net.room.give_level", width("net.room.give_level", level=level) + 8 * ADJUST, 292)
        check("net.room.open_give", font.width(t("colour.3") + ": " + t("net.room.open_give")), 292)
        check("net.room.points", small("net.room.points"), 200)
        check("net.pace (room)", small("net.pace", pace=pace), 200)
        check("net.room.give_ask", 10 * rows("net.room.give_ask", 300), 30)
        # What the room waits for, and every message line: two rows of 520 pixels at most.
        for k in ("net.waits.host_closed", "net.waits.server_down", "net.waits.unreachable",
                  "net.waits.network_gone", "net.room.waiting_friends", "net.room.waiting_owner",
                  "net.room.ready", "net.room.starting", "net.cannot_reach", "net.lost_before_seat",
                  "net.creating", "net.taking_seat", "net.connecting_to", "net.notice.bad_email",
                  "net.notice.bad_webhook", "net.open.none", "net.open.count", "net.open.asking"):
            check(k, rows(k, 520), 2)
        # My games: a line of 292 pixels, the chosen game's lines of 212 (small), its picture's box.
        for status in ("net.games.over", "net.games.ended", "net.games.open", "net.games.forgotten",
                       "net.games.not_answering"):
            check(status, width("net.games.line", what=t(status, left="")), 292)
        for status in ("net.games.mine", "net.games.others"):
            check(status, width("net.games.line", what=t(status, left=t("net.left", time="23:59:59"))), 292)
        turn = t("net.games.turn", name="Orange", left=t("net.left", time="12:34"))
        check("net.games.line (turn)", width("net.games.line", what=turn), 292)
        check("net.games.seat", small("net.games.seat", name="Wilhelmina"), 212)
        check("net.pace (My games)", small("net.pace", pace=pace), 212)
        check("net.games.last_seen", small("net.games.last_seen", what=turn), 212)
        for k in ("net.games.no_picture", "net.games.forgotten_long"):
            check(k, rows(k, 196), 4)
        for k in ("net.games.hint", "net.games.hint_forgotten"):
            check(k, small(k), 520)
        # Open games: the chosen game's box (196 pixels inside, small).
        for k, values in (("net.open.free", {}), ("net.open.created", {"age": fill(t("net.open.hours"), n=23)}),
                          ("net.open.join_as", {"name": "Wilhelmina"})):
            check(k, small(k, **values), 196)
        check("net.your_move", small("net.your_move"), 620)
        assert not too_wide, too_wide
    finally:
        set_language("en")


def test_net_font_draws_a_box_for_a_character_it_lacks(pyxel_headless):
    """The euro sign, an emoji and Chinese are not in the fonts (Latin-1): each is drawn as a
    hollow box in its cell, while the characters around it stay where they were."""
    assert ord("€") not in font.glyphs("small") and ord("ä") in font.glyphs("small")

    def lit(x0: int, y0: int, w: int, h: int, col: int) -> int:
        return sum(pyxel.pget(x, y) == col for x in range(x0, x0 + w) for y in range(y0, y0 + h))

    for name in ("normal", "small", "bold"):
        cw, ch = font.SIZES[name]
        for odd in ("€", "\U0001F600", "中"):
            pyxel.cls(0)
            pyxel.text(10, 10, odd, 7, font.font(name))
            assert lit(10, 10, cw, ch, 7) == 0               # Pyxel alone: nothing shows
            pyxel.cls(0)
            font.text(10, 10, "a" + odd + "b", 7, name)
            box = lit(10 + cw, 10, cw, ch, 7)
            assert box >= 2 * (ch - 4)                       # the box's sides at least
            pyxel.cls(0)
            font.text(10, 10, "a b", 7, name)
            plain_a, plain_b = lit(10, 10, cw, ch, 7), lit(10 + 2 * cw, 10, cw, ch, 7)
            pyxel.cls(0)
            font.text(10, 10, "a" + odd + "b", 7, name)
            assert (lit(10, 10, cw, ch, 7), lit(10 + 2 * cw, 10, cw, ch, 7)) == (plain_a, plain_b)
