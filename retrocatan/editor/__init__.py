"""The scenario editor's model, without Pyxel: the document being edited
with undo and redo (``document``), the game's own check and the number
statistics (``checks``), and where scenario files live (``files``). The
Pyxel screen is ``ui/scenes/editor.py``."""
