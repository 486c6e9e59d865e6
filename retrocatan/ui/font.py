"""The bitmap fonts (X11 misc-fixed, public domain; see resources/).

They hold Latin-1; a character they lack (the euro sign, an emoji, Chinese
typed in a chat line or a name) is drawn as a hollow box in its cell, so
that it shows, never as a blank."""

from __future__ import annotations

from functools import cache, lru_cache

import pyxel

from ..resources_path import resource_path

_FONTS: dict[str, object] = {}
SIZES = {"normal": (8, 13), "bold": (8, 13), "small": (6, 10)}
_FILES = {"normal": "fixed-8x13.bdf", "bold": "fixed-8x13B.bdf", "small": "fixed-6x10.bdf"}


def font(name: str = "normal"):
    f = _FONTS.get(name)
    if f is None:
        f = _FONTS[name] = pyxel.Font(resource_path(_FILES[name]))
    return f


@cache
def glyphs(name: str = "normal") -> frozenset[int]:
    """The characters the font ``name`` draws (the ENCODING lines of its BDF file)."""
    with open(resource_path(_FILES[name]), encoding="latin-1") as f:
        return frozenset(int(line.split()[1]) for line in f if line.startswith("ENCODING "))


@lru_cache(maxsize=512)
def missing(s: str, name: str = "normal") -> tuple[int, ...]:
    """Where ``s`` has characters the font lacks."""
    if s.isascii():
        return ()
    have = glyphs(name)
    return tuple(i for i, ch in enumerate(s) if ord(ch) not in have)


def width(s: str, name: str = "normal") -> int:
    return len(s) * SIZES[name][0]


def height(name: str = "normal") -> int:
    return SIZES[name][1]


def text(x: int, y: int, s: str, col: int, name: str = "normal") -> None:
    gaps = missing(s, name)
    if not gaps:
        pyxel.text(x, y, s, col, font(name))
        return
    chars = list(s)
    for i in gaps:
        chars[i] = " "
    pyxel.text(x, y, "".join(chars), col, font(name))
    w, h = SIZES[name]
    for i in gaps:          # the replacement: a hollow box in the character's cell
        pyxel.rectb(x + i * w + 1, y + 1, w - 2, h - 3, col)


def shadow_text(x: int, y: int, s: str, col: int, shade: int = 0, name: str = "bold") -> None:
    text(x + 1, y + 1, s, shade, name)
    text(x, y, s, col, name)


def fit(s: str, max_width: int, name: str = "normal") -> str:
    """``s`` cut to fit ``max_width`` pixels."""
    per = SIZES[name][0]
    limit = max(0, max_width // per)
    return s if len(s) <= limit else s[: max(0, limit - 1)] + "."
