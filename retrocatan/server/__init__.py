"""The table as a server: ``retrocatan serve`` holds network games, deals and
rolls with the engine, checks every action with it, stores every decision
before anyone hears of it, and sends each seat only what it may see.

Modules, one idea each. The table: ``store`` (games and their decisions,
SQLite or PostgreSQL), ``meta`` (a game's data declared: status, seats,
deadline), ``clocks`` (paces, the server's heartbeat), ``deadlines`` (when a
decision is due), ``expiry`` (when the server ends a game nobody plays),
``table`` (one game at the table: seats, tokens, entries, clocks). The
server: ``hub`` (the WebSocket server and its limits), ``connections`` (a
connection's life, the graceful stop), ``looks`` (requests that only look
at games), ``proxy`` (the client's address behind a trusted proxy), ``web``
(``/health``, ``/metrics`` on the same port), ``metrics``, ``logs`` (JSON
lines). The computers: ``computers`` (the decisions a table makes itself: a
computer seat's, a late seat's), ``pool`` (the worker processes they think
in). By-post notices: ``notices`` (what to send, and when), ``outbox``
(sending them, off the loop), ``webhooks`` (which URLs, what body). The
operator: ``admin`` (the operator's requests and admin file), ``backup``
(backup and restore of the store), ``addresses`` (the addresses ``serve``
prints), ``commands`` and ``admin_command`` (``retrocatan serve``,
``backup``, ``restore``, ``admin``). The messages it reads are
``net/protocol.py``'s, the ones it sends ``net/messages.py``'s
(docs/protocol.md). It is a client of the engine
beside the window; it imports no Pyxel and no client.
"""
