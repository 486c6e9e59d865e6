"""The title screen (ui/scenes/title.py).

English and German, the same keys (tests/test_ui_texts_tables.py)."""

EN = {
    "title": "Die Siedler von Catan",
    "title.no_saves": "No saved game yet: save one from the game menu (M, Esc or B)",
    "subtitle": "RetroCatan - an unofficial remake of the 1996 DOS game",
    "new_game": "New game",
    "load_game": "Load game",
    "options": "Options",
    "quit": "Quit",
    "demo": "Demo - press any key",
    "continue": "Continue the last game",
    "footer": "Catan is a trademark of its owners. Unofficial fan remake.",
    "scenario_editor": "Scenario editor",
}

DE = {
    "title": "Die Siedler von Catan",
    "title.no_saves": "Noch kein gespeichertes Spiel: im Spielmenü sichern (M, Esc oder B)",
    "subtitle": "RetroCatan - inoffizielle Neuauflage des DOS-Spiels von 1996",
    "new_game": "Neues Spiel",
    "load_game": "Spiel laden",
    "options": "Optionen",
    "quit": "Beenden",
    "demo": "Demo - bitte Taste drücken",
    "continue": "Letztes Spiel fortsetzen",
    "footer": "Catan ist eine Marke ihrer Inhaber. Inoffizielle Fan-Neuauflage.",
    "scenario_editor": "Szenario-Editor",
}
