"""Write the scenario editor's screenshots into docs/ (editor*.png), headless:
``python3 docs/make_editor_screenshots.py``."""

from __future__ import annotations

import os
import sys
from dataclasses import replace

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))


def frames(app, n: int = 3) -> None:
    import pyxel
    for _ in range(n):
        app.update()
        app.draw()
        pyxel.flip()


def main() -> None:
    import pyxel

    from retrocatan.storage import MemoryStorage
    from retrocatan.ui.app import App, init_pyxel
    from retrocatan.ui.editor import document as d
    from retrocatan.ui.editor.files import Source, load
    from retrocatan.ui.editor.scene import EditorScene
    from retrocatan.ui.editor.tool_bar import TOOLS
    from retrocatan.ui.text import set_language
    init_pyxel(headless=True)
    pyxel.mouse(False)
    app = App(can_quit=False, storage=MemoryStorage())
    # A shipped Seafarers map, the cursor on a gold field, the rules box open.
    scene = EditorScene(app, load(app.storage, Source("shipped", "new-shores")), Source("shipped", "new-shores"))
    app.switch(scene)
    scene.cursor = (5, 12)
    scene.tool = TOOLS.index(("harbour", "wood"))
    scene.focus = "rules"
    scene.rules.index = 8
    frames(app)
    pyxel.screenshot(os.path.join(HERE, "editor"), 1)
    # German, a map being built: the check names the hex that is wrong.
    set_language("de")
    scene = EditorScene(app)
    app.switch(scene)
    doc = scene.doc
    for p in [(3, 2), (3, 3), (4, 2), (4, 3), (5, 2), (4, 4)]:
        doc.apply(d.paint, p, "?")
    doc.apply(d.paint, (5, 3), "D")
    for p, code, n in [((3, 7), "W", 8), ((4, 7), "G", 5), ((4, 8), "C", 10), ((5, 8), "$", 3)]:
        doc.apply(d.paint, p, code)
        doc.apply(d.set_number, p, n)
    doc.apply(d.place_harbour, (4, 9), "3:1")
    doc.apply(d.place_harbour, (2, 2), "?")
    # The letter spiral deals every number: the check lists each fixed number's hex, and the map marks them.
    doc.apply(lambda sc: replace(sc, placement="spiral"))
    scene.cursor = (4, 8)
    scene.message = ""
    scene._refresh()
    frames(app)
    pyxel.screenshot(os.path.join(HERE, "editor-de"), 1)
    scene.mode = "help"
    frames(app)
    pyxel.screenshot(os.path.join(HERE, "editor-help-de"), 1)
    # Typing a name with the gamepad on the on-screen keyboard.
    scene.mode = None
    app.input.device = "gamepad"
    scene._start_typing("name", "de")
    scene.typing["text"] = "Zwei Inseln und die Kü"
    scene.keyboard.index = scene.keyboard.index + 5 * 13 + 2      # on the key "Ü"
    frames(app)
    pyxel.screenshot(os.path.join(HERE, "editor-keyboard-de"), 1)
    scene.mode = scene.typing = None
    app.input.device = "keyboard"
    set_language("en")


if __name__ == "__main__":
    main()
