"""The scenario editor's screen, in the window and look of the 1996
EDITOR.EXE: the map on the left with a highlighted hex under a cursor; on
the right four boxes: the hex under the cursor, the tools, the scenario's
rules (with the game's check and the dots per resource) and the file box;
a status line under the map. Keyboard, gamepad and mouse all work (a pad
or mouse types names on the on-screen keyboard); every edit can be undone.

The screen holds the document (``document.py``), the cursor and
the message; the widgets draw themselves and take the frame's ``Input``;
what the editor is doing is a stack of modes (``mode.py``), ``Editing`` at
the bottom, F1 putting the help over any of them."""

from __future__ import annotations

import pyxel

from .. import input as inp
from .. import keyboard as kb
from ..maps.files import ScenarioFileError
from ..palette import BLUE
from ..scenes import Scene
from ..text import t
from . import autoplay, pools, trial
from . import document as doc_edits
from .checks import problems, statistics
from .document import Document, EditError, code_at
from .editing import Editing
from .file_box import FileBox
from .files import Source, draft_warning, save
from .help_page import HelpPage
from .hex_box import draw_hex_box
from .layout import source_label
from .load_list import LoadList
from .map_box import MapBox
from .mode import POP, Push
from .problem_list import ProblemList, problem_lines
from .rules_box import RulesBox, problem_summary
from .status import draw_status
from .text_entry import TextEntry
from .tool_bar import ToolBar

KEYBOARD_AT = (20, 124)     # the on-screen keyboard, above the text box
PRESS_KEYS = (inp.F1, inp.F2, inp.F3, inp.F5)


def problem_places(found, scenario) -> list[tuple[int, int]]:
    """The hexes the problems name that lie on the map, each once, in problem order."""
    out = []
    for pr in found:
        if pr.place is not None and code_at(scenario, pr.place) is not None and pr.place not in out:
            out.append(pr.place)
    return out


class EditorScene(Scene):
    help_page = "editor"
    own_help = True         # F1 opens the editor's own help page (the app's help stands aside)
    music = "title"

    def __init__(self, app, scenario=None, source: Source | None = None, message: str = "") -> None:
        super().__init__(app)
        self.focus = "map"                      # the box the keys go to: map, tools, rules or file
        self.tools = ToolBar()
        self.map_box = MapBox(self)
        self.rules_box = RulesBox(self)
        self.file_box = FileBox()
        self.keyboard = kb.OnScreenKeyboard(*KEYBOARD_AT)
        self.modes = [Editing(self)]            # the stack: what the editor is doing, the top one gets the input
        self.device = "keyboard"                # the input device of the latest frame
        self.confirm: str | None = None         # an action waiting for a second press
        self._pending: str | None = None        # the question asked before this press
        self.frame = 0
        self.try_seed: int | None = None
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
        self.rules_box.rebuild()

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

    def undo(self) -> None:
        self.message = t("ed.m.undo") if self.doc.undo() else t("ed.m.nothing")
        self._refresh()

    def redo(self) -> None:
        self.message = t("ed.m.redo") if self.doc.redo() else t("ed.m.nothing")
        self._refresh()

    def apply_tool(self) -> None:
        kind, value = self.tools.tool
        p = self.cursor
        if kind == "code":
            self.edit(doc_edits.paint, p, value)
        elif kind == "harbour":
            self.edit(doc_edits.place_harbour, p, value)
        elif kind == "region":
            self.edit(doc_edits.mark_region, p, self.tools.region_label)
        elif kind == "robber":
            self.edit(doc_edits.set_robber, p)
        elif kind == "pirate":
            self.edit(doc_edits.set_pirate, p)
        elif kind == "founding":
            self.edit(doc_edits.toggle_founding, p)
        elif kind == "number":
            self.edit(doc_edits.set_number, p, value)

    def fill(self) -> None:
        kind, value = self.tools.tool
        if kind != "code":
            self.apply_tool()
            return
        n = len(doc_edits.region_cells(self.scenario, self.cursor))
        if self.edit(doc_edits.fill, self.cursor, value):
            self.message = t("ed.m.fill", n=n)

    def fit_pools(self) -> None:
        if self.edit(pools.fit_pools):
            self.message = t("ed.m.fitted")

    # --- the file ----------------------------------------------------------------------------
    def may_drop_changes(self, action: str) -> bool:
        """True when an action that drops unsaved changes may go ahead (asked once: press again)."""
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
            if self.may_drop_changes("new"):
                self._open(None, Source("new"), t("ed.m.new"))
        elif action in ("undo", "redo"):
            getattr(self, action)()
        elif action == "fit":
            self.fit_pools()
        elif action == "try":
            self.try_it()
        elif action == "computers":
            self.computer_game()
        elif action == "help":
            self.push(HelpPage(self))
        elif action == "problems":
            self.open_problems()
        elif action == "exit":
            if self.may_drop_changes("exit"):
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

    def try_it(self) -> None:
        trial.try_it(self)

    def computer_game(self) -> None:
        autoplay.computer_game(self)

    def returned(self, message: str | None = None) -> None:
        """Back from the test game."""
        self.message = message or t("ed.m.back", seed=self.try_seed)

    # --- the modes ---------------------------------------------------------------------------
    def push(self, mode) -> None:
        self.modes.append(mode)

    def open_problems(self) -> None:
        if not self.problems:
            self.message = t("ed.ok")
            return
        self.push(ProblemList(self))

    def open_load_list(self) -> None:
        self.push(LoadList(self))

    def _start_typing(self, field: str, lang: str) -> None:
        self.push(TextEntry(self, field, lang))

    def _top(self, kind):
        return self.modes[-1] if isinstance(self.modes[-1], kind) else None

    @property
    def mode(self) -> str | None:
        """help, text, load or problems while that box is open, else None."""
        return self.modes[-1].name

    @mode.setter
    def mode(self, name: str | None) -> None:
        """Open the help page ("help") or close every box (None)."""
        del self.modes[1:]
        if name == "help":
            self.push(HelpPage(self))
        elif name is not None:
            raise ValueError(f"no editor mode {name!r} to open by name")

    @property
    def typing(self) -> dict | None:
        """The text being typed: field, language and text."""
        entry = self._top(TextEntry)
        return entry.typing if entry else None

    @typing.setter
    def typing(self, value) -> None:
        if value is None and self._top(TextEntry):
            self.modes.pop()

    @property
    def keyboard_shown(self) -> bool:
        entry = self._top(TextEntry)
        return entry is not None and entry.keyboard_shown

    @property
    def load_menu(self):
        return next((m.menu for m in reversed(self.modes) if isinstance(m, LoadList)), None)

    @property
    def autoplay(self):
        """The computer-only test game being played, or None."""
        return next((m.play for m in self.modes if isinstance(m, autoplay.AutoPlayMode)), None)

    # --- the widgets, as the tests and the screenshots reach them -----------------------------
    @property
    def tool(self) -> int:
        return self.tools.index

    @tool.setter
    def tool(self, i: int) -> None:
        self.tools.index = i

    @property
    def view(self):
        return self.map_box.view

    @property
    def rules(self):
        return self.rules_box.menu

    def tool_rect(self, i: int):
        return self.tools.rect(i)

    def file_rect(self, i: int):
        return self.file_box.rect(i)

    def problem_summary(self, width: int) -> list[tuple[str, int]]:
        return problem_summary(self.problems, width)

    def problem_lines(self) -> list[tuple[str, bool]]:
        return problem_lines(self.problems)

    # --- update and draw ---------------------------------------------------------------------
    def update(self, ui) -> None:
        self.frame += 1
        self.device = ui.device
        top = self.modes[-1]
        if not top.keeps_message and (ui.any() or any(ui.key(k) for k in PRESS_KEYS)):
            # A question ("press again") holds for the very next press only.
            self._pending, self.confirm = self.confirm, None
            self.message = ""
        if top.help_key and ui.key(inp.F1):
            self.push(HelpPage(self))
            return
        result = top.update(ui)
        if result is POP and self.modes[-1] is top and len(self.modes) > 1:
            self.modes.pop()
        elif isinstance(result, Push):
            self.push(result.prompt)

    @property
    def editing(self) -> bool:
        """No box is open over the screen (the boxes show their focus)."""
        return not any(m.overlay for m in self.modes)

    def draw(self) -> None:
        pyxel.cls(BLUE)
        editing = self.editing
        self.map_box.draw(self.focus == "map" and editing, self.frame)
        draw_hex_box(self.scenario, self.cursor)
        self.tools.draw(self.focus == "tools" and editing, self.frame)
        self.rules_box.draw(self.focus == "rules" and editing)
        name = source_label(self.source) + ("*" if self.doc.dirty else "")
        self.file_box.draw(self.focus == "file" and editing, name, self.doc.can_undo(), self.doc.can_redo())
        draw_status(self.message, self.problems)
        for mode in self.modes:
            mode.draw()
