"""What the boxes beside the board show, collected once a frame from the
game session: the public table, and the hand of the one player whose
cards are face up (or nobody's). The boxes draw only from this, so where
it comes from (today the session, later the engine's view of one player)
changes here alone."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import phases


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
    shown_is_human: bool
    hand: list[int] | None
    dev_cards: list[tuple[str, int, int]]   # (card, held, of them new) of the shown player
    bank: list[int]
    deck: int


def table_view(session, shown: int | None) -> TableView:
    g = session.game
    st = g.state
    n = st.players

    def vp(p: int) -> int:
        return st.vp(p) if (shown == p or g.over) else st.public_vp(p)

    founding = g.phase in (phases.SETUP_SETTLEMENT, phases.SETUP_ROAD)
    turn_player = g.decider if founding else g.current
    lines = [PlayerLine(session.name(p), vp(p), sum(st.hands[p]), sum(st.dev_hand[p]), st.dev_played[p][0],
                        st.route_len[p], st.longest == p, st.army == p) for p in range(n)]
    return TableView(
        players=n, current=g.current, turn_player=turn_player, turn_name=session.name(turn_player),
        turn_vp=vp(turn_player), target=g.config.vp_target, dice=tuple(st.dice) if st.dice else None,
        lines=lines, shown=shown, shown_name=session.name(shown) if shown is not None else "",
        shown_is_human=shown is not None and session.is_human(shown),
        hand=list(st.hands[shown]) if shown is not None else None,
        dev_cards=session.dev_cards_of(shown) if shown is not None else [],
        bank=list(st.bank), deck=len(st.deck))
