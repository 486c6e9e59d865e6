"""``retrocatan edit [FILE]``: the window opened straight on the scenario editor."""

from __future__ import annotations

import pyxel

from ... import scenarios
from ..app import App, open_window, saved_scale
from .files import Source
from .scene import EditorScene


def editor_source(path: str | None):
    """Where the editor's document comes from: a file named on the command
    line, or the shipped file of a scenario (read-only: saving makes a
    copy in the user's folder, the installed file is never written), or a
    new map."""
    if not path:
        return Source("new")
    shipped = scenarios.shipped_id_of(path)
    return Source("shipped", shipped) if shipped else Source("path", path)


def main_editor(scenario=None, path: str | None = None) -> int:
    """The editor on ``scenario`` (None: a new map); with ``path`` saving
    writes that file (atomically) instead of the user folder."""
    open_window(saved_scale())
    app = App()
    source = editor_source(path)
    app.switch(EditorScene(app, scenario, source))
    pyxel.run(app.update, app.draw)
    return 0
