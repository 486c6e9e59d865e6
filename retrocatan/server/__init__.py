"""The table as a server: ``retrocatan serve`` holds network games, deals and
rolls with the engine, checks every action with it, stores every decision
before anyone hears of it, and sends each seat only what it may see.

Modules, one idea each: ``store`` (games and their decisions, SQLite or
PostgreSQL), ``clocks`` (paces and deadlines), ``table`` (one game at the
table: seats, tokens, entries, clocks), ``pool`` (the worker processes the
computer seats think in), ``hub`` (the WebSocket server and its limits),
``commands`` (``retrocatan serve``). The messages it speaks
are ``net/protocol.py``'s (docs/protocol.md). It is a client of the engine
beside the window; it imports no Pyxel and no client.
"""
