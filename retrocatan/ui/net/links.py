"""A new link for this platform: the desktop's thread (``thread_link``), or in
the browser the page's WebSocket (``browser_link.BrowserLink``; Pyodide has
no sockets). Screens ask here, never for one kind by name."""

from __future__ import annotations

import sys


def in_browser() -> bool:
    return sys.platform == "emscripten"


def new_link():
    if in_browser():
        from .browser_link import BrowserLink
        return BrowserLink()
    from .thread_link import ThreadLink
    return ThreadLink()


def end_link(link, wait: bool = True) -> None:
    """Close ``link`` for good (the desktop's also stops its thread; ``wait=False``: without
    waiting for it, as for a server that may not answer)."""
    link.shutdown(wait)
