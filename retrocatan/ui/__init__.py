"""The Pyxel front end: a 640x480 window in the look of a 1996 VGA DOS game.

It never changes game state except by submitting actions to the engine
(through ``session.GameSession``)."""
