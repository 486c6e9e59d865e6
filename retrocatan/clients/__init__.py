"""The command line's clients of ``retrocatan serve``: a computer player
(``bot``), a person at the terminal (``join``: ``text_client``, the seat's
loop; ``render``, what the seat sees as lines in the game's words of
``words/``; ``line_input``, the lines typed), what both share (``seat_file``:
a seat kept in a file; ``reach``: waiting for a server that is down;
``texts``: their own lines in English and German) and their commands
(``commands``: ``create``, ``bot``, ``join``, ``record``). They use the
network's shared parts (``net/``) and never the server's own modules.
No Pyxel here.
"""
