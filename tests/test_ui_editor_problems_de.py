"""The editor in German, headless: the scenario check's problems are drawn in
German (rules box, problem list, status line, the draft's save warning and
"Try it"), with no English word and each problem's hex still visible."""

import pyxel
from test_scenario_problem_texts import small_spiral_island
from test_ui_newcomer import _english_in
from ui_robot import Robot

from retrocatan.saves import OPTIONS_NAME, dump_options, load_options
from retrocatan.storage import MemoryStorage
from retrocatan.ui import font
from retrocatan.ui.app import App
from retrocatan.ui.editor.checks import problem_text
from retrocatan.ui.editor.layout import RULES_BOX
from retrocatan.ui.editor.scene import EditorScene
from retrocatan.ui.text import set_language, t


def press(bot, button):
    pyxel.set_btn(button, True)
    bot.frame()
    pyxel.set_btn(button, False)
    bot.frame()


def test_problems_are_drawn_in_german(pyxel_headless):
    storage = MemoryStorage()
    storage.write(OPTIONS_NAME, dump_options(dict(load_options(None), language="de")))
    drawn = []
    real = font.text

    def record(x, y, s, col, name="normal"):
        drawn.append(s)
        real(x, y, s, col, name)
    font.text = record
    try:
        app = App(can_quit=False, storage=storage)              # German from the saved options
        bot = Robot(app, "keyboard")
        bot.frame()
        bot.choose(app.scene.menu, "editor")
        scene = app.scene
        assert isinstance(scene, EditorScene)
        scene._open(small_spiral_island(), scene.source)
        codes = [p.code for p in scene.problems]
        assert {"spiral_fixed_number", "tokens_too_many", "harbour_not_on_coast", "founding_room",
                "vp_unreachable"} <= set(codes), codes
        shown = [problem_text(p) for p in scene.problems]
        assert all(s != p.text for s, p in zip(shown, scene.problems))
        # The rules box: "N Probleme. 1. ..." then the second; each cut line keeps its start.
        drawn.clear()
        bot.frame()
        summary = [line for line, _ in scene.problem_summary(RULES_BOX[2] - 16)]
        assert summary[0].startswith(f"{len(shown)} Probleme. 1. Ziel 30 Siegpunkte")
        assert summary[1].startswith("2. Spirale: keine feste Zahl")
        assert summary[2] == t("ed.more", n=len(shown) - 2)
        assert all(line in drawn for line in summary)
        box = list(drawn)
        # The problem list: every problem whole, in German.
        press(bot, pyxel.KEY_L)
        assert scene.mode == "problems"
        drawn.clear()
        bot.frame()
        listed = " ".join(line.strip() for line, _ in scene.problem_lines())
        assert listed == " ".join(f"{i + 1}. {s}" for i, s in enumerate(shown))
        assert "Hafen 1 nicht an der Küste: nach Westen kein Land (Reihe 1, Spalte 1)" in listed
        assert "Zu wenig Platz:" in listed and "4 Spieler brauchen 8" in listed
        assert all(line in drawn for line, _ in scene.problem_lines())
        box += drawn
        bot.press("ok")
        assert scene.mode is None
        # Try it refuses with the first problem in German; saving warns in German.
        press(bot, pyxel.KEY_F5)
        assert scene.message == t("ed.m.try_bad", why=shown[0])
        press(bot, pyxel.KEY_F2)
        assert scene.message.endswith(shown[0]) and "will not load" not in scene.message
        drawn.clear()
        bot.frame()
        box += drawn
        box = [s for s in box if not s.startswith(("Name (en)", "Text (en)"))]    # the scenario's English texts
        assert not _english_in(box), _english_in(box)
        assert not [s for s in box if "row" in s.split() or "column" in s.split()]
    finally:
        font.text = real
        set_language("en")
