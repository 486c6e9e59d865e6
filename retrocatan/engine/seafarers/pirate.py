"""The pirate (docs/rules.md §14): it stands on a sea hex; on a 7 or a
Knight the player moves the robber or the pirate, and may rob a player
with a ship on an edge of the pirate's new hex. No ship is built on,
moved onto or away from an edge of the pirate's hex. The robber stays on
land (not on fog)."""

from __future__ import annotations

from .. import moves
from ..robber import steal_and_resume, touches_small_player
from . import events as E
from .actions import pirate_actions


def pirate_edges(st) -> tuple[int, ...]:
    """The edges the pirate blocks (none while it is off the map)."""
    sea = st.sea
    return st.board.sea_hex_edges(sea.pirate) if sea.pirate >= 0 else ()


def robber_hexes(st) -> list[int]:
    """Land hexes (not fog, not sea) the robber may move to (``Rules.robber_hexes``)."""
    board, cfg = st.board, st.config
    out = [h for h, t in enumerate(board.terrain)
           if h != st.robber and t not in ("fog", "sea") and (cfg.robber_to_desert or t != "desert")]
    if cfg.friendly_robber:
        kept = [h for h in out if board.terrain[h] == "desert" or not touches_small_player(st, h, st.current)]
        out = kept or out
    return out


def pirate_hexes(st) -> list[int]:
    """Sea hexes the pirate may move to now."""
    sea = st.sea
    if sea.pirate < 0:
        return []
    board = st.board
    out = [h for h, t in enumerate(board.terrain) if t == "sea"]
    out += range(board.nland, len(st.geo.hexes))
    return sorted(h for h in out if h != sea.pirate)


def ship_owners(st, h: int) -> list[int]:
    owner, ship = st.edge_owner, st.sea.ship
    return sorted({owner[e] for e in st.board.sea_hex_edges(h) if ship[e]})


def pirate_victims(st, h: int) -> list[int]:
    mover, hands = st.current, st.hands
    return [o for o in ship_owners(st, h) if o != mover and any(hands[o])]


def move_pirate(st, h: int, victim: int, events: list) -> None:
    st.sea.pirate = h
    st.version += 1
    events.append(E.pirate(st.current, h, victim))
    steal_and_resume(st, victim, events)


# --- the robber phase's moves and the pirate's handler (SeafarersRules.moves / handlers) ----------
def list_robber(g, p: int) -> list:
    """The robber's hexes (with their victims), then the pirate's."""
    st = g.state
    out = moves.list_robber(g, p)       # the base game's listing (Rules.robber_hexes: robber_hexes above)
    table = pirate_actions(len(st.geo.hexes))
    victims = victims_by_hex(st)
    for h in pirate_hexes(st):
        row = table[h]
        out.append(row[0])
        for v in victims.get(h, ()):
            out.append(row[v + 1])
    return out


def victims_by_hex(st) -> dict[int, list[int]]:
    """``pirate_victims`` of every hex at once: from each ship to the hexes beside it."""
    owners: dict[int, set[int]] = {}
    edge_hexes, mover, hands = st.geo.edge_hexes, st.current, st.hands
    for q, edges in enumerate(st.sea.ship_edges):
        if q != mover and any(hands[q]):
            for e in edges:
                for h in edge_hexes[e]:
                    if h >= 0:
                        owners.setdefault(h, set()).add(q)
    return {h: sorted(qs) for h, qs in owners.items()}


def handle_pirate(g, act, events: list) -> None:
    move_pirate(g.state, act.place, act.victim, events)

