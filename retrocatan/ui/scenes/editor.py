"""The scenario editor, in the window and look of the 1996 EDITOR.EXE: the
map area on the left with a highlighted hex under a cursor; on the right
four boxes: the selected hex, the terrain selector, the scenario rules
(with the game's own check and the dots per resource) and the file box.
F1 shows a help screen. Keyboard, gamepad and mouse all work (a pad or
mouse types names on the on-screen keyboard, ``ui/keyboard.py``); every
edit can be undone. The rules box lists every problem the game's check
finds, and the map marks the hexes they name. The editing itself is in ``ui/editor_document.py``,
``editor_checks.py``, ``editor_files.py`` and ``editor_trial.py`` (no Pyxel).
"""

from __future__ import annotations

from dataclasses import replace

from ...engine import rule_options
from ...engine.scenario import (
    HARBOUR_KINDS,
    ISLAND_BONUS_FORMS,
    LAND_TERRAINS,
    NOT_SCENARIO_OPTIONS,
    NUMBERS,
    PLACEMENTS,
)
from .. import art, font
from .. import editor_document as doc_edits
from .. import input as inp
from .. import keyboard as kb
from ..editor_checks import STAT_KINDS, pips, problem_text, problems, statistics
from ..editor_document import PAINT_CODES, PLAYER_SETS, Document, EditError, code_at, harbour_at, is_land
from ..editor_files import ScenarioFileError, Source, draft_warning, load, load_list, save
from ..editor_map import EditorMap, draw_cursor, draw_harbour, draw_hex, draw_number, draw_pirate, mark_founding
from ..palette import BLACK, BLUE, CYAN, DARK_GREY, GREEN, GREY, LIGHT_CYAN, RED, WHITE, YELLOW
from ..text import TEXTS, t
from ..widgets import Item, Menu, box
from . import Scene, scene_class

MAP_AREA = (0, 0, 404, 456)
RX, RW = 404, 236
HEX_BOX = (RX, 0, RW, 60)
TOOL_BOX = (RX, 60, RW, 96)
RULES_BOX = (RX, 156, RW, 228)
FILE_BOX = (RX, 384, RW, 72)
FOCUSES = ("map", "tools", "rules", "file")
TOOLS = ([("code", c) for c in PAINT_CODES] + [("harbour", k) for k in HARBOUR_KINDS + ("?",)]
         + [("region", None), ("robber", None), ("pirate", None), ("founding", None)]
         + [("number", n) for n in NUMBERS] + [("number", None)])
TOOL_COLUMNS = 11
TOOL_CELL = 20
CODE_NAMES = {".": "none", "~": "sea", "W": "forest", "B": "hills", "S": "pasture", "G": "fields",
              "C": "mountains", "D": "desert", "$": "gold", "?": "pool", "=": "fog"}
TERRAIN_CODE = {"forest": "W", "hills": "B", "pasture": "S", "fields": "G", "mountains": "C", "desert": "D",
                "gold": "$", "sea": "~"}
FILE_BUTTONS = ("load", "save", "new", "undo", "redo", "fit", "try", "help", "exit")
FILE_COLUMNS = 3
HELP_LINES = 14
MARKED_HEXES = 60           # at most this many problem hexes are outlined on the map
PROBLEM_ROWS = 28           # lines of the problem list on one screen
KEYBOARD_AT = (20, 124)     # the on-screen keyboard, above the text box
MAX_TEXT = {"name": 60, "description": 600, "id": 40}
EDGES_OF = {"top": "rows", "bottom": "rows", "left": "cols", "right": "cols"}


def problem_places(found, scenario) -> list[tuple[int, int]]:
    """The hexes the problems name that lie on the map, each once, in problem order."""
    out = []
    for pr in found:
        if pr.place is not None and code_at(scenario, pr.place) is not None and pr.place not in out:
            out.append(pr.place)
    return out


def source_label(src: Source) -> str:
    return t("ed.load.shipped", name=src.name) if src.read_only else src.label()


def kind_name(kind: str) -> str:
    from ...engine.components import RESOURCES
    if kind in RESOURCES:
        return t(f"res.{RESOURCES.index(kind)}")
    return t("ed.t.any") if kind == "?" else kind


def terrain_name(terrain: str) -> str:
    return t("ed.t.sea") if terrain == "sea" else t(f"ed.t.{CODE_NAMES[TERRAIN_CODE[terrain]]}")


def preview(key: str, width: int, **values) -> str:
    """The text ``key`` with its value ``v`` shortened at a word to fit
    ``width`` pixels of the normal font, "..." marking the rest (a
    description, a long name: the whole text is one Enter away)."""
    full = t(key, **values)
    if font.width(full) <= width:
        return full
    room = width // font.SIZES["normal"][0] - len(t(key, **dict(values, v=""))) - 3
    words, shown = str(values["v"]).split(), ""
    for word in words:
        if len(shown) + len(word) + (1 if shown else 0) > room:
            break
        shown = f"{shown} {word}" if shown else word
    if not shown:
        shown = str(values["v"])[:max(0, room)]
    return t(key, **dict(values, v=shown + "..."))


def wrap(text: str, width: int, name: str = "small") -> list[str]:
    per = max(1, width // font.SIZES[name][0])
    lines, line = [], ""
    for word in text.split():
        while len(word) > per:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:per])
            word = word[per:]
        if len(line) + len(word) + (1 if line else 0) > per:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


class _TryApp:
    """The app as the test game sees it: its screens stay inside the
    trial, leaving for the title screen leads back to the editor, and its
    saves go to a storage of its own that is dropped afterwards (so its game
    menu offers no save: ``test_game``)."""

    test_game = True

    def __init__(self, app, trial) -> None:
        from ...storage import MemoryStorage
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
    """A test game on the edited map, run inside the editor: whatever the
    game's screens do, the way out leads back to the editor, and a game
    screen that fails on this map ends the trial with one line instead of
    ending the program."""

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


class EditorScene(Scene):
    own_help = True         # F1 opens the editor's own help pages (the app's help stands aside)
    music = "title"

    def __init__(self, app, scenario=None, source: Source | None = None, message: str = "") -> None:
        super().__init__(app)
        self.view = EditorMap(MAP_AREA)
        self.rules = Menu([], x=RULES_BOX[0] + 6, y=RULES_BOX[1] + 96, w=RW - 12, row=14, visible_rows=9)
        self.focus = "map"
        self.tool = TOOLS.index(("code", "W"))
        self.region_label = "a"
        self.mode: str | None = None            # None, "help", "text" or "load"
        self.typing: dict | None = None
        self.keyboard = kb.OnScreenKeyboard(*KEYBOARD_AT)
        self.device = "keyboard"                # the input device of the latest frame
        self.problem_scroll = 0                 # first line of the problem list
        self.load_menu: Menu | None = None
        self.file_index = 0
        self.confirm: str | None = None         # an action waiting for a second press
        self.pending_one = False                # "1" typed: 10, 11 or 12 follows
        self.frame = 0
        self.try_seed: int | None = None
        self._pending: str | None = None        # the question asked before this press
        self.autoplay = None                    # a computer-only test game being played
        self._open(scenario, source or Source("new"), message)

    # --- the document ------------------------------------------------------------------------
    def _open(self, scenario, source: Source, message: str = "") -> None:
        self.doc = Document(scenario)
        self.source = source
        s = self.doc.scenario
        self.cursor = ((len(s.map) + 1) // 2, (len(s.map[0]) + 1) // 2)
        self.message = message
        self._checked_version = -1
        self._refresh()

    @property
    def scenario(self):
        return self.doc.scenario

    def _refresh(self) -> None:
        """After any change: the check, the statistics and the rules list."""
        if self._checked_version != self.doc.version:
            self._checked_version = self.doc.version
            self.problems = problems(self.scenario)
            self.problem = self.problems[0].text if self.problems else None
            self.problem_places = problem_places(self.problems, self.scenario)
            self.problem_place = self.problem_places[0] if self.problem_places else None
            self.stats = statistics(self.scenario)
            rows, cols = len(self.scenario.map), len(self.scenario.map[0])
            y, x = self.cursor
            self.cursor = (min(max(1, y), rows), min(max(1, x), cols))
        self._build_rules()

    def edit(self, edit, *args) -> bool:
        try:
            changed = self.doc.apply(edit, *args)
        except EditError as e:
            self.message = str(e)
            return False
        if changed:
            self.confirm = None
        self._refresh()
        return changed

    # --- the rules list ----------------------------------------------------------------------
    def _build_rules(self) -> None:
        s = self.scenario
        index, scroll = self.rules.index, self.rules.scroll

        def head(key):
            return Item(t(key), None, enabled=False)

        def adj(label, value):
            return Item(label, value, adjustable=True)

        def at(p):
            return t("ed.at", r=p[0], c=p[1])
        pool, fog, hpool = dict(s.terrain_pool), dict(s.fog_pool), dict(s.harbour_pool)
        items = [head("ed.sec.texts")]
        for lang in ("en", "de"):
            items.append(Item(preview("ed.r.name", RW - 20, lang=lang, v=s.name[lang]), ("text", "name", lang)))
        for lang in ("en", "de"):
            items.append(Item(preview("ed.r.desc", RW - 20, lang=lang, v=s.description[lang]),
                              ("text", "description", lang)))
        items.append(Item(preview("ed.r.id", RW - 20, v=s.id), ("text", "id", "")))
        items.append(head("ed.sec.game"))
        players = "-".join(str(p) for p in (s.players[0], s.players[-1])) if len(s.players) > 1 else str(s.players[0])
        items += [
            adj(t("ed.r.players", v=players), "players"),
            adj(t("ed.r.vp", v=s.vp_target), "vp_target"),
            adj(t("ed.r.ships", v=t("on") if s.ships else t("off")), "ships"),
            adj(t("ed.r.bonus", v=t(f"ed.bonus.{s.island_bonus}")), "island_bonus"),
            adj(t("ed.r.bonus_points", v=s.island_bonus_points), "island_bonus_points"),
            Item(t("ed.r.robber", v=t("ed.desert") if s.robber == "desert" else at(s.robber)), "robber"),
            Item(t("ed.r.pirate", v=t("ed.none") if s.pirate is None else at(s.pirate)), "pirate"),
            Item(t("ed.r.founding", v=t("ed.all") if s.founding == "all" else t("ed.n_regions", n=len(s.founding))),
                 "founding"),
            adj(t("ed.r.placement", v=t(f"ed.placement.{s.placement}")), "placement"),
            Item(t("ed.r.regions", v=t("ed.regions.islands") if s.regions is None else t("ed.regions.named")),
                 "regions"),
        ]
        if s.beginner is not None:
            items.append(Item(t("ed.r.beginner", v=t("ed.kept")), "beginner"))
        if s.generator is not None:
            items.append(adj(t("ed.r.generator", v=s.generator), "generator"))
        items.append(Item(t("ed.r.fit"), "fit"))
        items.append(Item(t("ed.r.problems", n=len(self.problems)), "problems"))
        items.append(head("ed.sec.map"))
        for edge in ("top", "bottom", "left", "right"):
            n = len(s.map) if EDGES_OF[edge] == "rows" else len(s.map[0])
            items.append(adj(t(f"ed.r.{edge}", n=n), ("edge", edge)))
        items.append(head("ed.sec.pools"))
        for terrain in LAND_TERRAINS:
            items.append(adj(t("ed.r.pool", kind=terrain_name(terrain), n=pool.get(terrain, 0)),
                             ("pool", "terrain_pool", terrain)))
        items.append(head("ed.sec.tokens"))
        for n in NUMBERS:
            items.append(adj(t("ed.r.token", num=n, n=s.tokens.count(n)), ("tokens", "tokens", n)))
        items.append(head("ed.sec.harbours"))
        for kind in HARBOUR_KINDS:
            items.append(adj(t("ed.r.hpool", kind=kind_name(kind), n=hpool.get(kind, 0)),
                             ("pool", "harbour_pool", kind)))
        items.append(head("ed.sec.fog"))
        for terrain in ("sea",) + LAND_TERRAINS:
            items.append(adj(t("ed.r.pool", kind=terrain_name(terrain), n=fog.get(terrain, 0)),
                             ("pool", "fog_pool", terrain)))
        for n in NUMBERS:
            items.append(adj(t("ed.r.fog_token", num=n, n=s.fog_tokens.count(n)), ("tokens", "fog_tokens", n)))
        items.append(head("ed.sec.options"))
        for name, opt in rule_options.OPTIONS.items():
            if name in NOT_SCENARIO_OPTIONS or name == "scenario":     # the map is the scenario itself
                continue
            value = doc_edits.option_value(s, name)
            shown = (t("on") if value else t("off")) if opt.kind == "bool" else value
            if value != opt.default:
                shown = f"{shown} *"      # not the game's default
            key = f"opt.{name}" if f"opt.{name}" in TEXTS["en"] else f"ed.opt.{name}"
            items.append(adj(t(key, v=shown) if key in TEXTS["en"] else f"{name}: {shown}", ("option", name)))
        self.rules.items = items
        self.rules.index = min(index, len(items) - 1)
        self.rules.scroll = scroll
        self.rules._first_enabled()

    def _adjust_rule(self, key, d: int) -> None:
        s = self.scenario
        if key == "players":
            i = PLAYER_SETS.index(s.players) if s.players in PLAYER_SETS else 0
            self.edit(doc_edits.set_players, PLAYER_SETS[(i + d) % len(PLAYER_SETS)])
        elif key == "vp_target":
            self.edit(lambda sc: replace(sc, vp_target=max(3, min(30, sc.vp_target + d))))
        elif key == "ships":
            self.edit(lambda sc: replace(sc, ships=not sc.ships, pirate=sc.pirate if not sc.ships else None))
        elif key == "island_bonus":
            form = ISLAND_BONUS_FORMS[(ISLAND_BONUS_FORMS.index(s.island_bonus) + d) % len(ISLAND_BONUS_FORMS)]
            points = 0 if form == "none" else max(1, s.island_bonus_points)
            self.edit(lambda sc: replace(sc, island_bonus=form, island_bonus_points=points))
        elif key == "island_bonus_points":
            self.edit(lambda sc: replace(sc, island_bonus_points=max(0, min(2, sc.island_bonus_points + d))))
        elif key == "placement":
            self.edit(lambda sc: replace(sc, placement=PLACEMENTS[(PLACEMENTS.index(sc.placement) + d) % 2]))
        elif key == "generator":
            self.edit(lambda sc: replace(sc, generator=None))
        elif isinstance(key, tuple) and key[0] == "edge":
            self.edit(doc_edits.resize, key[1], d > 0)
        elif isinstance(key, tuple) and key[0] == "pool":
            count = dict(getattr(s, key[1])).get(key[2], 0)
            self.edit(doc_edits.set_pool_count, key[1], key[2], count + d)
        elif isinstance(key, tuple) and key[0] == "tokens":
            count = getattr(s, key[1]).count(key[2])
            self.edit(doc_edits.set_token_count, key[1], key[2], count + d)
        elif isinstance(key, tuple) and key[0] == "option":
            name = key[1]
            value = rule_options.step(name, doc_edits.option_value(s, name), d)
            self.edit(doc_edits.set_option, name, value)

    def _select_rule(self, key) -> None:
        if isinstance(key, tuple) and key[0] == "text":
            self._start_typing(key[1], key[2])
        elif key == "robber":
            if self.scenario.robber != "desert" and self.scenario.robber == self.cursor:
                self.edit(doc_edits.set_robber, None)
            elif is_land(code_at(self.scenario, self.cursor) or "."):
                self.edit(doc_edits.set_robber, self.cursor)
            else:
                self.edit(doc_edits.set_robber, None)
        elif key == "pirate":
            if self.scenario.pirate is None or self.scenario.pirate != self.cursor:
                if code_at(self.scenario, self.cursor) == "~":
                    self.edit(doc_edits.set_pirate, self.cursor)
                    return
            self.edit(doc_edits.set_pirate, None)
        elif key == "founding":
            if is_land(code_at(self.scenario, self.cursor) or "."):
                self.edit(doc_edits.toggle_founding, self.cursor)
            else:
                self.edit(lambda sc: replace(sc, founding="all"))
        elif key == "regions":
            if self.scenario.regions is not None:
                self.edit(doc_edits.use_islands_as_regions)
            else:
                self.edit(lambda sc: replace(sc, regions=doc_edits.islands_labels(sc)))
        elif key == "beginner":
            self.edit(lambda sc: replace(sc, beginner=None))
        elif key == "fit":
            if self.edit(doc_edits.fit_pools):
                self.message = t("ed.m.fitted")
        elif key == "problems":
            self.open_problems()
        elif key is not None:
            self._adjust_rule(key, 1)

    # --- typing a text -----------------------------------------------------------------------
    def _start_typing(self, field: str, lang: str) -> None:
        s = self.scenario
        value = s.id if field == "id" else getattr(s, field)[lang]
        self.typing = {"field": field, "lang": lang, "text": value}
        self.mode = "text"
        self.keyboard.index = 0

    def _put(self, ch: str) -> None:
        """One typed character, if the field takes it (an id: a-z, 0-9 and '-')."""
        ty = self.typing
        if ty["field"] == "id":
            ch = ch.lower()
            if not (ch.isascii() and (ch.isalnum() or ch == "-")):
                return
        elif ord(ch) < 32 or 0xD800 <= ord(ch) <= 0xDFFF or ord(ch) == 127:
            return
        if len(ty["text"]) < MAX_TEXT[ty["field"]]:
            ty["text"] += ch

    @property
    def keyboard_shown(self) -> bool:
        """The on-screen keyboard shows while the pad or the mouse is in use."""
        return self.mode == "text" and self.device != "keyboard"

    def _type(self, ui) -> None:
        """The physical keyboard types directly (Enter: done, Esc: cancel);
        the pad and the mouse use the on-screen keyboard."""
        import pyxel
        ty = self.typing
        for ch in pyxel.input_text:
            self._put(ch)
        pressed = self.keyboard.update(ui)
        if pyxel.btnp(pyxel.KEY_BACKSPACE, hold=12, repeat=3) or pressed == kb.DELETE:
            ty["text"] = ty["text"][:-1]
        elif pressed is not None and len(pressed) == 1:
            self._put(pressed)
        if pyxel.btnp(pyxel.KEY_ESCAPE) or pressed == kb.CANCEL:
            self.mode = self.typing = None
            return
        if pyxel.btnp(pyxel.KEY_RETURN) or pyxel.btnp(pyxel.KEY_KP_ENTER) or pressed == kb.DONE:
            value = ty["text"].strip()
            self.mode = self.typing = None
            if not value:
                return
            if ty["field"] == "id":
                self.edit(lambda sc: replace(sc, id=value))
            else:
                self.edit(doc_edits.set_text, ty["field"], ty["lang"], value)

    # --- the map -----------------------------------------------------------------------------
    def _move(self, direction: str) -> None:
        y, x = self.cursor
        rows, cols = len(self.scenario.map), len(self.scenario.map[0])
        dy, dx = {inp.UP: (-1, 0), inp.DOWN: (1, 0), inp.LEFT: (0, -1), inp.RIGHT: (0, 1)}[direction]
        self.cursor = (min(max(1, y + dy), rows), min(max(1, x + dx), cols))

    def apply_tool(self) -> None:
        kind, value = TOOLS[self.tool]
        p = self.cursor
        if kind == "code":
            self.edit(doc_edits.paint, p, value)
        elif kind == "harbour":
            self.edit(doc_edits.place_harbour, p, value)
        elif kind == "region":
            self.edit(doc_edits.mark_region, p, self.region_label)
        elif kind == "robber":
            self.edit(doc_edits.set_robber, p)
        elif kind == "pirate":
            self.edit(doc_edits.set_pirate, p)
        elif kind == "founding":
            self.edit(doc_edits.toggle_founding, p)
        elif kind == "number":
            self.edit(doc_edits.set_number, p, value)

    def fill(self) -> None:
        kind, value = TOOLS[self.tool]
        if kind != "code":
            self.apply_tool()
            return
        n = len(doc_edits.region_cells(self.scenario, self.cursor))
        if self.edit(doc_edits.fill, self.cursor, value):
            self.message = t("ed.m.fill", n=n)

    def _number_key(self, ui) -> bool:
        for dch in "0123456789":
            if not ui.char(dch):
                continue
            d = int(dch)
            if self.pending_one:
                self.pending_one = False
                if d in (0, 1, 2):
                    self.edit(doc_edits.set_number, self.cursor, 10 + d)
                    return True
            if d == 1:
                self.pending_one = True
                self.message = t("ed.m.pending")
            elif d == 0:
                self.edit(doc_edits.set_number, self.cursor, None)
            elif d == 7:
                self.message = t("ed.m.no7")
            else:
                self.edit(doc_edits.set_number, self.cursor, d)
            return True
        return False

    def _update_map(self, ui) -> None:
        for d in inp.DIRECTIONS:
            if ui.pressed(d):
                self._move(d)
                self.pending_one = False
        if ui.pressed(inp.OK):
            self.apply_tool()
        if ui.pressed(inp.SKIP):
            self.fill()
        if self._number_key(ui):
            return
        if ui.char("q") or ui.pressed(inp.PAD_L):
            self.tool = (self.tool - 1) % len(TOOLS)
        if ui.char("e") or ui.pressed(inp.PAD_R):
            self.tool = (self.tool + 1) % len(TOOLS)
        if ui.char("t"):
            if TOOLS[self.tool][0] == "region":
                self.region_label = chr((ord(self.region_label) - ord("a") + 1) % 26 + ord("a"))
            else:
                self.edit(doc_edits.turn_harbour, self.cursor)
        if ui.char("x"):
            self.edit(doc_edits.remove_harbour, self.cursor)
        if ui.char("p"):
            self._select_rule("fit")
        # Letters for what the function keys do (a browser may keep F1, F3 and F5 for itself).
        for letter, action in (("h", "help"), ("v", "save"), ("o", "load"), ("g", "try"), ("c", "computers"),
                               ("l", "problems")):
            if ui.char(letter):
                self.file_action(action)
                return
        if ui.char("u") or ui.pressed(inp.PAD_X):
            self.undo()
        if ui.char("r"):
            self.redo()
        if ui.pressed(inp.BACK):
            self.file_action("exit")

    def undo(self) -> None:
        self.message = t("ed.m.undo") if self.doc.undo() else t("ed.m.nothing")
        self._refresh()

    def redo(self) -> None:
        self.message = t("ed.m.redo") if self.doc.redo() else t("ed.m.nothing")
        self._refresh()

    # --- the tools and the file box ------------------------------------------------------------
    def tool_rect(self, i: int) -> tuple[int, int, int, int]:
        x, y, _, _ = TOOL_BOX
        return x + 8 + (i % TOOL_COLUMNS) * TOOL_CELL, y + 20 + (i // TOOL_COLUMNS) * TOOL_CELL, TOOL_CELL, TOOL_CELL

    def file_rect(self, i: int) -> tuple[int, int, int, int]:
        x, y, _, _ = FILE_BOX
        return x + 6 + (i % FILE_COLUMNS) * 75, y + 20 + (i // FILE_COLUMNS) * 17, 73, 16

    def _grid_move(self, ui, index: int, count: int, columns: int) -> int:
        if ui.pressed(inp.LEFT):
            index = (index - 1) % count
        if ui.pressed(inp.RIGHT):
            index = (index + 1) % count
        if ui.pressed(inp.UP):
            index = (index - columns) % count
        if ui.pressed(inp.DOWN):
            index = (index + columns) % count
        return index

    def _update_tools(self, ui) -> None:
        self.tool = self._grid_move(ui, self.tool, len(TOOLS), TOOL_COLUMNS)
        if ui.pressed(inp.OK) or ui.pressed(inp.BACK):
            self.focus = "map"

    def _update_file(self, ui) -> None:
        self.file_index = self._grid_move(ui, self.file_index, len(FILE_BUTTONS), FILE_COLUMNS)
        if ui.pressed(inp.OK):
            self.file_action(FILE_BUTTONS[self.file_index])
        elif ui.pressed(inp.BACK):
            self.focus = "map"

    def _update_rules(self, ui) -> None:
        res = self.rules.handle(ui)
        if not res:
            return
        if res[0] == "back":
            self.focus = "map"
        elif res[0] == "adjust":
            self._adjust_rule(res[1], res[2])
        else:
            self._select_rule(res[1])

    def _ask(self, action: str) -> bool:
        """True when an action that drops unsaved changes may go ahead."""
        if not self.doc.dirty or self._pending == action:
            self._pending = self.confirm = None
            return True
        self.confirm = action
        self.message = t("ed.m.unsaved")
        return False

    def file_action(self, action: str) -> None:
        if action == "load":
            self.open_load_list()
        elif action == "save":
            self.save()
        elif action == "new":
            if self._ask("new"):
                self._open(None, Source("new"), t("ed.m.new"))
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "fit":
            self._select_rule("fit")
        elif action == "try":
            self.try_it()
        elif action == "computers":
            self.computer_game()
        elif action == "help":
            self.mode = "help"
        elif action == "problems":
            self.open_problems()
        elif action == "exit":
            if self._ask("exit"):
                self.app.switch_to("title")

    def save(self) -> None:
        replace_other = self._pending == "replace"
        self._pending = self.confirm = None
        before = self.source
        try:
            saved, where = save(self.app.storage, self.scenario, self.source, replace_other=replace_other)
        except ScenarioFileError as e:
            self.message = str(e)
            if "save again" in self.message:
                self.confirm = "replace"
            return
        if saved != self.scenario:
            self.doc.apply(lambda _s: saved)
        self.doc.mark_saved()
        self.source = where
        self.message = t("ed.m.copy" if before.read_only else "ed.m.saved", name=source_label(where))
        why = draft_warning(saved)
        if why is not None:
            self.message = t("ed.m.saved_draft", name=source_label(where), why=why)
        self._refresh()

    # --- the problem list ----------------------------------------------------------------------
    def problem_lines(self) -> list[tuple[str, bool]]:
        """The problem list as drawn: (line, first line of a problem), each problem wrapped."""
        out = []
        for i, pr in enumerate(self.problems):
            for j, line in enumerate(wrap(f"{i + 1}. {problem_text(pr)}", 560, "small")):
                out.append((line if j == 0 else "   " + line, j == 0))
        return out

    def open_problems(self) -> None:
        if not self.problems:
            self.message = t("ed.ok")
            return
        self.problem_scroll = 0
        self.mode = "problems"

    def _update_problems(self, ui) -> None:
        """Up / down (and the wheel) scroll the list; any other press closes it."""
        import pyxel
        top = max(0, len(self.problem_lines()) - PROBLEM_ROWS)
        step = (1 if ui.pressed(inp.DOWN) else 0) - (1 if ui.pressed(inp.UP) else 0) - 3 * pyxel.mouse_wheel
        if step:
            self.problem_scroll = max(0, min(top, self.problem_scroll + step))
        elif ui.any():
            self.mode = None

    def open_load_list(self) -> None:
        sources = load_list(self.app.storage)
        items = [Item(t("ed.load.shipped", name=src.name) if src.read_only else src.name, src) for src in sources]
        items.append(Item(t("load.back"), None))
        self.load_menu = Menu(items, x=40, y=64, w=324, row=14, visible_rows=24)
        self.mode = "load"

    def _update_load(self, ui) -> None:
        res = self.load_menu.handle(ui)
        if not res:
            return
        if res[0] == "back" or res[1] is None:
            self.mode = None
            return
        src = res[1]
        if not self._ask(f"load:{src.kind}:{src.name}"):
            return
        try:
            scenario = load(self.app.storage, src)
        except ScenarioFileError as e:
            self.message = str(e)
            return
        self.mode = None
        self._open(scenario, src, t("ed.m.loaded", name=source_label(src)))

    # --- try it ------------------------------------------------------------------------------
    def try_it(self) -> None:
        from ..editor_trial import TrialUnavailable, trial_config
        if self.problem:
            self.message = t("ed.m.try_bad", why=problem_text(self.problems[0]))
            return
        from ..session import GameSession, SeatSpec
        seed = self.app.new_seed()
        s = self.scenario
        try:
            cfg = trial_config(s, seed)
            seats = [SeatSpec("human", t("colour.0"))] + [SeatSpec("normal", t(f"colour.{p}"))
                                                           for p in range(1, cfg.players)]
            session = GameSession(cfg, seats, speed=self.app.settings["speed"])
        except (TrialUnavailable, ValueError) as e:
            self.message = t("ed.m.try_bad", why=str(e))
            return
        self.try_seed = seed
        self.message = t("ed.m.try", seed=seed)
        trial = TrialScene(self.app, self)
        trial.show(scene_class("game")(trial.proxy, session))
        self.app.switch(trial)

    def computer_game(self) -> None:
        """A test game of computer players only, played while the editor stays on screen."""
        from ..editor_trial import AutoPlay, TrialUnavailable, trial_config
        if self.problem:
            self.message = t("ed.m.try_bad", why=problem_text(self.problems[0]))
            return
        seed = self.app.new_seed()
        try:
            self.autoplay = AutoPlay(trial_config(self.scenario, seed))
        except (TrialUnavailable, ValueError) as e:
            self.message = t("ed.m.try_bad", why=str(e))
            return
        self.try_seed = seed

    def _update_autoplay(self, ui) -> None:
        from ..editor_trial import TrialUnavailable
        ap = self.autoplay
        if ui.pressed(inp.BACK):
            self.autoplay = None
            self.message = t("ed.m.auto_stopped", seed=self.try_seed)
            return
        try:
            done = ap.step()
        except Exception as e:      # the engine on a map it cannot play: one line, back to editing
            self.autoplay = None
            why = str(e) if isinstance(e, TrialUnavailable) else f"{type(e).__name__}: {e}"
            self.message = t("ed.m.try_failed", why=" ".join(why.split())[:200])
            return
        view = ap.game.seat_view(None)
        if not done:
            self.message = t("ed.m.auto", seed=self.try_seed, turn=view.turn)
            return
        self.autoplay = None
        self.message = t("ed.m.auto_done", seed=self.try_seed, name=t(f"colour.{view.winner}"),
                         vp=view.vp[view.winner], turn=view.turn, points=" ".join(map(str, ap.points())))

    def returned(self, message: str | None = None) -> None:
        self.message = message or t("ed.m.back", seed=self.try_seed)

    # --- update ------------------------------------------------------------------------------
    def _area_at(self, mx: int, my: int) -> str | None:
        for name, (x, y, w, h) in (("map", MAP_AREA), ("tools", TOOL_BOX), ("rules", RULES_BOX), ("file", FILE_BOX)):
            if x <= mx < x + w and y <= my < y + h:
                return name
        return None

    def _mouse(self, ui) -> bool:
        """Mouse on the map and the tool and file grids; True if a click was used.
        A right click on the map takes the hex's terrain as the tool."""
        area = self._area_at(ui.mouse_x, ui.mouse_y)
        if area == "map" and ui.device == "mouse" and ui.pressed(inp.BACK):
            p = self.view.hit(ui.mouse_x, ui.mouse_y)
            if p is not None:
                self.cursor = p
                self.tool = TOOLS.index(("code", code_at(self.scenario, p)[0]))
                return True
        if area == "map" and (ui.mouse_moved or ui.click):
            p = self.view.hit(ui.mouse_x, ui.mouse_y)
            if p is not None:
                self.cursor = p
                if ui.click:
                    self.focus = "map"
                    self.apply_tool()
                    return True
        if not ui.click:
            return False
        if area is not None:
            self.focus = area
        x, y, w, _ = RULES_BOX
        if x <= ui.mouse_x < x + w and y + 18 <= ui.mouse_y < y + 50 and self.problems:
            self.open_problems()            # a click on the check's lines lists every problem
            return True
        if area == "tools":
            for i in range(len(TOOLS)):
                x, y, w, h = self.tool_rect(i)
                if x <= ui.mouse_x < x + w and y <= ui.mouse_y < y + h:
                    self.tool = i
            return True
        if area == "file":
            for i in range(len(FILE_BUTTONS)):
                x, y, w, h = self.file_rect(i)
                if x <= ui.mouse_x < x + w and y <= ui.mouse_y < y + h:
                    self.file_index = i
                    self.file_action(FILE_BUTTONS[i])
            return True
        return area != "rules"

    def _wheel(self, ui) -> None:
        """The mouse wheel scrolls the load list, or the rules under the mouse."""
        import pyxel
        turn = pyxel.mouse_wheel
        if not turn:
            return
        if self.mode == "load":
            menu = self.load_menu
        elif self._area_at(ui.mouse_x, ui.mouse_y) == "rules":
            menu = self.rules
        else:
            return
        top = max(0, len(menu.items) - menu.visible_rows)
        menu.scroll = max(0, min(top, menu.scroll - 3 * turn))
        menu.index = max(menu.scroll, min(menu.index, menu.scroll + menu.visible_rows - 1))

    def update(self, ui) -> None:
        import pyxel
        self.frame += 1
        self.device = ui.device
        if self.autoplay is not None:
            self._update_autoplay(ui)
            return
        if ui.any() or any(pyxel.btnp(k) for k in (pyxel.KEY_F1, pyxel.KEY_F2, pyxel.KEY_F3, pyxel.KEY_F5)):
            # A question ("press again") holds for the very next press only.
            self._pending, self.confirm = self.confirm, None
            self.message = ""
        if self.mode == "help":
            if ui.any() or pyxel.btnp(pyxel.KEY_F1):
                self.mode = None
            return
        if self.mode == "text":
            self._type(ui)
            return
        if self.mode == "problems":
            self._update_problems(ui)
            return
        if pyxel.btnp(pyxel.KEY_F1):
            self.mode = "help"
            return
        self._wheel(ui)
        if self.mode == "load":
            self._update_load(ui)
            return
        ctrl = pyxel.btn(pyxel.KEY_CTRL) or pyxel.btn(pyxel.KEY_GUI)
        if pyxel.btnp(pyxel.KEY_F2) or (ctrl and pyxel.btnp(pyxel.KEY_S)):
            self.save()
            return
        if pyxel.btnp(pyxel.KEY_F3):
            self.file_action("load")
            return
        if pyxel.btnp(pyxel.KEY_F5):
            self.try_it()
            return
        if ctrl and pyxel.btnp(pyxel.KEY_Z):
            self.undo()
            return
        if ctrl and pyxel.btnp(pyxel.KEY_Y):
            self.redo()
            return
        if ui.pressed(inp.TAB):
            self.focus = FOCUSES[(FOCUSES.index(self.focus) + 1) % len(FOCUSES)]
            return
        if self._mouse(ui):
            return
        {"map": self._update_map, "tools": self._update_tools, "rules": self._update_rules,
         "file": self._update_file}[self.focus](ui)

    # --- drawing -----------------------------------------------------------------------------
    def _render_map(self) -> None:
        """The map without the cursor, drawn once per change into an image."""
        import pyxel
        s = self.scenario
        rows, cols = len(s.map), len(s.map[0])
        overlay = TOOLS[self.tool][0] in ("region", "founding")
        key = (self.doc.version, id(s), rows, cols, overlay)
        if self.view.image is not None and self.view.key == key:
            return
        self.view.fit(rows, cols)
        v = self.view
        x0, y0, w, h = MAP_AREA
        pyxel.rect(x0, y0, w, h, BLACK)
        for y in range(1, rows + 1):
            for x in range(1, cols + 1):
                cx, cy = v.centre((y, x))
                draw_hex(cx, cy, v.s, s.map[y - 1][x - 1], seed=y * 31 + x)
        for hb in s.harbours:
            cx, cy = v.centre(hb.hex)
            draw_harbour(cx, cy, v.s, hb.kind, v.corners(hb.hex, hb.side))
        founding = () if s.founding == "all" else s.founding
        for y in range(1, rows + 1):
            for x in range(1, cols + 1):
                code = s.map[y - 1][x - 1]
                cx, cy = v.centre((y, x))
                if len(code) > 1:
                    draw_number(cx, cy, v.s, int(code[1:]))
                if (y, x) in founding:
                    mark_founding(cx, cy, v.s)
                if overlay and doc_edits.region_label(s, (y, x)) != ".":
                    font.text(int(cx - 2), int(cy + v.s * 0.2), doc_edits.region_label(s, (y, x)), WHITE, "small")
        if s.robber != "desert":
            cx, cy = v.centre(s.robber)
            art.robber(cx + v.s * 0.45, cy - 2)
        if s.pirate is not None:
            cx, cy = v.centre(s.pirate)
            draw_pirate(cx, cy)
        img = v.image if v.image is not None else pyxel.Image(pyxel.width, pyxel.height)
        img.blt(x0, y0, pyxel.screen, x0, y0, w, h)
        v.image, v.key = img, key

    def _box(self, rect, title: str, focus: str | None) -> None:
        import pyxel
        x, y, w, h = rect
        box(x, y, w, h)
        on = focus is not None and self.focus == focus and self.mode is None
        pyxel.rect(x + 3, y + 3, w - 6, 14, BLUE if on else DARK_GREY)
        face = "bold" if font.width(title, "bold") <= w - 12 else "small"      # a long file name: smaller
        font.text(x + 7, y + (4 if face == "bold" else 6), font.fit(title, w - 12, face), YELLOW if on else GREY, face)

    def _draw_hex_box(self) -> None:
        s = self.scenario
        p = self.cursor
        self._box(HEX_BOX, t("ed.hex", r=p[0], c=p[1]), None)
        code = code_at(s, p)
        x, y = HEX_BOX[0] + 8, HEX_BOX[1] + 20
        if code is None:
            font.text(x, y, t("ed.i.outside"), BLACK, "small")
            return
        line = t(f"ed.t.{CODE_NAMES[code[0]]}")
        if len(code) > 1:
            line += ", " + t("ed.i.number", n=int(code[1:]), p=pips(int(code[1:])))
        font.text(x, y, font.fit(line, RW - 16, "small"), BLACK, "small")
        hb = harbour_at(s, p)
        if hb is not None:
            font.text(x, y + 11, font.fit(t("ed.i.harbour", kind=kind_name(hb.kind), side=t(f"ed.side.{hb.side}")),
                                          RW - 16, "small"), BLACK, "small")
        marks = []
        if doc_edits.region_label(s, p) != ".":
            marks.append(t("ed.i.region", label=doc_edits.region_label(s, p)))
        if s.founding != "all" and p in s.founding:
            marks.append(t("ed.i.founding"))
        if s.robber == p:
            marks.append(t("ed.i.robber"))
        if s.pirate == p:
            marks.append(t("ed.i.pirate"))
        if marks:
            font.text(x, y + 22, font.fit(", ".join(marks), RW - 16, "small"), BLUE, "small")

    def _tool_name(self, i: int) -> str:
        kind, value = TOOLS[i]
        if kind == "code":
            return t(f"ed.t.{CODE_NAMES[value]}")
        if kind == "harbour":
            return t("ed.t.harbour", kind=kind_name(value))
        if kind == "region":
            return t("ed.t.region", label=self.region_label)
        if kind == "number":
            return t("ed.t.number", n=value) if value else t("ed.t.no_number")
        return t(f"ed.t.{kind}")

    def _draw_tool_icon(self, i: int, x: int, y: int) -> None:
        import pyxel
        kind, value = TOOLS[i]
        cx, cy = x + TOOL_CELL / 2, y + TOOL_CELL / 2
        if kind == "code":
            pyxel.rect(x + 1, y + 1, TOOL_CELL - 2, TOOL_CELL - 2, BLACK)
            draw_hex(cx, cy, 8.5, value)
        elif kind == "harbour":
            pyxel.rect(x + 1, y + 1, TOOL_CELL - 2, TOOL_CELL - 2, BLUE)
            draw_harbour(cx, cy, 10, value, [])
        elif kind == "number":
            if value:
                draw_number(cx, cy - 1, 10, value)
            else:
                font.text(x + 4, y + 5, "--", BLACK, "small")
        elif kind == "robber":
            art.robber(cx, cy - 1)
        elif kind == "pirate":
            pyxel.rect(x + 1, y + 1, TOOL_CELL - 2, TOOL_CELL - 2, BLUE)
            draw_pirate(cx, cy + 1)
        elif kind == "region":
            font.text(x + 3, y + 5, "R" + self.region_label, BLUE, "small")
        elif kind == "founding":
            art.outline_hex(cx, cy, 8, RED)
            font.text(x + 7, y + 5, "F", RED, "small")

    def _draw_tools(self) -> None:
        import pyxel
        self._box(TOOL_BOX, t("ed.tools"), "tools")
        for i in range(len(TOOLS)):
            x, y, w, h = self.tool_rect(i)
            self._draw_tool_icon(i, x, y)
            if i == self.tool:
                pyxel.rectb(x, y, w, h, WHITE if self.frame // 8 % 2 else YELLOW)
                pyxel.rectb(x - 1, y - 1, w + 2, h + 2, BLACK)
        name = self._tool_name(self.tool)
        if TOOLS[self.tool][0] == "harbour":
            name += " - " + t("ed.t.facing")
        font.text(TOOL_BOX[0] + 8, TOOL_BOX[1] + 82, font.fit(name, RW - 16, "small"), BLACK, "small")

    def _draw_rules(self) -> None:
        import pyxel
        x, y, w, h = RULES_BOX
        self._box(RULES_BOX, t("ed.rules"), "rules")
        for i, (line, colour) in enumerate(self.problem_summary(w - 16)):
            font.text(x + 8, y + 20 + 10 * i, line, colour, "small")
        # Dots per resource.
        from ...engine.components import RESOURCES
        parts = []
        for k in STAT_KINDS:
            label = t(f"res.{RESOURCES.index(k)}")[:2] if k in RESOURCES else "Au"
            parts.append(f"{label}{round(self.stats['pips'][k])}")
        font.text(x + 8, y + 52, font.fit(f"{t('ed.pips')}: " + " ".join(parts), w - 16, "small"), BLACK, "small")
        # Tokens per dice total, as bars.
        per = self.stats["per_number"]
        top = max(1, max(per.values()))
        for i, n in enumerate(NUMBERS):
            bx = x + 10 + i * 22
            bh = int(10 * per[n] / top)
            pyxel.rect(bx, y + 82 - bh, 14, bh, RED if n in (6, 8) else DARK_GREY)
            font.text(bx + 1, y + 83, f"{n:>2}", BLACK, "small")
            if per[n]:
                label = str(per[n])
                font.text(bx + 8 - font.width(label, "small") // 2, y + 72 - bh, label, BLUE, "small")
        pyxel.line(x + 6, y + 94, x + w - 7, y + 94, DARK_GREY)
        self.rules.focused = self.focus == "rules" and self.mode is None
        self.rules.draw()

    def problem_summary(self, width: int) -> list[tuple[str, int]]:
        """The rules box's three lines about the check: "loads", one problem
        wrapped, one line per problem, or two and how many more."""
        found = self.problems
        if not found:
            return [(t("ed.ok"), GREEN)]
        if len(found) == 1:
            return [(line, RED) for line in wrap(t("ed.problem", why=problem_text(found[0])), width)[:3]]
        lines = [(font.fit(t("ed.problem_n", n=len(found), why=problem_text(found[0])), width, "small"), RED)]
        shown = found[1:3] if len(found) <= 3 else found[1:2]
        lines += [(font.fit(f"{i + 2}. {problem_text(pr)}", width, "small"), RED) for i, pr in enumerate(shown)]
        if len(found) > 3:
            lines.append((font.fit(t("ed.more", n=len(found) - 2), width, "small"), BLUE))
        return lines

    def _draw_file(self) -> None:
        import pyxel
        self._box(FILE_BOX, t("ed.file", name=source_label(self.source) + ("*" if self.doc.dirty else "")), "file")
        enabled = {"undo": self.doc.can_undo(), "redo": self.doc.can_redo()}
        for i, name in enumerate(FILE_BUTTONS):
            x, y, w, h = self.file_rect(i)
            chosen = i == self.file_index and self.focus == "file" and self.mode is None
            pyxel.rect(x, y, w, h, CYAN if chosen else WHITE)
            pyxel.rectb(x, y, w, h, BLACK)
            label = t(f"ed.f.{name}")
            colour = (WHITE if chosen else BLACK) if enabled.get(name, True) else DARK_GREY
            font.text(x + (w - font.width(label)) // 2, y + 2, label, colour)

    def _draw_status(self) -> None:
        import pyxel
        pyxel.rect(0, 456, 640, 24, BLACK)
        rows, colour = [], YELLOW
        if self.message:
            rows = wrap(self.message, 632)
        elif self.problem:
            rows, colour = wrap(t("ed.problem", why=problem_text(self.problems[0])), 632), LIGHT_CYAN
        # A message of two rows takes the keys' row too (F1 shows the keys); one of more is cut at the end.
        for i, row in enumerate(rows[:2]):
            if i == 1 and len(rows) > 2:
                row = font.fit(row + " ...", 632, "small")
            font.text(4, 458 + 11 * i, row, colour, "small")
        if len(rows) < 2:
            font.text(4, 469, font.fit(t("ed.hint"), 632, "small"), GREY, "small")

    def _draw_overlay(self) -> None:
        import pyxel
        if self.mode == "help":
            box(20, 40, 600, 40 + 20 * HELP_LINES + 24, t("ed.help.title"))
            for i in range(1, HELP_LINES + 1):
                font.text(34, 64 + 20 * (i - 1), font.fit(t(f"ed.help.{i}"), 576, "small"), BLACK, "small")
            font.text(34, 64 + 20 * HELP_LINES + 6, t("ed.help.close"), BLUE, "small")
        elif self.mode == "load":
            box(30, 40, 344, 24 + 14 * min(24, len(self.load_menu.items)) + 8,
                t("ed.load.title", n=len(self.load_menu.items) - 1))
            self.load_menu.draw()
        elif self.mode == "problems":
            lines = self.problem_lines()
            box(20, 24, 600, 24 + 14 * PROBLEM_ROWS + 22, t("ed.problems.title", n=len(self.problems)))
            for i, (line, first) in enumerate(lines[self.problem_scroll:self.problem_scroll + PROBLEM_ROWS]):
                font.text(34, 46 + 14 * i, line, RED if first else BLACK, "small")
            font.text(34, 46 + 14 * PROBLEM_ROWS + 2, t("ed.problems.close"), BLUE, "small")
        elif self.mode == "text":
            ty = self.typing
            label = {"name": "ed.r.name", "description": "ed.r.desc", "id": "ed.r.id"}[ty["field"]]
            box(20, 300, 380, 150, t(label, lang=ty["lang"], v="").rstrip(": "))
            lines = wrap(ty["text"] + ("_" if self.frame // 8 % 2 else " "), 356, "small")
            for i, line in enumerate(lines[-10:]):
                font.text(30, 322 + 10 * i, line, BLACK, "small")
            font.text(30, 434, t("ed.kb.hint" if self.keyboard_shown else "ed.typing"), BLUE, "small")
            pyxel.line(30, 430, 390, 430, DARK_GREY)
            if self.keyboard_shown:
                self.keyboard.draw()

    def draw(self) -> None:
        import pyxel
        pyxel.cls(BLUE)
        self._render_map()
        x0, y0, w, h = MAP_AREA
        pyxel.blt(x0, y0, self.view.image, x0, y0, w, h)
        for place in self.problem_places[:MARKED_HEXES]:     # the hexes the game's check names
            px, py = self.view.centre(place)
            art.outline_hex(px, py, self.view.s - 1, RED if self.frame // 8 % 2 else YELLOW)
            art.outline_hex(px, py, self.view.s - 2, RED)
        cx, cy = self.view.centre(self.cursor)
        draw_cursor(cx, cy, self.view.s, self.frame // 8 % 2 == 0)
        if self.focus == "map" and self.mode is None:
            pyxel.rectb(x0, y0, w, h, YELLOW)
        self._draw_hex_box()
        self._draw_tools()
        self._draw_rules()
        self._draw_file()
        self._draw_status()
        self._draw_overlay()
