"""A fault of the game screen's own effects (an animation, a box, a prompt)
must not end the game: the screen drops the effect, says so in one line and
appends the error with its stack to the crash log in the user folder
(``storage.CRASH_LOG``). Writing the log never raises; what cannot be
written as UTF-8 (a lone surrogate: a file name that is not UTF-8) is
written escaped, ``\\udcff``."""

from __future__ import annotations

import os
import time
import traceback

MAX_FAULTS = 100        # the faults a scene remembers (``GameScene.faults``)


def entry(what: str, exc: BaseException, session=None) -> str:
    """The crash log's entry: when, what failed, the game (seed, board,
    decisions so far: the autosave holds it) and the full stack."""
    from .. import __version__
    head = f"=== {time.strftime('%Y-%m-%d %H:%M:%S')} RetroCatan {__version__}: {what} failed"
    if session is not None:
        try:
            g = session.game
            cfg = g.config
            head += (f" (seed {cfg.seed}, {cfg.players} players, board {cfg.scenario_id or 'base'}, "
                     f"turn {g.seat_view(None).turn}, decision {session.step})")
        except Exception:       # the game itself may be what is broken
            pass
    stack = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return f"{head}\n{stack}\n"


def shown_path(path: str) -> str:
    """A path as the status line shows it (the home folder as ~)."""
    home = os.path.expanduser("~")
    if home and home != "~" and path.startswith(home + os.sep):
        return "~" + path[len(home):]
    return path


def short(where: str) -> str:
    """The crash log's file name for the status line (the log has the path)."""
    from ..storage import CRASH_LOG
    return CRASH_LOG if where.endswith(CRASH_LOG) else where


def write(storage, text: str) -> str:
    """Append ``text`` to the crash log of ``storage``; where it is (or why
    not, in English: the log is for whoever reports the bug)."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    try:
        storage.append_log(text)
        return shown_path(storage.log_path())
    except Exception as exc:    # a failing log must not be a second crash
        return f"(no crash log: {type(exc).__name__})"
