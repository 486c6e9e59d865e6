"""A game consistent with one seat's view, for a computer player's look-ahead.

``determinize(view, rng)`` returns a ``Game`` that agrees with everything
``view`` (a ``PlayerView`` of one seat) shows: the board, every piece, the
bank, the viewer's own cards, every player's number of resource cards and
development cards (old and bought this turn), cards promised in an open
offer, what has been played. What the view does not show is dealt anew
with ``rng`` (the caller's own generator): the other players' resource
cards among them, their development cards and the deck together, a dice
deck's order, the game's generator (future dice and steals) and what the
rules' layer hides (``faces.Faces.deal_hidden``). The hidden cards are dealt from pools made in a
fixed order from public counts, so the result depends on the view and
``rng`` only, never on what the view hides.

The game is a copy: applying actions to it changes nothing else. It has no
history of its own (``history`` is the real game's, by value).
"""

from __future__ import annotations

from .game import Game
from .rng import Rng


def promised(st, p: int) -> list[int]:
    """Cards ``p`` has promised in the open offer (known at the table)."""
    off = st.offer
    if off is None:
        return [0] * 5
    if off["from"] == p:
        return list(off["give"])
    for q, kind, _give, get in off["answers"]:
        if q == p and kind == "accept":
            return list(off["get"])
        if q == p and kind == "counter":
            return list(get)
    return [0] * 5


def _deal(rng: Rng, pool: list, counts: list[int]) -> list[list]:
    rng.shuffle(pool)
    out, k = [], 0
    for n in counts:
        out.append(pool[k:k + n])
        k += n
    out.append(pool[k:])
    return out


def determinize(view, rng: Rng) -> Game:
    """A game consistent with ``view`` (see the module docstring)."""
    viewer = view.viewer
    game = view._game.copy()
    st = game.state
    if viewer is None or view.over:
        return game
    others = [p for p in range(st.players) if p != viewer]
    # Resource cards: the others' cards together (a public count per resource), dealt again.
    kept = {p: promised(st, p) for p in others}
    total = [sum(st.hands[p][r] - kept[p][r] for p in others) for r in range(5)]
    pool = [r for r in range(5) for _ in range(total[r])]
    counts = [sum(st.hands[p]) - sum(kept[p]) for p in others]
    for p, got in zip(others, _deal(rng, pool, counts)):
        st.hands[p] = [kept[p][r] + got.count(r) for r in range(5)]
    # Development cards: the others' (old and new) and the deck, by kind, dealt again.
    olds = [sum(st.dev_hand[p]) - sum(st.dev_new[p]) for p in others]
    news = [sum(st.dev_new[p]) for p in others]
    by_kind = [st.deck.count(k) + sum(st.dev_hand[p][k] for p in others) for k in range(5)]
    pool = [k for k in range(5) for _ in range(by_kind[k])]
    dealt = _deal(rng, pool, olds + news)
    m = len(others)
    for i, p in enumerate(others):
        st.dev_new[p] = [dealt[m + i].count(k) for k in range(5)]
        st.dev_hand[p] = [dealt[i].count(k) + st.dev_new[p][k] for k in range(5)]
    st.deck = dealt[-1]
    # The generator, the dice deck and what the layer hides.
    st.rng = Rng(rng.next_u32(), rng.next_u32() | 1)
    st.dice_deck = _deal(rng, sorted(st.dice_deck), [])[-1]
    if st.layer is not None:
        st.rules.deal_hidden(st, rng, _deal)      # what the layer's part hides (faces.Faces.deal_hidden)
    st._cache = {}
    game.forget_views()
    return game
