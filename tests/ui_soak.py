"""A soak of the game window: random keys, gamepad buttons, stick, typed
text and mouse moves and clicks, frame after frame, on every screen.

The run is a row of episodes. Each starts at an entrance (the title, a new
game with people at the table, a game near its end, the replay viewer, the
end screen, the load list, the options, the new-game setup, the demo game
of the idle title), takes random
input for a while (its density differs from episode to episode, so a quiet
title starts its demo game and computer turns run on), and ends with the way
home: the keys a person presses to get back to the title (Esc, Enter, F to
hurry computer turns, Q to quit a game from its menu). Not getting home in
``HOME_FRAMES`` frames is a dead end. Any exception ends the soak.
Used by tests/test_ui_soak.py (short) and benchmarks/ui_soak.py (100,000 frames).
"""

from __future__ import annotations

import resource
import time
from dataclasses import dataclass, field

import pyxel

from retrocatan import scenarios
from retrocatan.ai import make_player
from retrocatan.engine import Game, GameConfig
from retrocatan.engine.replay import record
from retrocatan.engine.rng import Rng
from retrocatan.saves import OPTION_DEFAULTS
from retrocatan.storage import MemoryStorage
from retrocatan.ui.app import HEIGHT, WIDTH, App
from retrocatan.ui.prompts.board_pick import BoardPick
from retrocatan.ui.prompts.dialog import Dialog
from retrocatan.ui.scenes.end import EndScene
from retrocatan.ui.scenes.game import GameScene
from retrocatan.ui.scenes.load import LoadScene
from retrocatan.ui.scenes.options import OptionsScene
from retrocatan.ui.scenes.replay import ReplayScene
from retrocatan.ui.scenes.setup import SetupScene
from retrocatan.ui.scenes.title import TitleScene
from retrocatan.ui.session import GameSession, SeatSpec

KEYS = [pyxel.KEY_UP, pyxel.KEY_DOWN, pyxel.KEY_LEFT, pyxel.KEY_RIGHT, pyxel.KEY_RETURN, pyxel.KEY_SPACE,
        pyxel.KEY_ESCAPE, pyxel.KEY_BACKSPACE, pyxel.KEY_TAB, pyxel.KEY_KP_ENTER,
        pyxel.KEY_W, pyxel.KEY_A, pyxel.KEY_S, pyxel.KEY_D] + \
       [getattr(pyxel, f"KEY_{c}") for c in "BCEFGHIJKLMNOPQRTUVXYZ0123456789"]
PAD = [pyxel.GAMEPAD1_BUTTON_A, pyxel.GAMEPAD1_BUTTON_B, pyxel.GAMEPAD1_BUTTON_X, pyxel.GAMEPAD1_BUTTON_Y,
       pyxel.GAMEPAD1_BUTTON_BACK, pyxel.GAMEPAD1_BUTTON_DPAD_UP, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN,
       pyxel.GAMEPAD1_BUTTON_DPAD_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER,
       pyxel.GAMEPAD1_BUTTON_RIGHTSHOULDER]
MOUSE = [pyxel.MOUSE_BUTTON_LEFT, pyxel.MOUSE_BUTTON_RIGHT]
STICK = [pyxel.GAMEPAD1_AXIS_LEFTX, pyxel.GAMEPAD1_AXIS_LEFTY]
TEXT = "abcdefghijklmnopqrstuvwxyzAÄÖÜß 0123456789-"
ENTRANCES = ("title", "game", "late_game", "replay", "end", "load", "options", "setup", "demo", "sea_game")
DENSITIES = (0, 5, 50, 200, 500, 900)      # inputs per 1000 frames in an episode (0: nobody at the keys)
SCENES = {TitleScene, SetupScene, OptionsScene, LoadScene, GameScene, EndScene, ReplayScene}
HOME_FRAMES = 20_000        # frames the way home may take (it waits for computer turns)


class DeadEnd(AssertionError):
    """The way home did not reach the title."""


class Faulted(AssertionError):
    """The game screen caught a fault (``GameScene.faults``): the game went on
    without an effect that failed, but the soak counts it as a failure."""


def faults_of(scene) -> list:
    """What a screen's guard caught, as text (screens without one: nothing)."""
    import traceback
    return ["".join(traceback.format_exception(f)) if isinstance(f, BaseException) else repr(f)
            for f in getattr(scene, "faults", None) or ()]


@dataclass
class SoakReport:
    frames: int = 0                  # random-input frames
    home_frames: int = 0             # frames of the ways home
    episodes: int = 0
    seconds: float = 0.0
    screens: dict[str, int] = field(default_factory=dict)        # frames per scene (and game mode)
    rss_mb: list[tuple[int, float]] = field(default_factory=list)  # (frames so far, resident MB) per episode
    peak_rss_mb: float = 0.0

    def scene_types(self) -> set[str]:
        return {name.split(":")[0] for name in self.screens}


def _status_mb(field_name: str) -> float | None:
    """A memory line of /proc/self/status (Linux) in MB."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(field_name + ":"):
                    return int(line.split()[1]) / 1024        # kB
    except (OSError, ValueError, IndexError):
        pass
    return None


def resident_mb() -> float:
    """This process's resident memory now (Linux), else its peak so far."""
    now = _status_mb("VmRSS")
    return now if now is not None else peak_mb()


def peak_mb() -> float:
    """The most resident memory this process has had."""
    peak = _status_mb("VmHWM")
    return peak if peak is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def finished_game(players: int, seed: int) -> Game:
    levels = ("hard", "normal", "easy", "hard", "normal", "easy")
    game = Game(GameConfig(players=players, seed=seed))
    bots = [make_player(levels[s], seed, s) for s in range(players)]
    while not game.over:
        game.apply(bots[game.decider].choose(game))
    return game


def near_the_end(players: int, seed: int) -> Game:
    """A game of computer players stopped two points before somebody wins."""
    levels = ("hard", "normal", "easy", "hard", "normal", "easy")
    game = Game(GameConfig(players=players, seed=seed))
    bots = [make_player(levels[s], seed, s) for s in range(players)]
    target = game.config.vp_target
    while not game.over and max(game.vp(p) for p in range(players)) < target - 2:
        game.apply(bots[game.decider].choose(game))
    return game


class Soak:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)
        self.app = App(can_quit=False, storage=MemoryStorage())
        self.app.settings.update(speed=3, sound=True, music=True)
        self.held: list[tuple[int, int]] = []          # (button, frames left)
        self.stick: dict[int, int] = {}                # axis: frames left
        self.report = SoakReport()

    # --- one frame ---------------------------------------------------------------------
    def frame(self, count_as: str = "frames") -> None:
        app = self.app
        scene = app.scene                      # the screen this frame's input goes to
        app.update()
        app.draw()
        pyxel.flip()
        setattr(self.report, count_as, getattr(self.report, count_as) + 1)
        for shown in {id(scene): scene, id(app.scene): app.scene}.values():
            if faults_of(shown):
                raise Faulted("the game screen caught a fault:\n" + "\n".join(faults_of(shown)))
        name = type(scene).__name__
        if isinstance(scene, GameScene):
            name += ":demo" if scene.demo else ":" + scene.mode
        self.report.screens[name] = self.report.screens.get(name, 0) + 1

    def release_all(self) -> None:
        for button, _ in self.held:
            pyxel.set_btn(button, False)
        self.held = []
        for axis in self.stick:
            pyxel.set_btnv(axis, 0)
        self.stick = {}

    def random_input(self, density: int) -> None:
        """Release what is due, then (``density`` in 1000) a new input."""
        r = self.rng
        still = []
        for button, left in self.held:
            if left <= 1:
                pyxel.set_btn(button, False)
            else:
                still.append((button, left - 1))
        self.held = still
        for axis in list(self.stick):
            self.stick[axis] -= 1
            if self.stick[axis] <= 0:
                pyxel.set_btnv(axis, 0)
                del self.stick[axis]
        if r.below(1000) >= density:
            return
        kind = r.below(100)
        if kind < 45:
            self.press(KEYS[r.below(len(KEYS))])
        elif kind < 65:
            self.press(PAD[r.below(len(PAD))])
        elif kind < 70:
            axis = STICK[r.below(2)]
            pyxel.set_btnv(axis, r.below(65535) - 32767)
            self.stick[axis] = 1 + r.below(40)
        elif kind < 73:
            pyxel.set_input_text("".join(TEXT[r.below(len(TEXT))] for _ in range(1 + r.below(3))))
        elif kind < 88:
            pyxel.set_mouse_pos(r.below(WIDTH), r.below(HEIGHT))
        else:
            pyxel.set_mouse_pos(r.below(WIDTH), r.below(HEIGHT))
            self.press(MOUSE[r.below(10) // 8])          # mostly left clicks

    def press(self, button: int) -> None:
        if any(b == button for b, _ in self.held):
            return
        pyxel.set_btn(button, True)
        # mostly a tap; sometimes held past the auto-repeat delay
        self.held.append((button, 1 if self.rng.below(8) else 2 + self.rng.below(30)))

    # --- entrances -----------------------------------------------------------------------
    def enter(self, entrance: str) -> None:
        app, r = self.app, self.rng
        players = 3 + r.below(4)
        seed = r.below(1_000_000)
        if entrance == "title":
            app.switch(TitleScene(app))
        elif entrance == "game":
            people = 1 + r.below(2)
            seats = [SeatSpec("human" if s < people else ("easy", "normal", "hard")[r.below(3)], f"P{s + 1}")
                     for s in range(players)]
            app.switch(GameScene(app, GameSession(GameConfig(players=players, seed=seed), seats, speed=3)))
        elif entrance == "sea_game":
            boards = [(sid, n) for sid in scenarios.available() if not sid.startswith("base-")
                      for n in scenarios.load(sid).players]
            sid, players = boards[r.below(len(boards))]
            people = 1 + r.below(2)
            seats = [SeatSpec("human" if s < people else ("easy", "normal", "hard")[r.below(3)], f"P{s + 1}")
                     for s in range(players)]
            session = GameSession(scenarios.config_for(sid, players, seed=seed), seats,
                                  speed=OPTION_DEFAULTS["speed"])
            app.switch(GameScene(app, session))
        elif entrance == "late_game":
            game = near_the_end(players, seed)
            seats = [SeatSpec("human" if s == 0 else "hard", f"P{s + 1}") for s in range(players)]
            app.switch(GameScene(app, GameSession(game.config, seats, speed=3, resume=game)))
        elif entrance == "replay":
            app.switch(ReplayScene(app, record(finished_game(players, seed), hash_every=10)))
        elif entrance == "end":
            game = finished_game(players, seed)
            seats = [SeatSpec("hard", f"P{s + 1}") for s in range(players)]
            app.switch(EndScene(app, GameSession(game.config, seats, speed=3, resume=game)))
        elif entrance == "load":
            app.switch(LoadScene(app))
        elif entrance == "options":
            app.switch(OptionsScene(app))
        elif entrance == "setup":
            app.switch(SetupScene(app))
        elif entrance == "demo":
            app.start_demo(speed=3)
        else:
            raise ValueError(entrance)

    # --- the way home --------------------------------------------------------------------
    def tap(self, button: int) -> None:
        pyxel.set_btn(button, True)
        self.frame("home_frames")
        pyxel.set_btn(button, False)
        self.frame("home_frames")

    @staticmethod
    def home_key(scene: GameScene) -> int:
        """What a person presses on the way to the game menu and its "quit",
        finishing first what cannot be put off (robber, discards, answers)."""
        prompt = scene.prompt
        mode = "dialog" if scene.menu_prompts else scene.mode      # the game menu is over everything
        if mode == "pick":
            return pyxel.KEY_ESCAPE if prompt.cancel else pyxel.KEY_RETURN
        if mode == "dialog":
            menu = prompt.menu
            if any(it.value == "quit" for it in menu.items):
                return pyxel.KEY_Q
            under = scene.prompts[-2] if len(scene.prompts) > 1 else None
            must = isinstance(under, BoardPick) and not under.cancel     # it asks what a founding pick must get
            if type(prompt).back is not Dialog.back and not must:      # this dialog has a way back
                return pyxel.KEY_ESCAPE
            return pyxel.KEY_RETURN if menu.items[menu.index].enabled else pyxel.KEY_DOWN
        return pyxel.KEY_ESCAPE

    def way_home(self) -> None:
        self.release_all()
        pyxel.set_input_text("")
        start = self.report.home_frames
        while not isinstance(self.app.scene, TitleScene):
            if self.report.home_frames - start > HOME_FRAMES:
                scene = self.app.scene
                raise DeadEnd(f"no way back to the title from {type(scene).__name__} "
                              f"(mode {getattr(scene, 'mode', '-')}, dialog "
                              f"{getattr(getattr(scene, 'prompt', None), 'title', None)!r})")
            scene = self.app.scene
            if isinstance(scene, GameScene) and not scene.demo:
                s = scene.session
                if scene.menu_prompts:          # the game menu is over everything: its "quit"
                    self.tap(self.home_key(scene))
                elif s.game.over or scene.mode == "handover":
                    self.tap(pyxel.KEY_RETURN)
                elif not s.waiting_for_human():
                    if scene.fast:
                        self.frame("home_frames")
                    else:
                        self.tap(pyxel.KEY_F)
                else:
                    self.tap(self.home_key(scene))
            elif isinstance(scene, SetupScene) and scene.editing is not None:
                self.tap(pyxel.KEY_RETURN)
            else:
                self.tap(pyxel.KEY_ESCAPE)

    # --- the run -------------------------------------------------------------------------
    def run(self, frames: int, episode_frames: tuple[int, int] = (600, 3000), progress=None) -> SoakReport:
        rep, r = self.report, self.rng
        t0 = time.perf_counter()
        self.frame()
        self.way_home()
        while rep.frames < frames:
            self.enter(ENTRANCES[rep.episodes % len(ENTRANCES)])
            lo, hi = episode_frames
            length = min(frames - rep.frames, lo + r.below(hi - lo + 1))
            density = DENSITIES[r.below(len(DENSITIES))]
            for _ in range(length):
                self.random_input(density)
                self.frame()
            self.way_home()
            rep.episodes += 1
            rep.rss_mb.append((rep.frames, round(resident_mb(), 1)))
            if progress is not None:
                progress(rep)
        self.release_all()
        rep.seconds = time.perf_counter() - t0
        rep.peak_rss_mb = round(peak_mb(), 1)
        return rep
