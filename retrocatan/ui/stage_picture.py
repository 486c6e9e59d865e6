"""The picture of one stage of a game's record: a PNG of the board after
N decisions, as a game master posted one at each stage of a forum game.

The screen is laid out as the replay viewer's (``scenes/replay.py``): the
board drawn by the window's own ``BoardView`` (a map too big for the area
shown whole, as the overview of key O shows it), beside it the step, the
turn, the dice, whose decision is next and one line per player, below it
the log of the last decisions and the status line. It shows what the table
sees: the view of seat -1 (``ui/table.py``'s table), so no hand, bought
card or stolen card's kind while the game runs, only how many cards each
player holds and the public points; once the game is over every hand and
point is open, as the engine reveals them at the end.

Drawn headless (``pyxel.init`` once per process, without a window, if
nobody has initialised Pyxel yet) and written with ``pyxel.screenshot``:
640x480, the same bytes for the same record and step. ``write_stage_png``
draws a stage of a record (``retrocatan replay FILE --png``), ``write_picture``
any game, e.g. a stage a server sent (``retrocatan stage``).
"""

from __future__ import annotations

import os

import pyxel

from ..engine.replay import GameRecord
from ..words.events import describe_each
from ..words.names import seat_name
from ..words.prompts import prompt
from . import art, font
from .board_view import BoardView
from .boxes import replay_players
from .palette import BLACK, BLUE, GREY, LIGHT_CYAN, RED, WHITE
from .text import t
from .widgets import box, sunken

TABLE = -1          # the seat whose view is the table's: nobody's cards face up (ui/table.py)
LOG_DECISIONS = 8   # the log shows the events of this many decisions before the step, as the viewer does
CHUNK = 2000        # decisions replayed between two progress reports


class StageError(ValueError):
    """A step the record does not reach, or a picture that cannot be written: one line saying why."""


class _StageBoard(BoardView):
    """The window's board drawing, without the map's buttons and arrows (nothing to click in a picture)."""

    def draw_map_marks(self, blink: bool) -> None:
        return None


def stage_at(record: GameRecord, step: int, progress=None):
    """The game after ``step`` decisions of ``record`` and the events of the
    last ``LOG_DECISIONS`` of them. ``progress(done)`` hears how far the
    replay is; ``StageError`` for a step out of range or a refused decision."""
    steps = len(record)
    if not 0 <= step <= steps:
        raise StageError(f"step {step} is out of range: the record has {steps} "
                         f"{'step' if steps == 1 else 'steps'} (0-{steps})")
    events: list[dict] = []

    def note(i: int, game, act, evs) -> None:
        if i > step - LOG_DECISIONS:
            events.extend(evs)

    replayer = record.replayer(sample=None, on_step=note)
    while replayer.done < step:
        verdict = replayer.advance(min(CHUNK, step - replayer.done))
        if progress is not None:
            progress(replayer.done)
        if verdict is not None and verdict.refused:
            raise StageError(verdict.message)
    return replayer.game, events


def seat_names(record: GameRecord) -> list[str]:
    """Who sat where: a save's or a server's names (a server's computer by its colour and level),
    else the colours (as the replay viewer names them)."""
    n = record.config.players
    seats = record.seats
    if not seats or len(seats) != n:
        return [t(f"colour.{p}") for p in range(n)]
    return [seat_name(p, s) if s.get("kind") == "computer" else s["name"] for p, s in enumerate(seats)]


def draw_stage(game, events: list[dict], names: list[str], step: int, steps: int) -> None:
    """The screen of the picture (see the module docstring), drawn into Pyxel's screen."""
    pyxel.cls(BLUE)
    v = game.seat_view(TABLE)
    board = _StageBoard(game.board, 0, 0, 426, 390)
    if board.scrolls:
        board.set_overview(True)
    board.draw(v)
    _draw_panel(v, names, step, steps)
    sunken(2, 392, 422, 66)
    lines = ["; ".join(each) for each in describe_each(events, names, None, table=True) if each]
    for i, line in enumerate(lines[-6:]):
        font.text(6, 395 + 10 * i, font.fit(line, 412, "small"), LIGHT_CYAN if i % 2 else WHITE, "small")
    pyxel.rect(0, 460, 640, 20, GREY)
    font.text(6, 464, font.fit(prompt(*v.prompt, names), 628, "small"), BLACK, "small")


def _draw_panel(v, names: list[str], step: int, steps: int) -> None:
    """The replay viewer's boxes beside the board, from the table's view."""
    x, w = 428, 212
    box(x, 0, w, 84, t("replay.title"))
    font.text(x + 8, 22, t("replay.pos", i=step, n=steps, turn=v.turn), BLACK, "small")
    dice = t("replay.dice", a=v.dice[0], b=v.dice[1], total=sum(v.dice)) if v.dice else t("replay.no_dice")
    font.text(x + 8, 34, dice, BLACK, "small")
    who = v.winner if v.over else v.decider      # the winner at the end, else whose decision is next
    if 0 <= who < len(names):
        line = t("end.title", name=names[who]) if v.over else t("replay.step_of", name=names[who])
        art.swatch(x + 8, 47, 8, 8, who)
        font.text(x + 20, 46, font.fit(line, w - 28, "small"), RED if v.over else BLACK, "small")
    if v.over:      # the end reveals every hand
        font.text(x + 8, 58, t("replay.view", who=t("replay.view_all")), BLACK, "small")
    replay_players(v, names, x, 86, w)


def _ready() -> None:
    """Pyxel's screen: initialised here without a window if nobody has yet."""
    from .app import HEIGHT, WIDTH, init_pyxel
    if pyxel.width == 0:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        init_pyxel(headless=True)
    elif (pyxel.width, pyxel.height) != (WIDTH, HEIGHT):
        raise StageError(f"Pyxel's screen is {pyxel.width}x{pyxel.height}, not the window's {WIDTH}x{HEIGHT}")


def write_stage_png(record: GameRecord, step: int, path: str, progress=None) -> None:
    """Write the picture of ``record`` after ``step`` decisions (0: before
    the first) to ``path`` (a .png), 640x480. The file is written whole or
    not at all. ``progress(done)`` hears how far the replay is.
    ``StageError``: a step out of range, a refused decision, a path that
    cannot be written."""
    if not str(path).lower().endswith(".png"):
        raise StageError(f"{path}: the picture must be a .png file")
    game, events = stage_at(record, step, progress)
    write_picture(game, events, seat_names(record), step, len(record), path)


def write_picture(game, events: list[dict], names: list[str], step: int, steps: int, path: str) -> None:
    """Write the picture of ``game`` (after ``step`` of ``steps`` decisions, ``events`` the last
    ones' for the log) to ``path``: a stage of a record, or one a server sent (``retrocatan stage``)."""
    if not str(path).lower().endswith(".png"):
        raise StageError(f"{path}: the picture must be a .png file")
    _ready()
    draw_stage(game, events, names, step, steps)
    folder, name = os.path.split(os.path.abspath(path))
    temp = os.path.join(folder, f".{name}.{os.getpid()}.tmp.png")
    try:
        pyxel.screenshot(temp, 1)
        os.replace(temp, path)
    except Exception as exc:        # Pyxel's "Failed to save file" is a bare Exception
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "cannot be written"
        raise StageError(f"{path}: {why}") from None
    finally:
        if os.path.exists(temp):
            os.remove(temp)
