"""A test game of computer players only (C), played a step a frame while
the editor stays on screen; the status line counts the turns and tells the
winner. Esc stops it. ``AutoPlay`` plays it (no Pyxel), ``AutoPlayMode``
shows it, ``computer_game`` starts it."""

from __future__ import annotations

import time

from ...ai import make_player
from ...engine import Game
from ...match import Match, StalledGame
from .. import input as inp
from ..scenes import dealing
from ..text import t
from .mode import POP, Mode
from .trial import TrialUnavailable, dealt_failed, refused, trial_config


class AutoPlay:
    """A test game of computer players only, played a few decisions at a
    time (the window keeps drawing in between), for a quick look at how a
    map plays: who wins, with how many points, in which turn."""

    def __init__(self, config, level: str = "normal") -> None:
        self.config = config
        self.game = Game(config)
        self.match = Match(self.game, [make_player(level, config.seed, p) for p in range(config.players)])

    @property
    def over(self) -> bool:
        return self.game.over

    def step(self, seconds: float = 0.015) -> bool:
        """Play for about ``seconds``; True once the game is over. A game
        that will not end raises TrialUnavailable."""
        end = time.perf_counter() + seconds
        game = self.game
        while not game.over and time.perf_counter() < end:
            try:
                self.match.step()
            except StalledGame as e:
                raise TrialUnavailable(str(e).split(" (")[0]) from None
        return game.over

    def points(self) -> list[int]:
        return list(self.game.seat_view(None).vp)


class AutoPlayMode(Mode):
    help_page = "editor.autoplay"
    overlay = False             # the boxes stay as they are under it
    keeps_message = True        # the status line counts its turns

    def __init__(self, editor, play: AutoPlay) -> None:
        super().__init__(editor)
        self.play = play

    def update(self, ui):
        ed = self.editor
        if ui.pressed(inp.BACK):
            ed.message = t("ed.m.auto_stopped", seed=ed.try_seed)
            return POP
        try:
            done = self.play.step()
        except Exception as e:      # the engine on a map it cannot play: one line, back to editing
            why = str(e) if isinstance(e, TrialUnavailable) else f"{type(e).__name__}: {e}"
            ed.message = t("ed.m.try_failed", why=" ".join(why.split())[:200])
            return POP
        view = self.play.game.seat_view(None)
        if not done:
            ed.message = t("ed.m.auto", seed=ed.try_seed, turn=view.turn)
            return None
        ed.message = t("ed.m.auto_done", seed=ed.try_seed, name=t(f"colour.{view.winner}"),
                       vp=view.vp[view.winner], turn=view.turn, points=" ".join(map(str, self.play.points())))
        return POP


def computer_game(editor) -> None:
    """A computer-only test game on the edited map over the editor, dealt
    off the frame (``scenes/dealing.py``); refused, the message says why."""
    if refused(editor):
        return
    seed = editor.app.new_seed()
    try:
        config = trial_config(editor.scenario, seed)
    except (TrialUnavailable, ValueError) as e:
        editor.message = t("ed.m.try_bad", why=str(e))
        return

    def go_on(play) -> None:
        editor.try_seed = seed
        editor.push(AutoPlayMode(editor, play))
    dealing.start(editor.app, lambda: AutoPlay(config), go_on, lambda why: dealt_failed(editor, why))
