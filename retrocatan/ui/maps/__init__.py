"""Scenario maps below the screens that show them, the new-game screen and
the scenario editor: ``files.py`` reads scenario files (the player's own
in the game's storage, which of them a game can be played on, a file on a
path) and ``hexes.py`` draws a scenario file's map, hex by hex."""
