"""Make resources/retrocatan.pyxres and retrocatan.pyxpal, once.

    python3 resources/tools/make_sprites.py [--out FOLDER]

Draws the fixed-size sprites with the Pyxel primitives the game used to
draw them with (settlement, city, robber, harbour flags, dice faces), lays
them out in image bank 0 as ``retrocatan.ui.art.SPRITES`` describes, and
saves the sheet with the 16 EGA colours as its palette file. The sheet is
the source of the art from then on (this folder is not packaged): edit it
with

    pyxel edit resources/retrocatan.pyxres

and running this script again would overwrite those edits (hence --out,
default a new folder under the system's temporary folder).

Sheet conventions: ``art.CLEAR`` (magenta) is transparent; in the pieces,
``art.BODY`` (light blue, the first player's colour) is the body, which
``art`` repaints in each player's colour.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from retrocatan.ui import art, font  # noqa: E402
from retrocatan.ui.palette import BLACK, DARK_GREY, EGA, RED, WHITE  # noqa: E402

SHEET = "retrocatan.pyxres"


def settlement(x: int, y: int, col: int) -> None:
    import pyxel
    pyxel.rect(x - 5, y - 3, 11, 9, BLACK)
    pyxel.tri(x - 6, y - 3, x + 6, y - 3, x, y - 9, BLACK)
    pyxel.rect(x - 4, y - 2, 9, 7, col)
    pyxel.tri(x - 4, y - 3, x + 4, y - 3, x, y - 7, col)
    pyxel.rect(x - 1, y + 1, 3, 4, BLACK)


def city(x: int, y: int, col: int) -> None:
    import pyxel
    pyxel.rect(x - 9, y - 3, 19, 10, BLACK)
    pyxel.rect(x - 9, y - 11, 9, 9, BLACK)
    pyxel.tri(x - 10, y - 11, x + 0, y - 11, x - 5, y - 16, BLACK)
    pyxel.rect(x - 8, y - 2, 17, 8, col)
    pyxel.rect(x - 8, y - 10, 7, 9, col)
    pyxel.tri(x - 8, y - 11, x - 2, y - 11, x - 5, y - 14, col)
    pyxel.rect(x + 2, y + 1, 3, 5, BLACK)
    pyxel.rect(x - 6, y - 8, 2, 3, BLACK)


def robber(x: int, y: int) -> None:
    import pyxel
    pyxel.tri(x - 6, y + 8, x + 6, y + 8, x, y - 4, BLACK)
    pyxel.circ(x, y - 6, 4, BLACK)
    pyxel.tri(x - 4, y + 7, x + 4, y + 7, x, y - 2, DARK_GREY)
    pyxel.circ(x, y - 6, 3, DARK_GREY)
    pyxel.pset(x - 1, y - 7, WHITE)


def harbour_flag(x: int, y: int, kind: str) -> None:
    """The ratio box (its top-left at x, y) and, for a 2:1 harbour, the
    flag in the colour of its resource."""
    import pyxel
    pyxel.rect(x, y, 23, 12, WHITE)
    pyxel.rectb(x, y, 23, 12, BLACK)
    font.text(x + 2, y + 1, "3:1" if kind == "3:1" else "2:1", BLACK, "small")
    if kind != "3:1":
        from retrocatan.engine.components import RESOURCES
        pyxel.rect(x + 23, y, 6, 12, art.RESOURCE_COLOUR[RESOURCES.index(kind)])
        pyxel.rectb(x + 23, y, 6, 12, BLACK)


def die(x: int, y: int, value: int) -> None:
    import pyxel
    pyxel.rect(x, y, 17, 17, WHITE)
    pyxel.rectb(x, y, 17, 17, BLACK)
    spots = {1: [(8, 8)], 2: [(4, 4), (12, 12)], 3: [(4, 4), (8, 8), (12, 12)],
             4: [(4, 4), (12, 4), (4, 12), (12, 12)], 5: [(4, 4), (12, 4), (8, 8), (4, 12), (12, 12)],
             6: [(4, 4), (12, 4), (4, 8), (12, 8), (4, 12), (12, 12)]}[value]
    for sx, sy in spots:
        pyxel.rect(x + sx - 1, y + sy - 1, 2, 2, RED if value == 1 else BLACK)


def draw_sheet() -> None:
    """Every sprite at its place in art.SPRITES, on the screen."""
    import pyxel
    pyxel.cls(art.CLEAR)
    for name, (u, v, _w, _h, ax, ay) in art.SPRITES.items():
        if name == "settlement":
            settlement(u + ax, v + ay, art.BODY)
        elif name == "city":
            city(u + ax, v + ay, art.BODY)
        elif name == "robber":
            robber(u + ax, v + ay)
        elif name.startswith("harbour "):
            harbour_flag(u + ax, v + ay, name.split()[1])
        elif name.startswith("die "):
            die(u + ax, v + ay, int(name.split()[1]))
        else:
            raise ValueError(f"no drawing for the sprite {name!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Make the sprite sheet and palette file from the drawing code.")
    ap.add_argument("--out", help="folder to write into (default: a new temporary folder)")
    args = ap.parse_args(argv)
    out = os.path.abspath(args.out or tempfile.mkdtemp(prefix="retrocatan-sprites-"))
    try:
        os.makedirs(out, exist_ok=True)
        if not os.access(out, os.W_OK):
            raise OSError(f"{out} is not writable")
    except OSError as exc:
        print(f"make_sprites: {exc}", file=sys.stderr)
        return 2
    import pyxel
    pyxel.init(256, 256, headless=True, capture_sec=0)
    pyxel.colors[:] = list(EGA)
    draw_sheet()
    pyxel.images[0].blt(0, 0, pyxel.screen, 0, 0, 256, 256)
    path = os.path.join(out, SHEET)
    pyxel.save(path, exclude_tilemaps=True, exclude_sounds=True, exclude_musics=True)
    with open(os.path.join(out, SHEET.replace(".pyxres", ".pyxpal")), "w", encoding="ascii") as f:
        f.write("".join(f"{c:06x}\n" for c in EGA))
    print(f"wrote {path} and its palette file")
    return 0


if __name__ == "__main__":
    sys.exit(main())
