"""The table as a server: ``retrocatan serve`` holds network games, deals and
rolls with the engine, checks every action with it, stores every decision
before anyone hears of it, and sends each seat only what it may see.

Modules, one idea each: ``store`` (games and their decisions, SQLite or
PostgreSQL), ``clocks`` (paces and deadlines), ``table`` (one game at the
table: seats, tokens, entries, clocks), ``hub`` (the WebSocket server and
its limits), ``connections`` (a connection's life, the graceful stop),
``proxy`` (the client's address behind a trusted proxy), ``web`` (``/health``,
``/metrics`` on the same port), ``metrics``, ``logs`` (JSON lines),
``backup`` (backup and restore of the store), ``addresses`` (the addresses
``serve`` prints), ``notices`` (what by-post notices to send, and when),
``outbox`` (sending them, off the loop), ``webhooks`` (which URLs, what
body), ``commands`` (``retrocatan
serve``, ``backup``, ``restore``). The messages it speaks
are ``net/protocol.py``'s (docs/protocol.md). It is a client of the engine
beside the window; it imports no Pyxel and no client.
"""
