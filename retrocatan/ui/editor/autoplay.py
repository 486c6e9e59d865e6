"""A test game of computer players only (C), played a step a frame while
the editor stays on screen; the status line counts the turns and tells the
winner. Esc stops it."""

from __future__ import annotations

from .. import input as inp
from ..editor_trial import AutoPlay, TrialUnavailable
from ..text import t
from .mode import POP, Mode


class AutoPlayMode(Mode):
    help_page = "editor.autoplay"
    overlay = False             # the boxes stay as they are under it
    keeps_message = True        # the status line counts its turns

    def __init__(self, editor, config) -> None:
        super().__init__(editor)
        self.play = AutoPlay(config)

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
