"""What every client of ``retrocatan serve`` shares, and the server too: the
messages (``protocol`` reads a client's, ``messages`` is the catalogue of
the server's; docs/protocol.md), following one seat's stream of
entries without any input or output (``seat_stream``), the asyncio client
of the command line and the bots (``client``), and the command line's
argument types (``arguments``). The window's links (a thread, the browser's
WebSocket) are ``ui/net/``'s and build on ``seat_stream``. No Pyxel here.
"""
