"""The island bonus (docs/rules.md §14.12): ``every_settlement`` (each
settlement in a region where the player did not found gains one point) or
``first_settlement`` (the first settlement on each such region gains the
scenario's points); kept for the game, public; a corner of desert only
earns none. The founding settlements mark the player's home regions."""

from __future__ import annotations

from . import events as E
from .gold import founding_gold


def _land_hexes(st, c: int) -> list[int]:
    regions = st.board.regions
    return [h for h in st.geo.corner_hexes[c] if regions[h] >= 0]


def founding_settlement(st, p: int, c: int, events: list) -> None:
    """A founding settlement: its regions are home; the second one on gold pays choices."""
    st.sea.home[p].extend(_land_hexes(st, c))
    if st.setup_step >= st.players:
        founding_gold(st, p, c, events)


def _bonus_land(st, c: int) -> list[int]:
    """Corner ``c``'s land hexes but the deserts (docs/rules.md §14.12)."""
    terrain = st.board.terrain
    return [h for h in _land_hexes(st, c) if terrain[h] != "desert"]


def bonus_regions(st, c: int) -> set:
    """The regions a settlement on corner ``c`` stands in for the bonus:
    those of its land hexes but the deserts."""
    regions = st.board.regions
    return {regions[h] for h in _bonus_land(st, c)}


def _claims(st, p: int, c: int) -> list[int] | None:
    """The regions a settlement of ``p`` on ``c`` would earn a bonus for
    (``every_settlement``: its regions, one bonus whatever their number;
    ``first_settlement``: those ``p`` has not claimed yet, in order); None
    when it earns none (no bonus in this game, no land but desert, or a
    home region among them)."""
    sea = st.sea
    if sea.bonus_form == "none":
        return None
    regions = st.board.regions
    mine = bonus_regions(st, c)
    home = {regions[h] for h in sea.home[p] if regions[h] >= 0}
    if not mine or mine & home:
        return None
    if sea.bonus_form == "first_settlement":
        claimed = {regions[h] for h in sea.claimed[p] if regions[h] >= 0}
        return sorted(mine - claimed)
    return sorted(mine)


def settlement_bonus(st, p: int, c: int) -> int:
    """The bonus points a settlement of ``p`` on corner ``c`` would earn
    now (public: the view's ``island_bonus_at``)."""
    new = _claims(st, p, c)
    if not new:
        return 0
    times = len(new) if st.sea.bonus_form == "first_settlement" else 1
    return times * st.sea.bonus_points


def new_settlement(st, p: int, c: int, events: list) -> None:
    """A settlement built after the founding: the island bonus
    (docs/rules.md §14.12). It counts the regions of the
    corner's land hexes but the deserts (a settlement on the desert's edge
    stands on the desert, not beyond it); none of them may be a home region.
    ``every_settlement``: one bonus; ``first_settlement``: one for each of
    those regions the player has not claimed yet (a corner of two new
    regions is the first settlement on both)."""
    new = _claims(st, p, c)
    if new is None:
        return
    sea, regions = st.sea, st.board.regions
    times = 1
    if sea.bonus_form == "first_settlement":
        land = _bonus_land(st, c)
        for r in new:
            sea.claimed[p].append(min(h for h in land if regions[h] == r))
        times = len(new)
    points = sea.bonus_points
    for _ in range(times):
        sea.bonus_corners[p].append([c, points])
        st.bonus[p] += points
        events.append(E.island_bonus(p, c, points))
