"""The new-game screen: 3-6 players, each seat a person or a computer
level, the board, the seed, victory points and the rule options."""

from __future__ import annotations

from functools import cache

import pyxel

from ... import scenarios
from ...ai import SEAT_KINDS
from ...engine import GameConfig
from ...engine.config import scenario_options, vp_targets
from ...engine.rule_options import defaults
from .. import art, font
from .. import input as inp
from .. import keyboard as kb
from ..maps import files as own_files
from ..palette import BLACK, BLUE, RED
from ..scenario_preview import ScenarioPreview
from ..session import GameSession, SeatSpec
from ..text import language, t
from ..widgets import Item, Menu, box
from . import Scene, dealing, rules_page
from .rules_page import RULE_OPTIONS

PRESET_NAMES = ("Anna", "Bernd", "Clara", "Dieter", "Erika", "Fritz", "Greta", "Hans", "Jürgen", "Käthe")
MAX_NAME = 12


BOARDS = ("random", "beginner")     # the base game's island; every other choice is a scenario id
# The main page: the choices on the left, the chosen board's preview on the right; the names and rules
# pages keep the middle of the screen.
MAIN_BOX = (8, 50, 344, 380)
PAGE_BOX = (130, 50, 380, 380)
KEYBOARD_AT = (141, 236)            # the on-screen keyboard under the names (pad and mouse typing)
PREVIEW = ScenarioPreview(360, 50, 272, 380)


BASE_FILES = ("base-3-4", "base-5-6")  # the scenario files of the base island, for 3-4 and for 5-6 players
OWN = "own:"                        # a board of the player's own: "own:" + the scenario's id


@cache
def _scenario(scenario_id: str):
    return scenarios.load(scenario_id)


def board_choices(players: int, own: dict | None = None) -> list[str]:
    """The base island (random, beginner), every other shipped scenario
    made for ``players``, then the player's own playable scenarios (``own``:
    id -> scenario, ``maps.files.playable``) made for them. The base game's
    own files (``BASE_FILES``) are the random island already."""
    shipped = [i for i in scenarios.available() if i not in BASE_FILES and players in _scenario(i).players]
    mine = [OWN + i for i, s in sorted((own or {}).items()) if players in s.players]
    return list(BOARDS) + shipped + mine


def board_scenario(board: str, players: int, own: dict | None = None):
    """The scenario a board choice plays: the base game's file for the base
    island (random or beginner), else the chosen scenario."""
    if board in BOARDS:
        return _scenario(BASE_FILES[0] if players <= 4 else BASE_FILES[1])
    if board.startswith(OWN):
        return (own or {})[board[len(OWN):]]
    return _scenario(board)


def board_text(board: str, own: dict | None = None) -> str:
    if board in BOARDS:
        return t(f"board.{board}")
    names = board_scenario(board, 0, own).name
    name = names.get(language()) or names["en"]
    return t("board.own", name=name) if board.startswith(OWN) else name


def preview_title(board: str, players: int, own: dict | None = None) -> str:
    """The preview box's title: the board's name; for the base island also
    how it is laid out (random, beginner) when that fits the title bar (the
    beginner layout has a row of its own below)."""
    if board not in BOARDS:
        return board_text(board, own)
    names = board_scenario(board, players).name
    name = names.get(language()) or names["en"]
    head = f"{name} ({board_text(board)})"
    return head if font.width(head, "bold") <= PREVIEW.rect[2] - 12 else name


def seat_kind_text(kind: str) -> str:
    return t("human") if kind == "human" else t(f"level.{kind}")


class SetupScene(Scene):
    music = "title"
    rules_open = False          # the rule options' page is open
    names_open = False          # the players' names page is open

    @property
    def help_page(self) -> str:
        """The names page's, the rules page's or the new-game screen's."""
        if self.rules_open:
            return "setup_rules"
        return "setup_names" if self.names_open else "setup"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.players = 4
        self.kinds = ["human", "normal", "normal", "normal", "normal", "normal"]
        self.board = "random"
        # The player's own scenarios: those judged already; New World templates not judged yet are
        # dealt off the frame and join the boards when judged.
        self.own = own_files.playable(app.storage, wait=False)
        storage = app.storage
        self.judging = dealing.Deal(lambda: own_files.playable(storage)) if own_files.unjudged(storage) else None
        self.seed = app.new_seed()
        self.vp = 10
        start = defaults()
        self.options = {name: start[name] for name in RULE_OPTIONS}
        self.rules_open = False
        self.names_open = False
        self.names = [t(f"colour.{s}") for s in range(6)]
        self.editing: int | None = None     # seat whose name is being typed
        self.message = ""                   # why the last Start did not begin a game (in the footer)
        self.name_before = ""               # its name before, for the on-screen keyboard's cancel
        self.keyboard = kb.OnScreenKeyboard(*KEYBOARD_AT)
        self.menu = Menu([], x=MAIN_BOX[0] + 20, y=86, w=MAIN_BOX[2] - 40, visible_rows=16)
        self._build()

    def _build(self) -> None:
        index = self.menu.index
        if self.names_open:
            items = []
            for p in range(self.players):
                name = self.names[p] + ("_" if self.editing == p else "")
                items.append(Item(t("setup.name", colour=t(f"colour.{p}"), name=name), ("name", p),
                                  adjustable=True, ok_selects=True))
            items.append(Item(t("rules.done"), "names_done"))
        elif self.rules_open:
            items = rules_page.rule_items(self.options)
        else:
            items = [Item(t("setup.players", n=self.players), "players", adjustable=True)]
            for s in range(self.players):
                items.append(Item(t("setup.seat", colour=t(f"colour.{s}"), kind=seat_kind_text(self.kinds[s])),
                                  ("seat", s), adjustable=True))
            items += [
                Item(t("setup.board", kind=board_text(self.board, self.own)), "board", adjustable=True),
                Item(t("setup.seed", seed=self.seed), "seed", adjustable=True),
                Item(t("setup.vp", n=self.vp), "vp", adjustable=True),
                Item(t("setup.speed", speed=t(f"speed.{self.app.settings['speed']}")), "speed", adjustable=True),
                Item(t("setup.names"), "names"),
                Item(t("setup.rules"), "rules"),
                Item(t("setup.start"), "start", "g"),
                Item(t("setup.back"), "back"),
            ]
        self.menu.items = items
        self.menu.index = min(index, len(items) - 1)
        bx, _, bw, _ = PAGE_BOX if self.names_open or self.rules_open else MAIN_BOX
        self.menu.x, self.menu.w = bx + 20, bw - 40

    def _adjust(self, key, d: int) -> None:
        self.message = ""
        if key == "players":
            self.players = min(6, max(3, self.players + d))
            if self.board not in board_choices(self.players, self.own):
                self.board = "random"
                self.vp = 10
            targets = self._vp_targets()    # the engine's range for this board
            self.vp = min(targets[-1], max(targets[0], self.vp))
        elif isinstance(key, tuple) and key[0] == "name":
            p = key[1]
            choices = [t(f"colour.{p}")] + [n for n in PRESET_NAMES if n != t(f"colour.{p}")]
            i = choices.index(self.names[p]) if self.names[p] in choices else -1
            self.names[p] = choices[(i + d) % len(choices)]
        elif isinstance(key, tuple):
            s = key[1]
            self.kinds[s] = SEAT_KINDS[(SEAT_KINDS.index(self.kinds[s]) + d) % len(SEAT_KINDS)]
        elif key == "board":
            choices = board_choices(self.players, self.own)
            was_scenario = self.board not in BOARDS
            self.board = choices[(choices.index(self.board) + d) % len(choices)]
            if self.board not in BOARDS:
                self.vp = self._scenario().vp_target
            elif was_scenario:
                self.vp = 10
            targets = self._vp_targets()
            self.vp = min(targets[-1], max(targets[0], self.vp))
        elif key == "seed":
            self.seed = max(0, self.seed + d)
        elif key == "vp":
            targets = self._vp_targets()
            self.vp = min(targets[-1], max(targets[0], self.vp + d))
        elif key == "speed":
            self.app.settings["speed"] = (self.app.settings["speed"] + d) % 4
        else:
            rules_page.adjust(self.options, key, d)

    def _scenario(self):
        """The chosen scenario (the base game's file for the base island)."""
        return board_scenario(self.board, self.players, self.own)

    def _vp_targets(self) -> range:
        return vp_targets(self.players, None if self.board in BOARDS else self._scenario())

    def config(self) -> GameConfig:
        if self.board in BOARDS:
            return GameConfig(players=self.players, seed=self.seed, board=self.board, vp_target=self.vp,
                              **self.options)
        # A scenario: its own rule options (robber, island bonus, ...) over the rules page's.
        s = self._scenario()
        own = {k: v for k, v in scenario_options(s, self.players).items() if k not in ("scenario", "vp_target")}
        return GameConfig(players=self.players, seed=self.seed, scenario=s, vp_target=self.vp,
                          **{**self.options, **own})

    @property
    def own_help(self) -> bool:
        """While a name is typed, Start belongs to the on-screen keyboard
        (done), not to the help screen."""
        return self.editing is not None

    def _type_name(self, ui) -> None:
        """Typing a name: letters (umlauts too), digits and spaces. The
        keyboard types directly (Backspace deletes; Enter or Esc ends); the
        pad and the mouse use the on-screen keyboard (A or a click types, B
        deletes, Y/Start or a click outside ends, X takes the typing back)."""
        p = self.editing
        name = self.names[p]
        typed = list(ui.typed)
        pressed = self.keyboard.update(ui)
        if pressed is not None and len(pressed) == 1:
            typed.append(pressed)
        for ch in typed:
            if (ch.isalnum() or ch in " -'") and ord(ch) < 256 and len(name) < MAX_NAME:
                name += ch
        if ui.key(inp.ERASE) or pressed == kb.DELETE:
            name = name[:-1]
        if pressed == kb.CANCEL:
            name = self.name_before
        self.names[p] = name
        if ui.key(inp.ENTER) or ui.key(inp.ESCAPE) or pressed in (kb.DONE, kb.CANCEL):
            self.names[p] = name.strip() or t(f"colour.{p}")
            self.editing = None
        self._build()

    def _judged(self) -> None:
        """The own templates dealt off the frame join the boards."""
        if self.judging is not None and self.judging.wait(0):
            if self.judging.error is None:
                self.own = self.judging.result
            self.judging = None
            self._build()

    def update(self, ui) -> None:
        self._judged()
        if self.editing is not None:
            self._type_name(ui)
            return
        # Digits type a seed while the seed line is chosen.
        sel = self.menu.selected
        if sel is not None and sel.value == "seed" and not (self.rules_open or self.names_open):
            if ui.char("x"):
                self.seed = 0
                self._build()
                return
            for d in "0123456789":
                if ui.char(d):
                    self.seed = min(10**12, self.seed * 10 + int(d))
                    self._build()
                    return
        res = self.menu.handle(ui)
        if not res:
            return
        if res[0] == "adjust":
            self._adjust(res[1], res[2])
            self._build()
            return
        if res[0] == "back" or res[1] == "back":
            if self.rules_open or self.names_open:
                self.rules_open = self.names_open = False
                self._build()
                return
            self.app.switch_to("title")
            return
        if isinstance(res[1], tuple) and res[1][0] == "name":
            self.editing = res[1][1]
            self.name_before = self.names[self.editing]
            self.keyboard.index = 0
            self._build()
        elif res[1] in ("names", "names_done", "rules", "rules_done"):
            # Open or close a sub-page (names or rules) of this screen.
            self.names_open = res[1] == "names"
            self.rules_open = res[1] == "rules"
            self.menu.index = 0
            self._build()
        elif res[1] == "start":
            self.start()

    def start(self) -> None:
        """The game, dealt off the frame (``dealing``): a long deal shows a
        box and can be given up; a board that cannot be dealt says why."""
        seats = [SeatSpec(self.kinds[s], self.names[s]) for s in range(self.players)]
        speed = self.app.settings["speed"]
        self.message = ""
        try:
            config = self.config()
        except ValueError as exc:
            self.message = t("deal.failed", why=dealing.why(exc))
            return

        def go_on(session) -> None:
            self.app.save_settings()        # the pace chosen here is kept after a restart
            self.app.switch_to("game", session=session)

        def fail(why: str | None) -> None:
            self.message = t("deal.given_up") if why is None else t("deal.failed", why=why)
        dealing.start(self.app, lambda: GameSession(config, seats, speed=speed), go_on, fail)

    def footer(self) -> str:
        """The line under the box: what the keys do."""
        if self.rules_open:
            return t("setup.hint_rules")
        return t("setup.hint_names") if self.names_open else t("setup.hint")

    def draw(self) -> None:
        pyxel.cls(BLUE)
        title = t("rules.title") if self.rules_open else t("setup.names") if self.names_open else t("setup.title")
        page = self.rules_open or self.names_open
        bx, by, bw, bh = PAGE_BOX if page else MAIN_BOX
        box(bx, by, bw, bh, title)
        self.menu.draw()
        if not page:
            s = self._scenario()
            PREVIEW.draw(s, self.seed, self.players, self.board, preview_title(self.board, self.players, self.own),
                         vp=self.vp)
        if self.names_open:
            for s in range(self.players):
                x, y, _, _ = self.menu.item_rect(s)
                art.swatch(x - 14, y + 2, 10, 10, s)
        elif not self.rules_open:
            for s in range(self.players):
                x, y, _, _ = self.menu.item_rect(1 + s)
                art.swatch(x - 14, y + 2, 10, 10, s)
        font.text(bx + 16, 410, font.fit(self.footer(), bw - 24, "small"), BLACK, "small")
        if self.message and not page:       # why Start did not begin, over the footer
            from ..boxes import wrap
            rows = wrap(self.message, bw - 32)[:3]
            for i, row in enumerate(rows):
                font.text(bx + 16, 404 - 11 * (len(rows) - i), row.strip(), RED, "small")
        if self.rules_open:
            rules_page.draw_help(self.menu, bx, bw)
        if self.editing is not None and self.app.input.device != "keyboard":
            self.keyboard.draw(blink=pyxel.frame_count // 15 % 2 == 0)
