"""The boxes of the game screen: turn, players and cards on the right
(drawn from a ``table.TableView``), the actions box, the log under the
board and the status line."""

from __future__ import annotations

import pyxel

from ..words.events import shown_to
from . import art, font
from .kept_picture import KeptPicture
from .layout import LOG_AREA, PLAYERS_Y, RIGHT_W, RIGHT_X, STATUS_Y, line_pitch
from .palette import BLACK, BLUE, DARK_GREY, GREY, LIGHT_CYAN, RED, WHITE
from .text import t
from .widgets import box, sunken

PIPS = {1: [(8, 8)], 2: [(4, 4), (12, 12)], 3: [(4, 4), (8, 8), (12, 12)],
        4: [(4, 4), (12, 4), (4, 12), (12, 12)], 5: [(4, 4), (12, 4), (8, 8), (4, 12), (12, 12)],
        6: [(4, 4), (12, 4), (4, 8), (12, 8), (4, 12), (12, 12)]}


TURN_BOX = (RIGHT_X, 0, RIGHT_W, 46)


def dice_shown(view, tumbling: bool, frame: int) -> tuple[int, ...]:
    """The faces the turn box shows: the roll, or while the dice tumble the faces of ``frame``."""
    if not view.dice:
        return ()
    if tumbling:
        return tuple((frame * (3 + 2 * i) + i) % 6 + 1 for i in range(len(view.dice)))
    return tuple(view.dice)


def turn_box(view, dice: tuple[int, ...]) -> None:
    """Whose turn (or decision) it is, their points, and the dice (``dice_shown``)."""
    box(*TURN_BOX, t("box.turn", name=view.turn_name))
    art.swatch(RIGHT_X + 8, 24, 12, 12, view.turn_player)
    font.text(RIGHT_X + 26, 24, t("box.points", vp=view.turn_vp, target=view.target), BLACK)
    for i, d in enumerate(dice):
        die(RIGHT_X + RIGHT_W - 46 + 20 * i, 22, d)


def die(x: int, y: int, value: int) -> None:
    pyxel.rect(x, y, 17, 17, WHITE)
    pyxel.rectb(x, y, 17, 17, BLACK)
    for sx, sy in PIPS[value]:
        pyxel.rect(x + sx - 1, y + sy - 1, 2, 2, RED if value == 1 else BLACK)


def second_row_texts(line) -> tuple[str, str]:
    """The second row of a player's line (``table.PlayerRows``): (ships
    left, island bonus points), each "" where the map has none."""
    ships = t("box.ships_left", n=line.ships_left) if line.ships_left is not None else ""
    bonus = t("box.island_bonus", n=line.island_bonus) if line.island_bonus is not None else ""
    return ships, bonus


def player_figures(line) -> str:
    """A player's figures in the players box, each with the letter of the
    box's legend (``legend``): points, cards, development cards, knights, route."""
    return t("box.figures", vp=line.vp, hand=line.cards, dev=line.dev_cards, knights=line.knights,
             route=line.route)


def players_box_height(view) -> int:
    return 30 + line_pitch(view.players, view.second_row) * view.players + (2 if view.second_row else 0)


def players_box(view, y: int) -> int:
    """Returns the y under the box. Where the lines carry a second row
    (``TableView.second_row``: ships left, island bonus points) each has it."""
    second = view.second_row
    pitch = line_pitch(view.players, second)
    h = players_box_height(view)
    box(RIGHT_X, y, RIGHT_W, h, t("box.players"))
    font.text(RIGHT_X + 6, y + h - 12, font.fit(t("legend"), RIGHT_W - 12, "small"), DARK_GREY, "small")
    for p, line in enumerate(view.lines):
        yy = y + 20 + pitch * p
        if second:
            ships, bonus = second_row_texts(line)
            row = yy + pitch // 2
            font.text(RIGHT_X + 18, row, ships, BLUE, "small")
            if bonus:
                font.text(RIGHT_X + RIGHT_W - 6 - font.width(bonus, "small"), row, bonus,
                          BLACK if line.island_bonus else DARK_GREY, "small")
        art.swatch(RIGHT_X + 6, yy + 1, 9, 9, p)
        if p == view.current:
            pyxel.tri(RIGHT_X + 2, yy + 2, RIGHT_X + 2, yy + 9, RIGHT_X + 5, yy + 5, RED)
        font.text(RIGHT_X + 18, yy + 1, font.fit(line.name, 52, "small"), BLACK, "small")
        font.text(RIGHT_X + 70, yy + 1, player_figures(line), BLACK, "small")
        marks = ("L" if line.longest else "") + ("A" if line.army else "")
        if marks:
            font.text(RIGHT_X + RIGHT_W - 18, yy + 1, marks, RED, "small")
    return y + h


def hand_box(view, y: int, bottom: int) -> None:
    """The shown player's cards, from ``y`` down to ``bottom``."""
    if view.shown is None or view.shown_is_human:
        title = t("box.hand")
    else:
        title = t("box.hand_of", name=view.shown_name)
    box(RIGHT_X, y, RIGHT_W, bottom - y, title)
    if view.hand is None:
        font.text(RIGHT_X + 8, y + 24, t("hidden"), DARK_GREY)
        return
    for r in range(5):
        x = RIGHT_X + 8 + 40 * r
        art.card(x, y + 20, art.RESOURCE_COLOUR[r], 16, 22)
        font.text(x + 19, y + 26, str(view.hand[r]), BLACK, "bold")
        font.text(x - 1, y + 43, t(f"res.card.{r}"), BLACK, "small")
    line = ", ".join(f"{held} {t('dev.' + name)}" for name, held, _ in view.dev_cards) or "-"
    font.text(RIGHT_X + 8, y + 56, font.fit(line, RIGHT_W - 16, "small"), BLUE, "small")
    bank = " ".join(f"{t(f'res.{r}')[:2]}{view.bank[r]}" for r in range(5))
    font.text(RIGHT_X + 8, y + 68, font.fit(f"{t('box.bank')}: {bank}", RIGHT_W - 16, "small"), DARK_GREY, "small")
    font.text(RIGHT_X + 8, y + 78, t("deck", n=view.deck), DARK_GREY, "small")


class SideBoxes:
    """The game screen's log, turn, players and cards boxes, each kept as a picture
    (``KeptPicture``) while what it shows stays the same."""

    def __init__(self) -> None:
        self.log, self.turn, self.players, self.hand = (KeptPicture() for _ in range(4))

    def draw(self, view, log: list, scroll: int, viewer: int | None, dice: tuple[int, ...],
             bottom: int) -> None:
        """``view``: the ``table.TableView``; the log as ``viewer`` may read it, ``scroll`` rows up;
        the faces of the dice (``dice_shown``); the hand box down to ``bottom``."""
        lines = log_lines(log, scroll, viewer)
        self.log.show(LOG_BOX, (tuple(lines), scroll), lambda: log_box(lines, scroll))
        self.turn.show(TURN_BOX, (view.turn_name, view.turn_player, view.turn_vp, view.target, dice),
                       lambda: turn_box(view, dice))
        rows = (view.players, view.second_row, view.current, tuple(view.lines))    # PlayerLine: equal by its fields
        h = players_box_height(view)
        under = self.players.show((RIGHT_X, PLAYERS_Y, RIGHT_W, h), rows, lambda: players_box(view, PLAYERS_Y))
        top = under + 2
        cards = (view.shown is None or view.shown_is_human, view.shown_name,
                 None if view.hand is None else tuple(view.hand), tuple(view.dev_cards), tuple(view.bank), view.deck)
        self.hand.show((RIGHT_X, top, RIGHT_W, bottom - top), cards, lambda: hand_box(view, top, bottom))


def actions_box(y: int, menu=None) -> None:
    """The actions box; ``menu`` (the action menu) when a person decides."""
    box(RIGHT_X, y, RIGHT_W, STATUS_Y - y - 2, t("box.actions"))
    if menu is not None:
        menu.draw()


LOG_ROWS = 6
STATUS_W = 628          # pixels for the status line's text


def wrap(line: str, max_width: int, name: str = "small") -> list[str]:
    """``line`` broken at spaces into rows of at most ``max_width`` pixels
    (rows after the first indented); a word longer than a row is cut."""
    if font.width(line, name) <= max_width:
        return [line]
    rows: list[str] = []
    row = ""
    for word in line.split(" "):
        candidate = f"{row} {word}" if row else (word if not rows else "  " + word)
        if font.width(candidate, name) <= max_width or not row:
            row = candidate
        else:
            rows.append(row)
            row = "  " + word
    rows.append(row)
    return [font.fit(r, max_width, name) for r in rows]


def log_rows(log: list[str], scroll: int, width: int, rows: int = LOG_ROWS) -> list[tuple[str, int]]:
    """The rows the log box shows: the log's lines wrapped to ``width``,
    the last ``rows`` of them ``scroll`` rows up from the bottom; each as
    (text, which line it belongs to, counted back from the last)."""
    out: list[tuple[str, int]] = []
    need = rows + scroll
    for back, line in enumerate(reversed(log)):
        out[:0] = [(r, back) for r in wrap(line, width)]
        if len(out) >= need:
            break
    end = max(0, len(out) - scroll)
    return out[max(0, end - rows):end]


def log_lines(log: list, scroll: int, viewer: int | None = None) -> list[str]:
    """The log's last lines that the log box may show (``scroll`` rows up), each as ``viewer``
    may read it: a secret (a stolen card's kind, a drawn card) only if they know it."""
    return [str(shown_to(line, viewer)) for line in log[-(LOG_ROWS + scroll + 2):]]


LOG_BOX = (LOG_AREA[0] + 2, LOG_AREA[1], LOG_AREA[2] - 4, LOG_AREA[3])


def log_box(lines: list[str], scroll: int) -> None:
    """The log under the board (``lines``: ``log_lines``); the rows of one line share a colour,
    the colours alternating line by line."""
    x, y, w, h = LOG_AREA
    sunken(*LOG_BOX)
    shown = log_rows(lines, scroll, w - 12)
    for i, (row, back) in enumerate(shown):
        odd = (shown[0][1] - back) % 2
        font.text(x + 6, y + 3 + 10 * i, row, LIGHT_CYAN if odd else WHITE, "small")


def status_fit(text: str) -> tuple[str, str]:
    """(text, font) for the status line: the normal font if the text fits,
    else the small one (cut only if it does not fit even so)."""
    if font.width(text) <= STATUS_W:
        return text, "normal"
    return font.fit(text, STATUS_W, "small"), "small"


def status_line(text: str, colour: int) -> None:
    pyxel.rect(0, STATUS_Y, 640, 20, GREY)
    pyxel.line(0, STATUS_Y, 639, STATUS_Y, WHITE)
    shown, name = status_fit(text)
    font.text(6, STATUS_Y + (4 if name == "normal" else 5), shown, colour, name)


def replay_players(v, names: list[str], x: int, top: int, w: int) -> None:
    """The replay viewer's box of the players (also a stage's picture): points, each hand the
    view may see (else how many cards), the two awards, ships left and island bonus."""
    box(x, top, w, 12 + 40 * v.players, "")
    for p in range(v.players):
        y = top + 6 + 40 * p
        art.swatch(x + 6, y, 10, 10, p)
        font.text(x + 20, y, font.fit(f"{names[p]}: {v.vp[p]} P", w - 46, "small"), BLACK, "small")
        hand = v.hands[p]       # None where the view sees no hand
        if hand is not None:
            cards = " ".join(f"{t(f'res.{r}')[:2]}{hand[r]}" for r in range(5))
            held = f"{cards} {t('replay.dev_held', k=v.dev_counts[p])}"
            font.text(x + 20, y + 11, font.fit(held, w - 26, "small"), BLUE, "small")
        else:
            font.text(x + 20, y + 11, t("replay.counts", n=v.card_counts[p], k=v.dev_counts[p]), DARK_GREY,
                      "small")
        marks = ("L" if v.longest_route == p else "") + ("A" if v.largest_army == p else "")
        font.text(x + w - 20, y, marks, RED, "small")
        # A scenario map: ships still in the supply and the island bonus earned so far.
        if v.has_ships:
            font.text(x + 20, y + 22, t("box.ships_left", n=v.pieces_left[p].get("ships", 0)), BLUE, "small")
        if v.island_bonus_points:
            bonus = t("box.island_bonus", n=v.island_bonus[p])
            font.text(x + w - 6 - font.width(bonus, "small"), y + 22, bonus, BLACK, "small")

