"""The bitmap fonts (X11 misc-fixed, public domain; see resources/)."""

from __future__ import annotations

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


def width(s: str, name: str = "normal") -> int:
    return len(s) * SIZES[name][0]


def height(name: str = "normal") -> int:
    return SIZES[name][1]


def text(x: int, y: int, s: str, col: int, name: str = "normal") -> None:
    pyxel.text(x, y, s, col, font(name))


def shadow_text(x: int, y: int, s: str, col: int, shade: int = 0, name: str = "bold") -> None:
    text(x + 1, y + 1, s, shade, name)
    text(x, y, s, col, name)


def fit(s: str, max_width: int, name: str = "normal") -> str:
    """``s`` cut to fit ``max_width`` pixels."""
    per = SIZES[name][0]
    limit = max(0, max_width // per)
    return s if len(s) <= limit else s[: max(0, limit - 1)] + "."
