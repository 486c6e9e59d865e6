"""The scenario editor (``retrocatan edit``, or the title's entry), in
small parts (the look of the 1996 EDITOR.EXE).

The editing itself has no Pyxel: ``document.py`` (the map and its edits,
undo), ``cells.py`` (the map's cells), ``pools.py`` (the pools' edits),
``checks.py`` (the game's check, the statistics) and ``files.py`` (load,
save). Reading scenario files and drawing a map's hexes are below, shared
with the new-game screen (``ui/maps/``); ``main.py`` opens the window
straight on the editor.

- ``scene.py``: the screen (``scenes.SCENES`` names it "editor"); the
  document, the cursor, the message, and a stack of modes (``mode.py``:
  each ``update(ui) -> result`` and ``draw()``, the result as for the
  game's prompts: ``Push``, ``POP`` or None);
- ``editing.py``: the mode at the bottom: the four boxes and the map, the
  focus between them, the function keys and the mouse;
- the widgets, each drawing itself and taking the frame's ``Input``:
  ``map_box.py`` (the map), ``hex_box.py`` (the hex under the cursor),
  ``tool_bar.py`` (the tools), ``rules_box.py`` (the scenario's rules and the
  check), ``file_box.py`` (the file buttons) and ``status.py`` (the bottom line);
- the modes over them: ``help_page.py``, ``text_entry.py``, ``load_list.py``,
  ``problem_list.py``, ``autoplay.py`` (a computer-only test game: its play
  and its mode);
- ``trial.py``: "Try it", a test game on the edited map inside the editor,
  and the config of any test game;
- ``layout.py``: where the boxes are, and the text helpers they share.
"""
