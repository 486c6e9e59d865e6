"""The scenario editor's model, without Pyxel (it lives under ``ui`` so the
packaged app carries it): the document being edited with undo and redo
(``document``), the game's own check and the number statistics
(``checks``), where scenario files live (``files``) and the test game's
config (``trial``). The Pyxel screen is ``ui/scenes/editor.py``."""
