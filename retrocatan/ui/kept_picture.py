"""A part of the screen drawn once and then copied, frame after frame, while
what it shows stays the same: a box of the game screen, the board with its
placed pieces. Drawing a box's texts and cards costs far more than copying
its pixels, and most frames show the same boxes as the frame before.

The part must be opaque (every pixel of its rectangle drawn by ``draw``,
as a box's fill does), so that the picture does not keep what was under it.
The key says everything the drawing depends on; the language of the texts
is added here."""

from __future__ import annotations

import pyxel

from .text import language


class KeptPicture:
    """One rectangle's picture and the key it was drawn for."""

    def __init__(self) -> None:
        self._image = None
        self._key: object = None
        self._value: object = None

    def show(self, rect: tuple[int, int, int, int], key: object, draw):
        """Copy the kept picture to ``rect`` if it was drawn for ``key``, else ``draw()`` there and
        keep it; returns what ``draw`` returned when it drew the picture."""
        x, y, w, h = rect
        key = (rect, language(), key)
        if self._image is not None and self._key == key:
            pyxel.blt(x, y, self._image, 0, 0, w, h)
            return self._value
        self._key = None                    # a drawing that fails keeps nothing
        value = draw()
        img = self._image
        if img is None or img.width != w or img.height != h:
            img = self._image = pyxel.Image(w, h)
        img.blt(0, 0, pyxel.screen, x, y, w, h)
        self._key, self._value = key, value
        return value
