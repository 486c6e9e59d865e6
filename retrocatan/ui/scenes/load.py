"""Loading: the list of save slots and finished games; a damaged or
hostile file gets a clear message here and is left as it is. A save is
replayed once, a slice per frame under a progress bar when it is long
(see ``loading``); the list's line of a save comes from its replayed game.
A save on a map made from its seed (New World) is replayed off the frame:
making that map takes a moment, a second for a template whose generator
finds none (``dealing.Deal``)."""

from __future__ import annotations

from collections import deque

import pyxel

from ...engine.strictjson import JsonFileError, loads
from ...saves import MAX_SAVE_BYTES, SLOTS, SaveError, SaveLoader, SummaryCheck
from ...storage import FINISHED_PREFIX, FileError, saved_game_names
from .. import font
from ..boxes import wrap
from ..palette import BLACK, BLUE, DARK_GREY, RED
from ..saving import failure
from ..session import LOG_LINES, GameSession, SeatSpec
from ..text import language, t
from ..widgets import Item, Menu, box
from . import Scene, dealing, scene_class


def read_text(app, name: str) -> str:
    try:
        text = app.storage.read(name, MAX_SAVE_BYTES)
    except FileError as exc:
        raise ShownError(failure(exc)) from None
    if text is None:
        raise SaveError("missing")
    return text


class ShownError(ValueError):
    """A load that failed, its message already in the player's language."""


class SaveJob:
    """Loading one save for the window: the replay of its decisions, with
    the viewer's snapshots taken on the way when it claims to be finished."""

    def __init__(self, app, text: str) -> None:
        from ..timeline import ReplayTimeline
        self.app = app
        self.timeline = None
        self.loader = SaveLoader(text)
        self.past_events: deque = deque(maxlen=2 * LOG_LINES)   # for the log of a game gone on with
        if self.loader.data.get("summary", {}).get("over") is True:
            self.timeline = ReplayTimeline(self.loader.record, build=False)
            self.loader.replayer.on_step = self.timeline.note
        else:
            self.loader.replayer.on_step = lambda i, game, act, events: self.past_events.extend(events)

    @property
    def progress(self) -> tuple[int, int]:
        return self.loader.progress

    def advance(self, n: int) -> bool:
        try:
            return self.loader.advance(n)
        except SaveError as exc:
            raise ShownError(failure(exc)) from None

    def scene(self):
        game, data, record = self.loader.result()
        if game.over:
            from ..timeline import ReplayTimeline
            timeline = self.timeline
            if timeline is None:
                timeline = ReplayTimeline(record)
            else:
                timeline.finish(self.loader.replayer.verdict)
            return scene_class("replay")(self.app, timeline, seats=data["seats"])
        seats = [SeatSpec(s["kind"], s["name"]) for s in data["seats"]]
        # The game goes on at the pace it was saved with (Continue after a restart).
        speed = data.get("speed", self.app.settings["speed"])
        session = GameSession(game.config, seats, speed=speed, resume=game, record=record,
                              past_events=list(self.past_events))
        return scene_class("game")(self.app, session)


def _failed(scene, why: str) -> None:
    scene.message = t("load.failed", why=why)


def open_saved(app, name: str, scene) -> bool:
    """Load a save and go on playing it (a long one under a progress bar);
    on failure tell ``scene``. False if it failed at once."""
    from .loading import start
    try:
        job = SaveJob(app, read_text(app, name))
    except (SaveError, ShownError) as exc:
        _failed(scene, failure(exc) if isinstance(exc, SaveError) else str(exc))
        return False
    failed = []

    def fail(back, why: str) -> None:
        failed.append(why)
        _failed(back, why)
    start(app, job, scene, fail)
    return not failed


LIST_QUICK_DECISIONS = 3000   # longer saves get their line a slice per frame


def _summary(text: str, data: dict) -> SummaryCheck:
    """A save's check run to its end (its line, or a ``SaveError`` in ``facts``)."""
    check = SummaryCheck(text)
    check.board = board_name(data)
    try:
        check.result()
    except SaveError:
        pass
    return check


def _dealt(deal, seconds: float) -> SummaryCheck | None:
    """The check a deal ran, once it has (its error raised here, in the window's thread)."""
    if not deal.wait(seconds):
        return None
    if deal.error is not None:
        raise deal.error
    return deal.result


def slot_lines(app, pending: dict | None = None) -> list[tuple[str, str, bool]]:
    """(name, line, loadable) for every slot and finished game. A save's
    line comes from its replayed game; one not replayed within the frame
    (a long save, a slice per frame; a save on a made map, off the frame)
    shows "..." and, given ``pending``, is put there (name -> a step that
    returns its finished ``SummaryCheck`` or None)."""
    from .loading import FRAME_BUDGET, run_for
    out = []
    names = app.storage.names()
    for i, slot in enumerate(SLOTS, 1):
        if slot in names:
            try:
                text = read_text(app, slot)
                data = _read(text)
                if pending is not None and _made_map(data):
                    deal = dealing.Deal(lambda text=text, data=data: _summary(text, data))
                    step = (lambda deal=deal: _dealt(deal, 0))
                    check = _dealt(deal, dealing.QUICK_SECONDS)
                else:
                    check = SummaryCheck(text)
                    check.board = board_name(data)
                    step = (lambda check=check: check if run_for(check, FRAME_BUDGET) else None)
                    if check.decisions <= LIST_QUICK_DECISIONS:
                        check.result()
                    else:
                        check = None
                if check is None:
                    if pending is not None:
                        pending[slot] = step
                    desc = "..."
                else:
                    desc = slot_desc(check)
            except (SaveError, ShownError):
                desc = t("load.damaged")
            out.append((slot, t("load.slot", n=i, desc=desc), True))
        else:
            out.append((slot, t("load.slot", n=i, desc=t("load.empty")), False))
    for name in sorted((n for n in saved_game_names(names) if n.startswith(FINISHED_PREFIX)), reverse=True):
        out.append((name, t("load.finished", desc=finished_line(app, name)), True))
    return out


BOARD_CHARS = 24          # a board's name in the list is cut at this many letters (own maps may have long ones)


def _read(text: str) -> dict:
    """A save's JSON as it stands, unchecked (for its board's name; {} if it does not read)."""
    try:
        data = loads(text, MAX_SAVE_BYTES)
    except JsonFileError:
        return {}
    return data if isinstance(data, dict) else {}


def _made_map(data: dict) -> bool:
    """Whether a save's game is played on a map made from its seed (a New World template)."""
    replay = data.get("replay")
    config = replay.get("config") if isinstance(replay, dict) else None
    scenario = config.get("scenario") if isinstance(config, dict) else None
    return isinstance(scenario, dict) and scenario.get("generator") is not None


def board_name(data: dict) -> str:
    """The board a save is played on, in the player's language: the
    scenario's name, or the base island (random or beginner)."""
    replay = data.get("replay") if isinstance(data, dict) else None
    config = replay.get("config") if isinstance(replay, dict) else None
    config = config if isinstance(config, dict) else {}
    scenario = config.get("scenario")
    names = scenario.get("name") if isinstance(scenario, dict) else None
    if isinstance(names, dict) and names:
        name = names.get(language()) or names.get("en") or next(iter(names.values()))
        if isinstance(name, str) and name and scenario.get("id") not in ("base-3-4", "base-5-6"):
            return name if len(name) <= BOARD_CHARS else name[:BOARD_CHARS - 1] + "."
    kind = config.get("board") if config.get("board") in ("random", "beginner") else "random"
    return t("load.base", kind=t(f"board.{kind}"))


def slot_desc(check: SummaryCheck) -> str:
    """A checked save's line in the list, in the player's language."""
    if not isinstance(check.facts, tuple):
        return t("load.damaged")
    when, players, turn, over = check.facts
    return t("load.desc_over" if over else "load.desc", when=when, players=players, turn=turn,
             board=getattr(check, "board", "?"))


def details(app, name: str) -> str:
    """The line under the list for the chosen save: who plays (and, for a
    finished game, who won in which turn)."""
    try:
        data = _read(read_text(app, name))
    except ShownError:
        return ""
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        return ""
    names = [str(s.get("name", "?")) for s in seats]
    line = t("load.players", players=len(names), names=", ".join(names))
    summary = data.get("summary") if isinstance(data.get("summary"), dict) else {}
    winner, turn = summary.get("winner"), summary.get("turn")
    if summary.get("over") and isinstance(winner, int) and 0 <= winner < len(names) and isinstance(turn, int):
        line += "  -  " + t("load.won", winner=names[winner], turn=turn)
    return line


def finished_line(app, name: str) -> str:
    """A finished game in the list: when, who played, who won, in which turn
    (as the file says; opening it replays and checks it). A file that cannot
    be read shows its time only."""
    import re

    from ...saves import parse
    when = name[len("finished-"):]
    stamp = re.match(r"(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)\d\d-", when)
    if stamp:
        when = "{}-{}-{} {}:{}".format(*stamp.groups())
    try:
        data = parse(read_text(app, name))
    except (SaveError, ShownError):
        return when
    seats = [s["name"] for s in data["seats"]]
    summary = data.get("summary", {})
    winner, turn = summary.get("winner"), summary.get("turn")
    if not isinstance(winner, int) or not 0 <= winner < len(seats) or not isinstance(turn, int):
        return f"{when}  {board_name(data)}"
    return f"{when}  " + t("load.finished_line", board=board_name(data), winner=seats[winner], turn=turn)


LIST_X, LIST_W = 30, 580     # the list spans the screen: a save's line names when, the board and the turn


class LoadScene(Scene):
    help_page = "load"
    music = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.message = ""
        self.pending: dict = {}
        items = [Item(line, name, enabled=ok) for name, line, ok in slot_lines(app, self.pending)]
        items.append(Item(t("load.back"), "back"))
        self.menu = Menu(items, x=LIST_X, y=90, w=LIST_W, visible_rows=18)
        self.details: dict[str, str] = {}       # save name -> the line under the list

    def _check_pending(self) -> None:
        """Replay the long saves of the list, a slice per frame (those on a made map: off the frame)."""
        name, step = next(iter(self.pending.items()))
        check = step()
        if check is not None:
            del self.pending[name]
            n = SLOTS.index(name) + 1
            desc = slot_desc(check)
            for item in self.menu.items:
                if item.value == name:
                    item.label = t("load.slot", n=n, desc=desc)

    def update(self, ui) -> None:
        if self.pending:
            self._check_pending()
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] == "back":
            self.app.switch_to("title")
            return
        if res[0] == "select":
            open_saved(self.app, res[1], self)

    def draw(self) -> None:
        pyxel.cls(BLUE)
        box(LIST_X - 10, 60, LIST_W + 20, 360, t("load.title"))
        self.menu.draw()
        sel = self.menu.selected
        if sel is not None and sel.enabled and sel.value != "back":
            if sel.value not in self.details:
                self.details[sel.value] = details(self.app, sel.value)
            for i, row in enumerate(wrap(self.details[sel.value], LIST_W)[:2]):
                font.text(LIST_X, 370 + 11 * i, row, DARK_GREY, "small")
        if self.message:
            font.text(LIST_X, 400, font.fit(self.message, LIST_W, "small"), RED, "small")
        else:
            font.text(LIST_X, 400, t("hint.select"), BLACK, "small")
