"""The rules box: the game's check on the scenario (three lines, a click
lists every problem), the dots per resource, the numbers as bars, and the
scenario's rules as a list: texts, players and points, markers, the map's
size, the pools, the harbours, fog and the game's options. Left and right
change a line; Enter opens a text or does what the line says."""

from __future__ import annotations

from dataclasses import replace

import pyxel

from ...engine import rule_options
from ...engine.components import RESOURCES
from ...engine.options import MIN_VP_TARGET
from ...engine.scenario import (
    HARBOUR_KINDS,
    ISLAND_BONUS_FORMS,
    LAND_TERRAINS,
    NOT_SCENARIO_OPTIONS,
    NUMBERS,
    PLACEMENTS,
    SEA_CODE,
)
from ...engine.targets import highest_target
from .. import font
from ..palette import BLACK, BLUE, DARK_GREY, GREEN, RED
from ..text import TEXTS, t
from ..widgets import Item, Menu
from . import document as doc_edits
from . import pools
from .checks import STAT_KINDS, problem_text
from .document import PLAYER_SETS, code_at, is_land
from .layout import RULES_BOX, RW, inside, kind_name, preview, terrain_name, titled_box, wrap

EDGES_OF = {"top": "rows", "bottom": "rows", "left": "cols", "right": "cols"}
CHECK_LINES = (RULES_BOX[0], RULES_BOX[1] + 18, RULES_BOX[2], 32)      # a click here lists every problem


def problem_summary(found, width: int) -> list[tuple[str, int]]:
    """The rules box's three lines about the check: "loads", one problem
    wrapped, one line per problem, or two and how many more."""
    if not found:
        return [(t("ed.ok"), GREEN)]
    if len(found) == 1:
        return [(line, RED) for line in wrap(t("ed.problem", why=problem_text(found[0])), width)[:3]]
    lines = [(font.fit(t("ed.problem_n", n=len(found), why=problem_text(found[0])), width, "small"), RED)]
    shown = found[1:3] if len(found) <= 3 else found[1:2]
    lines += [(font.fit(f"{i + 2}. {problem_text(pr)}", width, "small"), RED) for i, pr in enumerate(shown)]
    if len(found) > 3:
        lines.append((font.fit(t("ed.more", n=len(found) - 2), width, "small"), BLUE))
    return lines


def rule_items(s, n_problems: int) -> list[Item]:
    """The lines of the rules list for scenario ``s``."""
    def head(key):
        return Item(t(key), None, enabled=False)

    def adj(label, value):
        return Item(label, value, adjustable=True)

    def at(p):
        return t("ed.at", r=p[0], c=p[1])
    pool, fog, hpool = dict(s.terrain_pool), dict(s.fog_pool), dict(s.harbour_pool)
    items = [head("ed.sec.texts")]
    for lang in ("en", "de"):
        items.append(Item(preview("ed.r.name", RW - 20, lang=lang, v=s.name[lang]), ("text", "name", lang)))
    for lang in ("en", "de"):
        items.append(Item(preview("ed.r.desc", RW - 20, lang=lang, v=s.description[lang]),
                          ("text", "description", lang)))
    items.append(Item(preview("ed.r.id", RW - 20, v=s.id), ("text", "id", "")))
    items.append(head("ed.sec.game"))
    players = "-".join(str(p) for p in (s.players[0], s.players[-1])) if len(s.players) > 1 else str(s.players[0])
    items += [
        adj(t("ed.r.players", v=players), "players"),
        adj(t("ed.r.vp", v=s.vp_target), "vp_target"),
        adj(t("ed.r.ships", v=t("on") if s.ships else t("off")), "ships"),
        adj(t("ed.r.bonus", v=t(f"ed.bonus.{s.island_bonus}")), "island_bonus"),
        adj(t("ed.r.bonus_points", v=s.island_bonus_points), "island_bonus_points"),
        Item(t("ed.r.robber", v=t("ed.desert") if s.robber == "desert" else at(s.robber)), "robber"),
        Item(t("ed.r.pirate", v=t("ed.none") if s.pirate is None else at(s.pirate)), "pirate"),
        Item(t("ed.r.founding", v=t("ed.all") if s.founding == "all" else t("ed.n_regions", n=len(s.founding))),
             "founding"),
        adj(t("ed.r.placement", v=t(f"ed.placement.{s.placement}")), "placement"),
        Item(t("ed.r.regions", v=t("ed.regions.islands") if s.regions is None else t("ed.regions.named")),
             "regions"),
    ]
    if s.beginner is not None:
        items.append(Item(t("ed.r.beginner", v=t("ed.kept")), "beginner"))
    if s.generator is not None:
        items.append(adj(t("ed.r.generator", v=s.generator), "generator"))
    items.append(Item(t("ed.r.fit"), "fit"))
    items.append(Item(t("ed.r.problems", n=n_problems), "problems"))
    items.append(head("ed.sec.map"))
    for edge in ("top", "bottom", "left", "right"):
        n = len(s.map) if EDGES_OF[edge] == "rows" else len(s.map[0])
        items.append(adj(t(f"ed.r.{edge}", n=n), ("edge", edge)))
    items.append(head("ed.sec.pools"))
    for terrain in LAND_TERRAINS:
        items.append(adj(t("ed.r.pool", kind=terrain_name(terrain), n=pool.get(terrain, 0)),
                         ("pool", "terrain_pool", terrain)))
    items.append(head("ed.sec.tokens"))
    for n in NUMBERS:
        items.append(adj(t("ed.r.token", num=n, n=s.tokens.count(n)), ("tokens", "tokens", n)))
    items.append(head("ed.sec.harbours"))
    for kind in HARBOUR_KINDS:
        items.append(adj(t("ed.r.hpool", kind=kind_name(kind), n=hpool.get(kind, 0)),
                         ("pool", "harbour_pool", kind)))
    items.append(head("ed.sec.fog"))
    for terrain in ("sea",) + LAND_TERRAINS:
        items.append(adj(t("ed.r.pool", kind=terrain_name(terrain), n=fog.get(terrain, 0)),
                         ("pool", "fog_pool", terrain)))
    for n in NUMBERS:
        items.append(adj(t("ed.r.fog_token", num=n, n=s.fog_tokens.count(n)), ("tokens", "fog_tokens", n)))
    items.append(head("ed.sec.options"))
    for name, opt in rule_options.OPTIONS.items():
        if name in NOT_SCENARIO_OPTIONS or name == "scenario":     # the map is the scenario itself
            continue
        value = doc_edits.option_value(s, name)
        shown = (t("on") if value else t("off")) if opt.kind == "bool" else value
        if value != opt.default:
            shown = f"{shown} *"      # not the game's default
        key = f"opt.{name}" if f"opt.{name}" in TEXTS["en"] else f"ed.opt.{name}"
        items.append(adj(t(key, v=shown) if key in TEXTS["en"] else f"{name}: {shown}", ("option", name)))
    return items


class RulesBox:
    """The widget; ``editor`` is the scene (its document, cursor and message)."""

    def __init__(self, editor) -> None:
        self.editor = editor
        self.menu = Menu([], x=RULES_BOX[0] + 6, y=RULES_BOX[1] + 96, w=RW - 12, row=14, visible_rows=9)

    def rebuild(self) -> None:
        """The list again after a change, on the same line."""
        ed, menu = self.editor, self.menu
        index, scroll = menu.index, menu.scroll
        menu.items = rule_items(ed.scenario, len(ed.problems))
        menu.index = min(index, len(menu.items) - 1)
        menu.scroll = scroll
        menu._first_enabled()

    # --- input ------------------------------------------------------------------------------
    def update(self, ui) -> bool:
        """With the focus; True when Esc hands the focus back to the map."""
        res = self.menu.handle(ui)
        if not res:
            return False
        if res[0] == "back":
            return True
        if res[0] == "adjust":
            self.adjust(res[1], res[2])
        else:
            self.select(res[1])
        return False

    def scroll(self, turn: int) -> None:
        """The mouse wheel: three lines a notch."""
        menu = self.menu
        top = max(0, len(menu.items) - menu.visible_rows)
        menu.scroll = max(0, min(top, menu.scroll - 3 * turn))
        menu.index = max(menu.scroll, min(menu.index, menu.scroll + menu.visible_rows - 1))

    @staticmethod
    def on_check(ui) -> bool:
        """The mouse is on the check's lines."""
        return inside(CHECK_LINES, ui.mouse_x, ui.mouse_y)

    def adjust(self, key, d: int) -> None:
        ed = self.editor
        s = ed.scenario
        if key == "players":
            i = PLAYER_SETS.index(s.players) if s.players in PLAYER_SETS else 0
            ed.edit(doc_edits.set_players, PLAYER_SETS[(i + d) % len(PLAYER_SETS)])
        elif key == "vp_target":
            ed.edit(lambda sc: replace(sc, vp_target=max(MIN_VP_TARGET, min(highest_target(), sc.vp_target + d))))
        elif key == "ships":
            ed.edit(lambda sc: replace(sc, ships=not sc.ships, pirate=sc.pirate if not sc.ships else None))
        elif key == "island_bonus":
            form = ISLAND_BONUS_FORMS[(ISLAND_BONUS_FORMS.index(s.island_bonus) + d) % len(ISLAND_BONUS_FORMS)]
            points = 0 if form == "none" else max(1, s.island_bonus_points)
            ed.edit(lambda sc: replace(sc, island_bonus=form, island_bonus_points=points))
        elif key == "island_bonus_points":
            ed.edit(lambda sc: replace(sc, island_bonus_points=max(0, min(2, sc.island_bonus_points + d))))
        elif key == "placement":
            ed.edit(lambda sc: replace(sc, placement=PLACEMENTS[(PLACEMENTS.index(sc.placement) + d) % 2]))
        elif key == "generator":
            ed.edit(lambda sc: replace(sc, generator=None))
        elif isinstance(key, tuple) and key[0] == "edge":
            ed.edit(doc_edits.resize, key[1], d > 0)
        elif isinstance(key, tuple) and key[0] == "pool":
            count = dict(getattr(s, key[1])).get(key[2], 0)
            ed.edit(pools.set_pool_count, key[1], key[2], count + d)
        elif isinstance(key, tuple) and key[0] == "tokens":
            count = getattr(s, key[1]).count(key[2])
            ed.edit(pools.set_token_count, key[1], key[2], count + d)
        elif isinstance(key, tuple) and key[0] == "option":
            name = key[1]
            value = rule_options.step(name, doc_edits.option_value(s, name), d)
            ed.edit(doc_edits.set_option, name, value)

    def select(self, key) -> None:
        ed = self.editor
        s, p = ed.scenario, ed.cursor
        if isinstance(key, tuple) and key[0] == "text":
            ed._start_typing(key[1], key[2])
        elif key == "robber":
            if s.robber != "desert" and s.robber == p:
                ed.edit(doc_edits.set_robber, None)
            elif is_land(code_at(s, p) or "."):
                ed.edit(doc_edits.set_robber, p)
            else:
                ed.edit(doc_edits.set_robber, None)
        elif key == "pirate":
            if (s.pirate is None or s.pirate != p) and code_at(s, p) == SEA_CODE:
                ed.edit(doc_edits.set_pirate, p)
                return
            ed.edit(doc_edits.set_pirate, None)
        elif key == "founding":
            if is_land(code_at(s, p) or "."):
                ed.edit(doc_edits.toggle_founding, p)
            else:
                ed.edit(lambda sc: replace(sc, founding="all"))
        elif key == "regions":
            if s.regions is not None:
                ed.edit(doc_edits.use_islands_as_regions)
            else:
                ed.edit(lambda sc: replace(sc, regions=doc_edits.islands_labels(sc)))
        elif key == "beginner":
            ed.edit(lambda sc: replace(sc, beginner=None))
        elif key == "fit":
            ed.fit_pools()
        elif key == "problems":
            ed.open_problems()
        elif key is not None:
            self.adjust(key, 1)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, focused: bool) -> None:
        x, y, w, h = RULES_BOX
        ed = self.editor
        titled_box(RULES_BOX, t("ed.rules"), focused)
        for i, (line, colour) in enumerate(problem_summary(ed.problems, w - 16)):
            font.text(x + 8, y + 20 + 10 * i, line, colour, "small")
        # Dots per resource.
        parts = []
        for k in STAT_KINDS:
            label = t(f"res.{RESOURCES.index(k)}")[:2] if k in RESOURCES else "Au"
            parts.append(f"{label}{round(ed.stats['pips'][k])}")
        font.text(x + 8, y + 52, font.fit(f"{t('ed.pips')}: " + " ".join(parts), w - 16, "small"), BLACK, "small")
        # Tokens per dice total, as bars.
        per = ed.stats["per_number"]
        top = max(1, max(per.values()))
        for i, n in enumerate(NUMBERS):
            bx = x + 10 + i * 22
            bh = int(10 * per[n] / top)
            pyxel.rect(bx, y + 82 - bh, 14, bh, RED if n in (6, 8) else DARK_GREY)
            font.text(bx + 1, y + 83, f"{n:>2}", BLACK, "small")
            if per[n]:
                label = str(per[n])
                font.text(bx + 8 - font.width(label, "small") // 2, y + 72 - bh, label, BLUE, "small")
        pyxel.line(x + 6, y + 94, x + w - 7, y + 94, DARK_GREY)
        self.menu.focused = focused
        self.menu.draw()
