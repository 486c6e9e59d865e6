""""Try it" (F5, G or the Try button): a test game on the edited map, run
inside the editor. Whatever the game's screens do, the way out leads back
to the editor, and a game screen that fails on this map ends the trial
with one line instead of ending the program. The test game's config
carries the edited scenario itself (``GameConfig.scenario``), so a test
game needs nothing registered anywhere: it saves, replays and resumes like
any other game, in any process. ``TrialUnavailable`` says, in one line, why
a test game cannot start. "C" plays one of computers only beside the map
(``autoplay.py``)."""

from __future__ import annotations

from ...engine.scenario import Scenario
from ...storage import MemoryStorage
from ..scenes import Scene, dealing, scene_class
from ..session import GameSession, SeatSpec
from ..text import t
from .checks import problem_text


class TrialUnavailable(RuntimeError):
    """Why no test game can start; one line."""


def trial_config(s: Scenario, seed: int, players: int | None = None):
    """The GameConfig of a test game on ``s`` (its largest player count, its
    victory points and its rule options)."""
    from ...engine import GameConfig
    from ...engine.config import ConfigError
    players = players or max(s.players)
    if players not in s.players:
        raise TrialUnavailable(f"the scenario is for {', '.join(map(str, s.players))} players")
    try:
        return GameConfig(players=players, seed=seed, vp_target=s.vp_target, scenario=s, **dict(s.options))
    except (ConfigError, TypeError, ValueError) as e:
        raise TrialUnavailable(str(e).splitlines()[0] if str(e) else type(e).__name__) from None


class _TryApp:
    """The app as the test game sees it: its screens stay inside the
    trial, leaving for the title screen leads back to the editor, and its
    saves go to a storage of its own that is dropped afterwards (so its game
    menu offers no save: ``test_game``)."""

    test_game = True

    def __init__(self, app, trial) -> None:
        object.__setattr__(self, "_app", app)
        object.__setattr__(self, "_trial", trial)
        # A test game is not kept: its autosave must not replace the player's own.
        object.__setattr__(self, "storage", MemoryStorage())
        object.__setattr__(self, "crash_storage", app.storage)     # its crash log is the player's own

    def __getattr__(self, name):
        return getattr(self._app, name)

    def __setattr__(self, name, value) -> None:
        setattr(self._app, name, value)

    def switch(self, scene) -> None:
        if type(scene) is scene_class("title"):
            self._trial.back()
        else:
            self._trial.show(scene)

    def switch_to(self, name: str, **kw) -> None:
        if name == "title":
            self._trial.back()
        else:
            self._trial.show(scene_class(name)(self, **kw))


class TrialScene(Scene):
    """The test game's screens, one at a time (``inner``), framed by the editor."""

    help_page = "editor"

    def __init__(self, app, editor) -> None:
        super().__init__(app)
        self.editor = editor
        self.inner = None
        self.proxy = _TryApp(app, self)

    @property
    def music(self):
        return getattr(self.inner, "music", None)

    def show(self, scene) -> None:
        self.inner = scene
        if self.app.scene is self and scene.music is not None:
            self.app.audio.music(scene.music)

    def back(self, message: str | None = None) -> None:
        self.editor.returned(message)
        self.app.switch(self.editor)

    def _guard(self, step, *args) -> None:
        try:
            step(*args)
        except Exception as e:      # a game screen that cannot handle this map: back, with one line
            why = " ".join(f"{type(e).__name__}: {e}".split())
            self.back(t("ed.m.try_failed", why=why[:200]))

    def update(self, ui) -> None:
        self._guard(self.inner.update, ui)

    def draw(self) -> None:
        self._guard(self.inner.draw)


def refused(editor) -> bool:
    """A map with a problem is not played: the status line names it."""
    if editor.problems:
        editor.message = t("ed.m.try_bad", why=problem_text(editor.problems[0]))
        return True
    return False


def dealt_failed(editor, why: str | None) -> None:
    """A test game's deal that failed (``why``) or was given up (None): the status line says so."""
    editor.message = t("deal.given_up") if why is None else t("ed.m.try_bad", why=why)


def try_it(editor) -> None:
    """A game on the edited map, the person against computers, dealt off
    the frame (``scenes/dealing.py``: a long deal shows a box, Esc gives up)."""
    if refused(editor):
        return
    app = editor.app
    seed = app.new_seed()
    try:
        cfg = trial_config(editor.scenario, seed)
    except (TrialUnavailable, ValueError) as e:
        editor.message = t("ed.m.try_bad", why=str(e))
        return
    seats = [SeatSpec("human", t("colour.0"))] + [SeatSpec("normal", t(f"colour.{p}")) for p in range(1, cfg.players)]
    speed = app.settings["speed"]

    def go_on(session) -> None:
        editor.try_seed = seed
        editor.message = t("ed.m.try", seed=seed)
        trial = TrialScene(app, editor)
        trial.show(scene_class("game")(trial.proxy, session))
        app.switch(trial)
    dealing.start(app, lambda: GameSession(cfg, seats, speed=speed), go_on, lambda why: dealt_failed(editor, why))

