"""The hex box: what lies on the hex under the cursor (its code and number,
a harbour, a region, a founding mark, the robber's or pirate's start)."""

from __future__ import annotations

from .. import font
from ..palette import BLACK, BLUE
from ..text import t
from .checks import pips
from .document import code_at, harbour_at, region_label
from .layout import HEX_BOX, RW, code_name, kind_name, titled_box


def draw_hex_box(s, p: tuple[int, int]) -> None:
    """The hex box for scenario ``s`` and the cursor at ``p``."""
    titled_box(HEX_BOX, t("ed.hex", r=p[0], c=p[1]), False)
    code = code_at(s, p)
    x, y = HEX_BOX[0] + 8, HEX_BOX[1] + 20
    if code is None:
        font.text(x, y, t("ed.i.outside"), BLACK, "small")
        return
    line = code_name(code)
    if len(code) > 1:
        line += ", " + t("ed.i.number", n=int(code[1:]), p=pips(int(code[1:])))
    font.text(x, y, font.fit(line, RW - 16, "small"), BLACK, "small")
    hb = harbour_at(s, p)
    if hb is not None:
        font.text(x, y + 11, font.fit(t("ed.i.harbour", kind=kind_name(hb.kind), side=t(f"ed.side.{hb.side}")),
                                      RW - 16, "small"), BLACK, "small")
    marks = []
    if region_label(s, p) != ".":
        marks.append(t("ed.i.region", label=region_label(s, p)))
    if s.founding != "all" and p in s.founding:
        marks.append(t("ed.i.founding"))
    if s.robber == p:
        marks.append(t("ed.i.robber"))
    if s.pirate == p:
        marks.append(t("ed.i.pirate"))
    if marks:
        font.text(x, y + 22, font.fit(", ".join(marks), RW - 16, "small"), BLUE, "small")
