"""The command line's clients of ``retrocatan serve``: a computer player
(``bot``), a person at the terminal (``text_client``) and their commands
(``commands``: ``create``, ``bot``, ``join``, ``record``). They use the
network's shared parts (``net/``) and never the server's own modules.
No Pyxel here.
"""
