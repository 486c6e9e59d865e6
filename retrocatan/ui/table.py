"""What the boxes beside the board show, collected once a frame from the
engine's view of the player whose cards are face up (or, with nobody's
face up, of the table): the public table and that one hand. The boxes
draw only from this."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import phases
from .layers import part

TURN_OF_DECIDER = (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD, phases.SPECIAL_BUILD)


@dataclass
class PlayerLine:
    name: str
    vp: int             # all points if face up (or the game is over), else the public ones
    cards: int
    dev_cards: int
    knights: int
    route: int
    longest: bool
    army: bool
    ships_left: int | None = None       # on a map with ships: ships still in the supply
    island_bonus: int | None = None     # on a map with an island bonus: the points earned so far


class PlayerRows:
    """What each player's line carries besides the base game's figures:
    nothing in the base game; a rules layer's part (``ui/layers.py``)
    fills its own fields (``ui/seafarers/player_rows.py``)."""

    @staticmethod
    def fill(lines: list[PlayerLine], view) -> bool:
        """Fill ``lines`` from the engine's ``view``; True if they need a
        second row in the players box."""
        return False


@dataclass
class TableView:
    players: int
    current: int
    turn_player: int             # who the turn box names (the founder during founding)
    turn_name: str
    turn_vp: int
    target: int
    dice: tuple | None
    lines: list[PlayerLine]
    shown: int | None            # whose cards are face up
    shown_name: str
    shown_is_human: bool         # the one person at the screen: their own cards, titled "Your cards"
    hand: list[int] | None
    dev_cards: list[tuple[str, int, int]]   # (card, held, of them new) of the shown player
    bank: list[int]
    deck: int
    view: object = None          # the engine's PlayerView this was read from (seat -1: the table, no hand open)
    second_row: bool = False     # the lines carry a second row (ships left, island bonus: ``PlayerRows``)


def table_view(session, shown: int | None) -> TableView:
    """The table as seat ``shown`` sees it (None: nobody's cards face up).
    The turn box names whose decision it is while founding and in the
    special build phase (the player building, not the one whose turn it is)."""
    g = session.game
    v = g.seat_view(shown if shown is not None else -1)
    n = v.players

    def vp(p: int) -> int:
        return v.vp[p] if (shown == p or v.over) else v.public_vp[p]

    turn_player = v.decider if v.phase in TURN_OF_DECIDER else v.current
    lines = [PlayerLine(session.name(p), vp(p), v.card_counts[p], v.dev_counts[p], v.knights[p],
                        v.route_lengths[p], v.longest_route == p, v.largest_army == p) for p in range(n)]
    second_row = part(PlayerRows, session.layer).fill(lines, v)
    return TableView(
        players=n, current=v.current, turn_player=turn_player, turn_name=session.name(turn_player),
        turn_vp=vp(turn_player), target=v.vp_target, dice=tuple(v.dice) if v.dice else None,
        lines=lines, shown=shown, shown_name=session.name(shown) if shown is not None else "",
        shown_is_human=shown is not None and session.is_human(shown) and len(session.humans) < 2,
        hand=list(v.hands[shown]) if shown is not None else None,
        dev_cards=v.dev_cards_of(shown) if shown is not None else [],
        bank=list(v.bank), deck=v.deck_size, view=v, second_row=second_row)
