"""Loading: the list of save slots and finished games; a damaged or
hostile file gets a clear message here and is left as it is. A save is
replayed once, a slice per frame under a progress bar when it is long
(see ``loading``); the list's line of a save comes from its replayed game."""

from __future__ import annotations

from ...saves import MAX_SAVE_BYTES, SLOTS, SaveError, SaveLoader, describe_text, load
from ...storage import FileError
from .. import font
from ..palette import BLACK, BLUE, RED
from ..session import GameSession, SeatSpec
from ..text import t
from ..widgets import Item, Menu, box
from . import Scene


def read_save(app, name: str):
    """(game, save) from storage; SaveError with a message if it cannot."""
    return load(read_text(app, name))


def read_text(app, name: str) -> str:
    try:
        text = app.storage.read(name, MAX_SAVE_BYTES)
    except FileError as exc:
        raise SaveError(str(exc)) from None
    if text is None:
        raise SaveError("there is no such save")
    return text


class SaveJob:
    """Loading one save for the window: the replay of its decisions, with
    the viewer's snapshots taken on the way when it claims to be finished."""

    def __init__(self, app, text: str) -> None:
        from .replay import ReplayTimeline
        self.app = app
        self.timeline = None
        self.loader = SaveLoader(text)
        if self.loader.data.get("summary", {}).get("over") is True:
            self.timeline = ReplayTimeline(self.loader.record, build=False)
            self.loader.replayer.on_step = self.timeline.note

    @property
    def progress(self) -> tuple[int, int]:
        return self.loader.progress

    def advance(self, n: int) -> bool:
        return self.loader.advance(n)

    def scene(self):
        game, data, record = self.loader.result()
        if game.over:
            from .replay import ReplayScene, ReplayTimeline
            timeline = self.timeline
            if timeline is None:
                timeline = ReplayTimeline(record)
            else:
                timeline.finish(self.loader.replayer.verdict)
            return ReplayScene(self.app, timeline, seats=data["seats"])
        seats = [SeatSpec(s["kind"], s["name"]) for s in data["seats"]]
        session = GameSession(game.config, seats, speed=self.app.settings["speed"], resume=game, record=record)
        from .game import GameScene
        return GameScene(self.app, session)


def _failed(scene, why: str) -> None:
    scene.message = t("load.failed", why=why)


def open_saved(app, name: str, scene) -> bool:
    """Load a save and go on playing it (a long one under a progress bar);
    on failure tell ``scene``. False if it failed at once."""
    from .loading import start
    try:
        job = SaveJob(app, read_text(app, name))
    except SaveError as exc:
        _failed(scene, str(exc))
        return False
    failed = []

    def fail(back, why: str) -> None:
        failed.append(why)
        _failed(back, why)
    start(app, job, scene, fail)
    return not failed


def slot_lines(app) -> list[tuple[str, str, bool]]:
    """(name, line, loadable) for every slot and finished game."""
    out = []
    names = app.storage.names()
    for i, slot in enumerate(SLOTS, 1):
        if slot in names:
            try:
                line = describe_text(read_text(app, slot))
                out.append((slot, t("load.slot", n=i, desc=line), True))
            except (SaveError, FileError):
                out.append((slot, t("load.slot", n=i, desc="?? damaged"), True))
        else:
            out.append((slot, t("load.slot", n=i, desc=t("load.empty")), False))
    for name in sorted((n for n in names if n.startswith("finished-")), reverse=True):
        out.append((name, t("load.finished", desc=name[len("finished-"):]), True))
    return out


class LoadScene(Scene):
    music = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.message = ""
        items = [Item(line, name, enabled=ok) for name, line, ok in slot_lines(app)]
        items.append(Item(t("load.back"), "back"))
        self.menu = Menu(items, x=70, y=90, w=500, visible_rows=20)

    def update(self, ui) -> None:
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            from .title import TitleScene
            self.app.switch(TitleScene(self.app))
            return
        if res[0] == "select":
            open_saved(self.app, res[1], self)

    def draw(self) -> None:
        import pyxel
        pyxel.cls(BLUE)
        box(60, 60, 520, 360, t("load.title"))
        self.menu.draw()
        if self.message:
            font.text(70, 400, font.fit(self.message, 500, "small"), RED, "small")
        else:
            font.text(70, 400, t("hint.select"), BLACK, "small")
