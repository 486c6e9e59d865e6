"""Gold fields (docs/rules.md §14): a gold field pays each settlement 1,
each city 2 resources of the owner's choice; owners choose one card at a
time (``gold R``, in the ``GOLD`` phase), in turn order from the roller,
only what the bank holds (a choice the empty bank cannot give is lost). A
second founding settlement on gold gives one choice per gold hex; an
explorer of gold one choice (``fog``)."""

from __future__ import annotations

from ..actions import Action
from . import events as E
from .actions import GOLD
from .phases import GOLD as GOLD_PHASE

_GOLD = [Action(GOLD, r) for r in range(5)]


def queue_gold(st, owed: list[list[int]], events: list) -> None:
    """Players owed gold choices ([player, count], in choosing order)."""
    owed = [list(o) for o in owed if o[1] > 0]
    if not owed:
        return
    sea = st.sea
    events.append(E.gold_due([list(o) for o in owed]))     # its own lists: the queue's counts go down
    if not sea.gold:
        sea.gold_resume = [st.phase, st.decider]
    sea.gold += owed
    st.phase = GOLD_PHASE
    _next_gold(st, events)


def _next_gold(st, events: list) -> None:
    sea = st.sea
    if sea.gold and not any(st.bank):
        lost = [list(g) for g in sea.gold]
        sea.gold = []
        events.append(E.gold_lost(lost))
    if sea.gold:
        st.decider = sea.gold[0][0]
        return
    st.phase, st.decider = sea.gold_resume
    sea.gold_resume = None


def gold_options(st) -> list[int]:
    return [r for r in range(5) if st.bank[r] > 0]


def choose_gold(st, r: int, events: list) -> None:
    sea = st.sea
    entry = sea.gold[0]
    p = entry[0]
    st.bank[r] -= 1
    st.hands[p][r] += 1
    st.stats_gained[p][r] += 1
    entry[1] -= 1
    events.append(E.gold_choice(p, r))
    if entry[1] == 0:
        sea.gold.pop(0)
    _next_gold(st, events)


def produce_gold(st, number: int, events: list) -> None:
    """After a roll of ``number``: the gold fields' choices, in turn order from the roller."""
    producers = st.board.gold_producers[number]
    if not producers:
        return
    owner, level = st.corner_owner, st.corner_level
    owed = [0] * st.players
    for h, corners in producers:
        if h == st.robber:
            continue
        for c in corners:
            if owner[c] != -1:
                owed[owner[c]] += level[c]
    n = st.players
    order = [(st.current + i) % n for i in range(n)]
    queue_gold(st, [[p, owed[p]] for p in order if owed[p]], events)


def founding_gold(st, p: int, c: int, events: list) -> None:
    """A second founding settlement on gold: one choice per gold hex."""
    k = sum(1 for h in st.geo.corner_hexes[c] if st.board.terrain[h] == "gold")
    if k:
        queue_gold(st, [[p, k]], events)


# --- the GOLD phase's moves and the handler of ``gold R`` (SeafarersRules.moves / handlers) -------
def list_gold(g, p: int) -> list:
    return [_GOLD[r] for r in gold_options(g.state)]


def handle_gold(g, act, events: list) -> None:
    choose_gold(g.state, act.resource, events)
