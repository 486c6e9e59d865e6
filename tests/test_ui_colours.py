"""Players' pieces apart for everyone (issue 44, rough edge 2): every pair
of player colours stays apart under the common colour-vision
deficiencies, and every player's pieces carry a second cue besides
colour (their seat's pips, ``art.mark``).

The colour check: each player's body colour as the eye mixes it (a 50%
dither is the mean of its two colours in linear light), seen with normal
sight and through the protanopia, deuteranopia and tritanopia matrices of
Machado, Oliveira and Fernandes 2009 (severity 1.0, applied to linear
sRGB), compared in CIELAB (D65): every pair at least ``THRESHOLD`` apart in
CIE 1976 Delta E*ab. 20 is about ten just-noticeable differences (2.3
each): colours that far apart are told apart at a glance on a small piece,
as the DOS game's blue, red and white are for everyone."""

import itertools
import math

import pytest

from retrocatan.ui.palette import EGA, GREEN, LIGHT_GREEN, LIGHT_RED, PLAYER_COLOURS, YELLOW

THRESHOLD = 20.0

MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
SIGHTS = [("normal", None), *MACHADO_2009.items()]


def _linear(v: int) -> list[float]:
    out = []
    for c in ((v >> 16) & 255, (v >> 8) & 255, v & 255):
        c /= 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out


def seen(body: int, second: int | None, matrix) -> list[float]:
    """Linear RGB of a body colour (``second`` dithered over it at 50%) through ``matrix``."""
    cols = [_linear(EGA[body])] + ([_linear(EGA[second])] if second is not None else [])
    rgb = [sum(c[i] for c in cols) / len(cols) for i in range(3)]
    if matrix is None:
        return rgb
    return [min(1.0, max(0.0, sum(matrix[i][j] * rgb[j] for j in range(3)))) for i in range(3)]


def lab(rgb) -> tuple[float, float, float]:
    r, g, b = rgb
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
                  for t in (xyz[0] / 0.95047, xyz[1], xyz[2] / 1.08883))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def closest_pair(colours) -> tuple[float, str, int, int]:
    """(Delta E*ab, sight, a, b) of the two colours nearest each other under any sight."""
    out = []
    for name, matrix in SIGHTS:
        labs = [lab(seen(body, second, matrix)) for body, second in colours]
        out += [(math.dist(labs[a], labs[b]), name, a, b) for a, b in itertools.combinations(range(len(labs)), 2)]
    return min(out)


def test_the_check_tells_the_colours_that_merge_for_red_green_blindness():
    """Orange (red and yellow dithered) and a green of the two greens both
    turn a yellow-brown for deuteranopes: the check sees that; it sees
    blue and white apart."""
    orange, greens = (LIGHT_RED, YELLOW), (GREEN, LIGHT_GREEN)
    gap, sight, _, _ = closest_pair([orange, greens])
    assert gap < THRESHOLD and sight in ("protanopia", "deuteranopia")
    assert closest_pair([(EGA.index(0x5555FF), None), (EGA.index(0xFFFFFF), None)])[0] > THRESHOLD


@pytest.mark.parametrize("sight", [name for name, _ in SIGHTS])
def test_every_pair_of_player_colours_stays_apart(sight):
    colours = [(body, second) for body, _, second in PLAYER_COLOURS]
    matrix = dict(SIGHTS)[sight]
    labs = [lab(seen(body, second, matrix)) for body, second in colours]
    for a, b in itertools.combinations(range(len(colours)), 2):
        gap = math.dist(labs[a], labs[b])
        assert gap >= THRESHOLD, f"players {a} and {b}: Delta E {gap:.1f} under {sight}"


def _black_pixels(pyxel, draw) -> frozenset:
    """The black pixels ``draw()`` leaves on a grey screen (outlines and marks, not colours)."""
    from retrocatan.ui.palette import BLACK, GREY
    pyxel.cls(GREY)
    draw()
    return frozenset((x, y) for y in range(0, 60) for x in range(0, 60) if pyxel.pget(x, y) == BLACK)


@pytest.mark.parametrize("piece", ["settlement", "city", "ship", "road", "swatch"])
def test_every_players_pieces_differ_without_their_colour(pyxel_headless, piece):
    """With colour taken away (only the black pixels kept), each player's
    settlement, city, ship, road and swatch still differs from every other
    player's: the seat's pips."""
    from retrocatan.ui import art
    draw = {"settlement": lambda p: art.settlement(30, 30, p), "city": lambda p: art.city(30, 30, p),
            "ship": lambda p: art.ship(30, 30, p), "road": lambda p: art.road(10, 40, 40, 22, p),
            "swatch": lambda p: art.swatch(20, 20, 10, 10, p)}[piece]
    shapes = [_black_pixels(pyxel_headless, lambda p=p: draw(p)) for p in range(len(PLAYER_COLOURS))]
    assert len(set(shapes)) == len(PLAYER_COLOURS)
