"""The table as a server: ``retrocatan serve`` holds network games, deals and
rolls with the engine, checks every action with it, stores every decision
before anyone hears of it, and sends each seat only what it may see.

Modules, one idea each: ``store`` (games and their decisions, SQLite or
PostgreSQL), ``protocol`` (the messages, docs/protocol.md), ``clocks``
(paces and deadlines), ``table`` (one game at the table: seats, tokens,
entries, clocks), ``hub`` (the WebSocket server and its limits),
``client`` (a network client that reconnects by itself), ``bot`` and
``text_client`` (a computer and a person at a terminal as clients).
It is a client of the engine beside the window; it imports no Pyxel.
"""
