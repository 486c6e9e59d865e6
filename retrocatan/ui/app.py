"""The application: Pyxel set-up, the scene in charge, and the main loop.

``pyxel.init`` and ``pyxel.run`` are called from ``main()`` only, so tests
can build an ``App`` in a Pyxel initialised once per test session and drive
frames as ``update(); draw(); pyxel.flip()``.
"""

from __future__ import annotations

import os
import sys
import time

import pyxel

from . import palette
from .input import Input

WIDTH, HEIGHT = 640, 480

FPS = 30
# Frame rate for headless runs (tests, the demo without a window, screenshots,
# benchmarks). Pyxel's frame clock adds 1000/fps ms to a 32-bit float each
# frame; at 100,000 fps that addition stops changing the float after 2^18 ms
# (262 s) and ``flip()`` waits for ever. At 1000 fps the clock resolves for
# 2^24 ms (4.6 hours), and a frame costs at most about a millisecond of waiting.
HEADLESS_FPS = 1000
TITLE = "RetroCatan - Die Siedler von Catan"


class App:
    def __init__(self, can_quit: bool = True, demo_players: int = 4, demo_seed: int | None = None,
                 storage=None) -> None:
        from ..saves import OPTIONS_NAME, load_options
        from ..storage import FileError, default_storage
        from .scenes import scene_class
        from .text import set_language
        self.can_quit = can_quit and sys.platform != "emscripten"
        self.own_storage = storage is None      # tests pass their own and keep the desktop untouched
        self.storage = storage if storage is not None else default_storage()
        try:
            text = self.storage.read(OPTIONS_NAME, 10_000)
        except FileError:
            text = None
        self.settings = load_options(text)
        set_language(self.settings["language"])
        from .audio import Audio
        self.audio = Audio(self.settings)
        self.input = Input()
        self.input.settings = self.settings     # prompts read the person's options (confirm placements)
        self.help = None                        # the help page over the screen (F1 / Start), or None
        self._still = None                      # what the screen shows, while nothing on it moves (``draw``)
        self.net_clock = time.time              # the network screens' clock (tests give one they turn)
        self.crash_storage = None               # where the crash log goes, if not ``storage`` (the editor's trial)
        self.test_game = False                  # a game that keeps no saves (the editor's trial: its menu offers none)
        self.demo_players = demo_players
        self.demo_seed = demo_seed
        self._seed_counter = 0
        self.scene = scene_class("title")(self)
        if self.own_storage and not self.storage.kept:
            from .text import t
            # said once: the game plays all the same
            self.scene.message = t("storage.unreadable" if self.storage.unreadable else "storage.not_kept")

    def new_seed(self) -> int:
        self._seed_counter += 1
        return (int(time.time()) * 7 + self._seed_counter) % 1_000_000

    def switch(self, scene) -> None:
        from . import collector
        self.scene = scene
        if scene.long_lived:
            collector.settle()      # what lives as a network game begins lives long: collections skip it
        if scene.music is not None:
            self.audio.music(scene.music)

    def switch_to(self, name: str, **kw) -> None:
        """Hand over to the screen called ``name`` (see ``scenes.SCENES``)."""
        from .scenes import scene_class
        self.switch(scene_class(name)(self, **kw))

    def save_settings(self) -> None:
        """Options persist between runs (a failed write is not fatal)."""
        from ..saves import OPTIONS_NAME, dump_options
        from ..storage import FileError
        try:
            self.storage.write(OPTIONS_NAME, dump_options(self.settings))
        except FileError:
            pass
        if self.own_storage and sys.platform != "emscripten":
            save_scale(self.settings["scale"])

    def start_demo(self, speed: int = 2) -> None:
        from ..engine import GameConfig
        from .session import GameSession, SeatSpec
        from .text import t
        n = self.demo_players
        seed = self.demo_seed if self.demo_seed is not None else self.new_seed()
        levels = ["hard", "normal", "hard", "normal", "hard", "normal"]
        seats = [SeatSpec(levels[s], t(f"colour.{s}")) for s in range(n)]
        session = GameSession(GameConfig(players=n, seed=seed), seats, speed=speed)
        self.switch_to("game", session=session, demo=True)

    def end_demo(self) -> None:
        self.switch_to("title")

    def quit(self) -> None:
        pyxel.quit()

    def update(self) -> None:
        from . import collector, help
        from .scenes import dealing
        dealing.tend()      # the collector in this thread while a deal's thread runs
        collector.tend(quiet=not self.scene.anims)      # only this thread collects
        self.input.poll()
        # A screen with help pages of its own (the scenario editor) takes F1 itself.
        if self.help is None and not self.scene.own_help and help.asked(self.input):
            self.help = help.HelpPage(self.scene)
            return
        if self.help is not None:
            if self.help.update(self.input):
                self.help = None
            return
        self.scene.update(self.input)

    def draw(self) -> None:
        """The frame; none while the screen's picture stays as it is (``Scene.still``)."""
        still = self._still_key()
        if still is not None and still == self._still:
            return
        self._still = None              # a drawing that fails keeps no key
        self.scene.draw()
        if self.help is not None:
            self.help.draw()
        self._still = still

    def draw_anew(self) -> None:
        """The next frame draws the whole screen, even if its picture stays as it is."""
        self._still = None

    def _still_key(self):
        """The screen's ``still`` value with what the app adds to every picture: the language,
        and where Pyxel draws the mouse cursor into it; None when the frame is to be drawn."""
        if self.help is not None:
            return None
        try:
            key = self.scene.still()
        except Exception:       # the frame is drawn, and the screen's own guard says what failed
            return None
        if key is None:
            return None
        from .text import language
        return (self.scene, language(), self.input.mouse_x, self.input.mouse_y, key)


def init_pyxel(headless: bool = False, fps: int | None = None, scale: int = 0) -> None:
    """Open the window (or a headless screen); keeps the working directory.
    ``fps`` defaults to ``FPS`` for a window and ``HEADLESS_FPS`` headless.
    ``scale`` 0 lets Pyxel pick the largest integer scale that fits.
    Screen capture is off (``capture_sec=0``): the game offers no recording,
    and Pyxel would otherwise keep ``capture_sec * fps`` frames in memory."""
    if fps is None:
        fps = HEADLESS_FPS if headless else FPS
    cwd = os.getcwd()
    pyxel.init(WIDTH, HEIGHT, title=TITLE, fps=fps, quit_key=pyxel.KEY_NONE, headless=headless or None,
               display_scale=scale or None, capture_sec=0)
    os.chdir(cwd)
    palette.apply()
    pyxel.mouse(True)


class WindowError(Exception):
    """The game window cannot open (no display, no OpenGL): one line saying why."""


def open_window(scale: int = 0) -> None:
    """``init_pyxel`` for a window; ``WindowError`` with Pyxel's reason when
    none can open. Pyxel reports that as a Rust panic, which writes its own
    lines (and a backtrace) to the error stream: those are held back while
    the window opens and shown only if it opened after all."""
    held = saved = None
    if sys.platform != "emscripten":
        import tempfile
        try:
            held = tempfile.TemporaryFile()
            if sys.stderr is not None:          # None under pythonw and windowed builds
                sys.stderr.flush()
            saved = os.dup(2)
            os.dup2(held.fileno(), 2)
        except (OSError, ValueError):
            if held is not None:
                held.close()
            held = saved = None
    opened = False
    try:
        init_pyxel(scale=scale)
        opened = True
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:        # Pyxel's panic is a BaseException
        why = " ".join(str(exc).split()) or type(exc).__name__
        raise WindowError(f"cannot open the game window: {why[:300]}") from None
    finally:
        if saved is not None:
            os.dup2(saved, 2)
            os.close(saved)
            held.seek(0)
            text = held.read()
            held.close()
            if opened and text:
                os.write(2, text)


def _window_file() -> str:
    """Where the window scale is kept: read before Pyxel starts, so in a
    folder of our own (Pyxel's user folder needs Pyxel initialised)."""
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or os.path.expanduser("~")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Application Support")
    else:
        base = os.environ.get("XDG_CONFIG_HOME") or os.path.expanduser("~/.config")
    return os.path.join(base, "retrocatan", "window.json")


MAX_WINDOW_FILE_BYTES = 1024


def saved_scale() -> int:
    """The window scale kept in ``window.json``; 0 (Pyxel's choice) for a
    missing, oversized, special, damaged or hostile file."""
    from ..jsonfile import JsonFileError, read_json
    path = _window_file()
    if not os.path.lexists(path):
        return 0
    try:
        data = read_json(path, MAX_WINDOW_FILE_BYTES)
    except JsonFileError:
        return 0
    value = data.get("scale", 0) if isinstance(data, dict) else 0
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 8 else 0


def save_scale(scale: int) -> None:
    import json

    from ..storage import atomic_write, remove_stale_temps
    path = _window_file()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        remove_stale_temps(os.path.dirname(path))
        atomic_write(path, json.dumps({"scale": scale}))
    except OSError:
        pass


def main(replay=None) -> int:
    """The window; with ``replay`` (replay JSON or a ``GameRecord``) the
    replay viewer, a long record built under a progress bar."""
    open_window(saved_scale())
    app = App()
    app.audio.music("title")
    if replay is not None:
        open_replay(app, replay)
    pyxel.run(app.update, app.draw)
    return 0


class ViewerJob:
    """Building the replay viewer's timeline of a record (see ``loading``)."""

    def __init__(self, app, replay) -> None:
        from ..engine.replay import Replayer
        from .timeline import ReplayTimeline
        self.app = app
        self.timeline = ReplayTimeline(replay, build=False)
        self.replayer = Replayer(self.timeline.record, sample=None, on_step=self.timeline.note)

    @property
    def progress(self) -> tuple[int, int]:
        return self.replayer.done, self.replayer.total

    def advance(self, n: int) -> bool:
        verdict = self.replayer.advance(n)
        if verdict is not None:
            self.timeline.finish(verdict)
        return verdict is not None

    def scene(self):
        from .scenes import scene_class
        return scene_class("replay")(self.app, self.timeline, seats=self.timeline.record.seats)


def open_replay(app, replay) -> None:
    """Show ``replay`` in the viewer (at once if short, else after a
    progress bar); back to the title when done."""
    from .scenes import scene_class
    from .scenes.loading import start

    def failed(back, why: str) -> None:
        back.message = why
    start(app, ViewerJob(app, replay), scene_class("title")(app), failed)


def main_demo(players: int = 4, seed: int = 1) -> int:
    open_window()
    app = App(demo_players=players, demo_seed=seed)
    app.start_demo()
    pyxel.run(app.update, app.draw)
    return 0


def run_demo_headless(frames: int, screenshot: str | None, players: int = 4, seed: int = 1,
                      progress=None) -> dict:
    """Play the demo game without a window for ``frames`` frames."""
    from ..storage import MemoryStorage
    init_pyxel(headless=True)
    app = App(can_quit=False, demo_players=players, demo_seed=seed, storage=MemoryStorage())
    app.start_demo(speed=2)
    for i in range(frames):
        app.update()
        app.draw()
        pyxel.flip()
        if app.scene.__class__.__name__ == "TitleScene":
            app.start_demo(speed=2)
        if progress is not None:
            progress(i + 1)
    if screenshot:
        pyxel.screenshot(screenshot, 1)
    game = app.scene.session.game if app.scene.session is not None else None
    return {"frames": frames, "screenshot": screenshot,
            "turn": game.seat_view(None).turn if game else None, "over": bool(game and game.over)}


def packaged_main() -> None:
    """Start-up of the packaged app (``pyxel play``, the browser, the
    desktop program). With RETROCATAN_HEADLESS_FRAMES set it plays the demo
    headless instead (the build check), and with RETROCATAN_REPORT prints
    what it ran as JSON."""
    frames = os.environ.get("RETROCATAN_HEADLESS_FRAMES")
    if not frames:
        main()
        return
    import json

    import retrocatan
    result = run_demo_headless(int(frames), os.environ.get("RETROCATAN_SCREENSHOT") or None)
    if os.environ.get("RETROCATAN_REPORT"):
        result["package"] = os.path.realpath(os.path.dirname(retrocatan.__file__))
        print(json.dumps(result))
