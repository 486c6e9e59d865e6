"""What every client says (the window, the terminal, the bots): the game's
words in English and German, with each rules layer's part of them. It
loads no Pyxel and nothing of a client (``tests/test_words.py``).

- ``text``: the one language and the text tables (``t``, ``fill``,
  ``set_language``; a client adds its own screens' tables, ``add_areas``);
- ``texts/``: the game's words (names, events, refusals, status lines);
- ``names``: cards and players in words; ``costs``: the engine's costs and
  rule numbers in the tables;
- ``events``: the lines of the engine's events; ``refusals``: why an
  action is refused; ``prompts``: the status line of a decision;
- ``layers``: the layers' parts (``word_part``, ``part``), ``seafarers/``.
"""

from .text import LANGUAGES, fill, language, set_language, t  # noqa: F401
