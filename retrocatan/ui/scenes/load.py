"""Loading: the list of save slots and finished games; a damaged or
hostile file gets a clear message here and is left as it is."""

from __future__ import annotations

from ...saves import MAX_SAVE_BYTES, SLOTS, SaveError, describe, load, parse
from ...storage import FileError
from .. import font
from ..palette import BLACK, BLUE, RED
from ..session import GameSession, SeatSpec
from ..text import t
from ..widgets import Item, Menu, box
from . import Scene


def read_save(app, name: str):
    """(game, save) from storage; SaveError with a message if it cannot."""
    try:
        text = app.storage.read(name, MAX_SAVE_BYTES)
    except FileError as exc:
        raise SaveError(str(exc)) from None
    if text is None:
        raise SaveError("there is no such save")
    return load(text)


def open_saved(app, name: str, scene) -> bool:
    """Load a save and go on playing it; on failure tell ``scene``."""
    try:
        game, data = read_save(app, name)
    except SaveError as exc:
        scene.message = t("load.failed", why=exc)
        return False
    if game.over:
        app.switch_to("replay", replay=data["replay"], seats=data["seats"])
        return True
    seats = [SeatSpec(s["kind"], s["name"]) for s in data["seats"]]
    session = GameSession(game.config, seats, speed=app.settings["speed"], resume=game)
    app.switch_to("game", session=session)
    return True


def slot_lines(app) -> list[tuple[str, str, bool]]:
    """(name, line, loadable) for every slot and finished game."""
    out = []
    names = app.storage.names()
    for i, slot in enumerate(SLOTS, 1):
        if slot in names:
            try:
                line = describe(parse(app.storage.read(slot, MAX_SAVE_BYTES) or ""))
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
            self.app.switch_to("title")
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
