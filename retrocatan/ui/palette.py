"""The 16 EGA/VGA colours, the only colours on screen, and their roles.
Pyxel takes them from resources/retrocatan.pyxpal (the sprite sheet's
palette file, which ``pyxel edit`` shows); EGA is the same list here."""

from __future__ import annotations

EGA = (0x000000, 0x0000AA, 0x00AA00, 0x00AAAA, 0xAA0000, 0xAA00AA, 0xAA5500, 0xAAAAAA,
       0x555555, 0x5555FF, 0x55FF55, 0x55FFFF, 0xFF5555, 0xFF55FF, 0xFFFF55, 0xFFFFFF)

BLACK, BLUE, GREEN, CYAN, RED, MAGENTA, BROWN, GREY = range(8)
DARK_GREY, LIGHT_BLUE, LIGHT_GREEN, LIGHT_CYAN, LIGHT_RED, LIGHT_MAGENTA, YELLOW, WHITE = range(8, 16)

# Player colours: (body, shade, second body colour dithered over the first
# or None). Blue, red, white, orange (red and yellow dithered, as EGA has
# no orange), then green (green and light cyan dithered: a jade that
# differs from forest and pasture, and from orange for red-green colour
# blindness) and brown of the 1996 extension. No piece is painted like the
# ground of any terrain or the sea, and every pair stays apart under
# protanopia, deuteranopia and tritanopia (tests/test_ui_colours.py).
# Colour is not the only cue: every piece carries its seat's pips (art.mark).
PLAYER_COLOURS = (
    (LIGHT_BLUE, BLUE, None),
    (LIGHT_RED, RED, None),
    (WHITE, GREY, None),
    (LIGHT_RED, RED, YELLOW),
    (GREEN, BLACK, LIGHT_CYAN),
    (BROWN, BLACK, None),
)
MARK = BLACK            # the colour of the pips on every piece (art.mark)


PALETTE_FILE = "retrocatan.pyxpal"


def read_file(path: str) -> list[int]:
    """The colours of a Pyxel palette file: one hex RGB a line (read here
    rather than with pyxel.load_pal, which Pyxel 2.4 lacks)."""
    with open(path, encoding="ascii") as f:
        return [int(line, 16) for line in f.read().split()]


def apply() -> None:
    """Make Pyxel's palette the 16 EGA colours of the palette file."""
    import pyxel  # here: the layers' parts register without loading Pyxel

    from ..resources_path import resource_path
    pyxel.colors[:] = read_file(resource_path(PALETTE_FILE))
