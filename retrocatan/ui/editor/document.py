"""The scenario being edited, and every edit as a step that can be undone.

A ``Document`` holds an immutable ``Scenario`` (engine/scenario.py); each
edit builds a new one with ``dataclasses.replace``, so undo and redo are
two stacks of earlier and later scenarios. Places are ``(row, column)``
counted from 1, as in the file. An edit that makes no sense (a number on
the sea, a harbour with no land beside it) raises ``EditError`` with one
line and changes nothing; an edit that leaves the scenario unplayable is
allowed, and ``checks.problem`` says what is wrong, as the game would.
The map's cells are in ``cells.py``, the pools' edits in ``pools.py``.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.config import GameConfig
from ...engine.geometry import SIDE_NAMES
from ...engine.scenario import (
    HARBOUR_KINDS,
    MAX_COLUMNS,
    MAX_ROWS,
    NO_HEX,
    NOT_SCENARIO_OPTIONS,
    NUMBERS,
    SEA_CODE,
    Harbour,
    Scenario,
)
from .cells import DESERT_CODE, PAINT_CODES, EditError, code_at, is_land, neighbour, with_cell

PLAYER_SETS = ((3,), (4,), (3, 4), (5,), (6,), (5, 6))
EDGES = ("top", "bottom", "left", "right")
# Growing or shrinking at the top moves every row, and rows alternate in
# their half-hex offset, so the top changes by two rows to keep the shape.
EDGE_STEP = {"top": 2, "bottom": 1, "left": 1, "right": 1}
UNDO_LIMIT = 500



def new_scenario(rows: int = 7, columns: int = 9) -> Scenario:
    """An empty sea map with the default rules."""
    return Scenario(
        id="my-scenario",
        name={"en": "New scenario", "de": "Neues Szenario"},
        description={"en": "A scenario made with the editor.", "de": "Ein Szenario aus dem Editor."},
        players=(3, 4), vp_target=10,
        map=tuple(tuple(SEA_CODE for _ in range(columns)) for _ in range(rows)),
        terrain_pool=(), placement="shuffle", tokens=(), harbour_pool=(), harbours=(),
        founding="all", robber="desert", ships=True)


def region_label(s: Scenario, p) -> str:
    """The region label of map cell ``p`` (row, column from 1); "." when the file's regions do
    not reach it (a draft's regions may be empty or short)."""
    y, x = p
    rows = s.regions
    if rows is None or not 1 <= y <= len(rows) or not 1 <= x <= len(rows[y - 1]):
        return "."
    return rows[y - 1][x - 1]


def _fitted_regions(s: Scenario, rows) -> tuple:
    """Region rows padded with "." (or cut) to the map's size."""
    return tuple(tuple(_padded(rows, y, len(row))) for y, row in enumerate(s.map))


# --- edits: each takes a scenario and returns the edited one -------------------------------
def _tidy(s: Scenario) -> Scenario:
    """Drop what the map no longer has room for: harbours off the sea,
    a pirate off the sea, a robber or founding hex off the land, region
    labels of hexes that are no longer land."""
    harbours = tuple(h for h in s.harbours if code_at(s, h.hex) == SEA_CODE
                     and is_land(code_at(s, neighbour(h.hex, h.side)) or NO_HEX))
    pirate = s.pirate if s.pirate is not None and code_at(s, s.pirate) == SEA_CODE else None
    robber = s.robber if s.robber == "desert" or is_land(code_at(s, s.robber) or NO_HEX) else "desert"
    founding = s.founding
    if founding != "all":
        founding = tuple(p for p in founding if is_land(code_at(s, p) or NO_HEX)) or "all"
    regions = s.regions
    if regions is not None:
        regions = tuple(
            tuple(("." if code in (NO_HEX, SEA_CODE) else
                   (label if label != "." else _nearby_label(regions, s, (y + 1, x + 1))))
                  for x, (code, label) in enumerate(zip(row, _padded(regions, y, len(row)))))
            for y, row in enumerate(s.map))
    return replace(s, harbours=harbours, pirate=pirate, robber=robber, founding=founding, regions=regions)


def _padded(regions, y: int, width: int) -> tuple[str, ...]:
    row = regions[y] if y < len(regions) else ()
    return tuple(row[:width]) + (".",) * (width - len(row))


def _nearby_label(regions, s: Scenario, p) -> str:
    for side in SIDE_NAMES:
        y, x = neighbour(p, side)
        if 1 <= y <= len(regions) and 1 <= x <= len(regions[y - 1]) and regions[y - 1][x - 1] != ".":
            return regions[y - 1][x - 1]
    return "a"


def paint(s: Scenario, p: tuple[int, int], code: str) -> Scenario:
    """Paint a hex: one of PAINT_CODES. A land hex keeps its number when it
    stays land that takes one (not a desert)."""
    old = code_at(s, p)
    if old is None:
        raise EditError("outside the map")
    if code not in PAINT_CODES:
        raise EditError(f"unknown hex code {code!r}")
    number = old[1:] if len(old) > 1 and is_land(code) and code != DESERT_CODE else ""
    return _tidy(replace(s, map=with_cell(s.map, p, code + number)))


def set_number(s: Scenario, p: tuple[int, int], number: int | None) -> Scenario:
    """Give a land hex a fixed number token (None: take one from the pool)."""
    old = code_at(s, p)
    if old is None:
        raise EditError("outside the map")
    if number is not None and number not in NUMBERS:
        raise EditError(f"{number} is not a number token (2-6, 8-12)")
    if number is not None and (not is_land(old) or old[0] == DESERT_CODE):
        raise EditError("numbers go on land other than a desert")
    if not is_land(old):
        return s
    return replace(s, map=with_cell(s.map, p, old[0] + (str(number) if number else "")))


def region_cells(s: Scenario, p: tuple[int, int]) -> list[tuple[int, int]]:
    """The connected hexes of the same kind as the one at ``p`` (same code
    letter, numbers aside), found edge to edge."""
    start = code_at(s, p)
    if start is None:
        return []
    kind = start[0]
    seen, todo = {p}, [p]
    while todo:
        q = todo.pop()
        for side in SIDE_NAMES:
            n = neighbour(q, side)
            c = code_at(s, n)
            if n not in seen and c is not None and c[0] == kind:
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def fill(s: Scenario, p: tuple[int, int], code: str) -> Scenario:
    """Paint the connected area of like hexes around ``p``."""
    cells = region_cells(s, p)
    if not cells:
        raise EditError("outside the map")
    rows = [list(r) for r in s.map]
    for y, x in cells:
        old = rows[y - 1][x - 1]
        number = old[1:] if len(old) > 1 and is_land(code) and code != DESERT_CODE else ""
        rows[y - 1][x - 1] = code + number
    return _tidy(replace(s, map=tuple(tuple(r) for r in rows)))


def land_sides(s: Scenario, p: tuple[int, int]) -> list[str]:
    """The sides of a hex that face a land hex (where a harbour can face)."""
    return [side for side in SIDE_NAMES if is_land(code_at(s, neighbour(p, side)) or NO_HEX)]


def harbour_at(s: Scenario, p: tuple[int, int]) -> Harbour | None:
    return next((h for h in s.harbours if h.hex == p), None)


def place_harbour(s: Scenario, p: tuple[int, int], kind: str, side: str | None = None) -> Scenario:
    """Put a harbour of ``kind`` (a HARBOUR_KINDS entry or "?") on a sea
    hex, facing ``side`` if that is land, else the first land side."""
    if kind not in HARBOUR_KINDS + ("?",):
        raise EditError(f"unknown harbour kind {kind!r}")
    if code_at(s, p) != SEA_CODE:
        raise EditError("a harbour stands on a sea hex")
    sides = land_sides(s, p)
    if not sides:
        raise EditError("a harbour needs land beside its sea hex")
    old = harbour_at(s, p)
    if side not in sides:
        side = old.side if old is not None and old.side in sides else sides[0]
    new = Harbour(p, side, kind)
    harbours = tuple(new if h.hex == p else h for h in s.harbours) if old else s.harbours + (new,)
    return replace(s, harbours=harbours)


def turn_harbour(s: Scenario, p: tuple[int, int]) -> Scenario:
    """Turn the harbour on ``p`` to face its next land side."""
    old = harbour_at(s, p)
    if old is None:
        raise EditError("no harbour on this hex")
    sides = land_sides(s, p)
    nxt = sides[(sides.index(old.side) + 1) % len(sides)] if old.side in sides else sides[0]
    return place_harbour(s, p, old.kind, nxt)


def remove_harbour(s: Scenario, p: tuple[int, int]) -> Scenario:
    if harbour_at(s, p) is None:
        raise EditError("no harbour on this hex")
    return replace(s, harbours=tuple(h for h in s.harbours if h.hex != p))


def islands_labels(s: Scenario) -> tuple[tuple[str, ...], ...]:
    """Region labels a, b, c, ... for the islands (land and fog joined edge to edge)."""
    labels: dict[tuple[int, int], str] = {}
    n = 0
    for y, row in enumerate(s.map):
        for x, code in enumerate(row):
            p = (y + 1, x + 1)
            if code in (NO_HEX, SEA_CODE) or p in labels:
                continue
            label = chr(ord("a") + min(n, 25))
            n += 1
            todo = [p]
            labels[p] = label
            while todo:
                q = todo.pop()
                for side in SIDE_NAMES:
                    m = neighbour(q, side)
                    c = code_at(s, m)
                    if m not in labels and c is not None and c not in (NO_HEX, SEA_CODE):
                        labels[m] = label
                        todo.append(m)
    return tuple(tuple(labels.get((y + 1, x + 1), ".") for x in range(len(row))) for y, row in enumerate(s.map))


def mark_region(s: Scenario, p: tuple[int, int], label: str) -> Scenario:
    """Give a land or fog hex a region label a-z (named regions start from the islands)."""
    if not (len(label) == 1 and "a" <= label <= "z"):
        raise EditError("a region label is a letter a-z")
    code = code_at(s, p)
    if code is None or code in (NO_HEX, SEA_CODE):
        raise EditError("regions are marked on land or fog")
    regions = _fitted_regions(s, s.regions) if s.regions is not None else islands_labels(s)
    return replace(s, regions=with_cell(regions, p, label))


def use_islands_as_regions(s: Scenario) -> Scenario:
    return replace(s, regions=None)


def resize(s: Scenario, edge: str, grow: bool) -> Scenario:
    """Add (``grow``) or remove rows or columns at one edge of the map.
    New hexes are sea; removed ones take their harbours, founding marks
    and region labels along."""
    if edge not in EDGES:
        raise EditError(f"unknown edge {edge!r}")
    n = EDGE_STEP[edge]
    rows, cols = len(s.map), len(s.map[0])
    if edge in ("top", "bottom"):
        new_rows = rows + n if grow else rows - n
        if not 1 <= new_rows <= MAX_ROWS:
            raise EditError(f"a map has 1 to {MAX_ROWS} rows")
    else:
        new_cols = cols + n if grow else cols - n
        if not 1 <= new_cols <= MAX_COLUMNS:
            raise EditError(f"a map has 1 to {MAX_COLUMNS} columns")
    dy = n if edge == "top" else 0
    dx = n if edge == "left" else 0
    if not grow:
        dy, dx = -dy, -dx

    def cut(grid, fill_value):
        if grid is None:
            return None
        g = [list(r) for r in grid]
        width = len(g[0])
        if edge == "top":
            g = [[fill_value] * width for _ in range(n)] + g if grow else g[n:]
        elif edge == "bottom":
            g = g + [[fill_value] * width for _ in range(n)] if grow else g[:-n]
        elif edge == "left":
            g = [[fill_value] * n + r if grow else r[n:] for r in g]
        else:
            g = [r + [fill_value] * n if grow else r[:-n] for r in g]
        return tuple(tuple(r) for r in g)

    def move(p):
        return None if p is None else (p[0] + dy, p[1] + dx)

    new_map = cut(s.map, SEA_CODE)

    def inside(p):
        return p is not None and 1 <= p[0] <= len(new_map) and 1 <= p[1] <= len(new_map[0])
    harbours = tuple(Harbour(move(h.hex), h.side, h.kind) for h in s.harbours if inside(move(h.hex)))
    founding = s.founding if s.founding == "all" else tuple(move(p) for p in s.founding if inside(move(p)))
    robber = s.robber if s.robber == "desert" else move(s.robber)
    pirate = move(s.pirate)
    beginner = s.beginner
    if beginner is not None and beginner.map is not None:
        beginner = replace(beginner, map=cut(beginner.map, SEA_CODE))
    out = replace(s, map=new_map, harbours=harbours, founding=founding or "all",
                  robber=robber if robber == "desert" or inside(robber) else "desert",
                  pirate=pirate if inside(pirate) else None, regions=cut(s.regions, "."), beginner=beginner)
    return _tidy(out)


def toggle_founding(s: Scenario, p: tuple[int, int]) -> Scenario:
    """Name (or stop naming) the region of a land hex as a founding region."""
    if not is_land(code_at(s, p) or NO_HEX):
        raise EditError("founding regions are named by a land hex")
    current = () if s.founding == "all" else s.founding
    founding = tuple(q for q in current if q != p) if p in current else current + (p,)
    return replace(s, founding=founding or "all")


def set_robber(s: Scenario, p: tuple[int, int] | None) -> Scenario:
    """The robber's start: a land hex, or None for a random desert."""
    if p is None:
        return replace(s, robber="desert")
    if not is_land(code_at(s, p) or NO_HEX):
        raise EditError("the robber starts on a land hex")
    return replace(s, robber=p)


def set_pirate(s: Scenario, p: tuple[int, int] | None) -> Scenario:
    if p is None:
        return replace(s, pirate=None)
    if code_at(s, p) != SEA_CODE:
        raise EditError("the pirate starts on a sea hex")
    return replace(s, pirate=p, ships=True)


def set_text(s: Scenario, field: str, lang: str, value: str) -> Scenario:
    if field not in ("name", "description") or lang not in ("en", "de"):
        raise EditError(f"no text {field}.{lang}")
    texts = dict(getattr(s, field))
    texts[lang] = value
    return replace(s, **{field: texts})


def set_players(s: Scenario, players: tuple[int, ...]) -> Scenario:
    """Player counts; the components follow (base for 3-4, extension for 5-6)."""
    if players not in PLAYER_SETS:
        raise EditError("players: 3, 4, 3-4, 5, 6 or 5-6")
    return replace(s, players=players, components="extension" if min(players) >= 5 else "base")


def set_option(s: Scenario, name: str, value) -> Scenario:
    """A rule option's default for this scenario (kept only when it differs from the game's)."""
    from dataclasses import fields
    defaults = {f.name: f.default for f in fields(GameConfig)}
    if name not in defaults or name in NOT_SCENARIO_OPTIONS or name == "scenario":
        raise EditError(f"{name!r} is not an option a scenario can set")
    options = dict(s.options)
    if value == defaults[name]:
        options.pop(name, None)
    else:
        options[name] = value
    order = [f.name for f in fields(GameConfig)]
    return replace(s, options=tuple(sorted(options.items(), key=lambda kv: order.index(kv[0]))))


def option_value(s: Scenario, name: str):
    from dataclasses import fields
    return dict(s.options).get(name, {f.name: f.default for f in fields(GameConfig)}[name])

# --- the document -----------------------------------------------------------------------------
class Document:
    """A scenario under edit with undo and redo. ``apply(edit, *args)``
    runs one of the edits above; a refused edit raises EditError and
    changes nothing. ``version`` counts changes (for redrawing)."""

    def __init__(self, scenario: Scenario | None = None) -> None:
        self.scenario = scenario if scenario is not None else new_scenario()
        self.undo_stack: list[Scenario] = []
        self.redo_stack: list[Scenario] = []
        self.saved = self.scenario
        self.version = 0

    @property
    def dirty(self) -> bool:
        return self.scenario != self.saved

    def apply(self, edit, *args) -> bool:
        """Run an edit; True if it changed the scenario."""
        new = edit(self.scenario, *args)
        if new == self.scenario:
            return False
        self.undo_stack.append(self.scenario)
        del self.undo_stack[:-UNDO_LIMIT]
        self.redo_stack.clear()
        self.scenario = new
        self.version += 1
        return True

    def can_undo(self) -> bool:
        return bool(self.undo_stack)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.scenario)
        self.scenario = self.undo_stack.pop()
        self.version += 1
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.scenario)
        self.scenario = self.redo_stack.pop()
        self.version += 1
        return True

    def mark_saved(self) -> None:
        self.saved = self.scenario
