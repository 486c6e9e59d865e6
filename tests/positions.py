"""Building exact positions for scenario tests.

A position starts from a game on the beginner board whose founding phase
is skipped: no pieces, player 1 (seat 0) on turn in the trade/build phase.
Pieces and cards are then put in place directly, as a referee would.
"""

from __future__ import annotations

from retrocatan.engine import Game, GameConfig, build, phases
from retrocatan.engine.awards import update_longest_route
from retrocatan.engine.components import RESOURCES


def blank(players: int = 4, **options) -> Game:
    cfg = GameConfig(players=players, seed=options.pop("seed", 1), board=options.pop("board", "beginner"),
                     **options)
    g = Game(cfg)
    st = g.state
    st.first = 0
    st.setup_step = 2 * players
    st.phase = phases.MAIN
    st.current = st.decider = 0
    st.turn = 1
    st.dice = (3, 4)
    g.refresh()
    return g


def refresh(g: Game) -> None:
    g.refresh()


def edge(g: Game, a: int, b: int) -> int:
    return g.state.geo.edge_index[(min(a, b), max(a, b))]


def settle(g: Game, p: int, c: int, city: bool = False) -> None:
    build.place_settlement(g.state, p, c)
    if city:
        build.place_city(g.state, p, c)
    refresh(g)


def roads(g: Game, p: int, corners: list[int]) -> list[int]:
    """Roads for player ``p`` along a path of corners; returns the edges."""
    es = []
    for a, b in zip(corners, corners[1:]):
        e = edge(g, a, b)
        build.place_road(g.state, p, e)
        es.append(e)
    update_longest_route(g.state, [p], [])
    refresh(g)
    return es


def give(g: Game, p: int, **cards: int) -> None:
    st = g.state
    for name, k in cards.items():
        r = RESOURCES.index(name)
        assert st.bank[r] >= k, "not enough in the bank for this position"
        st.bank[r] -= k
        st.hands[p][r] += k
    refresh(g)


def empty_hands(g: Game) -> None:
    st = g.state
    for p in range(st.players):
        for r in range(5):
            st.bank[r] += st.hands[p][r]
            st.hands[p][r] = 0
    refresh(g)


def hand(g: Game, p: int) -> dict:
    return dict(zip(RESOURCES, g.state.hands[p]))


def path(g: Game, start: int, length: int, avoid=()) -> list[int]:
    """A simple path of ``length`` edges from corner ``start`` (deterministic:
    always the lowest-numbered next corner not yet on the path)."""
    geo = g.state.geo
    out = [start]
    while len(out) <= length:
        nxt = [d for d in geo.corner_corners[out[-1]] if d not in out and d not in avoid]
        out.append(min(nxt))
    return out


def ring(g: Game, h: int) -> list[int]:
    """The six corners around land hex ``h``, closed (first repeated last)."""
    cs = list(g.state.geo.hex_corners[h])
    return cs + cs[:1]


def free_corners(g: Game, k: int, start: int = 0) -> list[int]:
    """``k`` corners (from ``start`` upwards) where buildings may stand
    together by the distance rule, given what is on the board already."""
    st = g.state
    taken = {c for c, o in enumerate(st.corner_owner) if o != -1}
    out = []
    for c in range(start, len(st.corner_owner)):
        if c in taken or set(st.geo.corner_corners[c]) & taken:
            continue
        out.append(c)
        taken.add(c)
        if len(out) == k:
            return out
    raise AssertionError("board too full for this position")
