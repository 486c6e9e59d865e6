"""The window as a client of ``retrocatan serve`` (docs/protocol.md): the
connection off the drawing thread, the seat it follows, the games this
machine holds seats in. No Pyxel here."""


def make_link():
    """A link for this platform: the page's WebSocket in the browser (Pyodide has no
    sockets or threads), a thread running ``websockets`` elsewhere."""
    import sys
    if sys.platform == "emscripten":
        from .browser_link import BrowserLink
        return BrowserLink()
    from .thread_link import ThreadLink
    return ThreadLink()
