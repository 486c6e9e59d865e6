"""``retrocatan edit [FILE]``: the window opened straight on the scenario editor."""

from __future__ import annotations


def main_editor(scenario=None, path: str | None = None) -> int:
    """The editor on ``scenario`` (None: a new map); with ``path`` saving
    writes that file (atomically) instead of the user folder."""
    import pyxel

    from .app import App, open_window, saved_scale
    from .editor_files import Source
    from .scenes.editor import EditorScene
    open_window(saved_scale())
    app = App()
    source = Source("path", path) if path else Source("new")
    app.switch(EditorScene(app, scenario, source))
    pyxel.run(app.update, app.draw)
    return 0
